import { afterEach, describe, expect, it } from 'vitest';
import {
  createTenant,
  createTestDatabase,
  onPostgres,
  request,
  startTestServer,
  type TestDatabase,
  type TestServer,
} from './helpers/index';
import { adminQuery } from './helpers/test-database';
import { tournamentBody } from './tournaments-helpers';
import { expectUnavailable } from './database-unavailable-helpers';

// R18.18: while the database cannot be reached every operation answers 503 SERVICE_UNAVAILABLE with Retry-After, never
// 500, and the server serves again without a restart once the database is back. The outage is PostgreSQL refusing every
// connection to the server's database (ALLOW_CONNECTIONS false) after terminating those it had, as a failover does.
describe.skipIf(!onPostgres)('requests while PostgreSQL cannot be reached', () => {
  let database: TestDatabase | undefined;
  let server: TestServer | undefined;
  let name = '';
  afterEach(async () => {
    if (name) await adminQuery(`ALTER DATABASE "${name}" ALLOW_CONNECTIONS true`).catch(() => {});
    await server?.close().catch(() => {});
    await database?.drop();
    server = database = undefined;
    name = '';
  });

  it('answers 503 SERVICE_UNAVAILABLE with Retry-After to reads and writes, then serves again once the database is back', async () => {
    database = await createTestDatabase();
    name = new URL(database.location).pathname.slice(1);
    // Its rate limit counters in PostgreSQL too (rate-limit-store.ts), as a deployment of several processes has them.
    server = await startTestServer({ ...database.options, rateLimit: { points: 1000 } });
    const tenant = await createTenant(server);
    const create = () => request(server!, 'POST', '/tournaments', { apiKey: tenant.apiKey.key, body: tournamentBody() });
    expect((await create()).status).toBe(201);

    await adminQuery(`ALTER DATABASE "${name}" ALLOW_CONNECTIONS false`);
    await adminQuery(`SELECT pg_terminate_backend(pid) FROM pg_stat_activity WHERE datname = '${name}' AND pid <> pg_backend_pid()`);

    const list = await request(server, 'GET', '/tournaments/public');
    expectUnavailable(list, 'GET /tournaments/public');
    // An anonymous request is counted (in this process meanwhile) before it fails: its rate limit headers are there.
    expect(list.headers.get('x-ratelimit-limit')).toBe('1000');
    expectUnavailable(await create(), 'POST /tournaments with an API key');
    expectUnavailable(await request(server, 'GET', '/users/me', { token: tenant.owner.accessToken }), 'GET /users/me');
    expectUnavailable(await request(server, 'POST', '/auth/login', { body: { username: tenant.owner.username, password: 'whatever it is' } }), 'POST /auth/login');
    // /health answers, degraded.
    const health = await request(server, 'GET', '/health');
    expect(health.status).toBe(200);
    expect(health.body.data).toMatchObject({ status: 'degraded', checks: { database: 'error' } });

    await adminQuery(`ALTER DATABASE "${name}" ALLOW_CONNECTIONS true`);
    expect((await request(server, 'GET', '/health')).body.data).toMatchObject({ status: 'ok', checks: { database: 'ok' } });
    const created = await create();
    expect(created.status).toBe(201);
    const mine = await request(server, 'GET', '/tournaments', { apiKey: tenant.apiKey.key });
    expect(mine.status).toBe(200);
    // The refused creation changed nothing: the one before the outage and the one after.
    expect(mine.body.pagination.total).toBe(2);
    expect((await request(server, 'GET', '/users/me', { token: tenant.owner.accessToken })).status).toBe(200);
  });
});
