import type { Middleware } from 'koa';
import { type RateLimiterAbstract, RateLimiterRes } from 'rate-limiter-flexible';
import { type Clock, systemClock } from '../clock';
import type { RateLimitConfig } from '../config';
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
 * Counts requests per caller key. The server uses an in-memory limiter; plug a shared one (e.g. rate-limiter-flexible's
 * RateLimiterRedis through `fromRateLimiterFlexible`) when several instances serve the same callers.
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
 * The default limiter: `points` requests per `durationSeconds` per key, kept in this process's memory. A key's window
 * opens with its first request and closes `durationSeconds` later, both read from `clock` (the server's injected
 * Clock, so a ManualClock moves the window); requests refused in a window still count in it. A window of 0 seconds
 * never closes (as with rate-limiter-flexible; msBeforeReset -1). Closed windows are dropped at the latest one window
 * length after they closed. rate-limiter-flexible's memory limiter reads the wall clock and runs its own timers, hence
 * this one; shared limiters still go through {@link fromRateLimiterFlexible}.
 */
export function createMemoryRateLimiter(config: RateLimitConfig, clock: Clock = systemClock): RateLimiter {
  const durationMs = config.durationSeconds > 0 ? config.durationSeconds * 1000 : Infinity;
  const windows = new Map<string, { consumed: number; resetAtMs: number }>();
  let pruneAtMs = -Infinity;
  return {
    async consume(key) {
      const nowMs = clock.now().getTime();
      if (nowMs >= pruneAtMs) {
        for (const [k, w] of windows) if (w.resetAtMs <= nowMs) windows.delete(k);
        pruneAtMs = nowMs + durationMs;
      }
      let window = windows.get(key);
      if (!window || window.resetAtMs <= nowMs) {
        window = { consumed: 0, resetAtMs: nowMs + durationMs };
        windows.set(key, window);
      }
      window.consumed += 1;
      const allowed = window.consumed <= config.points;
      const msBeforeReset = Number.isFinite(window.resetAtMs) ? window.resetAtMs - nowMs : -1;
      return { allowed, limit: config.points, remaining: allowed ? config.points - window.consumed : 0, msBeforeReset };
    },
  };
}

/**
 * Counts every request against its caller (API key id, else user id, else client address; a request with invalid
 * credentials counts against its address) and sets X-RateLimit-Limit, X-RateLimit-Remaining and X-RateLimit-Reset
 * (Unix epoch seconds of the window reset, read from `clock`) on every response, errors included. Over the limit: 429
 * RATE_LIMITED with Retry-After (seconds). Must run after authenticate and inside the error handler.
 */
export function rateLimit(limiter: RateLimiter, clock: Clock = systemClock): Middleware<ApiState, ApiContextExtras> {
  return async (ctx, next) => {
    const auth = ctx.state.auth;
    const key = auth.kind === 'apiKey' ? `key:${auth.apiKeyId}` : auth.kind === 'user' ? `user:${auth.userId}` : `ip:${ctx.ip}`;
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
