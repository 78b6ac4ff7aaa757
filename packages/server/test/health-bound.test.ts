import { createServer, type Server, type Socket, connect } from 'node:net';
import { Kysely, SqliteAdapter, SqliteIntrospector, SqliteQueryCompiler, sql } from 'kysely';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { createLogger, type Database, ManualClock, migrateToLatest, sqliteDialect } from '../src/index';
import type { AppDeps } from '../src/deps';
import { resolveConfig } from '../src/config';
import { HEALTH_CHECK_TIMEOUT_MS, HealthService } from '../src/services/health/health-service';
import { createTestDatabase, onPostgres, request, startTestServer, type TestServer } from './helpers/index';

/** A Kysely handle whose every query waits for ever: a database that accepted the connection and never answers. */
function silentDatabase(): Kysely<Database> {
  return new Kysely<Database>({
    dialect: {
      createAdapter: () => new SqliteAdapter(),
      createIntrospector: (db) => new SqliteIntrospector(db),
      createQueryCompiler: () => new SqliteQueryCompiler(),
      createDriver: () => ({
        init: async () => {},
        acquireConnection: () => new Promise(() => {}),
        beginTransaction: async () => {},
        commitTransaction: async () => {},
        rollbackTransaction: async () => {},
        releaseConnection: async () => {},
        destroy: async () => {},
      }),
    },
  });
}

/** A Redis that accepted the connection and never answers (paused with SIGSTOP). */
const silentRedis = { ping: () => new Promise<void>(() => {}) };

/** The deps HealthService reads: `db`, an optional Redis, a clock and a silent logger. */
function depsWith(db: Kysely<Database>, redis?: AppDeps['redis']): AppDeps {
  return {
    db,
    dialect: sqliteDialect,
    clock: new ManualClock('2030-01-01T00:00:00.000Z'),
    config: resolveConfig({}),
    logger: createLogger('silent'),
    eventSubscribers: [],
    ...(redis ? { redis } : {}),
  };
}

/** Starts `health.check()` and reports its answer once it has come (undefined until then). */
function pendingCheck(health: HealthService): { answer: () => Awaited<ReturnType<HealthService['check']>> | undefined } {
  let answer: Awaited<ReturnType<HealthService['check']>> | undefined;
  void health.check().then((a) => (answer = a));
  return { answer: () => answer };
}

// R18.18, R18.1, R21.4: /health answers within its bound whatever its dependencies do: each check races a timeout
// (HEALTH_CHECK_TIMEOUT_MS), and one that does not answer in time is reported `error` (status degraded, still 200).
describe('health checks are bounded in time', () => {
  let migrated: { db: Kysely<Database>; close(): Promise<void> } | undefined;
  afterEach(async () => {
    vi.useRealTimers();
    await migrated?.close();
    migrated = undefined;
  });

  it('reports a Redis that does not answer as error once the bound passes, the database check ok', async () => {
    migrated = await sqliteDialect.connect(':memory:');
    await migrateToLatest(migrated.db);
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    const check = pendingCheck(new HealthService(depsWith(migrated.db, silentRedis)));
    await vi.advanceTimersByTimeAsync(HEALTH_CHECK_TIMEOUT_MS - 1);
    expect(check.answer()).toBeUndefined();
    await vi.advanceTimersByTimeAsync(1);
    expect(check.answer()).toMatchObject({ status: 'degraded', checks: { database: 'ok', redis: 'error' } });
  });

  it('reports a database and a Redis that do not answer as error together, in one bound (checks run in parallel)', async () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    const check = pendingCheck(new HealthService(depsWith(silentDatabase(), silentRedis), { checkTimeoutMs: 300 }));
    await vi.advanceTimersByTimeAsync(299);
    expect(check.answer()).toBeUndefined();
    await vi.advanceTimersByTimeAsync(1);
    expect(check.answer()).toMatchObject({ status: 'degraded', checks: { database: 'error', redis: 'error' } });
  });

  it('reports a database that answers without its schema (no migrations run) as error', async () => {
    const empty = await sqliteDialect.connect(':memory:');
    try {
      expect(await new HealthService(depsWith(empty.db)).check()).toMatchObject({ status: 'degraded', checks: { database: 'error' } });
    } finally {
      await empty.close();
    }
    migrated = await sqliteDialect.connect(':memory:');
    await migrateToLatest(migrated.db);
    expect(await new HealthService(depsWith(migrated.db)).check()).toMatchObject({ status: 'ok', checks: { database: 'ok' } });
  });
});

