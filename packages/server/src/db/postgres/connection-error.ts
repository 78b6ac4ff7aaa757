import { DatabaseConnectionError, redactUrl } from '../connection-error';

/** Why a connection failed, in words, by Node.js network error code. */
const NETWORK_REASONS: Record<string, string> = {
  ECONNREFUSED: 'connection refused (is PostgreSQL running and listening on that host and port?)',
  ENOTFOUND: 'host not found',
  EAI_AGAIN: 'host name lookup failed',
  ETIMEDOUT: 'no answer (connection timed out)',
  EHOSTUNREACH: 'host unreachable',
  ENETUNREACH: 'network unreachable',
  ECONNRESET: 'connection reset by the server',
};

/** Why a connection failed, in words, by PostgreSQL SQLSTATE (the server's own message follows). */
const SERVER_REASONS: Record<string, string> = {
  '28P01': 'credentials refused',
  '28000': 'credentials refused',
  '3D000': 'no such database',
  '53300': 'too many connections',
  '57P03': 'the server is starting up or shutting down',
};

/**
 * A failure to open the first connection to `url` as DatabaseConnectionError, e.g. `cannot connect to PostgreSQL at
 * postgres://app:***@db:5432/tourney: credentials refused: password authentication failed for user "app"`. Node.js
 * reports a refused connection to a host with several addresses (localhost) as an AggregateError with no message:
 * its first error's code says why.
 */
export function connectionFailure(url: string, error: unknown): DatabaseConnectionError {
  const e = (error instanceof AggregateError && error.errors.length > 0 ? error.errors[0] : error) as
    | { code?: unknown; message?: unknown }
    | null;
  const code = typeof e?.code === 'string' ? e.code : '';
  const message = typeof e?.message === 'string' ? e.message : String(error);
  let reason: string;
  if (NETWORK_REASONS[code]) reason = NETWORK_REASONS[code];
  else if (SERVER_REASONS[code]) reason = `${SERVER_REASONS[code]}: ${message}`;
  else if (/timeout/i.test(message)) reason = 'no answer (connection timed out)';
  else reason = message || 'unknown error';
  return new DatabaseConnectionError(`cannot connect to PostgreSQL at ${redactUrl(url)}: ${reason}`, error);
}
