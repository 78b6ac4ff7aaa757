import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import { BASE, match } from './helpers/api-fixtures';
import { captureIo, runCli, scriptedPrompter } from './helpers/cli-harness';
import { useConfigDir } from './helpers/fixtures';
import { useMswServer } from './helpers/msw';

// tourney match start|dispute|evidence|resolve|correct|reschedule against msw.
const server = useMswServer();
const dir = useConfigDir({ baseUrl: BASE, accessToken: 'tat_org', refreshToken: 'trt_org', username: 'org' });

const current = match({ status: 'COMPLETED', winnerId: 'pa', loserId: 'pb', resultType: 'NORMAL' });
const url = `${BASE}/matches/${current.id}`;

interface Captured {
  body?: unknown;
  auth?: string | null;
  idempotencyKey?: string | null;
}

/** Serves GET of the match and POST of `action`, answering `data` and recording the request. */
function serve(action: string, captured: Captured, data: object, status = 200) {
  server.use(
    http.get(url, () => HttpResponse.json({ success: true, data: current })),
    http.post(`${url}/${action}`, async ({ request }) => {
      captured.body = request.headers.get('content-type') ? await request.json() : undefined;
      captured.auth = request.headers.get('authorization');
      captured.idempotencyKey = request.headers.get('idempotency-key');
      return HttpResponse.json((status === 200 ? { success: true, data } : data) as Record<string, unknown>, { status });
    }),
  );
}

/** Runs `tourney match ...` on a terminal that cannot be prompted (stdout a TTY, stdin not). */
const run = (args: string[]) => runCli(['match', ...args], { configDir: dir.path, io: captureIo({ isTTY: true, interactive: false }) });
const piped = (args: string[]) => runCli(['match', ...args], { configDir: dir.path });

