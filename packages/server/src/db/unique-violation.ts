/**
 * True when `error` is a unique-constraint violation from the database (SQLite SQLITE_CONSTRAINT_UNIQUE or
 * PostgreSQL 23505), optionally on a given `table.column` (matched against the driver's message).
 * Services check for conflicts first and use this for the race where two requests insert at once.
 */
export function isUniqueViolation(error: unknown, column?: string): boolean {
  const e = error as { code?: unknown; message?: unknown; detail?: unknown } | null;
  if (!e || (e.code !== 'SQLITE_CONSTRAINT_UNIQUE' && e.code !== 'SQLITE_CONSTRAINT_PRIMARYKEY' && e.code !== '23505')) return false;
  if (column === undefined) return true;
  const text = `${String(e.message ?? '')} ${String(e.detail ?? '')}`;
  const [, name] = column.split('.');
  return text.includes(column) || (name !== undefined && text.includes(`(${name})`));
}
