import type { ServerConfig } from './config';
import type { ConnectedDatabase } from './db/dialect';
import { createMemoryRateLimiter, fromRateLimiterFlexible, type RateLimiter } from './http/rate-limit';
import type { RedisConnection } from './redis/redis-connection';
import { createRedisRateLimiter } from './redis/redis-rate-limiter';

/**
 * The rate limiter of a server (R21.1): rate-limiter-flexible's Redis store when `redis` is connected (REDIS_URL),
 * else the database's shared store when it has one (PostgreSQL: the `rate_limits` table), else counters in this
 * process (SQLite, whose deployment is one process). Limits from config.rateLimit; keys prefixed with its keyPrefix.
 */
export function createRateLimiterFor(
  config: Pick<ServerConfig, 'rateLimit'>,
  database: Pick<ConnectedDatabase, 'createRateLimiter'>,
  redis: RedisConnection | null,
): RateLimiter {
  const { points, durationSeconds, keyPrefix } = config.rateLimit;
  const options = { points, durationSeconds, keyPrefix };
  if (redis) return fromRateLimiterFlexible(createRedisRateLimiter(redis.client, options));
  if (database.createRateLimiter) return fromRateLimiterFlexible(database.createRateLimiter(options));
  return createMemoryRateLimiter(config.rateLimit);
}
