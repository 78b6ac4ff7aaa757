import type { ServerConfig } from './config';
import type { ConnectedDatabase } from './db/dialect';
import { createMemoryRateLimiter, fromRateLimiterFlexible, type RateLimiter, withStoreDeadline } from './http/rate-limit';
import type { RedisConnection } from './redis/redis-connection';
import { createRedisRateLimiter } from './redis/redis-rate-limiter';

/**
 * The rate limiter of a server (R21.1): rate-limiter-flexible's Redis store when `redis` is connected (REDIS_URL),
 * else the database's shared store when it has one (PostgreSQL: the `rate_limits` table), else counters in this
 * process (SQLite, whose deployment is one process). Limits from config.rateLimit; keys prefixed with its keyPrefix.
 * A shared store is waited on at most RATE_LIMIT_STORE_DEADLINE_MS, then the request is counted in this process
 * (withStoreDeadline, R18.18); the counters in this process need no bound (and no timer per request).
 */
export function createRateLimiterFor(
  config: Pick<ServerConfig, 'rateLimit'>,
  database: Pick<ConnectedDatabase, 'createRateLimiter'>,
  redis: RedisConnection | null,
): RateLimiter {
  const { points, durationSeconds, keyPrefix } = config.rateLimit;
  const options = { points, durationSeconds, keyPrefix };
  const memory = createMemoryRateLimiter(config.rateLimit);
  if (redis) return withStoreDeadline(fromRateLimiterFlexible(createRedisRateLimiter(redis.client, options)), memory);
  if (database.createRateLimiter) return withStoreDeadline(fromRateLimiterFlexible(database.createRateLimiter(options)), memory);
  return memory;
}
