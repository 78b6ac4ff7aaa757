// PostgreSQL baseline for the HTTP benchmark: bare Koa + @koa/router + one `pg` prepared-statement read (a named
// query, prepared once per connection) of the tournament row BENCH_TOURNAMENT_ID seeded by the full server in the
// database at BENCH_DATABASE_URL, answering GET /api/v1/tournaments/:id with the row in the success envelope, on a
// pool of 10 connections (the server's default). Prints `PORT <n>` and `ID <uuid>` when ready, and its CPU time on
// SIGUSR2 (cpu-report.mjs).
import Router from '@koa/router';
import Koa from 'koa';
import pg from 'pg';
import { reportCpuOnSignal } from './cpu-report.mjs';

const pool = new pg.Pool({ connectionString: process.env.BENCH_DATABASE_URL, max: 10 });
const id = process.env.BENCH_TOURNAMENT_ID;
const byId = (tournamentId) => ({ name: 'tournament-by-id', text: 'SELECT * FROM tournaments WHERE id = $1', values: [tournamentId] });
if ((await pool.query(byId(id))).rowCount !== 1) throw new Error(`no tournament ${id}`);

const app = new Koa();
const router = new Router({ prefix: '/api/v1' });
router.get('/tournaments/:id', async (ctx) => {
  const { rows } = await pool.query(byId(ctx.params.id));
  if (rows.length === 0) ctx.throw(404);
  ctx.body = { success: true, data: rows[0] };
});
app.use(router.routes());
reportCpuOnSignal();
const server = app.listen(0, '127.0.0.1', () => {
  console.log(`PORT ${server.address().port}`);
  console.log(`ID ${id}`);
});
