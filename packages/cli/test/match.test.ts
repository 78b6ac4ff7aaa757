import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import { BASE, match, page } from './helpers/api-fixtures';
import { captureIo, runCli, scriptedPrompter } from './helpers/cli-harness';
import { useConfigDir } from './helpers/fixtures';
import { useMswServer } from './helpers/msw';

const server = useMswServer();
const dir = useConfigDir({ baseUrl: BASE, accessToken: 'tat_bob', refreshToken: 'trt_bob', username: 'bob' });

const scheduled = match();
const url = `${BASE}/matches/${scheduled.id}`;

interface Captured {
  body?: unknown;
  auth?: string | null;
  idempotencyKey?: string | null;
}

function serveReport(captured: Captured) {
  server.use(
    http.get(url, () => HttpResponse.json({ success: true, data: scheduled })),
    http.post(`${url}/report`, async ({ request }) => {
      captured.body = await request.json();
      captured.auth = request.headers.get('authorization');
      captured.idempotencyKey = request.headers.get('idempotency-key');
      const body = captured.body as { winnerId?: string; scores: { participantId: string; score: number }[] };
      return HttpResponse.json({
        success: true,
        data: match({
          status: 'PENDING_RESULT',
          reportedResult: { winnerId: body.winnerId ?? null, scores: body.scores, reportedBy: 'ub', reportedAt: '2030-01-01T12:00:00Z' },
        }),
      });
    }),
  );
}

describe('tourney match report with an API key in the profile too', () => {
  const both = useConfigDir({ baseUrl: BASE, apiKey: 'tk_project_key_00001', accessToken: 'tat_bob', refreshToken: 'trt_bob', username: 'bob' });

  it('sends the login token, never the key: a match write is a player\'s', async () => {
    const captured: Captured & { apiKey?: string | null } = {};
    serveReport(captured);
    server.use(
      http.post(`${url}/report`, async ({ request }) => {
        captured.auth = request.headers.get('authorization');
        captured.apiKey = request.headers.get('x-api-key');
        return HttpResponse.json({ success: true, data: match({ status: 'PENDING_RESULT' }) });
      }),
    );
    const result = await runCli(['match', 'report', scheduled.id, '--winner', 'pb', '--score', '1-2'], { configDir: both.path, io: captureIo({ isTTY: true }) });
    expect(result.code, result.err).toBe(0);
    expect(captured.auth).toBe('Bearer tat_bob');
    expect(captured.apiKey).toBeNull();
  });
});

