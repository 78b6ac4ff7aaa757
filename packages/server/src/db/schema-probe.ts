import { type Kysely, sql } from 'kysely';
import { migrations } from './migrations/index';
import type { Database } from './schema';

/** The newest migration this version has: a database without it lacks tables or columns this version uses. */
const NEWEST_MIGRATION = Object.keys(migrations).sort().at(-1)!;

/**
 * Reads the schema of `db` as cheaply as a `select 1` (one primary-key lookup in Kysely's migration table): resolves
 * when this version's newest migration has run there, so that `/health` does not say ok for a server whose database
 * answers but whose tables are gone (dropped, another database behind the URL) or older than this version (R18.1,
 * R18.18). @throws the driver's error when the database cannot be reached or the table is missing; an Error naming
 * the migration when it has not run.
 */
export async function probeSchema(db: Kysely<Database>): Promise<void> {
  const { rows } = await sql<{ name: string }>`select name from kysely_migration where name = ${NEWEST_MIGRATION}`.execute(db);
  if (rows.length === 0) throw new Error(`the database has not run migration ${NEWEST_MIGRATION}`);
}
