import type { Kysely } from 'kysely';
import type { Db } from './db';
import type { Database } from './schema';
import type { UniqueViolationError } from './unique-violation';

/** An open database: the Kysely handle the services use, and how to close it. */
export interface ConnectedDatabase {
  db: Kysely<Database>;
  /** Waits for queries in flight, then closes the database (connections, files). */
  close(): Promise<void>;
}

/** Tables whose rows a write transaction may lock (dialect.lockRows) before checking a count or a state. */
export type LockableTable = 'tournaments' | 'organizations' | 'circuits' | 'circuit_seasons';

/**
 * What the server needs from a database beyond the SQL that Kysely's own dialect writes. One implementation per
 * database, each in its own folder under db/ (db/sqlite/, db/postgres/; db/database-for.ts picks one from the
 * configuration), which is the only code that imports that database's driver or uses its SQL and error codes;
 * services reach it only through `AppDeps.dialect` and the connection.
 *
 * Contract of the handle that `connect` returns, relied on by every service:
 * - `db.transaction()` is a write transaction: where the database has a write lock it is taken up front (SQLite
 *   `BEGIN IMMEDIATE`), so a transaction that reads and then writes never fails because another process wrote in
 *   between. A database with row locks (PostgreSQL, READ COMMITTED) runs a plain transaction; invariants that count
 *   or check rows before writing lock a parent row first (`lockRows`) or use a conditional write.
 * - a unique-constraint failure of any query is thrown as UniqueViolationError (see unique-violation.ts), so
 *   services detect conflicts with `isUniqueViolation(error, 'table.column')` without knowing the database.
 * - repeated SQL may be prepared once per connection (SQLite keeps a statement cache); `compileOnce`
 *   (compiled-query.ts) skips Kysely's compilation on hot paths and works on every dialect.
 */
export interface DatabaseDialect {
  /** Short name for logs and errors, e.g. `sqlite`. */
  readonly name: string;

  /**
   * Opens the database at `location` (SQLite: a file path or ':memory:'; PostgreSQL: a postgres:// URL) with the
   * contract above. Does not migrate (see migrate.ts). @throws DatabaseConnectionError (PostgreSQL) or the driver's
   * error (SQLite) when the database cannot be opened.
   */
  connect(location: string): Promise<ConnectedDatabase>;

  /**
   * Inside a transaction of `trx`, locks the rows of `table` with these ids until the transaction ends, so that a
   * concurrent transaction locking them waits, and reads after this call see what it committed (for counts checked
   * before a write: places of a tournament, OWNERs of an organization). Ids that match no row are ignored.
   * SQLite: nothing to do, the write transaction already holds the database's only write lock.
   */
  lockRows(trx: Db, table: LockableTable, ids: readonly string[]): Promise<void>;

  /**
   * Inside a transaction of `trx`, takes a lock named `key` until the transaction ends, so that a concurrent
   * transaction taking the same name waits: for invariants about rows that do not exist yet (two requests picking
   * the same free slug). PostgreSQL: a transaction-level advisory lock on a 64-bit hash of `key`. SQLite: nothing to
   * do, as for lockRows.
   */
  lockKey(trx: Db, key: string): Promise<void>;

  /**
   * The portable form of a driver error when it is a unique-constraint (or primary-key) violation, else null.
   * `connect` applies it to every query error; services never call it directly.
   */
  toUniqueViolation(error: unknown): UniqueViolationError | null;
}
