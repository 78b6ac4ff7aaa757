import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import type { BracketView } from '../src/bracket/bracket-view';
import { renderBracket } from '../src/bracket/render-bracket';
import { renderRoundList } from '../src/bracket/render-list';
import { BASE, match, tournament } from './helpers/api-fixtures';
import { captureIo, runCli, scriptedPrompter } from './helpers/cli-harness';
import { useConfigDir } from './helpers/fixtures';
import { captureTournamentCreate, useMswServer } from './helpers/msw';

// Best-of series, per-game scores, deciders and stage schedules in the CLI (R25.1 to R25.8).
const server = useMswServer();
const dir = useConfigDir({ baseUrl: BASE, accessToken: 'tat_bob', refreshToken: 'trt_bob', username: 'bob' });

/** Serves GET and POST /matches/{id}/report for `current`, capturing the report body and the schedule query. */
function serve(current: ReturnType<typeof match>, captured: { body?: any; query?: URLSearchParams }) {
  const url = `${BASE}/matches/${current.id}`;
  server.use(
    http.get(url, () => HttpResponse.json({ success: true, data: current })),
    http.post(`${url}/report`, async ({ request }) => {
      captured.body = await request.json();
      return HttpResponse.json({ success: true, data: match({ ...current, status: 'PENDING_RESULT' }) });
    }),
    http.get(`${BASE}/tournaments/:id/schedule`, ({ request }) => {
      captured.query = new URL(request.url).searchParams;
      return HttpResponse.json({ success: true, data: [], pagination: { page: 1, limit: 20, total: 0, totalPages: 0, hasNext: false, hasPrev: false } });
    }),
  );
}

describe('tourney match report: series and deciders', () => {
  it('sends per-game scores with maps from --games, letting the server derive the score', async () => {
    const captured: { body?: any } = {};
    serve(match({ bestOf: 3 }), captured);
    const result = await runCli(['match', 'report', match().id, '--games', '13-9@Inferno,7-13@Nuke,13-11'], { configDir: dir.path });
    expect(result.err).toBe('');
    expect(result.code).toBe(0);
    expect(captured.body).toEqual({ games: [{ scores: [13, 9], map: 'Inferno' }, { scores: [7, 13], map: 'Nuke' }, { scores: [13, 11] }] });
  });

  it('sends a penalty shoot-out from --penalties or --decider, without asking for a winner', async () => {
    const captured: { body?: any } = {};
    serve(match(), captured);
    const pens = await runCli(['match', 'report', match().id, '--score', '3-3', '--penalties', '4-2'], { configDir: dir.path });
    expect(pens.code).toBe(0);
    expect(captured.body).toEqual({
      scores: [
        { participantId: 'pa', score: 3 },
        { participantId: 'pb', score: 3 },
      ],
      decider: { kind: 'PENALTIES', scores: [4, 2] },
    });
    const et = await runCli(['match', 'report', match().id, '--score', '1-1', '--decider', 'et:0-1'], { configDir: dir.path });
    expect(et.code).toBe(0);
    expect(captured.body.decider).toEqual({ kind: 'EXTRA_TIME', scores: [0, 1] });
    const bad = await runCli(['match', 'report', match().id, '--score', '1-1', '--decider', 'COIN:1-0'], { configDir: dir.path });
    expect(bad.code).toBe(1);
    expect(bad.err).toContain('invalid --decider "COIN:1-0"');
    const badGame = await runCli(['match', 'report', match().id, '--games', '13-9,x'], { configDir: dir.path });
    expect(badGame.code).toBe(1);
    expect(badGame.err).toContain('invalid --games (game 2) "x"');
  });

  it('asks game by game on a terminal when the match is a best-of-3, until a side has two wins', async () => {
    const captured: { body?: any } = {};
    serve(match({ bestOf: 3 }), captured);
    const prompter = scriptedPrompter(['13-9@Inferno', '7-13', '16-14']);
    const result = await runCli(['match', 'report', match().id], { configDir: dir.path, io: captureIo({ isTTY: true }), deps: { prompter } });
    expect(result.code).toBe(0);
    expect(prompter.questions).toEqual([
      'game 1 of best-of-3 (alice-bob, e.g. 13-9; add @map: 13-9@Inferno)',
      'game 2 of best-of-3 (alice-bob, e.g. 13-9; add @map: 13-9@Inferno)',
      'game 3 of best-of-3 (alice-bob, e.g. 13-9; add @map: 13-9@Inferno)',
    ]);
    expect(captured.body).toEqual({ games: [{ scores: [13, 9], map: 'Inferno' }, { scores: [7, 13] }, { scores: [16, 14] }] });
  });

  it('refuses a score a best-of-3 cannot end with (2-2, 1-0) before any draw hint or report, and sends 2-1', async () => {
    const captured: { body?: any } = {};
    serve(match({ bestOf: 3 }), captured);
    for (const score of ['2-2', '1-1', '1-0', '3-1']) {
      const result = await runCli(['match', 'report', match().id, '--score', score], { configDir: dir.path });
      expect(result.code, score).toBe(1);
      expect(result.err).toContain(`error: --score ${score} is not a possible result for a best-of-3: it ends when a side wins 2 games\n`);
      expect(result.err).toContain('hint: give the games won in side order: 2-0, 2-1 (or the reverse)');
      expect(result.err).not.toContain('draw');
      expect(result.err).not.toContain('--winner');
    }
    expect(captured.body).toBeUndefined();
    const prompter = scriptedPrompter([]);
    const onTerminal = await runCli(['match', 'report', match().id, '--score', '2-2'], { configDir: dir.path, io: captureIo({ isTTY: true }), deps: { prompter } });
    expect(onTerminal.code).toBe(1);
    expect(prompter.questions).toEqual([]);
    const fine = await runCli(['match', 'report', match().id, '--score', '1-2'], { configDir: dir.path });
    expect(fine.code, fine.err).toBe(0);
    expect(captured.body.winnerId).toBe('pb');
    serve(match({ bestOf: 5 }), captured);
    const bestOf5 = await runCli(['match', 'report', match().id, '--score', '3-3'], { configDir: dir.path });
    expect(bestOf5.code).toBe(1);
    expect(bestOf5.err).toContain('--score 3-3 is not a possible result for a best-of-5: it ends when a side wins 3 games');
  });
});

