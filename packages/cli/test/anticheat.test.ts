import { createHash } from 'node:crypto';
import { writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { http, HttpResponse } from 'msw';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { apiError, BASE, page } from './helpers/api-fixtures';
import { captureIo, runCli, tempDir } from './helpers/cli-harness';
import { useMswServer } from './helpers/msw';

const server = useMswServer();
let dir: { path: string; cleanup: () => Promise<void> };
beforeEach(async () => {
  dir = await tempDir();
  await writeFile(join(dir.path, 'config.json'), JSON.stringify({ profiles: { default: { baseUrl: BASE, apiKey: 'tk_game_server' } } }), {
    mode: 0o600,
  });
});
afterEach(async () => dir.cleanup());

const USER_A = '01900000-0000-7000-8000-0000000000a1';
const USER_B = '01900000-0000-7000-8000-0000000000b2';

function detection(n: number, overrides: Record<string, unknown> = {}) {
  return {
    id: `01900000-0000-7000-8000-00000000d${String(n).padStart(3, '0')}`,
    sessionId: 'm-1',
    matchId: 'm-1',
    userId: USER_A,
    rule: `rule.${n}`,
    severity: 'HIGH',
    aiVerdictRecorded: n % 2 === 0,
    evidenceCount: 0,
    reviewed: false,
    createdAt: `2030-01-01T12:0${n}:00.000Z`,
    verdict: null,
    reviewedAt: null,
    ...overrides,
  };
}

describe('tourney anticheat session', () => {
  it('start sends game, match and participants with the API key and reports coverage', async () => {
    let body: unknown;
    let key: string | null = null;
    server.use(
      http.post(`${BASE}/anti-cheat/sessions`, async ({ request }) => {
        body = await request.json();
        key = request.headers.get('x-api-key');
        return HttpResponse.json(
          {
            success: true,
            data: { sessionId: 'm-1', matchId: 'm-1', game: 'cs2', status: 'ACTIVE', requestedParticipants: 2, coveredParticipants: 1, coveredUserIds: [USER_A], startedAt: '2030-01-01T12:00:00.000Z' },
          },
          { status: 201 },
        );
      }),
    );
    const io = captureIo({ isTTY: true });
    const result = await runCli(['anticheat', 'session', 'start', '--game', 'CS2', '--match', 'm-1', '--participant', USER_A, '--participant', USER_B], {
      configDir: dir.path,
      io,
    });
    expect(result.code).toBe(0);
    expect(body).toEqual({ game: 'cs2', matchId: 'm-1', participants: [{ userId: USER_A }, { userId: USER_B }] });
    expect(key).toBe('tk_game_server');
    expect(result.out).toBe('started session m-1 (cs2): 1 of 2 participants covered\n');
    expect(result.err).toBe(
      `warning: 1 of 2 participants are not monitored: no enrolled anti-cheat client (${USER_B}); enroll them with 'tourney anticheat client enroll --user ID'\n`,
    );
    // Piped: the session id first (cut -f1), then covered and requested counts; the warning still goes to stderr.
    const piped = await runCli(['anticheat', 'session', 'start', '--game', 'cs2', '--participant', USER_A, '--participant', USER_B], { configDir: dir.path });
    expect(piped.out).toBe('m-1\t1\t2\n');
    expect(piped.err).toContain('warning: 1 of 2 participants are not monitored');
  });

  it('start takes participants by username, as client enroll --user does, and warns naming them as given', async () => {
    let body: unknown;
    server.use(
      http.get(`${BASE}/users/:username`, ({ params }) =>
        HttpResponse.json({ success: true, data: { id: params.username === 'alice' ? USER_A : USER_B, username: params.username, displayName: null, bio: null, avatarUrl: null, country: null, createdAt: '2030-01-01T00:00:00.000Z' } }),
      ),
      http.post(`${BASE}/anti-cheat/sessions`, async ({ request }) => {
        body = await request.json();
        return HttpResponse.json(
          { success: true, data: { sessionId: 'm-1', matchId: 'm-1', game: 'cs2', status: 'ACTIVE', requestedParticipants: 2, coveredParticipants: 1, coveredUserIds: [USER_A], startedAt: '2030-01-01T12:00:00.000Z' } },
          { status: 201 },
        );
      }),
    );
    const result = await runCli(['anticheat', 'session', 'start', '--game', 'cs2', '--match', 'm-1', '--participant', 'alice', '--participant', 'bob'], { configDir: dir.path });
    expect(result.code, result.err).toBe(0);
    expect(body).toEqual({ game: 'cs2', matchId: 'm-1', participants: [{ userId: USER_A }, { userId: USER_B }] });
    expect(result.err).toContain('no enrolled anti-cheat client (bob)');
  });

  it('end sends the reason and says when there was nothing to end', async () => {
    const bodies: unknown[] = [];
    server.use(
      http.post(`${BASE}/anti-cheat/sessions/:id/end`, async ({ request, params }) => {
        bodies.push(await request.json());
        const ended = params.id === 'm-1';
        return HttpResponse.json({ success: true, data: { sessionId: params.id, ended, endedAt: ended ? '2030-01-01T13:00:00.000Z' : null } });
      }),
    );
    const ended = await runCli(['anticheat', 'session', 'end', 'm-1', '--reason', 'match over'], { configDir: dir.path });
    expect(ended.out).toBe('ended session m-1\n');
    const noop = await runCli(['anticheat', 'session', 'end', 'm-2'], { configDir: dir.path });
    expect(noop.code).toBe(0);
    expect(noop.out).toBe('no active session m-2; nothing to end\n');
    expect(bodies).toEqual([{ reason: 'match over' }, {}]);
  });

  it('reports the API error of a FREE project (403 PLAN_REQUIRED) and refuses to run without an API key', async () => {
    server.use(http.post(`${BASE}/anti-cheat/sessions/:id/end`, () => HttpResponse.json(apiError('PLAN_REQUIRED', 'anti-cheat sessions need the PRO plan'), { status: 403 })));
    const refused = await runCli(['anticheat', 'session', 'end', 'm-1'], { configDir: dir.path });
    expect(refused.code).not.toBe(0);
    expect(refused.err).toContain('PRO plan');

    await writeFile(join(dir.path, 'config.json'), JSON.stringify({ profiles: { default: { baseUrl: BASE, accessToken: 'tat_x', refreshToken: 'trt_x' } } }));
    const noKey = await runCli(['anticheat', 'detection', 'list'], { configDir: dir.path });
    expect(noKey.code).toBe(4);
    expect(noKey.err).toContain('API key');
  });
});

describe('tourney anticheat detection list', () => {
  it('passes --unreviewed, --session and --limit and prints a table', async () => {
    let query: URLSearchParams | undefined;
    server.use(
      http.get(`${BASE}/anti-cheat/detections`, ({ request }) => {
        query = new URL(request.url).searchParams;
        return HttpResponse.json(page([detection(2), detection(1)], 1, 1, 200));
      }),
    );
    const result = await runCli(['anticheat', 'detection', 'ls', '--unreviewed', '--session', 'm-1', '--limit', '200'], { configDir: dir.path });
    expect(result.code).toBe(0);
    expect(result.err).toBe('');
    expect(Object.fromEntries(query!)).toEqual({ unreviewedOnly: 'true', sessionId: 'm-1', limit: '200' });
    const lines = result.out.trim().split('\n');
    expect(lines).toHaveLength(2);
    // Piped: the API's raw values (ISO time, severity code).
    expect(lines[0]!.split('\t').slice(0, 6)).toEqual([detection(2).id, '2030-01-01T12:02:00.000Z', 'm-1', USER_A, 'rule.2', 'HIGH']);
    expect((await runCli(['anticheat', 'detection', 'list', '--limit', '201'], { configDir: dir.path })).code).not.toBe(0);
  });

  it('passes --page and says on stderr, like every list, that more pages exist (R3.3)', async () => {
    const queries: Record<string, string>[] = [];
    server.use(
      http.get(`${BASE}/anti-cheat/detections`, ({ request }) => {
        queries.push(Object.fromEntries(new URL(request.url).searchParams));
        return HttpResponse.json(page([detection(3)], 2, 3, 200));
      }),
    );
    const piped = await runCli(['anticheat', 'detection', 'list', '--page', '2', '--limit', '200', '--unreviewed'], { configDir: dir.path });
    expect(piped.code).toBe(0);
    expect(queries).toEqual([{ unreviewedOnly: 'true', limit: '200', page: '2' }]);
    expect(piped.out.trim().split('\n')).toHaveLength(1);
    expect(piped.err).toBe('showing page 2 of 3 (600 detections); use --page 3 or --all for more\n');
    const terminal = await runCli(['anticheat', 'detection', 'list', '--page', '2'], { configDir: dir.path, io: captureIo({ isTTY: true }) });
    expect(terminal.err).toBe('showing page 2 of 3 (600 detections); use --page 3 or --all for more\n');
    for (const bad of [['--page', '0'], ['--page', '2', '--watch'], ['--all', '--watch']]) {
      expect((await runCli(['anticheat', 'detection', 'list', ...bad], { configDir: dir.path })).code, bad.join(' ')).not.toBe(0);
    }
  });

  it('--all follows every page of detections with client.paginate (R3.3)', async () => {
    const asked: string[] = [];
    server.use(
      http.get(`${BASE}/anti-cheat/detections`, ({ request }) => {
        const url = new URL(request.url);
        asked.push(`${url.searchParams.get('page')}/${url.searchParams.get('limit')}/${url.searchParams.get('sessionId')}`);
        return HttpResponse.json(url.searchParams.get('page') === '1' ? page([detection(3), detection(2)], 1, 2, 200) : page([detection(1)], 2, 2, 200));
      }),
    );
    const result = await runCli(['anticheat', 'detection', 'list', '--all', '--limit', '200', '--session', 'm-1', '--json'], { configDir: dir.path });
    expect(result.code).toBe(0);
    expect(asked).toEqual(['1/200/m-1', '2/200/m-1']);
    expect(JSON.parse(result.out).map((d: { id: string }) => d.id)).toEqual([detection(3).id, detection(2).id, detection(1).id]);
    expect(result.err).toBe('');
  });

  it('--watch polls at the interval, prints each new detection once (oldest first) and stops on SIGINT', async () => {
    const batches = [[detection(1)], [detection(3), detection(2), detection(1)], [detection(3), detection(2), detection(1)]];
    let polls = 0;
    let stop!: (signal: string) => void;
    const stopped = new Promise<string>((resolve) => (stop = resolve));
    server.use(
      http.get(`${BASE}/anti-cheat/detections`, () => {
        const data = batches[Math.min(polls, batches.length - 1)];
        polls++;
        if (polls === 3) setTimeout(() => stop('SIGINT'), 0);
        return HttpResponse.json(page(data!, 1, 1, 50));
      }),
    );
    const result = await runCli(['anticheat', 'detection', 'list', '--watch', '--interval', '0.01', '--json'], {
      configDir: dir.path,
      deps: { waitForShutdown: () => stopped },
    });
    expect(result.code).toBe(0);
    expect(polls).toBe(3);
    const printed = result.out.trim().split('\n').map((line) => JSON.parse(line).id);
    expect(printed).toEqual([detection(1).id, detection(2).id, detection(3).id]);
    expect(result.err).toContain('received SIGINT, stopped watching');
  });
});

describe('tourney anticheat evidence upload', () => {
  it('hashes the file, presigns with the API key and PUTs the bytes with the content type of its extension', async () => {
    const file = join(dir.path, 'shot.PNG');
    const bytes = new Uint8Array([0x89, 0x50, 0x4e, 0x47, 9, 8, 7]);
    await writeFile(file, bytes);
    const sha = createHash('sha256').update(bytes).digest('hex');
    let presignBody: unknown;
    let put: { body: Uint8Array; type: string | null; key: string | null } | undefined;
    const mediaFileId = '01900000-0000-7000-8000-0000000000ee';
    server.use(
      http.post(`${BASE}/anti-cheat/evidence/presign`, async ({ request }) => {
        presignBody = await request.json();
        return HttpResponse.json(
          { success: true, data: { uploadUrl: `${BASE}/anti-cheat/evidence/uploads/${mediaFileId}?expires=1&signature=${'a'.repeat(64)}`, mediaFileId, key: `anti-cheat-evidence/p/s/${mediaFileId}`, expiresAt: '2030-01-01T12:05:00.000Z' } },
          { status: 201 },
        );
      }),
      http.put(`${BASE}/anti-cheat/evidence/uploads/:id`, async ({ request }) => {
        put = { body: new Uint8Array(await request.arrayBuffer()), type: request.headers.get('content-type'), key: request.headers.get('x-api-key') };
        return HttpResponse.json({ success: true, data: { mediaFileId, key: `anti-cheat-evidence/p/s/${mediaFileId}`, sizeBytes: 7, sha256: sha, contentType: 'image/png', uploadedAt: '2030-01-01T12:01:00.000Z' } });
      }),
    );
    const result = await runCli(['anticheat', 'evidence', 'upload', file, '--session', 'm-1', '--detection', detection(1).id], { configDir: dir.path });
    expect(result.err).toBe('');
    expect(result.code).toBe(0);
    expect(presignBody).toEqual({ sessionId: 'm-1', kind: 'screenshot', contentType: 'image/png', sizeBytes: 7, sha256: sha, detectionId: detection(1).id });
    expect(put).toEqual({ body: bytes, type: 'image/png', key: null });
    expect(result.out).toBe(`${mediaFileId}\n`);
  });

  it('asks for --content-type when the extension is unknown and reports an unreadable file', async () => {
    const file = join(dir.path, 'capture.bin');
    await writeFile(file, 'x');
    const unknown = await runCli(['anticheat', 'evidence', 'upload', file, '--session', 'm-1'], { configDir: dir.path });
    expect(unknown.code).toBe(1);
    expect(unknown.err).toContain('--content-type');
    const missing = await runCli(['anticheat', 'evidence', 'upload', join(dir.path, 'nope.png'), '--session', 'm-1'], { configDir: dir.path });
    expect(missing.code).toBe(1);
    expect(missing.err).toContain('cannot read');
  });
});
