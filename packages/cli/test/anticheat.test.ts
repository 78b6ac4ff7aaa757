import { createHash } from 'node:crypto';
import { readFile, writeFile } from 'node:fs/promises';
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

/** A detection as getDetection answers it, with its AI verdict, verdict note and evidence files. */
function detectionDetail(overrides: Record<string, unknown> = {}) {
  return {
    ...detection(1, { aiVerdictRecorded: true, evidenceCount: 2, reviewed: true, verdict: 'FALSE_POSITIVE', reviewedAt: '2030-01-01T13:00:00.000Z' }),
    aiVerdict: { label: 'likely_aimbot', confidence: 0.93 },
    verdictNote: 'demo reviewed',
    evidence: [
      { mediaFileId: '01900000-0000-7000-8000-0000000000e1', kind: 'screenshot', contentType: 'image/png', sizeBytes: 1536, sha256: 'ab'.repeat(32), uploadedAt: '2030-01-01T12:02:00.000Z' },
      { mediaFileId: '01900000-0000-7000-8000-0000000000e2', kind: 'log', contentType: 'text/plain', sizeBytes: 700, sha256: 'cd'.repeat(32), uploadedAt: '2030-01-01T12:03:00.000Z' },
    ],
    ...overrides,
  };
}

describe('tourney anticheat detection get', () => {
  it('shows the AI verdict with its confidence, the verdict note and the evidence files on a terminal', async () => {
    let key: string | null = null;
    server.use(
      http.get(`${BASE}/anti-cheat/detections/:id`, ({ request }) => {
        key = request.headers.get('x-api-key');
        return HttpResponse.json({ success: true, data: detectionDetail() });
      }),
    );
    const result = await runCli(['anticheat', 'detection', 'get', detection(1).id], { configDir: dir.path, io: captureIo({ isTTY: true, columns: 120 }) });
    expect(result.code, result.err).toBe(0);
    expect(key).toBe('tk_game_server');
    const [fields, table] = result.out.split('\n\n');
    expect(fields).toMatch(/^ai verdict: +likely_aimbot \(confidence 0\.93\)$/m);
    expect(fields).toMatch(/^verdict: +false positive \(2030-01-01 13:00Z\)$/m);
    expect(fields).toMatch(/^note: +demo reviewed$/m);
    const rows = table!.trim().split('\n').map((line) => line.split(/ {2,}/));
    expect(rows).toEqual([
      ['ID', 'KIND', 'CONTENT TYPE', 'SIZE', 'SHA256', 'UPLOADED'],
      ['01900000-0000-7000-8000-0000000000e1', 'screenshot', 'image/png', '1.5 KiB', `${'ab'.repeat(6)}…`, '2030-01-01 12:02Z'],
      ['01900000-0000-7000-8000-0000000000e2', 'log', 'text/plain', '700 B', `${'cd'.repeat(6)}…`, '2030-01-01 12:03Z'],
    ]);
  });

  it('piped prints label<TAB>value lines then one file line per evidence file; --json prints the API data', async () => {
    server.use(http.get(`${BASE}/anti-cheat/detections/:id`, () => HttpResponse.json({ success: true, data: detectionDetail() })));
    const piped = await runCli(['anticheat', 'detection', 'get', detection(1).id], { configDir: dir.path });
    expect(piped.code, piped.err).toBe(0);
    const lines = piped.out.trim().split('\n').map((line) => line.split('\t'));
    expect(lines.filter(([label]) => ['ai verdict', 'ai confidence', 'verdict', 'note'].includes(label!))).toEqual([
      ['ai verdict', 'likely_aimbot'],
      ['ai confidence', '0.93'],
      ['verdict', 'FALSE_POSITIVE'],
      ['note', 'demo reviewed'],
    ]);
    expect(lines.filter(([label]) => label === 'file')).toEqual([
      ['file', '01900000-0000-7000-8000-0000000000e1', 'screenshot', 'image/png', '1536', 'ab'.repeat(32), '2030-01-01T12:02:00.000Z'],
      ['file', '01900000-0000-7000-8000-0000000000e2', 'log', 'text/plain', '700', 'cd'.repeat(32), '2030-01-01T12:03:00.000Z'],
    ]);
    const json = await runCli(['anticheat', 'detection', 'get', detection(1).id, '--json'], { configDir: dir.path });
    expect(JSON.parse(json.out)).toEqual(detectionDetail());
  });

  it('says none for a detection without AI verdict, note or evidence, keeping the piped lines in place', async () => {
    const bare = detectionDetail({ aiVerdictRecorded: false, aiVerdict: null, verdictNote: null, evidence: [], evidenceCount: 0, reviewed: false, verdict: null, reviewedAt: null });
    server.use(http.get(`${BASE}/anti-cheat/detections/:id`, () => HttpResponse.json({ success: true, data: bare })));
    const terminal = await runCli(['anticheat', 'detection', 'get', detection(1).id], { configDir: dir.path, io: captureIo({ isTTY: true }) });
    expect(terminal.out).toMatch(/^ai verdict: +none$/m);
    expect(terminal.out).toMatch(/^verdict: +not reviewed$/m);
    expect(terminal.out).not.toMatch(/^note:|\n\n|ID +KIND/m);
    const piped = await runCli(['anticheat', 'detection', 'get', detection(1).id], { configDir: dir.path });
    expect(piped.out.split('\n').filter((line) => /^(ai |note|file)/.test(line))).toEqual(['ai verdict\t', 'ai confidence\t', 'note\t']);
  });
});

