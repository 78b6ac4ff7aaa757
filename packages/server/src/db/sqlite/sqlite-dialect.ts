import { jsonArrayFrom } from 'kysely/helpers/sqlite';
import { insertValues } from '../bulk-insert';
import type { DatabaseDialect } from '../dialect';
import { createSqliteDatabase } from './sqlite';
import { toUniqueViolation } from './unique-violation';

/**
 * The SQLite dialect (better-sqlite3): one connection per process, WAL, write transactions begin with
 * `BEGIN IMMEDIATE` (see sqlite.ts). Several processes may share one database file: SQLite lets one write at a time,
 * so `lockRows` and `lockKey` have nothing to add to the lock every write transaction already holds.
 */
export const sqliteDialect: DatabaseDialect = {
  name: 'sqlite',
  async connect(location) {
    const db = createSqliteDatabase(location);
    return { db, close: () => db.destroy() };
  },
  async lockRows() {
    // BEGIN IMMEDIATE took the database's write lock: no other transaction writes until this one ends.
  },
  async lockKey() {
    // Likewise.
  },
  skipLocked(query) {
    // The write transaction holds the only write lock: a concurrent claimer waits for it and then sees these claims.
    return query;
  },
  async runExclusive(_db, _key, run) {
    // A job's writes already run one at a time under the write lock; the jobs are idempotent (R22.2).
    return { acquired: true, value: await run() };
  },
  jsonArrayFrom(query) {
    // json_group_array(json_object(...)) over the subquery's explicit selections; read back as JSON text.
    return jsonArrayFrom(query as Parameters<typeof jsonArrayFrom>[0]);
  },
  insertRows(trx, table, rows) {
    // SQLITE_MAX_VARIABLE_NUMBER of the SQLite bundled with better-sqlite3.
    return insertValues(trx, table, rows, 32_766, () => '?');
  },
  toUniqueViolation,
};
