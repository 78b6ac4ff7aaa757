import { randomBytes } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';

/**
 * Which database the server tests run on: `TOURNEY_TEST_DATABASE=postgres` selects PostgreSQL (the server at
 * TOURNEY_TEST_DATABASE_URL), anything else SQLite. `npm test` runs the suite once on each (scripts/test-postgres.mjs).
 */
export const testDialect: 'sqlite' | 'postgres' = process.env.TOURNEY_TEST_DATABASE === 'postgres' ? 'postgres' : 'sqlite';

/** True when this run is on PostgreSQL: SQLite-only tests (files, WAL, a second SQLite connection) skip themselves. */
export const onPostgres = testDialect === 'postgres';

/**
 * The PostgreSQL server the tests use, as a URL of a database the tests may connect to in order to create and drop
 * others (the user needs CREATEDB). Default: postgres://postgres@127.0.0.1:5432/postgres.
 */
export const postgresAdminUrl = process.env.TOURNEY_TEST_DATABASE_URL || 'postgres://postgres@127.0.0.1:5432/postgres';

/**
 * Prefix of every database a test run creates (`<prefix>_template`, `<prefix>_<random>`): set by the global setup
 * (postgres-global-setup.ts) for the whole run, so its teardown drops whatever a crashed test left.
 */
export const TEST_DATABASE_PREFIX_ENV = 'TOURNEY_TEST_PG_PREFIX';

/** Name of the migrated template database of this run, or undefined (outside vitest's global setup). */
export const templateDatabase = (): string | undefined =>
  process.env[TEST_DATABASE_PREFIX_ENV] ? `${process.env[TEST_DATABASE_PREFIX_ENV]}_template` : undefined;

/**
 * The secret signing evidence upload URLs of every test server on PostgreSQL, where one is required (R21.2): the same
 * in every process of a test, as a deployment sets it.
 */
export const TEST_PRESIGN_SECRET = 'tourney-test-presign-secret';

/**
 * The options that point the server at a database: SQLite path, or PostgreSQL URL (then databasePath only places
 * evidence kept in files, and presignSecret is the test secret, required there).
 */
export interface TestDatabaseOptions {
  databasePath?: string;
  databaseUrl?: string;
  presignSecret?: string;
}

/** A database made for one test (or one server), with the server options that open it; drop() removes it. */
export interface TestDatabase {
  options: TestDatabaseOptions;
  /** Where it is: the SQLite path or the PostgreSQL URL. */
  location: string;
  /** Removes it (the SQLite file's directory, or the PostgreSQL database, closing connections still open to it). */
  drop(): Promise<void>;
}

/** Runs `statement` on the admin database with a short-lived connection. */
export async function adminQuery(statement: string, url = postgresAdminUrl): Promise<pg.QueryResult> {
  const client = new pg.Client({ connectionString: url, application_name: 'tourney-tests' });
  await client.connect();
  try {
    return await client.query(statement);
  } finally {
    await client.end();
  }
}

/**
 * `postgresAdminUrl` with its database replaced by `database`, and commits that do not wait for the disk
 * (`synchronous_commit=off` for these connections only: a test database need not survive a power cut, and the
 * suite commits thousands of small transactions).
 */
export function postgresUrl(database: string): string {
  const url = new URL(postgresAdminUrl);
  url.pathname = `/${database}`;
  url.searchParams.set('options', '-c synchronous_commit=off');
  return url.toString();
}

/**
 * Creates a database for a test on the run's dialect.
 * - SQLite: `{ databasePath: ':memory:' }` unless `file` is set (a file in a new temporary directory, removed by
 *   drop(), for tests that restart a server on the same data).
 * - PostgreSQL: a new database, a copy of the run's migrated template (or empty with `empty: true`, or when there is
 *   no template: the server then migrates it). With `file`, databasePath is set too, so that files the server keeps
 *   next to its database (evidence) go there.
 */
export async function createTestDatabase(options: { file?: boolean; empty?: boolean } = {}): Promise<TestDatabase> {
  if (!onPostgres) {
    if (!options.file) return { options: { databasePath: ':memory:' }, location: ':memory:', drop: async () => {} };
    const dir = await mkdtemp(join(tmpdir(), 'tourney-db-'));
    const databasePath = join(dir, 'tourney.db');
    return { options: { databasePath }, location: databasePath, drop: () => rm(dir, { recursive: true, force: true }) };
  }
  const prefix = process.env[TEST_DATABASE_PREFIX_ENV] ?? `tourney_test_${process.pid}`;
  const name = `${prefix}_${randomBytes(6).toString('hex')}`;
  const template = options.empty ? undefined : templateDatabase();
  await adminQuery(`CREATE DATABASE "${name}"${template ? ` TEMPLATE "${template}"` : ''}`);
  const databaseUrl = postgresUrl(name);
  const dir = options.file ? await mkdtemp(join(tmpdir(), 'tourney-db-')) : undefined;
  return {
    options: { databaseUrl, presignSecret: TEST_PRESIGN_SECRET, ...(dir ? { databasePath: join(dir, 'tourney.db') } : {}) },
    location: databaseUrl,
    async drop() {
      await adminQuery(`DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`);
      if (dir) await rm(dir, { recursive: true, force: true });
    },
  };
}
