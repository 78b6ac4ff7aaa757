import { mkdirSync } from 'node:fs';
import { dirname } from 'node:path';
import BetterSqlite3 from 'better-sqlite3';
import { Kysely, SqliteDialect } from 'kysely';
import type { Database } from '../schema';
import { withStatementCache } from './statement-cache';

/**
 * Opens a SQLite database through Kysely: the only place that touches the better-sqlite3 driver.
 * `path` is a file path (its folder is created) or ':memory:'. Sets WAL journaling, foreign keys on
 * and a 5000 ms busy timeout. Prepared statements are reused by SQL text (see statement-cache.ts).
 */
export function createSqliteDatabase(path: string): Kysely<Database> {
  if (path !== ':memory:' && !path.startsWith('file:')) mkdirSync(dirname(path), { recursive: true });
  const driver = new BetterSqlite3(path);
  driver.pragma('journal_mode = WAL');
  driver.pragma('foreign_keys = ON');
  driver.pragma('busy_timeout = 5000');
  driver.pragma('synchronous = NORMAL');
  return new Kysely<Database>({ dialect: new SqliteDialect({ database: withStatementCache(driver) }) });
}
