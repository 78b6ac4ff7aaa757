import { http, HttpResponse } from 'msw';
import type { Circuit, Season, Standing } from '@tourney/sdk';
import { describe, expect } from 'vitest';
import { apiError, BASE, page } from './helpers/api-fixtures';
import { captureIo, runCli, scriptedPrompter } from './helpers/cli-harness';
import { it } from './helpers/fixtures';
import { useMswServer } from './helpers/msw';

const server = useMswServer();

const KEY = ['--base-url', BASE, '--api-key', 'tk_test_key_123456'];
const CID = '01900000-0000-7000-8000-0000000000c1';
const SID = '01900000-0000-7000-8000-0000000000d1';
const TID = '01900000-0000-7000-8000-000000000001';

const season = (overrides: Partial<Season> = {}): Season => ({
  id: SID,
  circuitId: CID,
  number: 1,
  name: 'Season 1',
  status: 'ACTIVE',
  startDate: '2030-01-01',
  endDate: '2030-06-30',
  scoring: { strategy: 'PLACEMENT', placements: { '1': 100, '2': 70, '3-4': 40 } },
  tournamentCount: 2,
  createdAt: '2030-01-01T00:00:00.000Z',
  updatedAt: '2030-01-01T00:00:00.000Z',
  startedAt: '2030-01-01T00:00:00.000Z',
  completedAt: null,
  ...overrides,
});

const circuit = (overrides: Partial<Circuit> = {}): Circuit => ({
  id: CID,
  projectId: '01900000-0000-7000-8000-0000000000aa',
  name: 'Pro Tour',
  description: null,
  disciplineId: 'chess',
  status: 'ACTIVE',
  activeSeasonId: SID,
  seasons: [season()],
  createdAt: '2030-01-01T00:00:00.000Z',
  updatedAt: '2030-01-01T00:00:00.000Z',
  ...overrides,
});

const standing = (rank: number, name: string, points: number): Standing => ({
  seasonId: SID,
  rank,
  userId: null,
  teamName: null,
  name,
  points,
  wins: 3 - rank,
  tournamentsPlayed: 2,
  bestPlacement: rank,
});

