import { type Kysely, sql } from 'kysely';
import type { Database } from '../schema';

/**
 * Runs `fn` in a SQLite `BEGIN IMMEDIATE` transaction on one connection: the write lock is taken before the first
 * read (waiting up to the connection's busy timeout, 5000 ms, for another process to commit), so a read-then-write
 * step cannot fail with SQLITE_BUSY because another process wrote between its read and its write, as a default
 * (deferred) transaction can. Commits when `fn` resolves, rolls back and rethrows when it (or the commit) fails.
 * Use the `db` given to `fn` for every query inside (the connection is held until the end).
 */
export async function immediateTransaction<T>(db: Kysely<Database>, fn: (db: Kysely<Database>) => Promise<T>): Promise<T> {
  return db.connection().execute(async (conn) => {
    await sql`BEGIN IMMEDIATE`.execute(conn);
    try {
      const result = await fn(conn);
      await sql`COMMIT`.execute(conn);
      return result;
    } catch (error) {
      try {
        await sql`ROLLBACK`.execute(conn);
      } catch {
        // SQLite may have rolled back already (e.g. after SQLITE_FULL); the original error is what matters.
      }
      throw error;
    }
  });
}