describe('tourney match report', () => {
  it('sends the scores in side order with the winner, the login token and an idempotency key', async () => {
    const captured: Captured = {};
    serveReport(captured);
    const result = await runCli(['match', 'report', scheduled.id, '--winner', 'pb', '--score', '1-2'], { configDir: dir.path, io: captureIo({ isTTY: true }) });
    expect(result.err).toBe('');
    expect(result.code).toBe(0);
    expect(captured.body).toEqual({
      scores: [
        { participantId: 'pa', score: 1 },
        { participantId: 'pb', score: 2 },
      ],
      winnerId: 'pb',
    });
    expect(captured.auth).toBe('Bearer tat_bob');
    expect(captured.idempotencyKey).toMatch(/^[0-9a-f-]{36}$/);
    expect(result.out).toBe('reported alice 1-2 bob (winner bob); status pending result\n');
  });

  it('takes the higher score as winner when --winner is omitted', async () => {
    const captured: Captured = {};
    serveReport(captured);
    const result = await runCli(['match', 'report', scheduled.id, '--score', '3-1'], { configDir: dir.path });
    expect(result.code).toBe(0);
    expect(captured.body).toEqual({
      scores: [
        { participantId: 'pa', score: 3 },
        { participantId: 'pb', score: 1 },
      ],
      winnerId: 'pa',
    });
  });

  it('asks who won a tied elimination match on a terminal, and needs --winner when piped', async () => {
    const captured: Captured = {};
    serveReport(captured);
    const prompter = scriptedPrompter(['2-2', 'pb']);
    const asked = await runCli(['match', 'report', scheduled.id], { configDir: dir.path, io: captureIo({ isTTY: true }), deps: { prompter } });
    expect(asked.code).toBe(0);
    expect(prompter.questions).toEqual(['score (alice-bob, e.g. 2-1)', '2-2 is a draw; who goes through?']);
    expect((captured.body as { winnerId: string }).winnerId).toBe('pb');
    const piped = await runCli(['match', 'report', scheduled.id, '--score', '1-1'], { configDir: dir.path });
    expect(piped.code).toBe(1);
    expect(piped.err).toBe(
      'error: 1-1 is a draw, and this elimination match needs a winner\nhint: add --winner 1 (alice) or --winner 2 (bob)\n',
    );
  });

  it('accepts a side number as --winner for equal scores', async () => {
    const captured: Captured = {};
    serveReport(captured);
    const result = await runCli(['match', 'report', scheduled.id, '--score', '1-1', '--winner', '2'], { configDir: dir.path });
    expect(result.code).toBe(0);
    expect((captured.body as { winnerId: string }).winnerId).toBe('pb');
  });

  it('rejects a malformed score before reporting', async () => {
    server.use(http.get(url, () => HttpResponse.json({ success: true, data: scheduled })));
    const result = await runCli(['match', 'report', scheduled.id, '--score', 'two-one'], { configDir: dir.path });
    expect(result.code).toBe(1);
    expect(result.err).toBe('error: invalid --score "two-one": expected A-B in side order, e.g. 2-1\n');
  });

  it('rejects a --winner that is not a side of the match', async () => {
    server.use(http.get(url, () => HttpResponse.json({ success: true, data: scheduled })));
    const result = await runCli(['match', 'report', scheduled.id, '--score', '2-0', '--winner', 'someone'], {
      configDir: dir.path,
    });
    expect(result.code).toBe(1);
    expect(result.err).toContain('error: --winner must be a side of the match: 1/pa (alice) or 2/pb (bob)');
  });

  it('needs --score when not running interactively', async () => {
    server.use(http.get(url, () => HttpResponse.json({ success: true, data: scheduled })));
    const result = await runCli(['match', 'report', scheduled.id], { configDir: dir.path });
    expect(result.code).toBe(1);
    expect(result.err).toBe('error: must provide --score when not running interactively\n');
  });

  it('exits 4 without a login', async () => {
    await runCli(['config', 'set', 'baseUrl', BASE, '--profile', 'other'], { configDir: dir.path });
    const result = await runCli(['match', 'report', scheduled.id, '--score', '2-0', '--profile', 'other'], {
      configDir: dir.path,
    });
    expect(result.code).toBe(4);
    expect(result.err).toBe(
      "error: not logged in (profile other)\nhint: run 'tourney --profile other login' first (no account yet? 'tourney --profile other signup')\n",
    );
  });

  it('refuses a --profile that does not exist instead of using an empty one', async () => {
    const result = await runCli(['match', 'report', scheduled.id, '--score', '2-0', '--profile', 'typo'], { configDir: dir.path });
    expect(result.code).toBe(1);
    expect(result.err).toContain('error: no profile named "typo"');
  });
});

describe('tourney match confirm', () => {
  it('posts the confirmation with the login token', async () => {
    let auth: string | null = null;
    server.use(
      http.post(`${url}/confirm`, ({ request }) => {
        auth = request.headers.get('authorization');
        return HttpResponse.json({
          success: true,
          data: match({
            status: 'COMPLETED',
            winnerId: 'pa',
            participants: [
              { participantId: 'pa', name: 'alice', seed: 1, score: 2 },
              { participantId: 'pb', name: 'bob', seed: 2, score: 0 },
            ],
          }),
        });
      }),
    );
    const result = await runCli(['match', 'confirm', scheduled.id], { configDir: dir.path });
    expect(result.code).toBe(0);
    expect(auth).toBe('Bearer tat_bob');
    expect(result.out).toBe('COMPLETED\n');
    const tty = await runCli(['match', 'confirm', scheduled.id], { configDir: dir.path, io: captureIo({ isTTY: true }) });
    expect(tty.out).toBe('confirmed alice 2-0 bob (winner alice); status completed\n');
  });
});

describe('tourney match list', () => {
  it('prints the schedule as a table with scores and the winner marked', async () => {
    const done = match({
      id: 'm-done',
      status: 'COMPLETED',
      winnerId: 'pb',
      participants: [
        { participantId: 'pa', name: 'alice', seed: 1, score: 0 },
        { participantId: 'pb', name: 'bob', seed: 2, score: 2 },
      ],
    });
    const third = match({ id: 'm-third', bracket: 'THIRD_PLACE', round: 2, participants: [
      { participantId: null, name: null, seed: null, score: null },
      { participantId: null, name: null, seed: null, score: null },
    ] });
    server.use(http.get(`${BASE}/tournaments/t1/schedule`, () => HttpResponse.json(page([done, third]))));
    const result = await runCli(['match', 'ls', 't1'], { configDir: dir.path, io: captureIo({ isTTY: true }) });
    expect(result.code).toBe(0);
    const lines = result.out.trimEnd().split('\n');
    expect(lines[0]).toMatch(/^ID\s+ROUND\s+#\s+SIDE 1\s+SCORE\s+SIDE 2\s+STATUS$/);
    expect(lines[1]).toMatch(/^m-done\s+R1\s+1\s+alice\s+0-2\s+bob ✓\s+completed$/);
    expect(lines[2]).toMatch(/^m-third\s+3rd\s+1\s+tbd\s+tbd\s+scheduled$/);
  });
});