describe('tourney match get and list: games, deciders, filters', () => {
  it('prints 3-3 (4-2 p) and the games of a match', async () => {
    const decided = match({
      status: 'COMPLETED',
      winnerId: 'pa',
      loserId: 'pb',
      resultType: 'NORMAL',
      participants: [
        { participantId: 'pa', name: 'Argentina', seed: 1, score: 3 },
        { participantId: 'pb', name: 'France', seed: 2, score: 3 },
      ],
      decider: { kind: 'PENALTIES', scores: [4, 2] },
    });
    serve(decided, {});
    const shown = await runCli(['match', 'get', decided.id], { configDir: dir.path, io: captureIo({ isTTY: true }) });
    expect(shown.code).toBe(0);
    expect(shown.out).toContain('Argentina 3-3 (4-2 p) France (winner Argentina)');
    expect(shown.out).toMatch(/result:\s+3-3 \(4-2 p\)/);

    const series = match({ status: 'COMPLETED', bestOf: 3, games: [{ scores: [13, 9], map: 'Inferno' }, { scores: [13, 7] }], participants: [
      { participantId: 'pa', name: 'alice', seed: 1, score: 2 },
      { participantId: 'pb', name: 'bob', seed: 2, score: 0 },
    ] });
    serve(series, {});
    const games = await runCli(['match', 'get', series.id], { configDir: dir.path, io: captureIo({ isTTY: true }) });
    expect(games.out).toMatch(/best of:\s+3/);
    expect(games.out).toMatch(/games:\s+13-9 Inferno, 13-7/);
  });

  it('filters the schedule by stage and group', async () => {
    const captured: { query?: URLSearchParams } = {};
    serve(match(), captured);
    const result = await runCli(['match', 'list', tournament().id, '--stage', '1', '--group', '2', '--round', '1'], { configDir: dir.path });
    expect(result.code).toBe(0);
    expect(Object.fromEntries(captured.query!)).toMatchObject({ stage: '1', groupNumber: '2', round: '1' });
  });

  it('draws a decided final with each side\'s shoot-out score in the bracket', () => {
    const bracket: BracketView = {
      status: 'COMPLETED',
      stages: [
        {
          stage: { number: 1, name: 'Knockout', format: 'SINGLE_ELIMINATION' },
          standings: [],
          rounds: [
            {
              bracket: 'WINNERS',
              round: 1,
              name: 'Final',
              matches: [
                {
                  id: 'f',
                  bracket: 'WINNERS',
                  round: 1,
                  number: 1,
                  status: 'COMPLETED',
                  winnerId: 'pa',
                  resultType: 'NORMAL',
                  participants: [
                    { participantId: 'pa', name: 'Argentina', seed: 1, score: 3 },
                    { participantId: 'pb', name: 'France', seed: 2, score: 3 },
                  ],
                  decider: { kind: 'PENALTIES', scores: [4, 2] },
                },
              ],
            },
          ],
        },
      ],
      placements: [],
    } as unknown as BracketView;
    const text = renderBracket(bracket, { width: 100 });
    expect(text).toMatch(/Argentina\s+3\(4p\)/);
    expect(text).toMatch(/France\s+3\(2p\)/);
    const list = renderRoundList(bracket.stages[0]!.rounds, 60);
    expect(list.find((line) => line.includes('Argentina'))).toMatch(/Argentina ✓\s+3-3\s+France\s+\(4-2 p\)$/);
  });
});

