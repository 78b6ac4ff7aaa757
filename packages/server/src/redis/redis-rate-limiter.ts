import type { Redis } from 'ioredis';
import { type RateLimiterAbstract, RateLimiterMemory, RateLimiterRedis } from 'rate-limiter-flexible';
import type { SharedRateLimiterOptions } from '../db/dialect';

/**
 * rate-limiter-flexible's Redis store on `client` (R21.1): each request increments its caller's key and sets its
 * expiry in one Lua script, so the limit is exact whatever the number of processes. While Redis cannot be reached,
 * requests are counted in this process instead (an in-memory insurance limiter with the same limit), so an outage
 * of Redis loosens the limit to one window per process rather than failing requests; `/health` reports it (R21.4).
 */
export function createRedisRateLimiter(client: Redis, options: SharedRateLimiterOptions): RateLimiterAbstract {
  return new RateLimiterRedis({
    storeClient: client,
    keyPrefix: options.keyPrefix,
    points: options.points,
    duration: options.durationSeconds,
    insuranceLimiter: new RateLimiterMemory({ points: options.points, duration: options.durationSeconds }),
  });
}