/** An io that keeps stdout's bytes exactly as written (strings as UTF-8), as process.stdout does. */
function byteIo(isTTY: boolean) {
  const chunks: Buffer[] = [];
  let err = '';
  const io = {
    stdout: { write: (chunk: string | Uint8Array) => chunks.push(Buffer.from(chunk)) },
    stderr: { write: (chunk: string) => (err += chunk) },
    isTTY,
    interactive: false,
    out: () => Buffer.concat(chunks).toString('latin1'),
    err: () => err,
  };
  return { io, bytes: () => new Uint8Array(Buffer.concat(chunks)) };
}

describe('tourney anticheat evidence download', () => {
  const mediaFileId = '01900000-0000-7000-8000-0000000000e1';
  const bytes = new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0x00, 0xff, 0xfe, 0x0a, 0x1b]);
  const sha = createHash('sha256').update(bytes).digest('hex');

  /** Serves the evidence bytes as downloadEvidence does, recording the API key of each request. */
  function serveEvidence(): (string | null)[] {
    const keys: (string | null)[] = [];
    server.use(
      http.get(`${BASE}/anti-cheat/evidence/:id`, ({ request, params }) => {
        keys.push(request.headers.get('x-api-key'));
        if (params.id !== mediaFileId) return HttpResponse.json(apiError('NOT_FOUND', 'evidence not found'), { status: 404 });
        return new HttpResponse(bytes, {
          headers: { 'content-type': 'image/png', 'content-disposition': `attachment; filename="${mediaFileId}"`, 'x-content-type-options': 'nosniff' },
        });
      }),
    );
    return keys;
  }

  it('-o writes the bytes exactly to a new file and says on stderr what was written', async () => {
    const keys = serveEvidence();
    const file = join(dir.path, 'shot.png');
    const result = await runCli(['anticheat', 'evidence', 'download', mediaFileId, '-o', file], { configDir: dir.path, io: captureIo({ isTTY: true }) });
    expect(result.code, result.err).toBe(0);
    expect(keys).toEqual(['tk_game_server']);
    expect(new Uint8Array(await readFile(file))).toEqual(bytes);
    expect(result.out).toBe('');
    expect(result.err).toBe(`wrote 9 bytes (sha256 ${sha.slice(0, 12)}…) to ${file}\n`);
  });

  it('refuses to replace an existing file unless --force, before downloading', async () => {
    const keys = serveEvidence();
    const file = join(dir.path, 'shot.png');
    await writeFile(file, 'keep me');
    const refused = await runCli(['anticheat', 'evidence', 'download', mediaFileId, '--output', file], { configDir: dir.path });
    expect(refused.code).toBe(1);
    expect(refused.err).toBe(`error: --output ${file} already exists\nhint: add --force to replace it, or give another file\n`);
    expect(keys).toEqual([]);
    expect(await readFile(file, 'utf8')).toBe('keep me');
    const forced = await runCli(['anticheat', 'evidence', 'download', mediaFileId, '-o', file, '--force'], { configDir: dir.path });
    expect(forced.code, forced.err).toBe(0);
    expect(new Uint8Array(await readFile(file))).toEqual(bytes);
    expect((await runCli(['anticheat', 'evidence', 'download', mediaFileId, '--force'], { configDir: dir.path })).err).toContain('--force goes with --output');
  });

  it('writes the bytes to stdout when piped, and refuses a terminal without -o before downloading', async () => {
    const keys = serveEvidence();
    const piped = byteIo(false);
    const result = await runCli(['anticheat', 'evidence', 'download', mediaFileId], { configDir: dir.path, io: piped.io });
    expect(result.code, result.err).toBe(0);
    expect(piped.bytes()).toEqual(bytes);
    expect(result.err).toBe(`wrote 9 bytes (sha256 ${sha.slice(0, 12)}…) to stdout\n`);

    const terminal = byteIo(true);
    const refused = await runCli(['anticheat', 'evidence', 'download', mediaFileId], { configDir: dir.path, io: terminal.io });
    expect(refused.code).toBe(1);
    expect(terminal.bytes()).toEqual(new Uint8Array());
    expect(refused.err).toContain('error: will not write evidence bytes to a terminal\nhint: use -o FILE');
    expect(keys).toHaveLength(1);
  });

  it('reports an unknown evidence id (404) and creates no file', async () => {
    serveEvidence();
    const file = join(dir.path, 'missing.png');
    const result = await runCli(['anticheat', 'evidence', 'download', '01900000-0000-7000-8000-0000000000e9', '-o', file], { configDir: dir.path });
    expect(result.code).toBe(1);
    expect(result.err).toContain('evidence not found (NOT_FOUND');
    await expect(readFile(file)).rejects.toThrow(/ENOENT/);
  });
});