describe('tourney circuit create|list|get', () => {
  it('creates a circuit with the API key and prints its id when piped', async ({ dir }) => {
    let body: Record<string, unknown> | undefined;
    server.use(
      http.post(`${BASE}/circuits`, async ({ request }) => {
        body = (await request.json()) as Record<string, unknown>;
        return HttpResponse.json({ success: true, data: circuit({ status: 'DRAFT', seasons: [], activeSeasonId: null }) }, { status: 201 });
      }),
    );
    const result = await runCli(['circuit', 'create', '--name', 'Pro Tour', '--discipline', 'chess', ...KEY], { configDir: dir.path });
    expect(result.err).toBe('');
    expect(result.code).toBe(0);
    expect(result.out).toBe(`${CID}\n`);
    expect(body).toEqual({ name: 'Pro Tour', disciplineId: 'chess' });
  });

  it('lists circuits with a status filter as tab-separated rows', async ({ dir }) => {
    let query: URLSearchParams | undefined;
    server.use(
      http.get(`${BASE}/circuits`, ({ request }) => {
        query = new URL(request.url).searchParams;
        return HttpResponse.json(page([circuit()]));
      }),
    );
    const result = await runCli(['circuit', 'list', '--status', 'active', ...KEY], { configDir: dir.path });
    expect(result.code).toBe(0);
    expect(query?.get('status')).toBe('ACTIVE');
    expect(result.out).toBe(`${CID}\tPro Tour\tACTIVE\t1\tSeason 1\n`);
  });

  it('shows a circuit with its seasons and the active scoring', async ({ dir }) => {
    server.use(http.get(`${BASE}/circuits/${CID}`, () => HttpResponse.json({ success: true, data: circuit() })));
    const result = await runCli(['circuit', 'get', CID, ...KEY], { configDir: dir.path, io: captureIo({ isTTY: true, columns: 120 }) });
    expect(result.code).toBe(0);
    expect(result.out).toContain('active season: 1. Season 1 (placement 1=100 2=70 3-4=40)');
    expect(result.out).toMatch(/#\s+ID\s+NAME\s+STATUS\s+DATES\s+TOURNAMENTS/);
    expect(result.out).toMatch(/1\s+01900000-0000-7000-8000-0000000000d1\s+Season 1\s+active\s+2030-01-01 - 2030-06-30\s+2/);
  });
});

describe('tourney circuit season create', () => {
  it.for<[string[], Record<string, unknown>]>([
    [['--placements', '1=100,2=70,3-4=40'], { strategy: 'PLACEMENT', placements: { '1': 100, '2': 70, '3-4': 40 } }],
    [['--linear', '100:10:5'], { strategy: 'LINEAR', maxPoints: 100, step: 10, minPoints: 5 }],
    [['--exponential', '100:0.8'], { strategy: 'EXPONENTIAL', maxPoints: 100, decay: 0.8 }],
  ])('sends the scoring of %j', async ([flags, scoring], { dir }) => {
    let body: Record<string, unknown> | undefined;
    server.use(
      http.post(`${BASE}/circuits/${CID}/seasons`, async ({ request }) => {
        body = (await request.json()) as Record<string, unknown>;
        return HttpResponse.json({ success: true, data: season({ status: 'UPCOMING' }) }, { status: 201 });
      }),
    );
    const result = await runCli(
      ['circuit', 'season', 'create', CID, '--name', 'Season 1', '--start-date', '2030-01-01', '--end-date', '2030-06-30', ...flags, ...KEY],
      { configDir: dir.path },
    );
    expect(result.err).toBe('');
    expect(result.out).toBe(`${SID}\n`);
    expect(body).toEqual({ name: 'Season 1', startDate: '2030-01-01', endDate: '2030-06-30', scoring });
  });

  it('needs exactly one scoring and well-formed values', async ({ dir }) => {
    const base = ['circuit', 'season', 'create', CID, '--name', 'S', '--start-date', '2030-01-01', '--end-date', '2030-02-01'];
    const none = await runCli([...base, ...KEY], { configDir: dir.path });
    expect(none.code).toBe(1);
    expect(none.err).toContain('must provide the scoring');
    const two = await runCli([...base, '--linear', '10:1', '--exponential', '10:0.5', ...KEY], { configDir: dir.path });
    expect(two.err).toContain('choose one scoring');
    const bad = await runCli([...base, '--placements', 'first=100', ...KEY], { configDir: dir.path });
    expect(bad.code).toBe(1);
    expect(bad.err).toContain('expected PLACE=POINTS entries');
    const badDate = await runCli(['circuit', 'season', 'create', CID, '--start-date', '2030-13-45', '--end-date', '2030-02-01', ...KEY], { configDir: dir.path });
    expect(badDate.code).toBe(1);
    expect(badDate.err).toBe('error: --start-date must be a calendar day written YYYY-MM-DD, e.g. 2030-06-01 (got "2030-13-45")\n');
  });

  it('prints the API error naming the field', async ({ dir }) => {
    server.use(
      http.post(`${BASE}/circuits/${CID}/seasons`, () =>
        HttpResponse.json(
          { success: false, error: { code: 'VALIDATION_ERROR', message: 'body.scoring.placements["4"]: overlaps "3-4"', details: [{ path: 'body.scoring.placements["4"]', message: 'overlaps "3-4"' }], requestId: 'r1' } },
          { status: 400 },
        ),
      ),
    );
    const result = await runCli(
      ['circuit', 'season', 'create', CID, '--name', 'S', '--start-date', '2030-01-01', '--end-date', '2030-02-01', '--placements', '3-4=40,4=10', ...KEY],
      { configDir: dir.path },
    );
    expect(result.code).toBe(1);
    expect(result.err.split('\n')[0]).toBe('error: --placements entry "4" overlaps "3-4" (VALIDATION_ERROR, request r1)');
  });
});

describe('tourney circuit start|complete|classify|standings', () => {
  it('starts a named season and completes the active one', async ({ dir }) => {
    let startBody: unknown;
    server.use(
      http.post(`${BASE}/circuits/${CID}/start`, async ({ request }) => {
        startBody = await request.json();
        return HttpResponse.json({ success: true, data: season() });
      }),
      http.post(`${BASE}/circuits/${CID}/complete`, () => HttpResponse.json({ success: true, data: season({ status: 'COMPLETED' }) })),
    );
    const started = await runCli(['circuit', 'start', CID, '--season', SID, ...KEY], { configDir: dir.path, io: captureIo({ isTTY: true }) });
    expect(started.out).toBe('season 1 "Season 1" is now active\n');
    const piped = await runCli(['circuit', 'start', CID, '--season', SID, ...KEY], { configDir: dir.path });
    expect(piped.out).toBe(`${SID}\tACTIVE\n`);
    expect(startBody).toEqual({ seasonId: SID });
    const completed = await runCli(['circuit', 'complete', CID, ...KEY], { configDir: dir.path, io: captureIo({ isTTY: true }) });
    expect(completed.out).toBe('season 1 "Season 1" is now completed; its standings are final\n');
  });

  it('classifies with a multiplier and prints the awards; a second classify shows the 409', async ({ dir }) => {
    let body: unknown;
    server.use(
      http.post(`${BASE}/circuits/${CID}/tournaments/${TID}/classify`, async ({ request }) => {
        body = await request.json();
        return HttpResponse.json({
          success: true,
          data: {
            circuitId: CID,
            seasonId: SID,
            tournamentId: TID,
            pointMultiplier: 1.5,
            classifiedAt: '2030-02-01T00:00:00.000Z',
            awards: [
              { participantId: 'p1', userId: null, teamName: null, name: 'alice', placement: 1, points: 150, wins: 2 },
              { participantId: 'p2', userId: null, teamName: null, name: 'bob', placement: 2, points: 105, wins: 1 },
            ],
          },
        });
      }),
    );
    const result = await runCli(['circuit', 'classify', CID, TID, '--multiplier', '1.5', ...KEY], { configDir: dir.path });
    expect(result.code).toBe(0);
    expect(body).toEqual({ pointMultiplier: 1.5 });
    expect(result.out).toBe('1\talice\t150\t2\n2\tbob\t105\t1\n');
    const bad = await runCli(['circuit', 'classify', CID, TID, '--multiplier', '0', ...KEY], { configDir: dir.path });
    expect(bad.err).toContain('expected a number greater than 0');

    server.use(
      http.post(`${BASE}/circuits/${CID}/tournaments/${TID}/classify`, () =>
        HttpResponse.json(apiError('CONFLICT', 'this tournament is already classified in the circuit'), { status: 409 }),
      ),
    );
    const again = await runCli(['circuit', 'classify', CID, TID, ...KEY], { configDir: dir.path });
    expect(again.code).toBe(1);
    expect(again.err).toContain('already classified');
  });

  it('prints standings, passing --season or --cumulative', async ({ dir }) => {
    const queries: URLSearchParams[] = [];
    server.use(
      http.get(`${BASE}/circuits/${CID}/standings`, ({ request }) => {
        queries.push(new URL(request.url).searchParams);
        return HttpResponse.json(page([standing(1, 'alice', 190), standing(2, 'bob', 137.5)]));
      }),
    );
    const table = await runCli(['circuit', 'standings', CID, ...KEY], { configDir: dir.path, io: captureIo({ isTTY: true }) });
    expect(table.code).toBe(0);
    const lines = table.out.trimEnd().split('\n');
    expect(lines[0]).toMatch(/^RANK\s+NAME\s+POINTS\s+WINS\s+PLAYED\s+BEST$/);
    expect(lines[2]).toMatch(/^\s+2\s+bob\s+137\.5\s+1\s+2\s+2$/);
    await runCli(['circuit', 'standings', CID, '--season', SID, '--json', ...KEY], { configDir: dir.path });
    await runCli(['circuit', 'standings', CID, '--cumulative', ...KEY], { configDir: dir.path });
    expect(queries[1]?.get('seasonId')).toBe(SID);
    expect(queries[2]?.get('cumulative')).toBe('true');
    const both = await runCli(['circuit', 'standings', CID, '--cumulative', '--season', SID, ...KEY], { configDir: dir.path });
    expect(both.err).toContain('exclude each other');
  });
});

describe('tourney circuit unclassify|delete|season update|season delete|standings --public', () => {
  const gone = () => new HttpResponse(null, { status: 204 });

  it('takes a tournament out of a circuit after asking, or at once with --yes; a COMPLETED season shows the 409', async ({ dir }) => {
    let deletes = 0;
    server.use(
      http.delete(`${BASE}/circuits/${CID}/tournaments/${TID}`, () => {
        deletes += 1;
        return gone();
      }),
    );
    const prompter = scriptedPrompter(['no', 'yes']);
    const declined = await runCli(['circuit', 'unclassify', CID, TID, ...KEY], { configDir: dir.path, io: captureIo({ isTTY: true }), deps: { prompter } });
    expect(declined.code).toBe(2);
    expect(deletes).toBe(0);
    const accepted = await runCli(['circuit', 'unclassify', CID, TID, ...KEY], { configDir: dir.path, io: captureIo({ isTTY: true }), deps: { prompter } });
    expect(accepted.code).toBe(0);
    expect(prompter.questions[0]).toBe(`take tournament ${TID} out of circuit ${CID} (its points leave the season's standings)?`);
    expect(accepted.out).toBe(`took tournament ${TID} out of circuit ${CID}; the standings were recomputed\n`);
    const piped = await runCli(['circuit', 'unclassify', CID, TID, '--yes', ...KEY], { configDir: dir.path });
    expect(piped.out).toBe(`${TID}\n`);
    const json = await runCli(['circuit', 'unclassify', CID, TID, '--yes', '--json', ...KEY], { configDir: dir.path });
    expect(JSON.parse(json.out)).toEqual({ unclassified: TID, circuitId: CID });
    const unasked = await runCli(['circuit', 'unclassify', CID, TID, ...KEY], { configDir: dir.path });
    expect(unasked.code).toBe(1);
    expect(unasked.err).toContain('add --yes to confirm');
    expect(deletes).toBe(3);

    server.use(
      http.delete(`${BASE}/circuits/${CID}/tournaments/${TID}`, () =>
        HttpResponse.json(apiError('INVALID_STATE', 'season 1 is COMPLETED: its standings are final and its tournaments stay classified'), { status: 409 }),
      ),
    );
    const frozen = await runCli(['circuit', 'unclassify', CID, TID, '--yes', ...KEY], { configDir: dir.path });
    expect(frozen.code).toBe(1);
    expect(frozen.err).toContain('its standings are final');
  });

  it('deletes a circuit and a season with --yes, printing the id or what was done as JSON', async ({ dir }) => {
    const deleted: string[] = [];
    server.use(
      http.delete(`${BASE}/circuits/${CID}`, () => {
        deleted.push('circuit');
        return gone();
      }),
      http.delete(`${BASE}/circuits/${CID}/seasons/${SID}`, () => {
        deleted.push('season');
        return gone();
      }),
    );
    const circuitGone = await runCli(['circuit', 'delete', CID, '--yes', ...KEY], { configDir: dir.path, io: captureIo({ isTTY: true }) });
    expect(circuitGone.out).toBe(`deleted circuit ${CID}\n`);
    const seasonGone = await runCli(['circuit', 'season', 'delete', CID, SID, '--yes', '--json', ...KEY], { configDir: dir.path });
    expect(JSON.parse(seasonGone.out)).toEqual({ deleted: SID, circuitId: CID });
    const unasked = await runCli(['circuit', 'delete', CID, ...KEY], { configDir: dir.path });
    expect(unasked.code).toBe(1);
    expect(unasked.err).toContain(`delete circuit ${CID} with its seasons, classifications and standings: add --yes to confirm`);
    expect(deleted).toEqual(['circuit', 'season']);
  });

  it('updates a season with the flags given, a scoring among them, and names the flag of a refused date', async ({ dir }) => {
    const bodies: unknown[] = [];
    server.use(
      http.patch(`${BASE}/circuits/${CID}/seasons/${SID}`, async ({ request }) => {
        bodies.push(await request.json());
        return HttpResponse.json({ success: true, data: season({ status: 'UPCOMING', name: 'Season 2030 (pro)', scoring: { strategy: 'LINEAR', maxPoints: 100, step: 10, minPoints: 0 } }) });
      }),
    );
    const renamed = await runCli(['circuit', 'season', 'update', CID, SID, '--name', 'Season 2030 (pro)', ...KEY], { configDir: dir.path, io: captureIo({ isTTY: true }) });
    expect(renamed.code).toBe(0);
    expect(renamed.out).toBe(`updated season 1 "Season 2030 (pro)" (${SID}), linear 100 -10/place (min 0)\n`);
    await runCli(['circuit', 'season', 'update', CID, SID, '--end-date', '2030-11-30', '--linear', '100:10', ...KEY], { configDir: dir.path });
    expect(bodies).toEqual([{ name: 'Season 2030 (pro)' }, { endDate: '2030-11-30', scoring: { strategy: 'LINEAR', maxPoints: 100, step: 10 } }]);

    const nothing = await runCli(['circuit', 'season', 'update', CID, SID, ...KEY], { configDir: dir.path });
    expect(nothing.code).toBe(1);
    expect(nothing.err).toContain('nothing to change');
    const two = await runCli(['circuit', 'season', 'update', CID, SID, '--linear', '10:1', '--exponential', '10:0.5', ...KEY], { configDir: dir.path });
    expect(two.err).toContain('choose one scoring');
    expect(bodies).toHaveLength(2);

    server.use(
      http.patch(`${BASE}/circuits/${CID}/seasons/${SID}`, () =>
        HttpResponse.json(
          { success: false, error: { code: 'VALIDATION_ERROR', message: 'body.endDate: must be on or after startDate (2030-01-01)', details: [{ path: 'body.endDate', message: 'must be on or after startDate (2030-01-01)' }], requestId: 'r2' } },
          { status: 400 },
        ),
      ),
    );
    const early = await runCli(['circuit', 'season', 'update', CID, SID, '--end-date', '2029-12-31', ...KEY], { configDir: dir.path });
    expect(early.code).toBe(1);
    expect(early.err.split('\n')[0]).toBe('error: --end-date must be on or after --start-date (2030-01-01) (VALIDATION_ERROR, request r2)');
  });

  it('prints the public standings without credentials, finding a player by username with --user', async ({ dir }) => {
    const ALICE = '01900000-0000-7000-8000-00000000a11c';
    const seen: { query: URLSearchParams; credentials: boolean }[] = [];
    server.use(
      http.get(`${BASE}/users/alice`, () =>
        HttpResponse.json({ success: true, data: { id: ALICE, username: 'alice', displayName: 'Alice', country: null, bio: null, createdAt: '2030-01-01T00:00:00.000Z' } }),
      ),
      http.get(`${BASE}/circuits/public/${CID}/standings`, ({ request }) => {
        seen.push({ query: new URL(request.url).searchParams, credentials: request.headers.has('x-api-key') || request.headers.has('authorization') });
        return HttpResponse.json(page([{ ...standing(4, 'Alice', 40), userId: ALICE, wins: 1 }]));
      }),
    );
    const mine = await runCli(['circuit', 'standings', CID, '--public', '--user', 'alice', ...KEY], { configDir: dir.path });
    expect(mine.code, mine.err).toBe(0);
    expect(mine.out).toBe('4\tAlice\t40\t1\t2\t4\n');
    const cumulative = await runCli(['circuit', 'standings', CID, '--public', '--cumulative', '--json', ...KEY], { configDir: dir.path });
    expect(JSON.parse(cumulative.out)[0].userId).toBe(ALICE);
    expect(seen.map((s) => [s.query.get('userId'), s.query.get('cumulative'), s.credentials])).toEqual([
      [ALICE, null, false],
      [null, 'true', false],
    ]);
    const withoutPublic = await runCli(['circuit', 'standings', CID, '--user', 'alice', ...KEY], { configDir: dir.path });
    expect(withoutPublic.code).toBe(1);
    expect(withoutPublic.err).toContain('--user needs --public');
  });
});
