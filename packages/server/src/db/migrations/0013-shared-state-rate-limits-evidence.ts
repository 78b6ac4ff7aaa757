import { type Kysely, PostgresAdapter, sql } from 'kysely';
import { columns } from './columns';

/**
 * State that several server processes on one PostgreSQL database share (R21.1, R21.3); created on SQLite too, where
 * it stays unused (one process: counters in memory, evidence in a local directory).
 * - `rate_limits`: rate-limiter-flexible's PostgreSQL store (RateLimiterPostgres), in the layout it would create
 *   itself (UNLOGGED on PostgreSQL); made here so that processes starting together on a new database never race to
 *   create it.
 * - `evidence_objects`: anti-cheat evidence bytes by storage key, with their content type (storage/database-storage.ts).
 */
export async function up(db: Kysely<any>): Promise<void> {
  const c = columns(db);
  const bytes = db.getExecutor().adapter instanceof PostgresAdapter ? sql`bytea` : sql`blob`;
  await db.schema
    .createTable('rate_limits')
    .addColumn('key', 'varchar(255)', (col) => col.primaryKey())
    .addColumn('points', 'integer', (col) => col.notNull().defaultTo(0))
    .addColumn('expire', 'bigint')
    .execute();
  // PostgreSQL: no write-ahead log for the counters (a commit then waits for no disk flush, several times faster per
  // request); a crash of the database empties them, which only reopens the current windows.
  if (db.getExecutor().adapter instanceof PostgresAdapter) await sql`ALTER TABLE rate_limits SET UNLOGGED`.execute(db);
  await db.schema
    .createTable('evidence_objects')
    .addColumn('key', c.textType, (col) => col.primaryKey())
    .$call(c.text('content_type'))
    .addColumn('bytes', bytes, (col) => col.notNull())
    .$call(c.integer('size_bytes'))
    .$call(c.text('created_at'))
    .execute();
}

/** Drops both tables. */
export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('evidence_objects').ifExists().execute();
  await db.schema.dropTable('rate_limits').ifExists().execute();
}
