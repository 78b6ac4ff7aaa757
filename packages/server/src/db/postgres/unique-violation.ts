import { ForeignKeyViolationError } from '../foreign-key-violation';
import { UniqueViolationError } from '../unique-violation';

/** SQLSTATE of a unique-constraint (or primary-key) violation. */
const UNIQUE_VIOLATION = '23505';

/**
 * A node-postgres unique or primary-key violation (SQLSTATE 23505) as UniqueViolationError, else null. PostgreSQL
 * names the table in `error.table` and the columns in `error.detail`: `Key (tournament_id, user_id)=(a, b) already
 * exists.` (an index on expressions gives its expressions instead, which are kept as they are).
 */
export function toUniqueViolation(error: unknown): UniqueViolationError | null {
  const e = error as { code?: unknown; message?: unknown; table?: unknown; detail?: unknown } | null;
  if (!e || e.code !== UNIQUE_VIOLATION) return null;
  const table = typeof e.table === 'string' ? e.table : null;
  const key = typeof e.detail === 'string' ? /^Key \((.*?)\)=\(/s.exec(e.detail)?.[1] : undefined;
  const columns = table === null || key === undefined ? [] : key.split(',').map((c) => c.trim().replace(/^"(.*)"$/, '$1'));
  return new UniqueViolationError(String(e.message ?? 'unique constraint violated'), { table, columns }, error);
}

/** SQLSTATE of a foreign-key violation. */
const FOREIGN_KEY_VIOLATION = '23503';

/** A node-postgres foreign-key violation (SQLSTATE 23503) as ForeignKeyViolationError, else null. */
export function toForeignKeyViolation(error: unknown): ForeignKeyViolationError | null {
  const e = error as { code?: unknown; message?: unknown } | null;
  return e && e.code === FOREIGN_KEY_VIOLATION ? new ForeignKeyViolationError(String(e.message ?? 'foreign key violated'), error) : null;
}
