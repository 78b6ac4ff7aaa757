import { describe, expect, it } from 'vitest';
import { parseRateLimitResetDelayMs, parseRetryAfterSeconds } from '../src/rate-limit-headers';
import { backoffDelayMs, DEFAULT_RETRY, isSafeToRepeat, resolveRetryPolicy } from '../src/retry';

const NOW = Date.UTC(2030, 0, 1, 12, 0, 0);

describe('parseRetryAfterSeconds', () => {
  it('reads delta seconds and HTTP dates, never negative', () => {
    expect(parseRetryAfterSeconds('7', NOW)).toBe(7);
    expect(parseRetryAfterSeconds(' 0 ', NOW)).toBe(0);
    expect(parseRetryAfterSeconds(new Date(NOW + 12_000).toUTCString(), NOW)).toBe(12);
    expect(parseRetryAfterSeconds(new Date(NOW - 12_000).toUTCString(), NOW)).toBe(0);
  });

  it('ignores absent and unreadable values', () => {
    expect(parseRetryAfterSeconds(null, NOW)).toBeUndefined();
    expect(parseRetryAfterSeconds('soon', NOW)).toBeUndefined();
    expect(parseRetryAfterSeconds('-3', NOW)).toBeUndefined();
  });
});

describe('parseRateLimitResetDelayMs', () => {
  it('turns epoch seconds into milliseconds from now, never negative', () => {
    expect(parseRateLimitResetDelayMs(String(NOW / 1000 + 30), NOW)).toBe(30_000);
    expect(parseRateLimitResetDelayMs(String(NOW / 1000 - 30), NOW)).toBe(0);
    expect(parseRateLimitResetDelayMs(null, NOW)).toBeUndefined();
    expect(parseRateLimitResetDelayMs('tomorrow', NOW)).toBeUndefined();
  });
});

describe('backoffDelayMs', () => {
  it('is min(maxDelay, minDelay * 2^attempt) scaled by a factor in [0.5, 1)', () => {
    const policy = { retries: 5, minDelayMs: 500, maxDelayMs: 3000 };
    expect(backoffDelayMs(0, policy, () => 0)).toBe(250);
    expect(backoffDelayMs(0, policy, () => 0.999)).toBe(500);
    expect(backoffDelayMs(1, policy, () => 0)).toBe(500);
    expect(backoffDelayMs(2, policy, () => 0.5)).toBe(1500);
    expect(backoffDelayMs(3, policy, () => 0)).toBe(1500);
    expect(backoffDelayMs(10, policy, () => 0.999)).toBe(2999);
  });
});

describe('isSafeToRepeat', () => {
  it('accepts idempotent methods and requests with an Idempotency-Key', () => {
    const url = 'http://tourney.test/api/v1/x';
    for (const method of ['GET', 'HEAD', 'OPTIONS', 'PUT', 'DELETE']) {
      expect(isSafeToRepeat(new Request(url, { method }))).toBe(true);
    }
    expect(isSafeToRepeat(new Request(url, { method: 'POST' }))).toBe(false);
    expect(isSafeToRepeat(new Request(url, { method: 'PATCH' }))).toBe(false);
    expect(isSafeToRepeat(new Request(url, { method: 'POST', headers: { 'Idempotency-Key': 'k' } }))).toBe(true);
  });
});

describe('resolveRetryPolicy', () => {
  it('fills defaults: 3 retries, 500 ms, 30 s', () => {
    expect(resolveRetryPolicy(undefined)).toEqual({ retries: 3, minDelayMs: 500, maxDelayMs: 30_000 });
    expect(resolveRetryPolicy({ retries: 1, minDelayMs: undefined })).toEqual({ ...DEFAULT_RETRY, retries: 1 });
  });

  it('rejects bad values naming the field', () => {
    expect(() => resolveRetryPolicy({ retries: 1.5 })).toThrow(/retry\.retries/);
    expect(() => resolveRetryPolicy({ minDelayMs: -1 })).toThrow(/retry\.minDelayMs/);
    expect(() => resolveRetryPolicy({ maxDelayMs: Number.NaN })).toThrow(/retry\.maxDelayMs/);
  });
});
