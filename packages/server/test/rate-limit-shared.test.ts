import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTenant, createTestDatabase, onPostgres, request, testDialect, type TestDatabase } from './helpers/index';
import { type ServerProcess, startServerProcess } from './helpers/server-process';

// R21.1: the rate limit of one caller is exact across server processes. Two processes on one database, one API key
// limited to N requests per window, 2N requests at once spread over both: exactly N pass, the others are 429.
// PostgreSQL store: only on a PostgreSQL database. Redis store (REDIS_URL): on either database (several processes
// share a SQLite file too), with a key prefix of its own per run so that runs on one Redis never share counters.
const N = 12;
const REDIS_URL = process.env.TOURNEY_TEST_REDIS_URL || 'redis://127.0.0.1:6379';

/** Two server processes on `database` with rate limiting on (N per 10 minutes) and `env` added. */
async function twoProcesses(database: TestDatabase, env: NodeJS.ProcessEnv = {}): Promise<ServerProcess[]> {
  const limits = { TOURNEY_RATE_LIMIT: 'on', TOURNEY_RATE_LIMIT_POINTS: String(N), TOURNEY_RATE_LIMIT_WINDOW: '600', ...env };
  return Promise.all([startServerProcess(database.location, { timeoutMs: 60_000, env: limits }), startServerProcess(database.location, { timeoutMs: 60_000, env: limits })]);
}

/** 2N requests with one fresh API key, at once, alternating between `servers`; their statuses counted. */
async function burst(servers: ServerProcess[]): Promise<Record<number, number>> {
  const tenant = await createTenant(servers[0]!);
  const answers = await Promise.all(
    Array.from({ length: 2 * N }, (_, i) => request(servers[i % 2]!, 'GET', `/projects/${tenant.project.id}`, { apiKey: tenant.apiKey.key })),
  );
  const tally: Record<number, number> = {};
  for (const a of answers) tally[a.status] = (tally[a.status] ?? 0) + 1;
  const refused = answers.find((a) => a.status === 429);
  expect(refused?.body.error.code).toBe('RATE_LIMITED');
  expect(refused?.headers.get('x-ratelimit-limit')).toBe(String(N));
  return tally;
}

describe.skipIf(!onPostgres)('rate limits shared in PostgreSQL (DATABASE_URL, no REDIS_URL)', () => {
  let database: TestDatabase;
  let servers: ServerProcess[] = [];
  beforeAll(async () => {
    // A new, empty database: both processes migrate it at once, the counters' table included.
    database = await createTestDatabase({ empty: true });
    servers = await twoProcesses(database);
  }, 130_000);
  afterAll(async () => {
    await Promise.all(servers.map((s) => s.close()));
    await database?.drop();
  });

  it('2N parallel requests with one API key over two processes on one PostgreSQL database: exactly N pass', async () => {
    expect(await burst(servers)).toEqual({ 200: N, 429: N });
  });
});

describe(`rate limits shared in Redis (REDIS_URL), two processes on one ${testDialect === 'postgres' ? 'PostgreSQL database' : 'SQLite file'}`, () => {
  let database: TestDatabase;
  let servers: ServerProcess[] = [];
  beforeAll(async () => {
    database = await createTestDatabase({ file: true, empty: true });
    servers = await twoProcesses(database, { REDIS_URL, TOURNEY_RATE_LIMIT_KEY_PREFIX: `tourney-test-${randomBytes(6).toString('hex')}` });
  }, 130_000);
  afterAll(async () => {
    await Promise.all(servers.map((s) => s.close()));
    await database?.drop();
  });

  it('2N parallel requests with one API key over two processes sharing Redis: exactly N pass', async () => {
    expect(await burst(servers)).toEqual({ 200: N, 429: N });
  });

  it('/health reports the Redis check beside the database check', async () => {
    const res = await request(servers[1]!, 'GET', '/health');
    expect(res.status).toBe(200);
    expect(res.body.data).toMatchObject({ status: 'ok', checks: { database: 'ok', redis: 'ok' } });
  });
});
