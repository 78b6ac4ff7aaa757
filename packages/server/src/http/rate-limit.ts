import type { Middleware } from 'koa';
import { type RateLimiterAbstract, RateLimiterMemory, RateLimiterRes } from 'rate-limiter-flexible';
import { type Clock, systemClock } from '../clock';
import type { RateLimitConfig } from '../config';
import { DeadlineExceededError, withDeadline } from '../deadline';
import { ApiError } from './errors';
import type { ApiContextExtras, ApiState } from './operation';

/** The outcome of counting one request against its caller's window. */
export interface RateLimitDecision {
  allowed: boolean;
  /** Requests allowed per window. */
  limit: number;
  /** Requests left in the current window (0 when refused). */
  remaining: number;
  /** Milliseconds until the current window resets. */
  msBeforeReset: number;
}

/**
 * Counts requests per caller key. startServer picks the store (rate-limit-store.ts, R21.1): Redis with REDIS_URL,
 * PostgreSQL with DATABASE_URL, else in memory; any rate-limiter-flexible limiter plugs in through
 * `fromRateLimiterFlexible`.
 */
export interface RateLimiter {
  /** Counts one request for `key`; never throws for an exhausted window (allowed: false instead). */
  consume(key: string): Promise<RateLimitDecision>;
}

/** Adapts any rate-limiter-flexible limiter (Memory, Redis, Postgres ...) to the RateLimiter port. */
export function fromRateLimiterFlexible(limiter: RateLimiterAbstract): RateLimiter {
  return {
    async consume(key) {
      try {
        const res = await limiter.consume(key);
        return { allowed: true, limit: limiter.points, remaining: res.remainingPoints, msBeforeReset: res.msBeforeNext };
      } catch (error) {
        if (error instanceof RateLimiterRes) {
          return { allowed: false, limit: limiter.points, remaining: 0, msBeforeReset: error.msBeforeNext };
        }
        throw error;
      }
    },
  };
}

/**
 * The default limiter: rate-limiter-flexible's in-memory store, `points` requests per `durationSeconds` per key in this
 * process (a window opens with a key's first request; refused requests count; 0 seconds = a window that never closes,
 * msBeforeReset -1). It reads the system time (`Date.now()`): tests move it with fake timers. Several instances plug a
 * shared store instead (see {@link fromRateLimiterFlexible}).
 */
export function createMemoryRateLimiter(config: Pick<RateLimitConfig, 'points' | 'durationSeconds'> & Partial<RateLimitConfig>): RateLimiter {
  return fromRateLimiterFlexible(new RateLimiterMemory({ points: config.points, duration: config.durationSeconds }));
}

/**
 * How long a request waits for the shared rate limit store (ms) before it is counted in this process instead: far
 * above a round trip to a healthy Redis or PostgreSQL, far below a load balancer's health probe timeout (R18.18).
 */
export const RATE_LIMIT_STORE_DEADLINE_MS = 1000;

/**
 * `shared` bounded in time (R18.18): a count it has not answered within `ms` milliseconds is made by `fallback` (an
 * in-memory limiter with the same limits) instead, so that a shared store that stops answering (a paused Redis, a
 * black-holed PostgreSQL connection, which rate-limiter-flexible's insurance limiter only notices after the client's
 * own timeout) delays no request, `/health` included, by more than `ms`. Meanwhile the limit loosens to one window per
 * process, as with the insurance limiter. Other errors of `shared` are thrown as they are.
 */
export function withStoreDeadline(shared: RateLimiter, fallback: RateLimiter, ms: number = RATE_LIMIT_STORE_DEADLINE_MS): RateLimiter {
  return {
    async consume(key) {
      try {
        return await withDeadline(shared.consume(key), ms, `the rate limit store did not answer within ${ms} ms`);
      } catch (error) {
        if (error instanceof DeadlineExceededError) return fallback.consume(key);
        throw error;
      }
    },
  };
}

/**
 * Counts every request against its caller (API key id, else user id, else client address; a request with invalid
 * credentials counts against its address; a request `byAddress` selects, the account-entry operations marked
 * `x-rate-limit-by: address`, against its address whatever credentials it carries) and sets X-RateLimit-Limit, X-RateLimit-Remaining and X-RateLimit-Reset
 * (Unix epoch seconds of the window reset, read from `clock`) on every response, errors included. Over the limit: 429
 * RATE_LIMITED with Retry-After (seconds). Must run after authenticate and inside the error handler.
 */
export function rateLimit(
  limiter: RateLimiter,
  clock: Clock = systemClock,
  byAddress: (ctx: { path: string; method: string }) => boolean = () => false,
): Middleware<ApiState, ApiContextExtras> {
  return async (ctx, next) => {
    const auth = ctx.state.auth;
    const caller = auth.kind === 'apiKey' ? `key:${auth.apiKeyId}` : auth.kind === 'user' ? `user:${auth.userId}` : undefined;
    const key = caller === undefined || byAddress(ctx) ? `ip:${ctx.ip}` : caller;
    const decision = await limiter.consume(key);
    const resetSeconds = Math.ceil((clock.now().getTime() + decision.msBeforeReset) / 1000);
    ctx.set('X-RateLimit-Limit', String(decision.limit));
    ctx.set('X-RateLimit-Remaining', String(Math.max(0, decision.remaining)));
    ctx.set('X-RateLimit-Reset', String(resetSeconds));
    if (!decision.allowed) {
      const retryAfter = Math.max(1, Math.ceil(decision.msBeforeReset / 1000));
      throw new ApiError('RATE_LIMITED', `rate limit of ${decision.limit} requests exceeded, retry in ${retryAfter} seconds`, {
        headers: { 'Retry-After': String(retryAfter) },
      });
    }
    return next();
  };
}
