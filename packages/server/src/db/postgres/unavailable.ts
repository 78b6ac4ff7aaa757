/**
 * SQLSTATEs of a PostgreSQL server that cannot serve this connection right now (R18.18): class 08 (connection
 * exception), 57P01 admin shutdown (the backend was terminated: a failover, `pg_terminate_backend`), 57P02 crash
 * shutdown, 57P03 cannot connect now (starting up, shutting down, in recovery), 57P05 idle session timeout, and 53300
 * too many connections.
 */
const UNAVAILABLE_STATES: ReadonlySet<string> = new Set(['57P01', '57P02', '57P03', '57P05', '53300']);

/**
 * node-postgres's own errors of a connection that was lost, never answered or could not be opened: they carry no
 * SQLSTATE (matched whole, so that a server message mentioning a timeout, e.g. `statement_timeout`, is no match).
 * `Query read timeout` is the pool's `query_timeout` on a connection that stopped answering (postgres.ts).
 */
const DRIVER_MESSAGES: ReadonlySet<string> = new Set([
  'Connection terminated',
  'Connection terminated unexpectedly',
  'Connection terminated due to connection timeout',
  'timeout exceeded when trying to connect',
  'timeout expired',
  'Query read timeout',
  'Client has encountered a connection error and is not queryable',
  'Client was closed and is not queryable',
]);

/**
 * Whether `error` (one error, its causes are looked into by isDatabaseUnavailable) is node-postgres's or the
 * PostgreSQL server's way of saying that the database cannot be reached right now (R18.18): a SQLSTATE of class 08
 * or one of {@link UNAVAILABLE_STATES}, or one of node-postgres's lost-connection messages ({@link DRIVER_MESSAGES}).
 */
export function isPostgresUnavailable(error: unknown): boolean {
  if (error === null || typeof error !== 'object') return false;
  const { code, message } = error as { code?: unknown; message?: unknown };
  if (typeof code === 'string' && /^[0-9A-Z]{5}$/.test(code) && (code.startsWith('08') || UNAVAILABLE_STATES.has(code))) return true;
  return code === undefined && typeof message === 'string' && DRIVER_MESSAGES.has(message);
}