describe('tourney tournament update: series and schedule flags', () => {
  it('--best-of alone changes the current stage (its other settings kept)', async () => {
    const t = tournament({ status: 'PUBLISHED' });
    let sent: any;
    server.use(
      http.get(`${BASE}/tournaments/${t.id}`, () => HttpResponse.json({ success: true, data: t })),
      http.put(`${BASE}/tournaments/${t.id}`, async ({ request }) => {
        sent = await request.json();
        return HttpResponse.json({ success: true, data: t });
      }),
    );
    const result = await runCli(['tournament', 'update', t.id, '--best-of', '3', '--base-url', BASE, '--api-key', 'tk_test_key_123456'], { configDir: dir.path });
    expect(result.err).toBe('');
    expect(result.code).toBe(0);
    expect(sent).toEqual({ stages: [{ name: 'Main', format: 'SINGLE_ELIMINATION', settings: { thirdPlaceMatch: false, bestOf: 3 } }] });
  });
});

describe('tourney tournament create: series and schedule flags', () => {
  it('puts --best-of, --best-of-round, --stage-start and --match-interval in the stage settings', async () => {
    const created = captureTournamentCreate(server);
    const result = await runCli(
      [
        'tournament', 'create', '--name', 'LAN Cup', '--discipline', 'cs2', '--max-participants', '8',
        '--best-of', '3', '--best-of-round', '3=5,grand_final=7,Winners:2=5', '--stage-start', '2030-06-03T15:00:00Z', '--match-interval', '45',
        '--base-url', BASE, '--api-key', 'tk_test_key_123456',
      ],
      { configDir: dir.path },
    );
    expect(result.err).toBe('');
    expect(result.code).toBe(0);
    expect(created.body.stages[0].settings).toEqual({
      bestOf: 3,
      bestOfByRound: { '3': 5, GRAND_FINAL: 7, 'WINNERS:2': 5 },
      startsAt: '2030-06-03T15:00:00.000Z',
      matchIntervalMinutes: 45,
    });
    const bad = await runCli(['tournament', 'create', '--name', 'X', '--discipline', 'cs2', '--best-of', '2', '--base-url', BASE, '--api-key', 'tk_test_key_123456'], { configDir: dir.path });
    expect(bad.code).not.toBe(0);
    expect(bad.err).toContain('expected 1, 3, 5, 7 or 9');
    const badKey = await runCli(['tournament', 'create', '--name', 'X', '--discipline', 'cs2', '--best-of-round', 'FINAL=5', '--base-url', BASE, '--api-key', 'tk_test_key_123456'], { configDir: dir.path });
    expect(badKey.code).not.toBe(0);
    expect(badKey.err).toContain('KEY a round number, a bracket or BRACKET:ROUND');
  });
});
