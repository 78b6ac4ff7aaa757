/**
 * Reads `Retry-After` (delta seconds, or an HTTP date) into whole seconds to wait, never negative.
 * `nowMs` is the current time in epoch milliseconds. Returns undefined when the header is absent or unreadable.
 */
export function parseRetryAfterSeconds(value: string | null, nowMs: number): number | undefined {
  if (value === null) return undefined;
  const trimmed = value.trim();
  if (/^\d+(\.\d+)?$/.test(trimmed)) return Math.max(0, Number(trimmed));
  if (!/[a-z]/i.test(trimmed)) return undefined; // an HTTP date names its day and month, e.g. "Wed, 21 Oct 2026 07:28:00 GMT"
  const date = Date.parse(trimmed);
  if (Number.isNaN(date)) return undefined;
  return Math.max(0, Math.ceil((date - nowMs) / 1000));
}

/**
 * Milliseconds until the rate-limit window resets, from `X-RateLimit-Reset` (Unix epoch SECONDS), never negative.
 * `nowMs` is the current time in epoch milliseconds. Returns undefined when the header is absent or unreadable.
 */
export function parseRateLimitResetDelayMs(value: string | null, nowMs: number): number | undefined {
  if (value === null) return undefined;
  const trimmed = value.trim();
  if (!/^\d+(\.\d+)?$/.test(trimmed)) return undefined;
  return Math.max(0, Math.ceil(Number(trimmed) * 1000 - nowMs));
}
