import BetterSqlite3 from 'better-sqlite3';
import { Kysely, SqliteDialect } from 'kysely';
import { describe, expect, it } from 'vitest';
import { compileOnce } from '../../src/db/compiled-query';
import type { Database } from '../../src/db/schema';
import { withStatementCache } from '../../src/db/sqlite/statement-cache';
import { isUniqueViolation } from '../../src/db/unique-violation';

describe('statement cache', () => {
  it('reuses statements by SQL text and evicts the least recently used', () => {
    const raw = new BetterSqlite3(':memory:');
    const db = withStatementCache(raw, 2);
    const a = db.prepare('select 1');
    expect(db.prepare('select 1')).toBe(a);
    db.prepare('select 2');
    db.prepare('select 1'); // refreshes "select 1"
    db.prepare('select 3'); // evicts "select 2"
    expect(db.prepare('select 1')).toBe(a);
    expect(db.prepare('select 3').all([])).toEqual([{ 3: 3 }]);
    db.close();
  });
});

describe('compileOnce', () => {
  it('runs the compiled SQL with new parameters and checks their count', async () => {
    const db = new Kysely<Database>({ dialect: new SqliteDialect({ database: new BetterSqlite3(':memory:') }) });
    await db.schema.createTable('organizations').addColumn('id', 'text').addColumn('slug', 'text').execute();
    await db.insertInto('organizations' as never).values([{ id: '1', slug: 'a' }, { id: '2', slug: 'b' }] as never).execute();
    const bySlug = compileOnce(db, db.selectFrom('organizations').select('id').where('slug', '=', ''));
    expect(await bySlug(['b'])).toEqual([{ id: '2' }]);
    expect(await bySlug(['zzz'])).toEqual([]);
    await expect(bySlug([])).rejects.toThrow(/expects 1 parameters/);
    await db.destroy();
  });
});

describe('isUniqueViolation', () => {
  it('recognises SQLite and PostgreSQL unique violations, by column', () => {
    const raw = new BetterSqlite3(':memory:');
    raw.exec('create table users (email text unique)');
    raw.exec("insert into users values ('a')");
    let error: unknown;
    try {
      raw.exec("insert into users values ('a')");
    } catch (e) {
      error = e;
    }
    expect(isUniqueViolation(error)).toBe(true);
    expect(isUniqueViolation(error, 'users.email')).toBe(true);
    expect(isUniqueViolation(error, 'users.username_lower')).toBe(false);
    expect(isUniqueViolation({ code: '23505', detail: 'Key (email)=(a) already exists.' }, 'users.email')).toBe(true);
    expect(isUniqueViolation(new Error('other'))).toBe(false);
    raw.close();
  });
});
