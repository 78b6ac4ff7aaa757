/**
 * Migrations that arrive out of order (R18.6): a database already migrated past a migration it never ran (a server
 * deployed from a branch that had 0016 but not yet 0015) gets the missing one at the next start, on the run's dialect.
 */
import { Migrator, sql } from 'kysely';
import { afterEach, describe, expect, it } from 'vitest';
import { migrateToLatest, postgresDialect, sqliteDialect } from '../src/index';
import { migrations } from '../src/db/migrations/index';
import { createTestDatabase, onPostgres, testDialect, type TestDatabase } from './helpers/index';

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
