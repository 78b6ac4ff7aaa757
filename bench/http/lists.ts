// `npm run bench:lists`: a paginated list with its total at 1k and 1M rows (R3.11). One user's notifications are
// inserted straight into a fresh SQLite file (a prepared multi-row INSERT in one transaction), then
// - database: one page (GET /notifications' query, limit 10) with its capped total (queryPage) against the
//   same page query alone, without the total, interleaved in one loop (the count's own cost, no target); beside
//   them the uncapped COUNT(*) every request ran before;
// - HTTP: GET /notifications?limit=10 through the full stack (autocannon, BENCH_LISTS_SECONDS for each side), with
//   the default cap (the total) against a second server in this process on the same file with listTotalCap 1 (the
//   count stops one row past the page: no total), switched in turn (4 runs each) so a change of load weighs on both; ratio target >= 0.8, and 1M/1k (flat: near 1).
// BENCH_LISTS_SIZES=1000,1000000 sets the sizes. The machine's load weighs on every figure alike.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import autocannon from 'autocannon';
import Database from 'better-sqlite3';
import { sql } from 'kysely';
import pino from 'pino';
import { startServer } from '../../packages/server/src/index';
import { newId } from '../../packages/server/src/ids';
import { DEFAULT_LIST_TOTAL_CAP, queryPage } from '../../packages/server/src/db/page-query';

const sizes = (process.env.BENCH_LISTS_SIZES ?? '1000,1000000').split(',').map(Number);
const seconds = Number(process.env.BENCH_LISTS_SECONDS ?? 4);
const LIMIT = 10;

/** Inserts `n` in-app notifications of `userId`, 1 ms apart, 200 rows per statement, in one transaction. */
function fill(file: string, userId: string, n: number): number {
  const started = performance.now();
  const db = new Database(file);
  const columns = '(id, user_id, type, title, message, data, channels, in_app, dedupe_key, read_at, created_at)';
  const batch = 200;
  const row = '(?, ?, ?, ?, ?, ?, ?, 1, NULL, NULL, ?)';
  const insert = (k: number) => db.prepare(`INSERT INTO notifications ${columns} VALUES ${Array(k).fill(row).join(', ')}`);
  const full = insert(batch);
  const t0 = Date.UTC(2030, 0, 1);
  db.transaction(() => {
    for (let i = 0; i < n; i += batch) {
      const k = Math.min(batch, n - i);
      const args: unknown[] = [];
      for (let j = i; j < i + k; j++) {
        args.push(newId(), userId, 'MATCH_READY', 'Match ready', `Match ${j} is ready`, '{}', '["IN_APP"]', new Date(t0 + j).toISOString());
      }
      (k === batch ? full : insert(k)).run(...args);
    }
  })();
  // Fold the write-ahead log into the file, as a server's own checkpoints would: a 1M-row log read through on every
  // query measures the log, not the list.
  db.pragma('wal_checkpoint(TRUNCATE)');
  db.close();
  return performance.now() - started;
}

/** Mean microseconds per call of each of `runs`, called in turn `rounds` times (after a warm-up). */
async function interleaved(runs: Record<string, () => Promise<unknown>>, rounds: number): Promise<Record<string, number>> {
  const spent: Record<string, number> = Object.fromEntries(Object.keys(runs).map((k) => [k, 0]));
  for (const run of Object.values(runs)) for (let i = 0; i < 20; i++) await run();
  for (let i = 0; i < rounds; i++) {
    for (const [name, run] of Object.entries(runs)) {
      const t = performance.now();
      await run();
      spent[name]! += performance.now() - t;
    }
  }
  return Object.fromEntries(Object.entries(spent).map(([k, ms]) => [k, (ms * 1000) / rounds]));
}

interface Figures {
  size: number;
  fillMs: number;
  withTotal: number;
  pageOnly: number;
  uncapped: number;
  rps: number;
  rpsWithout: number;
  total: number;
  capped: boolean;
}

interface Prepared {
  figures: Figures;
  options: { url: string; connections: number; headers: Record<string, string> };
  /** The same list on the server with listTotalCap 1. */
  urlWithout: string;
  close: () => Promise<void>;
}

