import { mkdirSync } from 'node:fs';
import { dirname } from 'node:path';
import BetterSqlite3 from 'better-sqlite3';
import { CompiledQuery, type DatabaseConnection, Kysely, SqliteAdapter, SqliteDialect, type SqliteDialectConfig, SqliteDriver } from 'kysely';
import { withErrorTranslation } from '../error-translation';
import type { Database } from '../schema';
import { sqliteOpenFailure } from './open-failure';
import { withStatementCache } from './statement-cache';
import { toForeignKeyViolation, toUniqueViolation } from './unique-violation';

/**
 * Opens a SQLite database through Kysely with the contract of DatabaseDialect.connect (db/dialect.ts): every
 * `db.transaction()` begins with `BEGIN IMMEDIATE`, unique violations are thrown as UniqueViolationError, and
 * migrations run in one transaction (SQLite has transactional DDL), so two processes starting on one new file
 * migrate it once. `path` is a file path (its folder is created) or ':memory:'. Sets WAL journaling, foreign keys
 * on and a 5000 ms busy timeout (how long a transaction waits for another process's write lock before failing
 * with SQLITE_BUSY). Prepared statements are reused by SQL text (see statement-cache.ts).
 * @throws DatabaseConnectionError, one line naming the absolute path and why (open-failure.ts), when the database
 * cannot be opened for writing: its directory cannot be created or written, the file is read-only or not a database.
 * SQLite would otherwise open a file it may not write read-only, and every write would fail later (R18.13).
 */
export function createSqliteDatabase(path: string): Kysely<Database> {
  const driver = openWritable(path);
  const dialect = new WriteLockingSqliteDialect({ database: withStatementCache(driver) });
  return new Kysely<Database>({ dialect: withErrorTranslation(dialect, (error) => toUniqueViolation(error) ?? toForeignKeyViolation(error) ?? error) });
}

/** Opens the database with its settings and checks it can be written. @throws DatabaseConnectionError (see above). */
function openWritable(path: string): BetterSqlite3.Database {
  let driver: BetterSqlite3.Database | undefined;
  try {
    if (path !== ':memory:' && !path.startsWith('file:')) mkdirSync(dirname(path), { recursive: true });
    driver = new BetterSqlite3(path);
    switchToWal(driver);
    driver.pragma('foreign_keys = ON');
    driver.pragma('busy_timeout = 5000');
    driver.pragma('synchronous = NORMAL');
    checkWritable(driver);
    return driver;
  } catch (error) {
    driver?.close();
    throw sqliteOpenFailure(path, error);
  }
}

/**
 * Writes to the database in a transaction that is rolled back (sets user_version to its own value), so that a
 * database SQLite opened read-only (a file or directory this process may not write) fails here, at start.
 * `BEGIN IMMEDIATE` alone does not: in WAL mode it takes its lock in the -shm file, not in the database file.
 * @throws the driver's error (SQLITE_READONLY...) when the database cannot be written.
 */
function checkWritable(driver: BetterSqlite3.Database): void {
  try {
    driver.exec('begin immediate');
  } catch (error) {
    // Another process held the write lock past the busy timeout: it writes, so the database is writable.
    if ((error as { code?: string }).code === 'SQLITE_BUSY') return;
    throw error;
  }
  try {
    const version = Number(driver.pragma('user_version', { simple: true }));
    driver.pragma(`user_version = ${version}`);
  } finally {
    driver.exec('rollback');
  }
}

/** How long opening waits for another process that holds the file while it switches to WAL (ms). */
const WAL_SWITCH_TIMEOUT_MS = 5000;

/**
 * Sets WAL journaling. On a new file another process opening it at the same moment can hold a lock the switch needs;
 * SQLite then answers SQLITE_BUSY at once (the busy timeout does not cover a journal-mode change), so the switch is
 * tried again every 20 ms for up to WAL_SWITCH_TIMEOUT_MS. @throws the driver's error past that, or any other error.
 */
function switchToWal(driver: BetterSqlite3.Database): void {
  const deadline = Date.now() + WAL_SWITCH_TIMEOUT_MS;
  for (;;) {
    try {
      driver.pragma('journal_mode = WAL');
      return;
    } catch (error) {
      if ((error as { code?: string }).code !== 'SQLITE_BUSY' || Date.now() >= deadline) throw error;
      Atomics.wait(new Int32Array(new SharedArrayBuffer(4)), 0, 0, 20);
    }
  }
}

/** Kysely's SQLite dialect with write transactions (BEGIN IMMEDIATE) and transactional migrations. */
class WriteLockingSqliteDialect extends SqliteDialect {
  readonly #config: SqliteDialectConfig;

  constructor(config: SqliteDialectConfig) {
    super(config);
    this.#config = config;
  }

  override createDriver(): SqliteDriver {
    return new WriteLockingSqliteDriver(this.#config);
  }

  override createAdapter(): SqliteAdapter {
    return new TransactionalDdlSqliteAdapter();
  }
}

/**
 * Takes the database's write lock when a transaction begins rather than at its first write: a deferred transaction
 * that reads, then writes after another process committed, fails at once with SQLITE_BUSY (its snapshot is stale;
 * the busy timeout does not apply), whereas BEGIN IMMEDIATE waits up to the busy timeout for the lock.
 */
class WriteLockingSqliteDriver extends SqliteDriver {
  override async beginTransaction(connection: DatabaseConnection): Promise<void> {
    await connection.executeQuery(CompiledQuery.raw('begin immediate'));
  }
}

/** Lets Kysely's migrator run pending migrations in one (write-locked) transaction, as SQLite allows DDL in one. */
class TransactionalDdlSqliteAdapter extends SqliteAdapter {
  override get supportsTransactionalDdl(): boolean {
    return true;
  }
}
