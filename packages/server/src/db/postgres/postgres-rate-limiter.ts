import type { Pool } from 'pg';
import { type RateLimiterAbstract, RateLimiterMemory, RateLimiterPostgres } from 'rate-limiter-flexible';
import type { SharedRateLimiterOptions } from '../dialect';

/** The table of the counters, made by migration 0013 in the layout RateLimiterPostgres expects. */
const RATE_LIMITS_TABLE = 'rate_limits';

/**
 * rate-limiter-flexible's PostgreSQL store over the server's pool (R21.1): one row per caller and window in
 * `rate_limits`, counted by one atomic `INSERT ... ON CONFLICT DO UPDATE ... RETURNING`, so the limit is exact
 * whatever the number of processes. Expired rows are deleted about once an hour by each process. While PostgreSQL
 * cannot be reached, requests are counted in this process instead (an in-memory insurance limiter with the same
 * limit), as with Redis: the limit loosens to one window per process, and `/health` still answers with the outage
 * (degraded, R21.4) instead of failing in the rate limit first.
 */
export function createPostgresRateLimiter(pool: Pool, options: SharedRateLimiterOptions): RateLimiterAbstract {
  return new RateLimiterPostgres({
    storeClient: pool,
    storeType: 'pool',
    tableName: RATE_LIMITS_TABLE,
    tableCreated: true,
    keyPrefix: options.keyPrefix,
    points: options.points,
    duration: options.durationSeconds,
    insuranceLimiter: new RateLimiterMemory({ points: options.points, duration: options.durationSeconds }),
  });
}