/** A server on a fresh SQLite file whose one user has `size` notifications, with the database figures measured. */
async function prepare(size: number): Promise<Prepared> {
  const dir = mkdtempSync(join(tmpdir(), 'tourney-bench-lists-'));
  const file = join(dir, 'lists.db');
  const server = await startServer({
    databasePath: file,
    port: 0,
    rateLimit: { enabled: false },
    logger: pino({ level: 'silent' }),
  });
  let uncappedServer: Awaited<ReturnType<typeof startServer>> | undefined;
  const close = async () => {
    await Promise.all([server.close(), uncappedServer?.close()]);
    rmSync(dir, { recursive: true, force: true });
  };
  try {
    const res = await fetch(`${server.url}/auth/register`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ username: 'bench_lists', email: 'lists@example.test', password: 'bench password' }),
    });
    const registered = (await res.json()) as { data: { accessToken: string; user: { id: string } } };
    const token = registered.data.accessToken;
    const userId = registered.data.user.id;
    const fillMs = fill(file, userId, size);

    const db = server.deps.db;
    const base = db.selectFrom('notifications').where('user_id', '=', userId).where('in_app', '=', 1);
    const ordered = (b: typeof base) => b.selectAll().orderBy(sql`created_at`, 'desc').orderBy(sql`id`, 'desc');
    const window = { page: 1, limit: LIMIT, totalCap: DEFAULT_LIST_TOTAL_CAP };
    const inDatabase = await interleaved(
      {
        withTotal: () => queryPage(base, window, ordered),
        pageOnly: () => ordered(base).limit(LIMIT).offset(0).execute(),
      },
      2000,
    );
    const uncapped = await interleaved({ uncapped: () => base.select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow() }, size > 100_000 ? 5 : 200);

    const url = `${server.url}/notifications?limit=${LIMIT}`;
    const check = await fetch(url, { headers: { authorization: `Bearer ${token}` } });
    if (check.status !== 200) throw new Error(`GET answered ${check.status}`);
    const body = (await check.json()) as { pagination: { total: number; totalCapped?: boolean } };
    const options = { url, connections: 8, headers: { authorization: `Bearer ${token}` } };
    await autocannon({ ...options, duration: 1 });
    const figures = {
      size,
      fillMs,
      withTotal: inDatabase.withTotal!,
      pageOnly: inDatabase.pageOnly!,
      uncapped: uncapped.uncapped!,
      rps: 0,
      rpsWithout: 0,
      total: body.pagination.total,
      capped: body.pagination.totalCapped === true,
    };
    uncappedServer = await startServer({ databasePath: file, port: 0, rateLimit: { enabled: false }, logger: pino({ level: 'silent' }), listTotalCap: 1 });
    return { figures, options, urlWithout: `${uncappedServer.url}/notifications?limit=${LIMIT}`, close };
  } catch (error) {
    await close();
    throw error;
  }
}

console.log(`one user's notifications, page 1 of limit ${LIMIT}, on SQLite; HTTP ${seconds} s per side at 8 connections; total cap ${DEFAULT_LIST_TOTAL_CAP}`);
const lists: Prepared[] = [];
try {
  for (const size of sizes) lists.push(await prepare(size));
  // Every size and side in turn, 4 rounds, so a change of load on the machine weighs on all alike.
  const ROUNDS = 4;
  for (let round = 0; round < ROUNDS; round++) {
    for (const list of lists) {
      for (const side of ['with', 'without'] as const) {
        const url = side === 'with' ? list.options.url : list.urlWithout;
        const result = await autocannon({ ...list.options, url, duration: seconds / ROUNDS });
        if (result.non2xx > 0 || result.errors > 0) throw new Error(`${result.non2xx} non-2xx, ${result.errors} errors`);
        list.figures[side === 'with' ? 'rps' : 'rpsWithout'] += result.requests.average / ROUNDS;
      }
    }
  }
} finally {
  await Promise.all(lists.map((l) => l.close()));
}
const all = lists.map((l) => l.figures);
for (const f of all) {
  const us = (v: number) => `${v.toFixed(0)} µs`;
  console.log(`${String(f.size).padStart(8)} rows (inserted in ${(f.fillMs / 1000).toFixed(1)} s): total ${f.total}${f.capped ? ' (totalCapped)' : ''}`);
  console.log(`  database: page + capped total ${us(f.withTotal)}, page alone ${us(f.pageOnly)}, ratio ${(f.pageOnly / f.withTotal).toFixed(2)}; uncapped COUNT(*) before: ${us(f.uncapped)}`);
  console.log(
    `  HTTP GET /notifications: with the total ${f.rps.toFixed(0)} req/s, without ${f.rpsWithout.toFixed(0)} req/s, ratio ${(f.rps / f.rpsWithout).toFixed(2)} (target >= 0.80)`,
  );
}
if (all.length >= 2) {
  const [small, large] = [all[0]!, all[all.length - 1]!];
  console.log(`flat: HTTP req/s at ${large.size} / at ${small.size} rows = ${(large.rps / small.rps).toFixed(2)} (1.00 is flat)`);
}
