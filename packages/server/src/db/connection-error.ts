import { isPostgresUnavailable } from './postgres/unavailable';
import { isSqliteUnavailable } from './sqlite/unavailable';

/**
 * The database could not be opened at start (unreachable server, refused credentials, missing database): `message`
 * says where (without the password) and why, in one line fit for the console; `cause` is the driver's error.
 */
export class DatabaseConnectionError extends Error {
  override readonly name = 'DatabaseConnectionError';

  constructor(message: string, cause: unknown) {
    super(message, { cause });
  }
}

/**
 * `url` with its password replaced by `***` (for messages and logs); a string that is not a URL is returned as it
 * is when it has no `@`, else as `(unparsable URL)`.
 */
export function redactUrl(url: string): string {
  try {
    const parsed = new URL(url);
    if (parsed.password) parsed.password = '***';
    return parsed.toString();
  } catch {
    return url.includes('@') ? '(unparsable URL)' : url;
  }
}

/**
 * The database could not be reached while serving a request (R18.18): no connection could be opened or taken from
 * the pool (refused, timed out, too many connections, the database not accepting connections). `cause` is the
 * driver's error. Thrown by the dialects where a connection is acquired; {@link isDatabaseUnavailable} also knows the
 * driver's own errors for a connection lost during a statement.
 */
export class DatabaseUnavailableError extends Error {
  override readonly name = 'DatabaseUnavailableError';

  constructor(message: string, cause: unknown) {
    super(message, { cause });
  }
}

/**
 * Node.js network error codes of a connection that failed or broke (refused, reset, no route, no answer, ...).
 * ECONNABORTED is left out: it is also the code of a request body its client stopped sending (no outage).
 */
const NETWORK_CODES: ReadonlySet<string> = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'ETIMEDOUT',
  'EPIPE',
  'ENOTFOUND',
  'EAI_AGAIN',
  'EHOSTUNREACH',
  'ENETUNREACH',
  'ENETDOWN',
]);

/** How many levels of `cause` (and AggregateError members) are looked into. */
const MAX_DEPTH = 4;

/**
 * Whether `error` says that the database cannot be reached right now rather than that the request or the code is
 * wrong (R18.18): a {@link DatabaseUnavailableError}, a Node.js network error ({@link NETWORK_CODES}), or an error
 * of a dialect's driver that `dialectSays` recognises (by default those of every dialect: PostgreSQL's connection
 * SQLSTATEs and lost-connection messages, db/postgres/unavailable.ts; SQLite's busy, cannot-open and I/O errors,
 * db/sqlite/unavailable.ts). Its `cause` chain and the members of an AggregateError (Node.js reports a refused
 * connection to a host of several addresses so) are looked into as well. Anything else (a syntax error, a
 * constraint, a statement timeout) is false: it stays a 500.
 */
export function isDatabaseUnavailable(error: unknown, dialectSays: (error: unknown) => boolean = anyDialectSaysUnavailable): boolean {
  const seen = new Set<unknown>();
  const visit = (candidate: unknown, depth: number): boolean => {
    if (candidate === null || typeof candidate !== 'object' || depth > MAX_DEPTH || seen.has(candidate)) return false;
    seen.add(candidate);
    if (candidate instanceof DatabaseUnavailableError) return true;
    const code = (candidate as { code?: unknown }).code;
    if (typeof code === 'string' && NETWORK_CODES.has(code)) return true;
    if (dialectSays(candidate)) return true;
    if (candidate instanceof AggregateError && candidate.errors.some((member) => visit(member, depth + 1))) return true;
    return visit((candidate as { cause?: unknown }).cause, depth + 1);
  };
  return visit(error, 0);
}

/** Whether any dialect's driver says its database cannot be reached by `error` (the codes never overlap). */
function anyDialectSaysUnavailable(error: unknown): boolean {
  return isPostgresUnavailable(error) || isSqliteUnavailable(error);
}

/**
 * Waits for a write that only records something for information (a credential's last use): when the database cannot
 * take it (isDatabaseUnavailable) the caller goes on without it; any other error is thrown (R18.18).
 */
export async function unlessUnavailable(write: Promise<unknown>): Promise<void> {
  try {
    await write;
  } catch (error) {
    if (!isDatabaseUnavailable(error)) throw error;
  }
}