/** A session as listAntiCheatSessions lists it. */
function antiCheatSession(n: number, overrides: Record<string, unknown> = {}) {
  return {
    sessionId: `m-${n}`,
    matchId: `m-${n}`,
    projectId: '01900000-0000-7000-8000-0000000000aa',
    game: 'cs2',
    status: 'ACTIVE',
    participants: [
      { userId: USER_A, covered: true, clientId: '01900000-0000-7000-8000-0000000000c1' },
      { userId: USER_B, covered: false, clientId: null },
    ],
    startedAt: `2030-01-01T1${n}:00:00.000Z`,
    endedAt: null,
    endReason: null,
    detectionCount: n,
    evidenceCount: 0,
    ...overrides,
  };
}

describe('tourney anticheat session list', () => {
  it('passes --active or --ended, --match and --limit, and prints rows (piped: raw values; terminal: a table)', async () => {
    const queries: Record<string, string>[] = [];
    const ended = antiCheatSession(1, { status: 'ENDED', endedAt: '2030-01-01T13:30:00.000Z', endReason: 'match over', evidenceCount: 3 });
    server.use(
      http.get(`${BASE}/anti-cheat/sessions`, ({ request }) => {
        queries.push(Object.fromEntries(new URL(request.url).searchParams));
        return HttpResponse.json(page([antiCheatSession(2), ended], 1, 1, 20));
      }),
    );
    const piped = await runCli(['anticheat', 'session', 'list', '--active', '--match', 'm-2', '--limit', '20'], { configDir: dir.path });
    expect(piped.code, piped.err).toBe(0);
    expect(piped.out.trim().split('\n').map((line) => line.split('\t'))).toEqual([
      ['m-2', 'cs2', 'ACTIVE', '1/2', '2', '0', '2030-01-01T12:00:00.000Z', '', ''],
      ['m-1', 'cs2', 'ENDED', '1/2', '1', '3', '2030-01-01T11:00:00.000Z', '2030-01-01T13:30:00.000Z', 'match over'],
    ]);
    await runCli(['anticheat', 'session', 'ls', '--ended'], { configDir: dir.path });
    const terminal = await runCli(['anticheat', 'session', 'list'], { configDir: dir.path, io: captureIo({ isTTY: true, columns: 120 }) });
    expect(queries).toEqual([{ status: 'ACTIVE', matchId: 'm-2', limit: '20' }, { status: 'ENDED' }, {}]);
    expect(terminal.out.trim().split('\n').map((line) => line.split(/ {2,}/))).toEqual([
      ['SESSION', 'GAME', 'STATUS', 'COVERED', 'DETECTIONS', 'EVIDENCE', 'STARTED', 'ENDED', 'REASON'],
      ['m-2', 'cs2', 'active', '1/2', '2', '0', '2030-01-01 12:00Z'],
      ['m-1', 'cs2', 'ended', '1/2', '1', '3', '2030-01-01 11:00Z', '2030-01-01 13:30Z', 'match over'],
    ]);
    const both = await runCli(['anticheat', 'session', 'list', '--active', '--ended'], { configDir: dir.path });
    expect(both.code).toBe(1);
    expect(both.err).toContain("option '--active' cannot be used with option '--ended'");
    expect(queries).toHaveLength(3);
  });

  it('says more pages exist, follows every page with --all, and prints JSON with --json (R3.3)', async () => {
    const asked: string[] = [];
    server.use(
      http.get(`${BASE}/anti-cheat/sessions`, ({ request }) => {
        const url = new URL(request.url);
        asked.push(`${url.searchParams.get('page')}/${url.searchParams.get('limit')}/${url.searchParams.get('status')}`);
        return HttpResponse.json(url.searchParams.get('page') === '2' ? page([antiCheatSession(1)], 2, 2, 100) : page([antiCheatSession(3), antiCheatSession(2)], 1, 2, 100));
      }),
    );
    const one = await runCli(['anticheat', 'session', 'list', '--active'], { configDir: dir.path });
    expect(one.err).toBe('showing page 1 of 2 (200 sessions); use --page 2 or --all for more\n');
    const all = await runCli(['anticheat', 'session', 'list', '--all', '--active', '--json'], { configDir: dir.path });
    expect(all.code, all.err).toBe(0);
    expect(JSON.parse(all.out).map((s: { sessionId: string }) => s.sessionId)).toEqual(['m-3', 'm-2', 'm-1']);
    expect(asked).toEqual(['null/null/ACTIVE', '1/100/ACTIVE', '2/100/ACTIVE']);
    expect((await runCli(['anticheat', 'session', 'list', '--limit', '101'], { configDir: dir.path })).code).not.toBe(0);
  });

  it('says so on a terminal when there are no sessions', async () => {
    server.use(http.get(`${BASE}/anti-cheat/sessions`, () => HttpResponse.json(page([], 1, 0, 10))));
    const result = await runCli(['anticheat', 'session', 'list', '--active'], { configDir: dir.path, io: captureIo({ isTTY: true }) });
    expect(result.code).toBe(0);
    expect(result.out).toBe('');
    expect(result.err).toBe('no sessions\n');
  });
});
