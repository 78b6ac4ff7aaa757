import { ForeignKeyViolationError } from '../foreign-key-violation';
import { UniqueViolationError } from '../unique-violation';

/** better-sqlite3 error codes of unique-constraint failures (extended result codes). */
const UNIQUE_CODES = new Set(['SQLITE_CONSTRAINT_UNIQUE', 'SQLITE_CONSTRAINT_PRIMARYKEY']);

/**
 * A better-sqlite3 unique or primary-key violation as UniqueViolationError, else null. SQLite names the columns in
 * its message: `UNIQUE constraint failed: participant_members.tournament_id, participant_members.user_id` (an
 * index on expressions is named instead: `UNIQUE constraint failed: index 'name'`, giving no columns).
 */
export function toUniqueViolation(error: unknown): UniqueViolationError | null {
  const e = error as { code?: unknown; message?: unknown } | null;
  if (!e || typeof e.code !== 'string' || !UNIQUE_CODES.has(e.code)) return null;
  const message = String(e.message ?? '');
  const qualified = /constraint failed: (.*)$/.exec(message)?.[1]?.split(',').map((c) => c.trim().split('.')) ?? [];
  const table = qualified.length > 0 && qualified.every((c) => c.length === 2) ? qualified[0]![0]! : null;
  const columns = table === null ? [] : qualified.filter((c) => c[0] === table).map((c) => c[1]!);
  return new UniqueViolationError(message, { table, columns }, error);
}

/** A better-sqlite3 foreign-key failure (SQLITE_CONSTRAINT_FOREIGNKEY) as ForeignKeyViolationError, else null. */
export function toForeignKeyViolation(error: unknown): ForeignKeyViolationError | null {
  const e = error as { code?: unknown; message?: unknown } | null;
  return e && e.code === 'SQLITE_CONSTRAINT_FOREIGNKEY' ? new ForeignKeyViolationError(String(e.message ?? 'foreign key violated'), error) : null;
}
