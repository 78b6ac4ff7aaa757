import { Redis } from 'ioredis';
import { afterAll, describe, expect, it } from 'vitest';
import { connectRedis, RedisConnectionError } from '../src/redis/redis-connection';
import { onPostgres } from './helpers/test-database';
import { runServerProcessUntilExit } from './helpers/server-process';
import { request, startTestServer, type TestServer } from './helpers/index';

// R21.5: the database a REDIS_URL selects (its path, `redis://host:6379/15`) is a number Redis accepts, or the server
// stops at start with one line naming it; it never falls back to database 0. Needs the Redis of the test run.
const REDIS = new URL(process.env.TOURNEY_TEST_REDIS_URL || 'redis://127.0.0.1:6379');
const NO_STACK = /^\s+at /m;

/** The test Redis with database `path` (e.g. `/15`). */
const redisAt = (path: string) => `redis://${REDIS.host}${path}`;

describe.skipIf(onPostgres)('REDIS_URL database refused at start', () => {
  it('a path that is not a database number: ConfigError naming REDIS_URL, before any connection, exit 1', async () => {
    const run = await runServerProcessUntilExit({ REDIS_URL: redisAt('/abc') });
    expect(run.code).toBe(1);
    expect(run.stderr.trim()).toBe(
      'tourney server failed to start: invalid environment: REDIS_URL must name the Redis database by its number, ' +
        `e.g. redis://127.0.0.1:6379/0, or leave the path out for database 0 (got "${redisAt('/abc')}")`,
    );
    expect(run.stdout).toBe('');
  });

  it('a database beyond the ones Redis has (its `databases` setting): one line naming the index, exit 1', async () => {
    const run = await runServerProcessUntilExit({ REDIS_URL: redisAt('/99') });
    expect(run.code).toBe(1);
    expect(run.stderr.trim()).toBe(`tourney server failed to start: cannot select database 99 of Redis at ${redisAt('/99')}: ERR DB index is out of range`);
    expect(run.stderr).not.toMatch(NO_STACK);
    expect(run.stdout).toBe('');
  });
});

describe('REDIS_URL database', () => {
  const servers: TestServer[] = [];
  const clients: Redis[] = [];
  afterAll(async () => {
    await Promise.all(servers.map((server) => server.close()));
    for (const client of clients) client.disconnect();
  });

  it('connectRedis: a path that is not a number, or a database Redis refuses, is a RedisConnectionError', async () => {
    await expect(connectRedis(redisAt('/abc'))).rejects.toThrow(
      new RedisConnectionError(
        `cannot connect to Redis at ${redisAt('/abc')}: the database must be named by its number, e.g. redis://127.0.0.1:6379/0, or left out for database 0`,
        null,
      ),
    );
    await expect(connectRedis(redisAt('/99'))).rejects.toThrow(RedisConnectionError);
    await expect(connectRedis(`${redisAt('/')}?db=99`)).rejects.toThrow(`cannot select database 99 of Redis at ${redisAt('/')}?db=99: ERR DB index is out of range`);
  });

  it('keeps the rate limit counters in the database the URL names (15), not in database 0', async () => {
    const keyPrefix = `tourney-test-db15-${process.pid}-${Date.now().toString(36)}`;
    const server = await startTestServer({ redisUrl: redisAt('/15'), rateLimit: { keyPrefix } });
    servers.push(server);
    expect((await request(server, 'GET', '/health')).status).toBe(200);
    const keysIn = async (db: number) => {
      const client = new Redis(redisAt(`/${db}`));
      clients.push(client);
      return client.keys(`${keyPrefix}*`);
    };
    expect(await keysIn(15)).not.toEqual([]);
    expect(await keysIn(0)).toEqual([]);
  });
});
