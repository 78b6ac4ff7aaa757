/**
 * Result codes (primary, so that every extended code of them matches: SQLITE_BUSY_SNAPSHOT, SQLITE_IOERR_WRITE, ...)
 * of a SQLite database that cannot be used right now rather than of a wrong statement (R18.18): SQLITE_BUSY (another
 * process held the write lock past the busy timeout), SQLITE_CANTOPEN (the file or its journal cannot be opened,
 * e.g. its volume went away) and SQLITE_IOERR (the disk failed a read or write). SQLITE_LOCKED (a conflict within one
 * connection) and constraint errors are bugs or conflicts, not outages.
 */
const UNAVAILABLE_CODES: readonly string[] = ['SQLITE_BUSY', 'SQLITE_CANTOPEN', 'SQLITE_IOERR'];

/** Whether `error` is better-sqlite3's way of saying that the database cannot be used right now (R18.18). */
export function isSqliteUnavailable(error: unknown): boolean {
  const code = (error as { code?: unknown } | null)?.code;
  return typeof code === 'string' && UNAVAILABLE_CODES.some((primary) => code === primary || code.startsWith(`${primary}_`));
}
