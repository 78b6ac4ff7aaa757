/**
 * A unique-constraint (or primary-key) violation, as every dialect throws it (DatabaseDialect.toUniqueViolation):
 * `table` and `columns` name the constraint's columns when the driver tells them (empty otherwise); `cause` is the
 * driver's own error.
 */
export class UniqueViolationError extends Error {
  readonly table: string | null;
  readonly columns: readonly string[];

  constructor(message: string, where: { table: string | null; columns: readonly string[] }, cause: unknown) {
    super(message, { cause });
    this.name = 'UniqueViolationError';
    this.table = where.table;
    this.columns = where.columns;
  }
}

/**
 * True when `error` is a unique-constraint violation from the database, optionally on a given `table.column`.
 * Services check for conflicts first and use this for the race where two requests insert at once.
 */
export function isUniqueViolation(error: unknown, column?: string): boolean {
  if (!(error instanceof UniqueViolationError)) return false;
  if (column === undefined) return true;
  const [table, name] = column.split('.');
  return error.table === table && name !== undefined && error.columns.includes(name);
}
