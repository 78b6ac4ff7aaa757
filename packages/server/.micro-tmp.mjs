import Database from 'better-sqlite3';
import { Kysely, SqliteDialect, sql } from 'kysely';
function cached(db, size = 200) {
  const cache = new Map();
  return { close: () => db.close(), prepare(text) { let s = cache.get(text); if (s) { cache.delete(text); cache.set(text, s); return s; } s = db.prepare(text); cache.set(text, s); if (cache.size > size) cache.delete(cache.keys().next().value); return s; } };
}
for (const mode of ['plain', 'cached', 'plain', 'cached']) {
  const raw = new Database(':memory:');
  raw.exec('create table t (id text primary key, a text, b text, c integer)');
  for (let i = 0; i < 1000; i++) raw.prepare('insert into t values (?,?,?,?)').run('id' + i, 'a', 'b', i);
  const db = new Kysely({ dialect: new SqliteDialect({ database: mode === 'cached' ? cached(raw) : raw }) });
  for (let i = 0; i < 2000; i++) await db.selectFrom('t').selectAll().where('id', '=', 'id' + (i % 1000)).executeTakeFirst();
  const n = 20000; const t = performance.now();
  for (let i = 0; i < n; i++) await db.selectFrom('t').selectAll().where('id', '=', 'id' + (i % 1000)).executeTakeFirst();
  const t2 = performance.now();
  for (let i = 0; i < n; i++) await sql`select 1`.execute(db);
  console.log(mode, 'select by id µs', ((t2 - t) * 1000 / n).toFixed(1), 'select 1 µs', ((performance.now() - t2) * 1000 / n).toFixed(1));
  await db.destroy();
}