describe('GET /health while a dependency does not answer', () => {
  let server: TestServer | undefined;
  afterEach(async () => {
    await server?.close();
    server = undefined;
  });

  it('answers 200 degraded with the Redis check error when Redis stops answering', async () => {
    server = await startTestServer();
    expect((await request(server, 'GET', '/health')).body.data.checks).toEqual({ database: 'ok' });
    server.deps.redis = silentRedis;
    const res = await request(server, 'GET', '/health');
    expect(res.status).toBe(200);
    expect(res.body.data).toMatchObject({ status: 'degraded', checks: { database: 'ok', redis: 'error' } });
    expect(res.headers.get('x-ratelimit-limit')).toBeTruthy();
  });

  it("answers 200 degraded with the database check error once the database's tables are gone", async () => {
    server = await startTestServer();
    expect((await request(server, 'GET', '/health')).body.data).toMatchObject({ status: 'ok', checks: { database: 'ok' } });
    await sql`drop table kysely_migration`.execute(server.deps.db);
    const res = await request(server, 'GET', '/health');
    expect(res.status).toBe(200);
    expect(res.body.data).toMatchObject({ status: 'degraded', checks: { database: 'error' } });
  });
});

/** A TCP relay to `host`:`port` that can stop passing bytes (a black hole: connections stay open, nothing answers). */
async function stallingRelay(host: string, port: number): Promise<{ port: number; stall(): void; cut(): Promise<void> }> {
  const sockets = new Set<Socket>();
  let stalled = false;
  const relay: Server = createServer((client) => {
    const upstream = connect(port, host);
    for (const s of [client, upstream]) {
      sockets.add(s);
      s.on('error', () => {});
      s.on('close', () => sockets.delete(s));
    }
    client.on('data', (chunk) => void (stalled || upstream.write(chunk)));
    upstream.on('data', (chunk) => void (stalled || client.write(chunk)));
  });
  await new Promise<void>((resolve) => relay.listen(0, '127.0.0.1', resolve));
  return {
    port: (relay.address() as { port: number }).port,
    stall: () => void (stalled = true),
    cut: async () => {
      const closed = new Promise<void>((resolve) => relay.close(() => resolve()));
      for (const s of sockets) s.destroy();
      await closed;
    },
  };
}

describe.skipIf(!onPostgres)('GET /health while PostgreSQL does not answer', () => {
  it('answers 200 degraded with the database check error when the connection to PostgreSQL is black-holed', async () => {
    const database = await createTestDatabase();
    const target = new URL(database.location);
    const relay = await stallingRelay(target.hostname, Number(target.port || 5432));
    const viaRelay = new URL(database.location);
    viaRelay.port = String(relay.port);
    // Its rate limit counters in PostgreSQL too: the count waits at most RATE_LIMIT_STORE_DEADLINE_MS for them.
    const server = await startTestServer({ ...database.options, databaseUrl: viaRelay.toString(), rateLimit: { points: 50 } });
    try {
      expect((await request(server, 'GET', '/health')).body.data).toMatchObject({ status: 'ok', checks: { database: 'ok' } });
      relay.stall();
      const res = await request(server, 'GET', '/health');
      expect(res.status).toBe(200);
      expect(res.body.data).toMatchObject({ status: 'degraded', checks: { database: 'error' } });
      expect(res.headers.get('x-ratelimit-limit')).toBe('50');
    } finally {
      await relay.cut();
      await server.close().catch(() => {});
      await database.drop();
    }
  });
});
