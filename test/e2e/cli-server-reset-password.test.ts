import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { run } from '@tourney/cli';
import { startTestServer, type TestServer } from '../../packages/server/test/helpers/index';
import { onPostgres } from '../../packages/server/test/helpers/test-database';

// `tourney server reset-password` (R1.27): the operator of a self-hosted server sets a new password on an account
// straight in the server's database (SQLite file or PostgreSQL, the same settings as `server start`), and every
// session of the account ends; the running server sees it at once.
const dir = mkdtempSync(join(tmpdir(), 'tourney-reset-password-'));
let server: TestServer;
/** The environment naming the server's database, as an operator's shell would. */
let databaseEnv: Record<string, string>;

beforeAll(async () => {
  server = await startTestServer(onPostgres ? {} : { databasePath: join(dir, 'tourney.db') });
  databaseEnv = onPostgres ? { DATABASE_URL: server.deps.config.databaseUrl! } : { TOURNEY_DB: join(dir, 'tourney.db'), DATABASE_URL: '' };
});
afterAll(async () => {
  await server?.close();
  rmSync(dir, { recursive: true, force: true });
});

/** Runs `tourney <argv>` in-process without a terminal: exit code and output. */
async function tourney(argv: string[], env: Record<string, string>): Promise<{ code: number; stdout: string; stderr: string }> {
  let stdout = '';
  let stderr = '';
  const code = await run(argv, {
    io: { stdout: { write: (s: string) => (stdout += s) }, stderr: { write: (s: string) => (stderr += s) }, isTTY: false },
    env: { TOURNEY_CONFIG_DIR: dir, ...env },
    homeDir: dir,
  });
  return { code, stdout, stderr };
}

async function post(path: string, body: unknown): Promise<{ status: number; body: any }> {
  const res = await fetch(`${server.url}${path}`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) });
  return { status: res.status, body: await res.json().catch(() => null) };
}

describe('tourney server reset-password (R1.27)', () => {
  it('sets a new password found by username or email, logs the account out everywhere, and never prints the password', async () => {
    const registered = await post('/auth/register', { username: 'Forgetful', email: 'forgetful@example.test', password: 'old password 1' });
    expect(registered.status).toBe(201);
    const login = await post('/auth/login', { username: 'forgetful', password: 'old password 1' });
    expect(login.status).toBe(200);

    const reset = await tourney(['server', 'reset-password', 'FORGETFUL'], { ...databaseEnv, TOURNEY_NEW_PASSWORD: 'new secret phrase 2' });
    expect(reset.code, reset.stderr).toBe(0);
    expect(reset.stdout).toMatch(/^password of Forgetful reset \(database .+\); 2 sessions logged out\n$/);
    expect(reset.stdout + reset.stderr).not.toContain('new secret phrase 2');

    // The server running on that database sees it at once: old password refused, old sessions ended.
    expect((await post('/auth/login', { username: 'forgetful', password: 'old password 1' })).status).toBe(401);
    expect((await post('/auth/refresh', { refreshToken: registered.body.data.refreshToken })).status).toBe(401);
    expect((await post('/auth/refresh', { refreshToken: login.body.data.refreshToken })).status).toBe(401);
    const me = await fetch(`${server.url}/users/me`, { headers: { authorization: `Bearer ${login.body.data.accessToken}` } });
    expect(me.status).toBe(401);
    const fresh = await post('/auth/login', { email: 'Forgetful@Example.test', password: 'new secret phrase 2' });
    expect(fresh.status).toBe(200);

    // By email, any case, with --json; the one session just opened ends.
    const byEmail = await tourney(['server', 'reset-password', 'FORGETFUL@example.test', '--new-password', 'third phrase 333', '--json'], databaseEnv);
    expect(byEmail.code, byEmail.stderr).toBe(0);
    expect(JSON.parse(byEmail.stdout)).toEqual({ userId: registered.body.data.user.id, username: 'Forgetful', sessionsEnded: 1 });
    expect((await post('/auth/login', { username: 'forgetful', password: 'third phrase 333' })).status).toBe(200);
  });

  it('refuses an unknown account, a short password and a missing password off a terminal, changing nothing', async () => {
    await post('/auth/register', { username: 'steady', email: 'steady@example.test', password: 'steady password' });
    const unknown = await tourney(['server', 'reset-password', 'nobody'], { ...databaseEnv, TOURNEY_NEW_PASSWORD: 'whatever 12345' });
    expect(unknown).toMatchObject({ code: 1, stdout: '' });
    expect(unknown.stderr).toMatch(/^error: no account named "nobody" \(by username\) in .+; nothing was changed\n$/);

    const short = await tourney(['server', 'reset-password', 'steady', '--new-password', 'short'], databaseEnv);
    expect(short.code).toBe(1);
    expect(short.stderr).toContain('8 to 200 characters');
    const missing = await tourney(['server', 'reset-password', 'steady'], databaseEnv);
    expect(missing.code).toBe(1);
    expect(missing.stderr).toContain('--new-password');
    expect((await post('/auth/login', { username: 'steady', password: 'steady password' })).status).toBe(200);
  });

  it.skipIf(onPostgres)('refuses a SQLite file that does not exist, or holds no Tourney data, without creating anything', async () => {
    const nowhere = join(dir, 'nowhere.db');
    const missing = await tourney(['server', 'reset-password', 'steady', '--db', nowhere, '--new-password', 'whatever 12345'], { DATABASE_URL: '' });
    expect(missing.code).toBe(1);
    expect(missing.stderr).toBe(`error: no database at ${nowhere}: name the server's database with --db or TOURNEY_DB (or DATABASE_URL)\n`);
    const { existsSync, writeFileSync } = await import('node:fs');
    expect(existsSync(nowhere)).toBe(false);
    const empty = join(dir, 'empty.db');
    writeFileSync(empty, '');
    const blank = await tourney(['server', 'reset-password', 'steady', '--db', empty, '--new-password', 'whatever 12345'], { DATABASE_URL: '' });
    expect(blank.code).toBe(1);
    expect(blank.stderr).toContain('holds no Tourney data yet');
  });
});
