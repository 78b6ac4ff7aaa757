import type { SqliteDatabase, SqliteStatement } from 'kysely';

/** Default number of prepared statements kept per connection. */
export const DEFAULT_STATEMENT_CACHE_SIZE = 500;

/**
 * Wraps a better-sqlite3 database so that `prepare` reuses statements by SQL text (least recently used evicted
 * beyond `size`). Kysely's SQLite driver prepares every query anew; reusing the statement cuts a primary-key read
 * from about 40 µs to about 12 µs (DESIGN "Performance notes"). Safe because the driver runs one query at a time
 * on its single connection, and SQLite re-prepares a statement by itself after a schema change.
 */
export function withStatementCache(database: SqliteDatabase, size = DEFAULT_STATEMENT_CACHE_SIZE): SqliteDatabase {
  const cache = new Map<string, SqliteStatement>();
  return {
    close: () => database.close(),
    prepare(sql: string): SqliteStatement {
      const hit = cache.get(sql);
      if (hit) {
        cache.delete(sql);
        cache.set(sql, hit);
        return hit;
      }
      const statement = database.prepare(sql);
      cache.set(sql, statement);
      if (cache.size > size) cache.delete(cache.keys().next().value!);
      return statement;
    },
  };
}
