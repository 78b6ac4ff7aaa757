import { parseRateLimitResetDelayMs, parseRetryAfterSeconds } from './rate-limit-headers';
import type { SleepFn } from './sleep';

/** A fetch function as openapi-fetch calls it: a ready `Request`, plus runtime-specific extras (undici dispatcher). */
export type FetchFn = (input: Request, init?: RequestInit) => Promise<Response>;

/** Retry settings of a client; all optional. Delays in MILLISECONDS. */
export interface RetryOptions {
  /** Retries after the first attempt (so at most `retries + 1` requests); 0 disables retrying. Default 3. */
  retries?: number;
  /** Base of the exponential back-off, in ms. Default 500. */
  minDelayMs?: number;
  /** Upper bound of any single wait, also of waits the server asks for with Retry-After, in ms. Default 30000. */
  maxDelayMs?: number;
}

/** {@link RetryOptions} with every default filled in. */
export type RetryPolicy = Required<RetryOptions>;

/** Default retry settings: 3 retries, back-off from 500 ms, capped at 30 s. */
export const DEFAULT_RETRY: RetryPolicy = { retries: 3, minDelayMs: 500, maxDelayMs: 30_000 };

/** Methods that may be repeated without changing the outcome (RFC 9110 idempotent methods, minus TRACE). */
const IDEMPOTENT_METHODS = new Set(['GET', 'HEAD', 'OPTIONS', 'PUT', 'DELETE']);

/** Statuses retried for requests that are safe to repeat: the upstream or the service was briefly unavailable. */
const RETRYABLE_GATEWAY_STATUSES = new Set([502, 503, 504]);

/** Fills in defaults and checks ranges; throws RangeError naming the bad field. */
export function resolveRetryPolicy(options: RetryOptions | undefined): RetryPolicy {
  const policy: RetryPolicy = { ...DEFAULT_RETRY, ...definedOnly(options ?? {}) };
  if (!Number.isInteger(policy.retries) || policy.retries < 0) {
    throw new RangeError(`retry.retries must be an integer >= 0, got ${String(policy.retries)}`);
  }
  if (!Number.isFinite(policy.minDelayMs) || policy.minDelayMs < 0) {
    throw new RangeError(`retry.minDelayMs must be a number >= 0, got ${String(policy.minDelayMs)}`);
  }
  if (!Number.isFinite(policy.maxDelayMs) || policy.maxDelayMs < policy.minDelayMs) {
    throw new RangeError(`retry.maxDelayMs must be a number >= retry.minDelayMs, got ${String(policy.maxDelayMs)}`);
  }
  return policy;
}

/** True when repeating `request` cannot apply it twice: an idempotent method, or any request with an Idempotency-Key. */
export function isSafeToRepeat(request: Request): boolean {
  return IDEMPOTENT_METHODS.has(request.method.toUpperCase()) || request.headers.has('idempotency-key');
}

/**
 * Exponential back-off with jitter for retry number `attempt` (0 = first retry), in ms:
 * min(maxDelayMs, minDelayMs * 2^attempt) * a random factor in [0.5, 1).
 */
export function backoffDelayMs(attempt: number, policy: RetryPolicy, random: () => number = Math.random): number {
  const ceiling = Math.min(policy.maxDelayMs, policy.minDelayMs * 2 ** attempt);
  return Math.round(ceiling * (0.5 + random() * 0.5));
}

/**
 * The wait the server asked for, in ms, capped by `maxDelayMs`: `Retry-After` (seconds or HTTP date) first, else
 * `X-RateLimit-Reset` (epoch seconds) minus now. Undefined when the response carries neither.
 */
export function serverRequestedDelayMs(response: Response, policy: RetryPolicy, nowMs: number): number | undefined {
  const retryAfter = parseRetryAfterSeconds(response.headers.get('retry-after'), nowMs);
  const delay =
    retryAfter !== undefined
      ? retryAfter * 1000
      : parseRateLimitResetDelayMs(response.headers.get('x-ratelimit-reset'), nowMs);
  return delay === undefined ? undefined : Math.min(policy.maxDelayMs, delay);
}

/**
 * How long to wait before retrying after `outcome` of attempt number `attempt` (0-based), or undefined when the
 * request must not be retried. 429: any method, server-requested delay else back-off. 502/503/504 and network errors:
 * only requests safe to repeat. Every other status (400, 401, 403, 404, 409, 422, 500, ...) is final.
 */
export function retryDelayMs(
  request: Request,
  outcome: { response: Response } | { error: unknown },
  attempt: number,
  policy: RetryPolicy,
  nowMs: number,
): number | undefined {
  if (attempt >= policy.retries || request.signal?.aborted) return undefined;
  if ('error' in outcome) {
    return isSafeToRepeat(request) ? backoffDelayMs(attempt, policy) : undefined;
  }
  const { status } = outcome.response;
  if (status === 429) {
    return serverRequestedDelayMs(outcome.response, policy, nowMs) ?? backoffDelayMs(attempt, policy);
  }
  if (RETRYABLE_GATEWAY_STATUSES.has(status) && isSafeToRepeat(request)) {
    return serverRequestedDelayMs(outcome.response, policy, nowMs) ?? backoffDelayMs(attempt, policy);
  }
  return undefined;
}

/**
 * Wraps `getFetch()` (resolved per call, so test interceptors installed later are honoured) with retries per
 * {@link retryDelayMs}. Each attempt sends a fresh clone and `request` itself is never consumed, so bodies are
 * re-sent intact (and middleware can still read the request afterwards). When the
 * retries are used up it returns the last response, or throws the last network error.
 */
export function createRetryingFetch(getFetch: () => FetchFn, policy: RetryPolicy, sleep: SleepFn): FetchFn {
  return async (request, init) => {
    for (let attempt = 0; ; attempt++) {
      let outcome: { response: Response } | { error: unknown };
      try {
        outcome = { response: await getFetch()(request.clone(), init) };
      } catch (error) {
        outcome = { error };
      }
      const delay = retryDelayMs(request, outcome, attempt, policy, Date.now());
      if (delay === undefined) {
        if ('error' in outcome) throw outcome.error;
        return outcome.response;
      }
      if ('response' in outcome) discardBody(outcome.response);
      await sleep(delay, request.signal ?? undefined);
    }
  };
}

/** Releases the body of a response that will not be read (frees the connection); never waits for it. */
function discardBody(response: Response): void {
  response.body?.cancel().catch(() => {
    // The body is thrown away; a failure to cancel it changes nothing.
  });
}

function definedOnly<T extends object>(value: T): Partial<T> {
  return Object.fromEntries(Object.entries(value).filter(([, v]) => v !== undefined)) as Partial<T>;
}