describe('tourney match workflow commands', () => {
  it('start: the login token, no body', async () => {
    const captured: Captured = {};
    serve('start', captured, match({ status: 'IN_PROGRESS' }));
    const result = await run(['start', current.id]);
    expect(result.err).toBe('');
    expect(captured).toMatchObject({ body: undefined, auth: 'Bearer tat_org' });
    expect(result.out).toBe('started alice vs bob; status in progress\n');
    expect((await piped(['start', current.id])).out).toBe('IN_PROGRESS\n');
  });

  it('dispute: reason and repeated evidence, with an idempotency key', async () => {
    const captured: Captured = {};
    serve('dispute', captured, match({ status: 'DISPUTED' }));
    const result = await run(['dispute', current.id, '--reason', 'it was 1-2', '--evidence', 'https://e.test/1.png', '--evidence', 'https://e.test/2.png']);
    expect(result.code).toBe(0);
    expect(captured.body).toEqual({ reason: 'it was 1-2', evidence: ['https://e.test/1.png', 'https://e.test/2.png'] });
    expect(captured.idempotencyKey).toMatch(/^[0-9a-f-]{36}$/);
    expect(result.out).toBe('disputed alice vs bob; status disputed\n');
  });

  it('dispute without --reason and without a terminal is an error', async () => {
    const result = await run(['dispute', current.id]);
    expect(result.code).toBe(1);
    expect(result.err).toContain('must provide --reason');
  });

  it('evidence: the links as arguments and a note', async () => {
    const captured: Captured = {};
    serve('evidence', captured, match({ status: 'DISPUTED' }));
    const result = await run(['evidence', current.id, 'https://e.test/a.dem', 'https://e.test/b.png', '--note', 'round 14']);
    expect(captured.body).toEqual({ evidence: ['https://e.test/a.dem', 'https://e.test/b.png'], note: 'round 14' });
    expect(result.out).toBe('attached 2 evidence links to alice vs bob\n');
  });

  it('resolve: scores in side order, the winner by side number, the reason', async () => {
    const captured: Captured = {};
    serve('resolve', captured, match({ status: 'RESOLVED', winnerId: 'pb', participants: [{ participantId: 'pa', name: 'alice', seed: 1, score: 2 }, { participantId: 'pb', name: 'bob', seed: 2, score: 2 }] }));
    const result = await run(['resolve', current.id, '--score', '2-2', '--winner', '2', '--reason', 'golden goal']);
    expect(captured.body).toEqual({
      scores: [
        { participantId: 'pa', score: 2 },
        { participantId: 'pb', score: 2 },
      ],
      winnerId: 'pb',
      reason: 'golden goal',
    });
    expect(captured.idempotencyKey).toMatch(/^[0-9a-f-]{36}$/);
    expect(result.out).toBe('resolved alice 2-2 bob (winner bob); status resolved\n');
  });

  it('correct: sends cascade and lists what was rewired, reset and removed', async () => {
    const captured: Captured = {};
    const corrected = match({ status: 'COMPLETED', winnerId: 'pb', participants: [{ participantId: 'pa', name: 'alice', seed: 1, score: 0 }, { participantId: 'pb', name: 'bob', seed: 2, score: 2 }] });
    serve('correct', captured, { match: corrected, rewiredMatchIds: ['m-final'], resetMatchIds: ['m-semi'], removedMatchIds: [] });
    const result = await run(['correct', current.id, '--score', '0-2', '--reason', 'sheet misread', '--cascade', '--yes']);
    expect(result.err).toBe('');
    expect(captured.body).toEqual({
      scores: [
        { participantId: 'pa', score: 0 },
        { participantId: 'pb', score: 2 },
      ],
      winnerId: 'pb',
      reason: 'sheet misread',
      cascade: true,
    });
    expect(result.out).toBe('corrected alice 0-2 bob (winner bob); status completed\nrewired: m-final\nreset: m-semi\n');
  });

  it('correct --cascade asks on a terminal, needs --yes when it cannot ask, and changes nothing when declined', async () => {
    const captured: Captured = {};
    serve('correct', captured, { match: current, rewiredMatchIds: [], resetMatchIds: [], removedMatchIds: [] });
    const args = ['correct', current.id, '--score', '0-2', '--reason', 'sheet misread', '--cascade'];
    const unattended = await piped(args);
    expect(unattended.code).toBe(1);
    expect(unattended.err).toContain('add --yes to confirm');
    const prompter = scriptedPrompter(['no']);
    const declined = await runCli(['match', ...args], { configDir: dir.path, io: captureIo({ isTTY: true }), deps: { prompter } });
    expect(declined.code).toBe(2);
    expect(prompter.questions).toEqual(['reset the later matches played with the old result (their results are cleared)?']);
    expect(captured.body).toBeUndefined();
    const accepted = await runCli(['match', ...args], { configDir: dir.path, io: captureIo({ isTTY: true }), deps: { prompter: scriptedPrompter(['yes']) } });
    expect(accepted.code).toBe(0);
    expect(captured.body).toMatchObject({ cascade: true });
  });

  it('correct refused because later matches were played: names them and hints at --cascade', async () => {
    const captured: Captured = {};
    const conflict = {
      success: false,
      error: {
        code: 'CONFLICT',
        message: '1 later match(es) depend on this result',
        details: [{ path: 'body.cascade', message: 'match m-semi (WINNERS round 2 #1, COMPLETED) depends on this result' }],
        requestId: 'req-1',
      },
    };
    serve('correct', captured, conflict, 409);
    const result = await run(['correct', current.id, '--score', '0-2', '--reason', 'sheet misread']);
    expect(result.code).toBe(1);
    expect(result.err).toContain('match m-semi (WINNERS round 2 #1, COMPLETED) depends on this result');
    expect(result.err).toContain('hint: rerun with --cascade');
    expect(captured.body).not.toHaveProperty('cascade');
  });

  it('reschedule: the time as UTC ISO 8601, refused locally when unreadable', async () => {
    const captured: Captured = {};
    serve('reschedule', captured, match({ scheduledAt: '2030-06-02T16:00:00.000Z' }));
    const result = await run(['reschedule', current.id, '--at', '2030-06-02T18:00:00+02:00', '--reason', 'venue']);
    expect(captured.body).toEqual({ scheduledAt: '2030-06-02T16:00:00.000Z', reason: 'venue' });
    expect(result.out).toBe('rescheduled alice vs bob to 2030-06-02 16:00Z\n');
    const bad = await run(['reschedule', current.id, '--at', 'next friday']);
    expect(bad.code).toBe(1);
    expect(bad.err).toContain('invalid --at "next friday"');
  });

  it('get prints the history', async () => {
    server.use(
      http.get(url, () =>
        HttpResponse.json({
          success: true,
          data: match({
            history: [
              { id: 'h1', type: 'REPORTED', actorUserId: 'ua', at: '2030-06-01T12:00:00.000Z', data: {} },
              { id: 'h2', type: 'DISPUTED', actorUserId: 'ub', at: '2030-06-01T12:05:00.000Z', data: { reason: 'wrong score', evidence: [] } },
            ],
          }),
        }),
      ),
    );
    const result = await run(['get', current.id]);
    expect(result.out).toContain('history:\n  2030-06-01 12:00Z  reported (by ua)\n  2030-06-01 12:05Z  disputed (by ub)  wrong score\n');
  });
});
