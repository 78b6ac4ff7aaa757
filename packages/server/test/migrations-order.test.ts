/**
 * Migrations that arrive out of order (R18.6): a database already migrated past a migration it never ran (a server
 * deployed from a branch that had 0016 but not yet 0015) gets the missing one at the next start, on the run's dialect.
 */
import { Migrator, sql } from 'kysely';
import { afterEach, describe, expect, it } from 'vitest';
import { migrateToLatest, NewerDatabaseError, postgresDialect, SERVER_VERSION, sqliteDialect } from '../src/index';
import { migrations } from '../src/db/migrations/index';
import { createTestDatabase, onPostgres, testDialect, type TestDatabase } from './helpers/index';
import { databaseEnv, runServerProcessUntilExit } from './helpers/server-process';

const MISSING = '0015-participant-ratings';

let database: TestDatabase | undefined;
afterEach(async () => {
  await database?.drop();
  database = undefined;
});

describe(`migrations out of order (${testDialect})`, () => {
  it('runs a pending migration numbered below one already applied, once', async () => {
    database = await createTestDatabase({ empty: true });
    const dialect = onPostgres ? postgresDialect({ poolSize: 2, statementTimeoutMs: 0 }) : sqliteDialect;
    const { db, close } = await dialect.connect(database.location);
    try {
      // Every migration but 0015, as a server without it would have applied them (0016 included).
      const without = Object.fromEntries(Object.entries(migrations).filter(([name]) => name !== MISSING));
      const partial = await new Migrator({ db, provider: { getMigrations: async () => without } }).migrateToLatest();
      expect(partial.error).toBeUndefined();
      const applied = async () => (await db.selectFrom('kysely_migration' as never).select(sql<string>`name`.as('name')).execute()).map((r) => r.name);
      expect(await applied()).not.toContain(MISSING);
      expect(await applied()).toContain('0016-tournament-live-counter');
      await expect(db.selectFrom('participants').select('rating').execute()).rejects.toThrow();

      expect(await migrateToLatest(db)).toEqual([MISSING]);
      expect(await db.selectFrom('participants').select('rating').execute()).toEqual([]);
      expect((await applied()).sort()).toEqual(Object.keys(migrations).sort());
      expect(await migrateToLatest(db)).toEqual([]);
    } finally {
      await close();
    }
  });
});

describe(`a database migrated by a newer version (${testDialect})`, () => {
  it('stops an older server at start with one line naming the migrations it does not know, exit 1', async () => {
    database = await createTestDatabase({ file: true });
    const dialect = onPostgres ? postgresDialect({ poolSize: 2, statementTimeoutMs: 0 }) : sqliteDialect;
    const { db, close } = await dialect.connect(database.location);
    try {
      await migrateToLatest(db);
      // What a newer version leaves behind: migrations this one does not have.
      for (const name of ['0999-from-a-newer-version', '0998-also-newer']) {
        await sql`insert into kysely_migration (name, timestamp) values (${name}, ${new Date().toISOString()})`.execute(db);
      }
      const refused = migrateToLatest(db);
      await expect(refused).rejects.toThrow(NewerDatabaseError);
      await expect(refused).rejects.toMatchObject({ unknownMigrations: ['0998-also-newer', '0999-from-a-newer-version'] });
    } finally {
      await close();
    }
    const run = await runServerProcessUntilExit(databaseEnv(database.location));
    expect(run.code, run.stderr).toBe(1);
    expect(run.stderr.trim()).toBe(
      `tourney server failed to start: the database was migrated by a newer version of Tourney (migrations unknown to version ${SERVER_VERSION}: ` +
        '0998-also-newer, 0999-from-a-newer-version); this version cannot run on it: start the newer version, or this one on a backup taken before the upgrade',
    );
    expect(run.stderr).not.toMatch(/^\s+at /m);
  });
});
