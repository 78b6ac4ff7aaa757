import type { Expression, Insertable, Kysely, RawBuilder, SelectQueryBuilder } from 'kysely';
import type { TableName } from './bulk-insert';
import type { RateLimiterAbstract } from 'rate-limiter-flexible';
import type { Db } from './db';
import type { Database } from './schema';
import type { UniqueViolationError } from './unique-violation';

/** An open database: the Kysely handle the services use, and how to close it. */
export interface ConnectedDatabase {
  db: Kysely<Database>;
  /** Waits for queries in flight, then closes the database (connections, files). */
  close(): Promise<void>;
  /**
   * A rate limit store kept in this database and shared by every process on it (R21.1); absent where the database
   * serves one process (SQLite: counters stay in memory).
   */
  createRateLimiter?(options: SharedRateLimiterOptions): RateLimiterAbstract;
}

/** Settings of a shared rate limit store: `points` requests per `durationSeconds` window; keys start with `keyPrefix`. */
export interface SharedRateLimiterOptions {
  points: number;
  durationSeconds: number;
  keyPrefix: string;
}

/** Tables whose rows a write transaction may lock (dialect.lockRows) before checking a count or a state. */
export type LockableTable =
  | 'tournaments'
  | 'organizations'
  | 'circuits'
  | 'circuit_seasons'
  | 'users'
  | 'webhook_subscriptions'
  | 'anti_cheat_sessions'
  | 'api_keys';

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
   * before a write: places of a tournament, OWNERs of an organization). Ids that match no row are ignored; any number
   * of ids may be given (they are locked in id order).
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
   * `query` (a SELECT run inside a write transaction) narrowed to rows that no concurrent transaction has locked, and
   * locking the rows of `of` (a table or alias of the query) that it returns until the transaction ends: several
   * processes claiming work from one queue at once get disjoint rows and never wait for one another (R22.1).
   * PostgreSQL: `FOR UPDATE OF <of> SKIP LOCKED`. SQLite: the query unchanged, the write transaction already holds
   * the database's only write lock, so a second claimer runs after the first committed and sees its claims.
   */
  skipLocked<DB, TB extends keyof DB, O>(query: SelectQueryBuilder<DB, TB, O>, of: TB & string): SelectQueryBuilder<DB, TB, O>;

  /**
   * Runs `run` unless a run under the same `key` is in progress in any process on this database right now; then
   * resolves at once with `{ acquired: false }` (not an error: that run does the work). The lock is held until
   * `run` settles and is released if the process dies (R22.2). PostgreSQL: a session advisory lock
   * (`pg_try_advisory_lock` on a 64-bit hash of `key`) on one connection of the pool, reserved for the run (`run`'s
   * own queries take other connections of the pool, so it needs at least 2). SQLite: always acquired: a job's writes
   * already run one at a time under the database's write lock, and jobs are idempotent. @throws what `run` throws.
   */
  runExclusive<T>(db: Kysely<Database>, key: string, run: () => Promise<T>): Promise<{ acquired: true; value: T } | { acquired: false }>;

  /**
   * An expression of the rows of `query` (a subquery with explicit selections, possibly correlated with the outer
   * query) as one JSON array of objects keyed by the selected names, so that one statement reads a row and its
   * children (getTournament, R18.7). The value as read is driver-dependent (SQLite: JSON text; PostgreSQL: parsed by
   * the driver): read it with `jsonRows` (json-rows.ts). Values keep their JSON types: text and integers (the only
   * column types, migrations/columns.ts) read back as they do from a plain SELECT; counts are numbers. The array is
   * in no guaranteed order: sort after reading. SQLite: `json_group_array(json_object(...))`; PostgreSQL: `json_agg`.
   */
  jsonArrayFrom<O>(query: Expression<O>): RawBuilder<unknown>;

  /**
   * Inserts `rows` (any number) into `table` through `trx` in as few statements as the database allows, without
   * Kysely's per-value query building: for bulk writes such as a stage's matches and entrants at its start (R7.19).
   * A column some rows lack is written NULL in the others. SQLite: multi-row `INSERT ... VALUES` of at most 32,766
   * parameters per statement (the bundled SQLite's limit). PostgreSQL: one `INSERT ... SELECT` from
   * `json_populate_recordset` over the rows as one JSON parameter. @throws UniqueViolationError as any query.
   */
  insertRows<T extends TableName>(trx: Db, table: T, rows: readonly Insertable<Database[T]>[]): Promise<void>;

  /**
   * The portable form of a driver error when it is a unique-constraint (or primary-key) violation, else null.
   * `connect` applies it to every query error; services never call it directly.
   */
  toUniqueViolation(error: unknown): UniqueViolationError | null;
}
