// Baseline for the HTTP benchmark: bare Koa + @koa/router + one better-sqlite3 prepared-statement read, answering
// GET /api/v1/tournaments/:id with the row in the success envelope. Prints `PORT <n>` and `ID <uuid>` when ready, and
// its CPU time on SIGUSR2 (cpu-report.mjs).
// With BENCH_DATABASE_PATH and BENCH_TOURNAMENT_ID it reads the tournaments row BENCH_TOURNAMENT_ID (every column) of
// the full server's SQLite file, opened read-only beside it (WAL: readers in other processes see its commits): the
// same row the full stack serves. Without them it reads a five-column row of a table of its own (the baseline of the
// figures before that, kept for comparison).
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import Router from '@koa/router';
import Database from 'better-sqlite3';
import Koa from 'koa';
import { reportCpuOnSignal } from './cpu-report.mjs';

function ownTable() {
  const db = new Database(join(mkdtempSync(join(tmpdir(), 'tourney-bench-bare-')), 'bare.db'));
  db.pragma('journal_mode = WAL');
  db.exec('CREATE TABLE tournaments (id TEXT PRIMARY KEY, name TEXT, status TEXT, discipline_id TEXT, start_date TEXT)');
  const id = '01a20000-0000-7000-8000-000000000001';
  db.prepare('INSERT INTO tournaments VALUES (?, ?, ?, ?, ?)').run(id, 'Bench Cup', 'PUBLISHED', 'cs2', '2030-01-01T00:00:00.000Z');
  return { db, id };
}

const path = process.env.BENCH_DATABASE_PATH;
const { db, id } = path ? { db: new Database(path, { readonly: true }), id: process.env.BENCH_TOURNAMENT_ID } : ownTable();
const byId = db.prepare('SELECT * FROM tournaments WHERE id = ?');
if (!byId.get(id)) throw new Error(`no tournament ${id}`);

const app = new Koa();
const router = new Router({ prefix: '/api/v1' });
router.get('/tournaments/:id', (ctx) => {
  const row = byId.get(ctx.params.id);
  if (!row) ctx.throw(404);
  ctx.body = { success: true, data: row };
});
app.use(router.routes());
reportCpuOnSignal();
const server = app.listen(0, '127.0.0.1', () => {
  console.log(`PORT ${server.address().port}`);
  console.log(`ID ${id}`);
});
