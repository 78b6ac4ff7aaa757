import { describe, expect, it } from 'vitest';
import { connectionFailureReason } from '../../src/connection-failure-reason';

/** An error as Node.js or a driver gives it: a message and a code. */
function coded(code: string, message = ''): Error {
  return Object.assign(new Error(message), { code });
}

// R18.11, R21.5: one line saying why the first connection failed.
describe('connectionFailureReason', () => {
  it('words a network error code, naming the service in the hint of a refused connection', () => {
    expect(connectionFailureReason(coded('ECONNREFUSED'), 'Redis')).toBe('connection refused (is Redis running and listening on that host and port?)');
    expect(connectionFailureReason(coded('ECONNREFUSED'), 'PostgreSQL')).toBe(
      'connection refused (is PostgreSQL running and listening on that host and port?)',
    );
    expect(connectionFailureReason(coded('ENOTFOUND', 'getaddrinfo ENOTFOUND db'), 'PostgreSQL')).toBe('host not found');
  });

  it('reads the first error of an AggregateError', () => {
    expect(connectionFailureReason(new AggregateError([coded('ECONNREFUSED'), coded('ENETUNREACH')]), 'Redis')).toMatch(/^connection refused/);
  });

  it("words the service's own codes before its message, else a timeout, else the message", () => {
    const reasons = { '28P01': 'credentials refused' };
    expect(connectionFailureReason(coded('28P01', 'password authentication failed'), 'PostgreSQL', reasons)).toBe(
      'credentials refused: password authentication failed',
    );
    expect(connectionFailureReason(coded('28P01', 'password authentication failed'), 'Redis')).toBe('password authentication failed');
    expect(connectionFailureReason(new Error('Connection terminated due to connection timeout'), 'PostgreSQL')).toBe('no answer (connection timed out)');
    expect(connectionFailureReason(new Error(''), 'Redis')).toBe('unknown error');
    expect(connectionFailureReason('boom', 'Redis')).toBe('boom');
  });

  it('takes for a timeout only a network code or a driver timeout, never a message that mentions one', () => {
    expect(connectionFailureReason(coded('ETIMEDOUT', 'connect ETIMEDOUT'), 'Redis')).toBe('no answer (connection timed out)');
    expect(connectionFailureReason(new Error('Command timed out'), 'Redis')).toBe('no answer (connection timed out)');
    // PostgreSQL refusing a statement timeout above its limit (SQLSTATE 22023) at connection.
    const refused = coded('22023', 'invalid value for parameter "statement_timeout": "3000000000"');
    expect(connectionFailureReason(refused, 'PostgreSQL')).toBe('invalid value for parameter "statement_timeout": "3000000000"');
    expect(connectionFailureReason(new Error('lock_timeout is not supported'), 'PostgreSQL')).toBe('lock_timeout is not supported');
  });
});
