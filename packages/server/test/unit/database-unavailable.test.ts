import { afterEach, describe, expect, it, vi } from 'vitest';
import { DatabaseUnavailableError, isDatabaseUnavailable } from '../../src/db/connection-error';
import { UniqueViolationError } from '../../src/db/unique-violation';
import { toApiError } from '../../src/http/errors';
import { type RateLimitDecision, type RateLimiter, withStoreDeadline } from '../../src/http/rate-limit';
import { DeadlineExceededError, withDeadline } from '../../src/deadline';

/** An error as Node.js or a driver gives it: a message and a code. */
function coded(code: string, message = 'driver message'): Error {
  return Object.assign(new Error(message), { code });
}

// R18.18: which failures mean "the database cannot be reached right now" (503, retry) rather than a bug (500).
describe('isDatabaseUnavailable', () => {
  it('recognises PostgreSQL connection exceptions, shutdowns and too many connections by SQLSTATE', () => {
    for (const code of ['08000', '08003', '08006', '08001', '08004', '08P01', '57P01', '57P02', '57P03', '53300']) {
      expect(isDatabaseUnavailable(coded(code)), code).toBe(true);
    }
  });

  it("recognises node-postgres's lost-connection and pool timeout errors, which carry no code", () => {
    for (const message of [
      'Connection terminated unexpectedly',
      'Connection terminated',
      'timeout exceeded when trying to connect',
      'Connection terminated due to connection timeout',
      'Query read timeout',
      'Client has encountered a connection error and is not queryable',
    ]) {
      expect(isDatabaseUnavailable(new Error(message)), message).toBe(true);
    }
  });

  it('recognises Node.js network errors, also inside an AggregateError or as the cause of another error', () => {
    for (const code of ['ECONNREFUSED', 'ECONNRESET', 'ETIMEDOUT', 'EPIPE', 'ENOTFOUND', 'EHOSTUNREACH']) {
      expect(isDatabaseUnavailable(coded(code, `connect ${code} 10.0.0.5:5432`)), code).toBe(true);
    }
    expect(isDatabaseUnavailable(new AggregateError([coded('ECONNREFUSED'), coded('ECONNREFUSED')], ''))).toBe(true);
    expect(isDatabaseUnavailable(new Error('wrapped', { cause: coded('57P01') }))).toBe(true);
    expect(isDatabaseUnavailable(new DatabaseUnavailableError('no connection to PostgreSQL: the database is not accepting connections', coded('55000')))).toBe(true);
  });

  it("recognises SQLite's busy (past the busy timeout), cannot-open and I/O errors, extended codes included", () => {
    for (const code of ['SQLITE_BUSY', 'SQLITE_BUSY_SNAPSHOT', 'SQLITE_CANTOPEN', 'SQLITE_IOERR', 'SQLITE_IOERR_WRITE']) {
      expect(isDatabaseUnavailable(coded(code)), code).toBe(true);
    }
  });

  it('keeps real bugs and refusals apart: statement timeout, SQL errors, constraints, locks, anything else', () => {
    for (const error of [
      coded('57014', 'canceling statement due to statement timeout'),
      coded('42P01', 'relation "nope" does not exist'),
      coded('42601', 'syntax error at or near "selec"'),
      coded('23505', 'duplicate key value violates unique constraint'),
      coded('40P01', 'deadlock detected'),
      coded('SQLITE_ERROR', 'no such table: nope'),
      coded('SQLITE_LOCKED'),
      coded('SQLITE_CONSTRAINT_UNIQUE'),
      coded('SQLITE_BUSYBODY'),
      coded('ENOENT'),
      new Error('the query timeout of the report was reached'),
      new TypeError("Cannot read properties of undefined (reading 'id')"),
      new UniqueViolationError('duplicate', { table: 'users', columns: ['email'] }, coded('23505')),
      'a string',
      null,
      undefined,
    ]) {
      expect(isDatabaseUnavailable(error), String(error)).toBe(false);
    }
  });

  it('does not loop on an error that is its own cause', () => {
    const error = new Error('self');
    (error as { cause?: unknown }).cause = error;
    expect(isDatabaseUnavailable(error)).toBe(false);
  });
});

describe('toApiError of an unreachable database', () => {
  it('is 503 SERVICE_UNAVAILABLE with Retry-After and a message that says nothing of the cause; a bug stays 500', () => {
    const unavailable = toApiError(coded('57P01', 'terminating connection due to administrator command'));
    expect(unavailable.status).toBe(503);
    expect(unavailable.code).toBe('SERVICE_UNAVAILABLE');
    expect(Number(unavailable.headers?.['Retry-After'])).toBeGreaterThanOrEqual(1);
    expect(unavailable.message).not.toMatch(/terminating|administrator|57P01/);
    const bug = toApiError(new TypeError("Cannot read properties of undefined (reading 'id')"));
    expect(bug.status).toBe(500);
    expect(bug.code).toBe('INTERNAL_ERROR');
  });
});

describe('bounded waits (withDeadline, withStoreDeadline)', () => {
  afterEach(() => {
    vi.useRealTimers();
  });

  it('withDeadline settles as the work does in time, else rejects with DeadlineExceededError once the bound passes', async () => {
    vi.useFakeTimers();
    await expect(withDeadline(Promise.resolve('done'), 1000, 'late')).resolves.toBe('done');
    let outcome: unknown = 'pending';
    withDeadline(new Promise(() => {}), 1000, 'the work did not answer').then(
      (value) => (outcome = value),
      (error: unknown) => (outcome = error),
    );
    await vi.advanceTimersByTimeAsync(999);
    expect(outcome).toBe('pending');
    await vi.advanceTimersByTimeAsync(1);
    expect(outcome).toBeInstanceOf(DeadlineExceededError);
    expect((outcome as Error).message).toBe('the work did not answer');
  });

  it('withStoreDeadline counts in the fallback when the shared store does not answer within the bound, and passes its errors on', async () => {
    vi.useFakeTimers();
    const decision = (limit: number): RateLimitDecision => ({ allowed: true, limit, remaining: limit - 1, msBeforeReset: 60_000 });
    const fallback: RateLimiter = { consume: async () => decision(2) };
    const answering = withStoreDeadline({ consume: async () => decision(1) }, fallback, 500);
    await expect(answering.consume('ip:a')).resolves.toEqual(decision(1));

    const stalled = withStoreDeadline({ consume: () => new Promise(() => {}) }, fallback, 500);
    let counted: RateLimitDecision | undefined;
    void stalled.consume('ip:a').then((d) => (counted = d));
    await vi.advanceTimersByTimeAsync(499);
    expect(counted).toBeUndefined();
    await vi.advanceTimersByTimeAsync(1);
    expect(counted).toEqual(decision(2));

    const failing = withStoreDeadline({ consume: async () => Promise.reject(coded('ECONNREFUSED')) }, fallback, 500);
    await expect(failing.consume('ip:a')).rejects.toMatchObject({ code: 'ECONNREFUSED' });
  });
});
