import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import BetterSqlite3 from 'better-sqlite3';
import { sql } from 'kysely';
import { afterEach, describe, expect, it } from 'vitest';
import { createTenant, onPostgres, request, startTestServer, unique, type TestServer } from './helpers/index';
import { expectUnavailable } from './database-unavailable-helpers';
import { tournamentBody } from './tournaments-helpers';
import { claimDueDeliveries } from '../src/services/webhooks/claims';
import { isDatabaseUnavailable } from '../src/db/connection-error';

/** The busy timeout of the server's SQLite connection, milliseconds (how long a write waits for another's lock). */
async function busyTimeoutMs(server: TestServer): Promise<number> {
  const { rows } = await sql<{ timeout: number }>`pragma busy_timeout`.execute(server.deps.db);
  return rows[0]!.timeout;
}

// R18.18 on SQLite: what an operator meets when another process holds the database's write lock past the busy timeout
// (a second server process in a long write, `sqlite3 tourney.db` left in `BEGIN EXCLUSIVE`, a VACUUM). Here the
// holder is a connection of the test's own on the same file: SQLite's file locks keep two connections of one process
// apart as they keep two processes.
describe.skipIf(onPostgres)('requests while another connection holds the SQLite write lock', () => {
  let server: TestServer | undefined;
  let holder: BetterSqlite3.Database | undefined;
  let dir = '';
  afterEach(async () => {
    holder?.close();
    await server?.close().catch(() => {});
    if (dir) await rm(dir, { recursive: true, force: true });
    server = holder = undefined;
    dir = '';
  });

  it("answers writes 503 SERVICE_UNAVAILABLE with Retry-After once the busy timeout passes, serves reads (an API key's last use left unrecorded), then writes again once the lock is released", async () => {
    dir = await mkdtemp(join(tmpdir(), 'tourney-locked-'));
    const path = join(dir, 'tourney.db');
    server = await startTestServer({ databasePath: path });
    // The server waits that long for the lock before giving up (sqlite.ts); the same wait, shortened on its one
    // connection, keeps this test fast.
    expect(await busyTimeoutMs(server)).toBeGreaterThanOrEqual(1000);
    await sql`pragma busy_timeout = 100`.execute(server.deps.db);
    expect(await busyTimeoutMs(server)).toBe(100);

    const tenant = await createTenant(server);
    const owner = tenant.owner;
    const createByKey = () => request(server!, 'POST', '/tournaments', { apiKey: tenant.apiKey.key, body: tournamentBody() });
    const createByOwner = () => request(server!, 'POST', '/tournaments', { token: owner.accessToken, body: tournamentBody({ projectId: tenant.project.id }) });
    const login = () => request(server!, 'POST', '/auth/login', { body: { username: owner.username, password: owner.password } });
    const newcomer = { username: `late_${unique()}`, email: `late.${unique()}@example.com`, password: 'correct horse battery staple' };
    const register = () => request(server!, 'POST', '/auth/register', { body: newcomer });
    const first = await createByKey();
    expect(first.status).toBe(201);

    holder = new BetterSqlite3(path);
    holder.exec('BEGIN EXCLUSIVE');

    expectUnavailable(await createByKey(), 'POST /tournaments with an API key');
    expectUnavailable(await createByOwner(), 'POST /tournaments with a user token');
    expectUnavailable(await login(), 'POST /auth/login (a new session)');
    expectUnavailable(await register(), 'POST /auth/register');
    // Reads need no write lock (WAL): they are served meanwhile, and saw none of the refused writes.
    const read = await request(server, 'GET', `/tournaments/${first.body.data.id}`, { token: owner.accessToken });
    expect(read.status, JSON.stringify(read.body)).toBe(200);
    expect(read.body.data.name).toBe('Spring Cup');
    expect((await request(server, 'GET', '/users/me', { token: owner.accessToken })).status).toBe(200);
    // A read with an API key whose last use is due to be recorded (once a minute) is served too: that write is a
    // courtesy it goes on without.
    server.clock.advance(61_000);
    const during = await request(server, 'GET', '/tournaments', { apiKey: tenant.apiKey.key });
    expect(during.status, JSON.stringify(during.body)).toBe(200);
    expect(during.body.pagination.total).toBe(1);

    holder.exec('ROLLBACK');

    // The same requests succeed without a restart; the refused ones left nothing behind: the newcomer's name is free.
    expect((await createByKey()).status).toBe(201);
    expect((await createByOwner()).status).toBe(201);
    expect((await login()).status).toBe(200);
    expect((await register()).status).toBe(201);
    const mine = await request(server, 'GET', '/tournaments', { apiKey: tenant.apiKey.key });
    expect(mine.body.pagination.total).toBe(3);
  });

  it('lets an idle webhook dispatcher poll without the write lock, so it never waits on it; a due delivery waits its turn', async () => {
    dir = await mkdtemp(join(tmpdir(), 'tourney-locked-'));
    const path = join(dir, 'tourney.db');
    server = await startTestServer({ databasePath: path, webhookDispatcher: false, allowPrivateWebhookUrls: true });
    await sql`pragma busy_timeout = 100`.execute(server.deps.db);
    holder = new BetterSqlite3(path);
    holder.exec('BEGIN EXCLUSIVE');
    // Nothing is due: the poll reads, finds nothing and takes no write transaction (it would fail SQLITE_BUSY here).
    await expect(claimDueDeliveries(server.deps, `test:${unique()}`, 10)).resolves.toEqual([]);
    holder.exec('ROLLBACK');
    // A due delivery: claiming it needs the write lock, so with the lock held elsewhere the claim is refused as an outage.
    const tenant = await createTenant(server);
    const hook = await request(server, 'POST', '/developer/webhooks', { apiKey: tenant.apiKey.key, body: { url: 'http://127.0.0.1:9/hook', events: ['*'] } });
    expect(hook.status, JSON.stringify(hook.body)).toBe(201);
    const created = await request(server, 'POST', '/tournaments', { apiKey: tenant.apiKey.key, body: tournamentBody() });
    expect((await request(server, 'POST', `/tournaments/${created.body.data.id}/publish`, { apiKey: tenant.apiKey.key })).status).toBe(200);
    holder.exec('BEGIN EXCLUSIVE');
    const refused = await claimDueDeliveries(server.deps, `test:${unique()}`, 10).catch((error: unknown) => error);
    expect(isDatabaseUnavailable(refused)).toBe(true);
    holder.exec('ROLLBACK');
    expect((await claimDueDeliveries(server.deps, `test:${unique()}`, 10)).length).toBeGreaterThan(0);
  });
});
