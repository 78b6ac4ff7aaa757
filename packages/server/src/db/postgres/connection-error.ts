import { connectionFailureReason } from '../../connection-failure-reason';
import { DatabaseConnectionError, redactUrl } from '../connection-error';

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
 * its first error's code says why (connection-failure-reason.ts).
 */
export function connectionFailure(url: string, error: unknown): DatabaseConnectionError {
  const reason = connectionFailureReason(error, 'PostgreSQL', SERVER_REASONS);
  return new DatabaseConnectionError(`cannot connect to PostgreSQL at ${redactUrl(url)}: ${reason}`, error);
}
