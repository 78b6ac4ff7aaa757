import { readFile, stat } from 'node:fs/promises';
import { join } from 'node:path';
import { http, HttpResponse } from 'msw';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { CancelledError } from '../src/errors';
import { apiError, BASE, tokens } from './helpers/api-fixtures';
import { captureIo, runCli, scriptedPrompter, tempDir } from './helpers/cli-harness';
import { useMswServer } from './helpers/msw';

const server = useMswServer();
let dir: { path: string; cleanup: () => Promise<void> };
beforeEach(async () => {
  dir = await tempDir();
});
afterEach(async () => dir.cleanup());

const readConfig = async () => JSON.parse(await readFile(join(dir.path, 'config.json'), 'utf8'));

describe('tourney login', () => {
  it('logs in with --username and --password and stores the tokens in a 0600 config file', async () => {
    const bodies: unknown[] = [];
    server.use(
      http.post(`${BASE}/auth/login`, async ({ request }) => {
        bodies.push(await request.json());
        return HttpResponse.json({ success: true, data: tokens() });
      }),
    );
    const result = await runCli(['login', '--username', 'alice', '--password', 'secret-pass', '--base-url', BASE], {
      configDir: dir.path,
    });
    expect(result.err).toBe('');
    expect(result.code).toBe(0);
    expect(bodies).toEqual([{ username: 'alice', password: 'secret-pass' }]);
    expect(result.out).toContain(`logged in to ${BASE} as alice (profile default)`);
    const config = await readConfig();
    expect(config.profiles.default).toEqual({
      baseUrl: BASE,
      accessToken: 'tat_access_1',
      refreshToken: 'trt_refresh_1',
      username: 'alice',
    });
    const mode = (await stat(join(dir.path, 'config.json'))).mode & 0o777;
    expect(mode).toBe(0o600);
  });

  it('sends an email address as email', async () => {
    let body: unknown;
    server.use(
      http.post(`${BASE}/auth/login`, async ({ request }) => {
        body = await request.json();
        return HttpResponse.json({ success: true, data: tokens() });
      }),
    );
    const result = await runCli(['login', '-u', 'alice@example.com', '--base-url', BASE], {
      configDir: dir.path,
      env: { TOURNEY_PASSWORD: 'from-env-pass' },
    });
    expect(result.code).toBe(0);
    expect(body).toEqual({ email: 'alice@example.com', password: 'from-env-pass' });
  });

  it('fails without --username when not running interactively, before any request', async () => {
    const result = await runCli(['login', '--password', 'x', '--base-url', BASE], { configDir: dir.path });
    expect(result.code).toBe(1);
    expect(result.err).toBe('error: must provide --username when not running interactively\n');
    await expect(stat(join(dir.path, 'config.json'))).rejects.toThrow();
  });

  it('fails without --password when not running interactively', async () => {
    const result = await runCli(['login', '--username', 'alice', '--base-url', BASE], { configDir: dir.path });
    expect(result.code).toBe(1);
    expect(result.err).toBe('error: must provide --password when not running interactively\n');
  });

  it('prompts for the missing values on a terminal', async () => {
    server.use(http.post(`${BASE}/auth/login`, () => HttpResponse.json({ success: true, data: tokens() })));
    const prompter = scriptedPrompter(['alice', 'secret-pass']);
    const result = await runCli(['login', '--base-url', BASE], {
      configDir: dir.path,
      io: captureIo({ isTTY: true }),
      deps: { prompter },
    });
    expect(result.code).toBe(0);
    expect(prompter.questions).toEqual(['username or email', 'password']);
    expect((await readConfig()).profiles.default.accessToken).toBe('tat_access_1');
  });

  it('prompts only for what is missing', async () => {
    server.use(http.post(`${BASE}/auth/login`, () => HttpResponse.json({ success: true, data: tokens() })));
    const prompter = scriptedPrompter(['secret-pass']);
    const result = await runCli(['login', '--username', 'alice', '--base-url', BASE], {
      configDir: dir.path,
      io: captureIo({ isTTY: true }),
      deps: { prompter },
    });
    expect(result.code).toBe(0);
    expect(prompter.questions).toEqual(['password']);
  });

  it('exits 2 when the prompt is cancelled', async () => {
    const result = await runCli(['login', '--base-url', BASE], {
      configDir: dir.path,
      io: captureIo({ isTTY: true }),
      deps: { prompter: scriptedPrompter([new CancelledError()]) },
    });
    expect(result.code).toBe(2);
    expect(result.err).toBe('error: cancelled\n');
  });

  it('renders a refused login with code and request id and exits 4', async () => {
    server.use(
      http.post(`${BASE}/auth/login`, () =>
        HttpResponse.json(apiError('INVALID_CREDENTIALS', 'invalid username or password', 'req-42'), { status: 401 }),
      ),
    );
    const result = await runCli(['login', '-u', 'alice', '--password', 'wrong-pass', '--base-url', BASE], {
      configDir: dir.path,
    });
    expect(result.code).toBe(4);
    expect(result.err).toBe(
      'error: wrong username, email or password (INVALID_CREDENTIALS, request req-42)\n' +
        "hint: no account on this server yet? create one with 'tourney signup'\n",
    );
  });
});

