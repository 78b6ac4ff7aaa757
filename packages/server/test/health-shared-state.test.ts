import { createServer, type Server, type Socket, connect } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'kysely';
import type { PoolClient } from 'pg';
import { createPostgresDatabase, createPostgresPool } from '../src/db/postgres/postgres';
import { createTestDatabase, onPostgres, request, startTestServer, type TestServer } from './helpers/index';

// R18.2, R21.4: /health checks Redis when the server uses it; while a check fails the status is `degraded`, still 200.
// The server reaches Redis (or PostgreSQL) through a TCP relay this test can cut, as an outage would.
const REDIS = new URL(process.env.TOURNEY_TEST_REDIS_URL || 'redis://127.0.0.1:6379');

/** A TCP relay to `host`:`port` on a free loopback port; cut() closes it and every connection through it. */
async function relayTo(host: string, port: number): Promise<{ port: number; cut(): Promise<void> }> {
  const sockets = new Set<Socket>();
  const relay: Server = createServer((client) => {
    const upstream = connect(port, host);
    for (const s of [client, upstream]) {
      sockets.add(s);
      s.on('error', () => {});
      s.on('close', () => sockets.delete(s));
    }
    client.pipe(upstream).pipe(client);
  });
  await new Promise<void>((resolve) => relay.listen(0, '127.0.0.1', resolve));
  return {
    port: (relay.address() as { port: number }).port,
    cut: async () => {
      const closed = new Promise<void>((resolve) => relay.close(() => resolve()));
      for (const s of sockets) s.destroy();
      await closed;
    },
  };
}

/** A relay to Redis, with the URL that reaches Redis through it. */
async function redisRelay(): Promise<{ url: string; cut(): Promise<void> }> {
  const relay = await relayTo(REDIS.hostname, Number(REDIS.port || 6379));
  return { url: `redis://127.0.0.1:${relay.port}`, cut: relay.cut };
}

describe('health of the shared state', () => {
  let server: TestServer;
  let relay: Awaited<ReturnType<typeof redisRelay>>;
  beforeAll(async () => {
    relay = await redisRelay();
    server = await startTestServer({ redisUrl: relay.url, rateLimit: { keyPrefix: `tourney-test-health-${process.pid}` } });
  });
  afterAll(async () => {
    await server?.close();
    await relay?.cut().catch(() => {});
  });

  it('reports the Redis check while Redis answers, then degraded (still 200) once it is unreachable', async () => {
    const healthy = await request(server, 'GET', '/health');
    expect(healthy.status).toBe(200);
    expect(healthy.body.data).toMatchObject({ status: 'ok', checks: { database: 'ok', redis: 'ok' } });

    await relay.cut();
    const degraded = await request(server, 'GET', '/health');
    expect(degraded.status).toBe(200);
    expect(degraded.body.data).toMatchObject({ status: 'degraded', checks: { database: 'ok', redis: 'error' } });
    // Requests are still served meanwhile, counted in this process.
    expect((await request(server, 'GET', '/health')).headers.get('x-ratelimit-limit')).toBe('1000000');
  });

  it('a server without REDIS_URL reports the database check alone', async () => {
    const plain = await startTestServer();
    try {
      const res = await request(plain, 'GET', '/health');
      expect(res.body.data.checks).toEqual({ database: 'ok' });
      expect(res.body.data.status).toBe('ok');
    } finally {
      await plain.close();
    }
  });
});

describe.skipIf(!onPostgres)('health while PostgreSQL is unreachable', () => {
  it('answers degraded (still 200) with its rate limit counters in PostgreSQL, counting in this process meanwhile', async () => {
    const database = await createTestDatabase();
    const target = new URL(database.location);
    const relay = await relayTo(target.hostname, Number(target.port || 5432));
    const viaRelay = new URL(database.location);
    viaRelay.port = String(relay.port);
    const server = await startTestServer({ ...database.options, databaseUrl: viaRelay.toString(), rateLimit: { points: 50 } });
    try {
      expect((await request(server, 'GET', '/health')).body.data).toMatchObject({ status: 'ok', checks: { database: 'ok' } });
      await relay.cut();
      const degraded = await request(server, 'GET', '/health');
      expect(degraded.status).toBe(200);
      expect(degraded.body.data).toMatchObject({ status: 'degraded', checks: { database: 'error' } });
      expect(degraded.headers.get('x-ratelimit-limit')).toBe('50');
    } finally {
      await server.close().catch(() => {});
      await database.drop();
    }
  });

  it.skipIf(!onPostgres)('fails the next statement of a transaction whose connection dropped between statements, and ends no process', async () => {
    const database = await createTestDatabase();
    const target = new URL(database.location);
    const relay = await relayTo(target.hostname, Number(target.port || 5432));
    const viaRelay = new URL(database.location);
    viaRelay.port = String(relay.port);
    const pool = createPostgresPool(viaRelay.toString(), { poolSize: 2, statementTimeoutMs: 0 });
    const db = createPostgresDatabase(pool);
    let held: PoolClient | undefined;
    pool.on('acquire', (client) => (held = client));
    try {
      const outcome = await db
        .transaction()
        .execute(async (trx) => {
          await sql`select 1`.execute(trx);
          // The connection drops while the transaction does something else between two statements: node-postgres
          // then emits 'error' on the checked-out client (unhandled, it ended the process).
          const ended = new Promise((resolve) => held!.once('end', resolve));
          await relay.cut();
          await ended;
          return sql`select 2`.execute(trx).then(() => 'the next statement ran', (error: unknown) => `the next statement failed: ${String(error)}`);
        })
        .catch((error: unknown) => `the transaction failed: ${String(error)}`);
      expect(outcome).toMatch(/failed: .*(not queryable|terminated)/i);
    } finally {
      await db.destroy().catch(() => {});
      await database.drop();
    }
  });
});

