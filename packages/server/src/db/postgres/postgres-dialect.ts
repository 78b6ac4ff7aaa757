import { sql } from 'kysely';
import type { DatabaseDialect } from '../dialect';
import { connectionFailure } from './connection-error';
import { createPostgresDatabase, createPostgresPool, type PostgresPoolOptions } from './postgres';
import { toUniqueViolation } from './unique-violation';

/**
 * The PostgreSQL dialect (node-postgres pool of `options.poolSize` connections): plain READ COMMITTED transactions,
 * `lockRows` takes row locks (`SELECT ... FOR UPDATE`) and `lockKey` advisory locks, so several server processes may share one database.
 * `connect(url)` takes a postgres:// or postgresql:// URL and opens one connection at once, so that a wrong URL fails
 * at start. @throws DatabaseConnectionError from connect when the server cannot be reached or refuses the
 * credentials or the database (its message says which, without the password).
 */
export function postgresDialect(options: PostgresPoolOptions): DatabaseDialect {
  return {
    name: 'postgres',
    async connect(url) {
      const pool = createPostgresPool(url, options);
      try {
        (await pool.connect()).release();
      } catch (error) {
        await pool.end().catch(() => {});
        throw connectionFailure(url, error);
      }
      const db = createPostgresDatabase(pool);
      return { db, close: () => db.destroy() };
    },
    async lockRows(trx, table, ids) {
      if (ids.length === 0) return;
      // In id order, so that two transactions locking overlapping sets cannot deadlock.
      const sorted = [...new Set(ids)].sort();
      await sql`SELECT id FROM ${sql.table(table)} WHERE id IN (${sql.join(sorted)}) ORDER BY id FOR UPDATE`.execute(trx);
    },
    async lockKey(trx, key) {
      await sql`SELECT pg_advisory_xact_lock(hashtextextended(${key}, 0))`.execute(trx);
    },
    toUniqueViolation,
  };
}