describe('tourney logout', () => {
  it('revokes the session with the stored refresh token alone, and removes the tokens but keeps the other settings', async () => {
    let auth: string | null = null;
    let body: unknown;
    server.use(
      http.post(`${BASE}/auth/login`, () => HttpResponse.json({ success: true, data: tokens() })),
      http.post(`${BASE}/auth/logout`, async ({ request }) => {
        auth = request.headers.get('authorization');
        body = await request.json();
        return new HttpResponse(null, { status: 204 });
      }),
    );
    await runCli(['login', '-u', 'alice', '--password', 'secret-pass', '--base-url', BASE], { configDir: dir.path });
    await runCli(['config', 'set', 'projectId', 'proj-1'], { configDir: dir.path });
    const result = await runCli(['logout'], { configDir: dir.path });
    expect(result.code).toBe(0);
    expect(auth).toBeNull();
    expect(body).toEqual({ refreshToken: 'trt_refresh_1' });
    expect((await readConfig()).profiles.default).toEqual({ baseUrl: BASE, projectId: 'proj-1' });
  });

  it('still removes the tokens when the server says they are already invalid', async () => {
    server.use(
      http.post(`${BASE}/auth/login`, () => HttpResponse.json({ success: true, data: tokens() })),
      http.post(`${BASE}/auth/logout`, () => HttpResponse.json(apiError('UNAUTHORIZED', 'token revoked'), { status: 401 })),
    );
    await runCli(['login', '-u', 'alice', '--password', 'secret-pass', '--base-url', BASE], { configDir: dir.path });
    const result = await runCli(['logout'], { configDir: dir.path });
    expect(result.code).toBe(0);
    expect(result.err).toBe('');
    expect((await readConfig()).profiles.default.accessToken).toBeUndefined();
  });

  it('keeps the tokens and exits 1 when the server cannot be reached, so the session can be revoked later; --forget removes them', async () => {
    server.use(
      http.post(`${BASE}/auth/login`, () => HttpResponse.json({ success: true, data: tokens() })),
      http.post(`${BASE}/auth/logout`, () => HttpResponse.error()),
    );
    await runCli(['login', '-u', 'alice', '--password', 'secret-pass', '--base-url', BASE], { configDir: dir.path });
    const down = await runCli(['logout'], { configDir: dir.path });
    expect(down.code).toBe(1);
    expect(down.out).toBe('');
    expect(down.err).toMatch(new RegExp(`^error: could not revoke the session on ${BASE} \\(.+\\); the tokens stay in profile default\\n`));
    expect(down.err).toContain("hint: run 'tourney logout' again once the server answers, or add --forget to remove them without revoking\n");
    expect((await readConfig()).profiles.default.refreshToken).toBe('trt_refresh_1');
    const forgotten = await runCli(['logout', '--forget'], { configDir: dir.path });
    expect(forgotten.code).toBe(0);
    expect(forgotten.err).toContain('removing the tokens anyway (--forget)');
    expect((await readConfig()).profiles.default).toEqual({ baseUrl: BASE });
  });
});

describe('tourney password', () => {
  it('sends the current and new password with the stored token, and stays logged in', async () => {
    let auth: string | null = null;
    let body: unknown;
    server.use(
      http.post(`${BASE}/auth/login`, () => HttpResponse.json({ success: true, data: tokens() })),
      http.post(`${BASE}/auth/password`, async ({ request }) => {
        auth = request.headers.get('authorization');
        body = await request.json();
        return new HttpResponse(null, { status: 204 });
      }),
    );
    await runCli(['login', '-u', 'alice', '--password', 'secret-pass', '--base-url', BASE], { configDir: dir.path });
    const result = await runCli(['password', '--current-password', 'secret-pass', '--new-password', 'better-secret'], { configDir: dir.path });
    expect(result.code).toBe(0);
    expect(auth).toBe('Bearer tat_access_1');
    expect(body).toEqual({ currentPassword: 'secret-pass', newPassword: 'better-secret' });
    expect(result.out).toContain('password changed');
    expect((await readConfig()).profiles.default.accessToken).toBe('tat_access_1');
  });

  it('refuses a new password under 8 characters before calling the server', async () => {
    server.use(http.post(`${BASE}/auth/login`, () => HttpResponse.json({ success: true, data: tokens() })));
    await runCli(['login', '-u', 'alice', '--password', 'secret-pass', '--base-url', BASE], { configDir: dir.path });
    const result = await runCli(['password', '--current-password', 'secret-pass', '--new-password', 'short'], { configDir: dir.path });
    expect(result.code).not.toBe(0);
    expect(result.err).toContain('at least 8 characters');
  });
});
