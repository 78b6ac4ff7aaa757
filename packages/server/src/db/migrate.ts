import { type Kysely, type MigrationProvider, Migrator, sql } from 'kysely';
import { SERVER_VERSION } from '../version';
import { migrations } from './migrations/index';
import type { Database } from './schema';

const provider: MigrationProvider = { getMigrations: async () => migrations };

/**
 * The database was migrated by a newer version of Tourney: it has run migrations this version does not have, so this
 * version cannot run on it (R18.6). `unknownMigrations` are their names, sorted.
 */
export class NewerDatabaseError extends Error {
  constructor(readonly unknownMigrations: string[]) {
    super(
      `the database was migrated by a newer version of Tourney (migrations unknown to version ${SERVER_VERSION}: ` +
        `${unknownMigrations.join(', ')}); this version cannot run on it: start the newer version, or this one on a ` +
        'backup taken before the upgrade',
    );
    this.name = 'NewerDatabaseError';
  }
}

/** Names of the migrations the database has run that this version does not have ([] when none, or no table yet). */
export async function unknownMigrations(db: Kysely<Database>): Promise<string[]> {
  try {
    const { rows } = await sql<{ name: string }>`select name from kysely_migration`.execute(db);
    return rows.map((row) => row.name).filter((name) => !Object.hasOwn(migrations, name)).sort();
  } catch {
    return [];
  }
}

/** Names of this version's migrations the database has not run yet, in order (all of them for an empty database). */
export async function pendingMigrations(db: Kysely<Database>): Promise<string[]> {
  const known = await new Migrator({ db, provider, allowUnorderedMigrations: true }).getMigrations();
  return known.filter((m) => m.executedAt === undefined).map((m) => m.name);
}

/**
 * Applies every pending migration; returns the names of those it applied. Throws NewerDatabaseError when the database
 * has run migrations this version does not have (a newer version migrated it), else an error naming the failing
 * migration when one fails (its transaction is rolled back).
 */
export async function migrateToLatest(db: Kysely<Database>): Promise<string[]> {
  const migrator = new Migrator({ db, provider, allowUnorderedMigrations: true });
  const { error, results } = await migrator.migrateToLatest();
  if (error) {
    const unknown = await unknownMigrations(db);
    if (unknown.length > 0) throw new NewerDatabaseError(unknown);
    const failed = results?.find((r) => r.status === 'Error');
    const which = failed ? `database migration ${failed.migrationName} failed` : 'database migration failed';
    throw new Error(`${which}: ${String((error as Error).message ?? error)}`, { cause: error });
  }
  return (results ?? []).filter((r) => r.status === 'Success').map((r) => r.migrationName);
}
