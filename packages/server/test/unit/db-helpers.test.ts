import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import BetterSqlite3 from 'better-sqlite3';
import { Kysely, SqliteDialect, sql } from 'kysely';
import { describe, expect, it } from 'vitest';
import { compileOnce, reusableQuery } from '../../src/db/compiled-query';
import type { Database } from '../../src/db/schema';
import { withStatementCache } from '../../src/db/sqlite/statement-cache';
import { sqliteDialect } from '../../src/db/sqlite/sqlite-dialect';
import { toUniqueViolation } from '../../src/db/sqlite/unique-violation';
import { isUniqueViolation, UniqueViolationError } from '../../src/db/unique-violation';

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

describe('raw row reads', () => {
  it('read the same row objects as better-sqlite3, a later column of the same name winning (R18.7)', () => {
    const raw = new BetterSqlite3(':memory:');
    raw.exec("create table t (id text, n integer, b blob, x real); insert into t values ('a', 1, x'00ff', 1.5), ('b', null, null, null)");
    const db = withStatementCache(raw);
    for (const sql of ['select * from t order by id', "select id, n as id, 'k' as \"we\"\"ird\" from t order by id", 'select * from t where id = ?']) {
      const params = sql.includes('?') ? ['b'] : [];
      expect(db.prepare(sql).all(params)).toEqual(raw.prepare(sql).all(params));
    }
    expect(db.prepare("select n as id, id from t where id = 'a'").all([])).toEqual([{ id: 'a' }]);
    expect(db.prepare('select 3').all([])).toEqual([{ 3: 3 }]);
    expect(db.prepare('select * from t where id = ?').all(['none'])).toEqual([]);
    db.close();
  });

  it('see the new columns of a table another connection altered, and iterate yields row objects', () => {
    const dir = mkdtempSync(join(tmpdir(), 'tourney-raw-rows-'));
    const path = join(dir, 'db.sqlite');
    const first = new BetterSqlite3(path);
    first.exec("create table t (id text); insert into t values ('a')");
    const db = withStatementCache(first);
    const read = db.prepare('select * from t');
    expect(read.all([])).toEqual([{ id: 'a' }]);
    const other = new BetterSqlite3(path);
    other.exec("alter table t add column n integer default 7");
    other.close();
    expect(read.all([])).toEqual([{ id: 'a', n: 7 }]);
    expect([...read.iterate([])]).toEqual([{ id: 'a', n: 7 }]);
    expect(read.all([])).toEqual([{ id: 'a', n: 7 }]);
    db.close();
    rmSync(dir, { recursive: true, force: true });
  });

  it('empty the statement cache when the schema changes in this connection', () => {
    const db = withStatementCache(new BetterSqlite3(':memory:'));
    db.prepare('create table t (id text)').run([]);
    const before = db.prepare('select * from t');
    expect(db.prepare('select * from t')).toBe(before);
    db.prepare('alter table t add column n integer').run([]);
    expect(db.prepare('select * from t')).not.toBe(before);
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

describe('reusableQuery', () => {
  it('compiles once per handle and runs on the app handle and inside a transaction (its writes seen)', async () => {
    const db = new Kysely<Database>({ dialect: new SqliteDialect({ database: new BetterSqlite3(':memory:') }) });
    await db.schema.createTable('organizations').addColumn('id', 'text').addColumn('slug', 'text').execute();
    await db.insertInto('organizations' as never).values([{ id: '1', slug: 'a' }] as never).execute();
    let builds = 0;
    const bySlug = reusableQuery((handle) => {
      builds++;
      return handle.selectFrom('organizations').select('id').where('slug', '=', '');
    });
    expect(await bySlug(db, ['a'])).toEqual([{ id: '1' }]);
    expect(await bySlug(db, ['b'])).toEqual([]);
    expect(builds).toBe(1);
    const inside = await db.transaction().execute(async (trx) => {
      await trx.insertInto('organizations' as never).values({ id: '2', slug: 'b' } as never).execute();
      return bySlug(trx, ['b']);
    });
    expect(inside).toEqual([{ id: '2' }]);
    expect(builds).toBe(2);
    await expect(bySlug(db, [])).rejects.toThrow(/expects 1 parameters/);
    await db.destroy();
  });
});

describe('isUniqueViolation', () => {
  it('recognises unique violations thrown through the SQLite dialect, by table and column', async () => {
    const { db, close } = await sqliteDialect.connect(':memory:');
    await sql`create table users (email text unique, username_lower text)`.execute(db);
    await sql`create table pairs (a text, b text, unique (a, b))`.execute(db);
    await sql`insert into users (email) values ('a')`.execute(db);
    await sql`insert into pairs values ('x', 'y')`.execute(db);
    const failure = (query: Promise<unknown>) => query.then(() => undefined, (error: unknown) => error);
    const email = await failure(sql`insert into users (email) values ('a')`.execute(db));
    expect(email).toBeInstanceOf(UniqueViolationError);
    expect(isUniqueViolation(email)).toBe(true);
    expect(isUniqueViolation(email, 'users.email')).toBe(true);
    expect(isUniqueViolation(email, 'users.username_lower')).toBe(false);
    expect(isUniqueViolation(email, 'organizations.email')).toBe(false);
    const pair = await failure(db.transaction().execute((trx) => sql`insert into pairs values ('x', 'y')`.execute(trx)));
    expect(isUniqueViolation(pair, 'pairs.b')).toBe(true);
    expect(isUniqueViolation(await failure(sql`insert into nowhere values (1)`.execute(db)))).toBe(false);
    expect(isUniqueViolation(new Error('other'))).toBe(false);
    await close();
  });

  it('maps only unique and primary-key failures of better-sqlite3', () => {
    const raw = new BetterSqlite3(':memory:');
    raw.exec('create table t (id text primary key, v text not null)');
    raw.exec("insert into t values ('1', 'x')");
    const thrown = (statement: string) => {
      try {
        raw.exec(statement);
      } catch (error) {
        return error;
      }
      throw new Error(`no error from ${statement}`);
    };
    expect(toUniqueViolation(thrown("insert into t values ('1', 'y')"))).toMatchObject({ table: 't', columns: ['id'] });
    expect(toUniqueViolation(thrown("insert into t values ('2', null)"))).toBeNull();
    raw.close();
  });
});
