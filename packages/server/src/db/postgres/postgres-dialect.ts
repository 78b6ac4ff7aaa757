import { CompiledQuery, sql } from 'kysely';
import { jsonArrayFrom } from 'kysely/helpers/postgres';
import { columnsOf, quoted } from '../bulk-insert';
import { chunks } from '../chunks';
import type { DatabaseDialect } from '../dialect';
import { connectionFailure } from './connection-error';
import { createPostgresDatabase, createPostgresPool, type PostgresPoolOptions } from './postgres';
import { createPostgresRateLimiter } from './postgres-rate-limiter';
import { toUniqueViolation } from './unique-violation';

/** Ids locked per statement by lockRows. */
const LOCK_CHUNK_SIZE = 8000;

/**
 * The PostgreSQL dialect (node-postgres pool of `options.poolSize` connections): plain READ COMMITTED transactions,
 * `lockRows` takes row locks (`SELECT ... FOR UPDATE`), `lockKey` and `runExclusive` advisory locks, `skipLocked`
 * claims queue rows with `FOR UPDATE SKIP LOCKED`, so several server processes may share one database.
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
      return { db, close: () => db.destroy(), createRateLimiter: (limits) => createPostgresRateLimiter(pool, limits) };
    },
    async lockRows(trx, table, ids) {
      // In id order, also across the statements of a long list (each within PostgreSQL's 65,535 parameters), so
      // that two transactions locking overlapping sets cannot deadlock.
      const sorted = [...new Set(ids)].sort();
      for (const chunk of chunks(sorted, LOCK_CHUNK_SIZE)) {
        await sql`SELECT id FROM ${sql.table(table)} WHERE id IN (${sql.join(chunk)}) ORDER BY id FOR UPDATE`.execute(trx);
      }
    },
    async lockKey(trx, key) {
      await sql`SELECT pg_advisory_xact_lock(hashtextextended(${key}, 0))`.execute(trx);
    },
    skipLocked(query, of) {
      return query.forUpdate(of as never).skipLocked();
    },
    async runExclusive(db, key, run) {
      // The session lock belongs to this connection: taken and released on it, released by the server if it drops.
      return db.connection().execute(async (connection) => {
        const taken = await sql<{ locked: boolean }>`SELECT pg_try_advisory_lock(hashtextextended(${key}, 0)) AS locked`.execute(connection);
        if (taken.rows[0]?.locked !== true) return { acquired: false as const };
        try {
          return { acquired: true as const, value: await run() };
        } finally {
          await sql`SELECT pg_advisory_unlock(hashtextextended(${key}, 0))`.execute(connection);
        }
      });
    },
    jsonArrayFrom(query) {
      // json_agg of the subquery's rows; node-postgres parses the json value.
      return jsonArrayFrom(query);
    },
    async insertRows(trx, table, rows) {
      if (rows.length === 0) return;
      // One statement whatever the number of rows: the rows travel as one JSON parameter, typed by the table's own
      // row type (keys are column names; a missing key is NULL).
      const columns = columnsOf(rows).map(quoted).join(', ');
      const target = quoted(table);
      await trx.executeQuery(
        CompiledQuery.raw(`insert into ${target} (${columns}) select ${columns} from json_populate_recordset(null::${target}, $1)`, [JSON.stringify(rows)]),
      );
    },
    toUniqueViolation,
  };
}
