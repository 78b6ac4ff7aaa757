import { migrateToLatest } from '../../src/db/migrate';
import { postgresDialect } from '../../src/db/postgres/postgres-dialect';
import { adminQuery, onPostgres, postgresAdminUrl, postgresUrl, TEST_DATABASE_PREFIX_ENV } from './test-database';

/**
 * Vitest global setup (vitest.config.ts). On a PostgreSQL run (TOURNEY_TEST_DATABASE=postgres) it creates this
 * run's template database, `tourney_test_<pid>_template`, migrated once, which every test database copies
 * (createTestDatabase); the returned teardown drops it and every database of the run a test left behind. Fails
 * the run at once, saying why, when the PostgreSQL server cannot be reached. Does nothing on a SQLite run.
 */
export default async function setup(): Promise<(() => Promise<void>) | undefined> {
  if (!onPostgres) return undefined;
  const prefix = `tourney_test_${process.pid}`;
  process.env[TEST_DATABASE_PREFIX_ENV] = prefix;
  const template = `${prefix}_template`;
  try {
    await adminQuery('SELECT 1');
  } catch (error) {
    throw new Error(`PostgreSQL tests: cannot reach ${postgresAdminUrl} (${(error as Error).message || String(error)})`);
  }
  await adminQuery(`CREATE DATABASE "${template}"`);
  const { db, close } = await postgresDialect({ poolSize: 1, statementTimeoutMs: 0 }).connect(postgresUrl(template));
  try {
    await migrateToLatest(db);
  } finally {
    await close();
  }
  return async () => {
    const { rows } = await adminQuery(
      `SELECT datname FROM pg_database WHERE datname LIKE '${prefix}\\_%' ORDER BY datname = '${template}'`,
    );
    for (const { datname } of rows as Array<{ datname: string }>) await adminQuery(`DROP DATABASE IF EXISTS "${datname}" WITH (FORCE)`);
  };
}
