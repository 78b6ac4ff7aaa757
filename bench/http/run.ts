// `npm run bench:http`: throughput of GET /api/v1/tournaments/{id} (public read of a published tournament) on the full
// Tourney stack against a bare Koa + better-sqlite3 handler reading the same row from the full server's file, measured
// in the same run, as a ratio (target: >= 0.7), beside the bare handler on a five-column row of its own (the baseline
// of earlier figures) and the full stack whose getTournament handler answers from memory (the ratio its HTTP layers
// alone allow). Each server also reports its process's CPU time per request, user and system (cpu-report.mjs). Then a
// fresh full stack alone at 50 connections: its p50 and p99 (target: p99 <= 20 ms).
// `npm run bench:http -- --database postgres`: the same on PostgreSQL (a database created for the run on the server at
// BENCH_POSTGRES_URL, default postgres://postgres@127.0.0.1:5432/postgres, dropped afterwards) against a bare Koa +
// `pg` prepared-statement read of the same row (target: >= 0.5), beside the full stack answering from memory and the
// full stack with its rate limit counters in Redis (BENCH_REDIS_URL, default redis://127.0.0.1:6379), and the time to
// start a double elimination of 1024
// participants there (POST /tournaments/{id}/start, target <= 150 ms; BENCH_STAGE_START sets the size).
// Both print the size of GET /tournaments/{id}/bracket of that tournament plain, gzip and brotli (target < 300 KB
// compressed) and its time (target <= 20 ms), the time of a match report and confirm with the SQL statements each
// runs (Kysely's, counted in the server process; BEGIN/COMMIT not counted; after untimed warm-up writes, with the
// process's first beside them), and the start of a Swiss of 4096 participants (BENCH_SWISS_START sets the size;
// target <= 150 ms on SQLite) with its bracket (target <= 30 ms).
// Start and bracket times are client-side over loopback, with the CPU time of the server process beside them
// (the client's requests included: a figure less sensitive to the load of a shared machine).
// Each server runs in its own process, with the Node flags `npm start` gives the server (`--max-semi-space-size=64`;
// BENCH_NODE_FLAGS replaces them, e.g. "--max-semi-space-size=16" for Node's default); autocannon drives it from
// this one over loopback, bounded in time.
import { type ChildProcess, spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { get as httpGet } from 'node:http';
import { fileURLToPath } from 'node:url';
import autocannon from 'autocannon';
import pg from 'pg';

const seconds = Number(process.env.BENCH_HTTP_SECONDS ?? 8);
const connections = Number(process.env.BENCH_HTTP_CONNECTIONS ?? 16);
const here = (file: string) => fileURLToPath(new URL(file, import.meta.url));
const databaseArg = process.argv.indexOf('--database');
const database = databaseArg >= 0 ? process.argv[databaseArg + 1] : 'sqlite';
if (database !== 'sqlite' && database !== 'postgres') throw new Error(`--database must be sqlite or postgres (got ${database})`);

/** Node flags of every server process: those `npm start` runs the server with (BENCH_NODE_FLAGS overrides). */
const SERVER_NODE_FLAGS = (process.env.BENCH_NODE_FLAGS ?? '--max-semi-space-size=64').split(' ').filter(Boolean);

interface Started {
  child: ChildProcess;
  port: number;
  id: string;
  /** Everything the server has printed on stdout so far. */
  out: string;
}

/** Spawns a server process and resolves once it has printed `PORT <n>` and `ID <uuid>`. */
function start(args: string[], env: NodeJS.ProcessEnv = {}): Promise<Started> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [...SERVER_NODE_FLAGS, ...args], { stdio: ['ignore', 'pipe', 'inherit'], env: { ...process.env, ...env } });
    const started: Started = { child, port: 0, id: '', out: '' };
    child.stdout!.on('data', (chunk) => {
      started.out += String(chunk);
      const port = /PORT (\d+)/.exec(started.out)?.[1];
      const id = /ID (\S+)/.exec(started.out)?.[1];
      if (port && id && started.port === 0) {
        started.port = Number(port);
        started.id = id;
        resolve(started);
      }
    });
    child.on('exit', (code) => reject(new Error(`server exited with ${code} before it was ready:\n${started.out}`)));
  });
}

/** What one server did under load: requests per second, latency and its process's CPU time per request. */
interface Measured {
  rps: number;
  p50: number;
  p99: number;
  /** Requests answered in the measured run(s). */
  requests: number;
  /** CPU time of the server's process over the measured run(s), microseconds: user (JavaScript, parsing) and system (the kernel's share: socket reads and writes). */
  userUs: number;
  systemUs: number;
}

/** The CPU time (µs) a server's process has used so far, as it prints it on SIGUSR2 (cpu-report.mjs). */
function cpuOf(server: Started): Promise<{ user: number; system: number }> {
  const line = /^CPU (\d+) (\d+)\n/gm;
  const seen = server.out.match(line)?.length ?? 0;
  return new Promise((resolve) => {
    const check = () => {
      const reports = [...server.out.matchAll(line)];
      if (reports.length <= seen) return;
      server.child.stdout!.off('data', check);
      resolve({ user: Number(reports[seen]![1]), system: Number(reports[seen]![2]) });
    };
    server.child.stdout!.on('data', check);
    server.child.kill('SIGUSR2');
  });
}

/**
 * GET /tournaments/{id} on `server` for `duration` seconds (after `warmUp` seconds) over `clients` connections (default
 * BENCH_HTTP_CONNECTIONS), with the server's CPU time.
 */
async function rate(name: string, server: Started, duration: number, warmUp: number, clients = connections): Promise<Measured> {
  const url = `http://127.0.0.1:${server.port}/api/v1/tournaments/${server.id}`;
  const check = await fetch(url);
  if (check.status !== 200) throw new Error(`${name}: GET answered ${check.status}`);
  if (warmUp > 0) await autocannon({ url, connections: clients, duration: warmUp });
  const before = await cpuOf(server);
  const result = await autocannon({ url, connections: clients, duration });
  const after = await cpuOf(server);
  if (result.non2xx > 0 || result.errors > 0) throw new Error(`${name}: ${result.non2xx} non-2xx, ${result.errors} errors`);
  return {
    rps: result.requests.average,
    p50: result.latency.p50,
    p99: result.latency.p99,
    requests: result.requests.total,
    userUs: after.user - before.user,
    systemUs: after.system - before.system,
  };
}

/**
 * Measures every server in turn, half the time each, twice (so a change of load on the machine during the run weighs
 * on all alike; the idle ones cost nothing), then stops them: the mean rate, the worst p50 and p99, and the CPU time
 * summed over both turns.
 */
async function compare<K extends string>(servers: Record<K, Started>): Promise<Record<K, Measured>> {
  const names = Object.keys(servers) as K[];
  const runs = new Map<K, Measured[]>(names.map((n) => [n, []]));
  try {
    const half = Math.max(1, Math.round(seconds / 2));
    for (let round = 0; round < 2; round++) {
      for (const n of names) runs.get(n)!.push(await rate(n, servers[n], half, round === 0 ? 2 : 0));
    }
  } finally {
    await Promise.all(names.map((n) => stop(servers[n])));
  }
  const sum = (list: Measured[], of: (m: Measured) => number) => list.reduce((total, m) => total + of(m), 0);
  return Object.fromEntries(
    names.map((n) => {
      const list = runs.get(n)!;
      const measured: Measured = {
        rps: sum(list, (m) => m.rps) / list.length,
        p50: Math.max(...list.map((m) => m.p50)),
        p99: Math.max(...list.map((m) => m.p99)),
        requests: sum(list, (m) => m.requests),
        userUs: sum(list, (m) => m.userUs),
        systemUs: sum(list, (m) => m.systemUs),
      };
      return [n, measured];
    }),
  ) as Record<K, Measured>;
}

/** Microseconds of CPU per request of a measured server, user and system. */
const perRequest = (m: Measured) => ({ user: m.userUs / m.requests, system: m.systemUs / m.requests });

const line = (name: string, m: Measured) => {
  const cpu = perRequest(m);
  console.log(
    `${name.padEnd(44)} ${m.rps.toFixed(0).padStart(7)} req/s  p50 ${m.p50} ms  p99 ${m.p99} ms  CPU per request: user ${cpu.user.toFixed(1)} µs, system ${cpu.system.toFixed(1)} µs`,
  );
};

/**
 * The CPU time per request of the bare server over the full one's: total and user alone. System time is mostly the
 * socket writes, and each write wakes the benchmark's client, which shares this machine's cores: it grows when the
 * client waits for a slower server (bench/README.md), so the user-time ratio is the one of the code alone.
 */
function cpuRatio(bare: Measured, fullStack: Measured): string {
  const b = perRequest(bare);
  const f = perRequest(fullStack);
  return `${((b.user + b.system) / (f.user + f.system)).toFixed(2)} (user time alone ${(b.user / f.user).toFixed(2)})`;
}

async function stop(server: Started): Promise<void> {
  const exited = new Promise((resolve) => server.child.once('exit', resolve));
  server.child.kill('SIGTERM');
  await exited;
}

const full = ['--import', 'tsx', here('./full-server.ts')];

/** The connections of the latency target: p99 of the full stack at most 20 ms with this many clients. */
const LATENCY_CONNECTIONS = 50;

/**
 * Prints the latency of the full stack (a fresh server started with `env`) at LATENCY_CONNECTIONS connections: its
 * p50 and p99 over half the run's seconds, after a 2 s warm-up, beside its rate (target: p99 <= 20 ms).
 */
async function latencyUnderLoad(env: NodeJS.ProcessEnv, where: string): Promise<void> {
  const server = await start(full, env);
  try {
    const m = await rate('latency', server, Math.max(1, Math.round(seconds / 2)), 2, LATENCY_CONNECTIONS);
    console.log(`full stack at ${LATENCY_CONNECTIONS} connections on ${where}: p50 ${m.p50} ms, p99 ${m.p99} ms (target <= 20 ms), ${m.rps.toFixed(0)} req/s`);
  } finally {
    await stop(server);
  }
}

const startTimes = (out: string, name = 'START') =>
  (new RegExp(`^${name}_MS ([\\d. ]+)`, 'm').exec(out)?.[1] ?? '').trim().split(' ').filter(Boolean).map(Number);
const median = (list: number[]) => [...list].sort((a, b) => a - b)[Math.floor(list.length / 2)] ?? NaN;
const shown = (list: number[]) => `median ${median(list).toFixed(0)} ms of ${list.map((t) => t.toFixed(0)).join(', ')} ms`;
/** The warm-up starts a full server printed (see warmUpStarts in full-server.ts), the first being the process's first. */
const firstStart = (out: string, name = 'START') => {
  const warm = startTimes(out, `${name}_WARMUP`);
  return warm.length === 0 ? '' : `; after ${warm.length} untimed starts, the first of the process ${warm[0]!.toFixed(0)} ms`;
};

/**
 * Milliseconds of GET /tournaments/{id}/bracket of the tournament a full server printed as `<name> <id>`, from this
 * process (the client out of the server's process, as a real one): one warm-up, then the median of 5 reads, each
 * until its last byte (identity encoding). Undefined when the server printed no such tournament.
 */
async function bracketFromOutside(server: Started, name: string): Promise<{ changed: number; unchanged: number } | undefined> {
  const id = new RegExp(`^${name} (\\S+)`, 'm').exec(server.out)?.[1];
  const token = /^TOKEN (\S+)/m.exec(server.out)?.[1];
  if (id === undefined || token === undefined) return undefined;
  const base = `http://127.0.0.1:${server.port}/api/v1`;
  const read = () =>
    new Promise<{ ms: number; body: string }>((resolve, reject) => {
      const started = performance.now();
      httpGet(`${base}/tournaments/${id}/bracket`, { headers: { 'accept-encoding': 'identity' } }, (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (chunk: Buffer) => chunks.push(chunk));
        res.on('end', () =>
          res.statusCode === 200 ? resolve({ ms: performance.now() - started, body: Buffer.concat(chunks).toString('utf8') }) : reject(new Error(`bracket: ${res.statusCode}`)),
        );
      }).on('error', reject);
    });
  const first = await read();
  // The last match not played yet (the bracket's first ones may have been played by the write measurements).
  const matchId = (JSON.parse(first.body) as { data: { stages: { rounds: { matches: { id: string; status: string }[] }[] }[] } }).data.stages[0]!.rounds
    .flatMap((r) => r.matches)
    .findLast((m) => m.status === 'SCHEDULED')!.id;
  // A change between reads (a reschedule, untimed): the next read builds the bracket again (R18.17).
  const change = async (i: number) => {
    const res = await fetch(`${base}/matches/${matchId}/reschedule`, {
      method: 'POST',
      headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
      body: JSON.stringify({ scheduledAt: new Date(Date.UTC(2030, 2, 1, 0, i)).toISOString() }),
    });
    if (!res.ok) throw new Error(`reschedule: ${res.status} ${await res.text()}`);
  };
  const changed: number[] = [];
  const unchanged: number[] = [];
  for (let i = 0; i < 5; i++) {
    await change(i);
    changed.push((await read()).ms);
  }
  for (let i = 0; i < 5; i++) unchanged.push((await read()).ms);
  return { changed: median(changed), unchanged: median(unchanged) };
}

/** The out-of-process bracket figures for a printed line, e.g. `; from a client in another process 27 ms ...`. */
const outside = (read: { changed: number; unchanged: number } | undefined) =>
  read === undefined ? '' : `; from a client in another process ${read.changed.toFixed(0)} ms after a change, ${read.unchanged.toFixed(1)} ms unchanged`;

/** The in-process bracket figures of a BRACKET or SWISS_BRACKET line: after a change (with CPU), then unchanged. */
const inProcess = (ms: string, cpu: string, cached: string | undefined) =>
  `${Number(ms).toFixed(0)} ms after a change (CPU ${Number(cpu).toFixed(0)} ms)${cached === undefined ? '' : `, ${Number(cached).toFixed(1)} ms unchanged`} with the client in the server's process`;

/** Prints the Swiss start and bracket figures a full server printed with BENCH_SWISS_START. */
function printSwiss(out: string, where: string, fromOutside?: { changed: number; unchanged: number }): void {
  const size = Number(process.env.BENCH_SWISS_START ?? 4096);
  const times = startTimes(out, 'SWISS_START');
  const cpu = startTimes(out, 'SWISS_START_CPU');
  const bracket = /SWISS_BRACKET (\d+) ([\d.]+) ([\d.]+)(?: ([\d.]+))?/.exec(out);
  if (times.length > 0) console.log(`start a Swiss of ${size} on ${where}: ${shown(times)} (CPU ${shown(cpu)}; target <= 150 ms on SQLite)${firstStart(out, 'SWISS_START')}`);
  if (bracket) {
    console.log(
      `GET /tournaments/{id}/bracket of that Swiss on ${where}: ${(Number(bracket[1]) / 1024).toFixed(0)} KB plain, ${inProcess(bracket[2]!, bracket[3]!, bracket[4])}${outside(fromOutside)} (target <= 30 ms)`,
    );
  }
}

/** The process's first report and confirm a full server printed (WRITE_FIRST, before its untimed warm-up writes). */
const firstWrite = (out: string) => {
  const first = /^WRITE_FIRST ([\d.]+) ([\d.]+)/m.exec(out);
  return first ? `; after ${process.env.BENCH_WRITE_WARMUP ?? 20} untimed writes, the process's first report ${first[1]} ms, confirm ${first[2]} ms` : '';
};

/** Prints the bracket size and the report/confirm figures a full server printed with BENCH_BRACKET=on. */
function printBracketAndWrite(out: string, size: number, where: string, fromOutside?: { changed: number; unchanged: number }): void {
  const bracket = /BRACKET (\d+) (\d+) (\d+) ([\d.]+) ([\d.]+)(?: ([\d.]+))?/.exec(out);
  const write = /WRITE ([\d.]+) (\d+) ([\d.]+) (\d+) ([\d.]+) ([\d.]+)/.exec(out);
  const kb = (bytes: string) => `${(Number(bytes) / 1024).toFixed(0)} KB`;
  if (bracket) {
    console.log(
      `GET /tournaments/{id}/bracket of a ${size}-player double elimination on ${where}: ${kb(bracket[1]!)} plain, ${kb(bracket[2]!)} gzip, ${kb(bracket[3]!)} brotli (target < 300 KB compressed), ${inProcess(bracket[4]!, bracket[5]!, bracket[6])}${outside(fromOutside)} (target <= 20 ms)`,
    );
  }
  if (write) {
    console.log(
      `match report ${Number(write[1]).toFixed(1)} ms with ${write[2]} SQL statements, confirm ${Number(write[3]).toFixed(1)} ms with ${write[4]} (medians, client-side over loopback); server time (MatchService in-process): report ${write[5]} ms, confirm ${write[6]} ms (target <= 2 ms on SQLite)${firstWrite(out)}`,
    );
  }
}
console.log(`GET /api/v1/tournaments/{id} on ${database}, ${connections} connections, ${seconds} s each (after a 2 s warm-up)`);
if (database === 'sqlite') {
  const fullServer = await start(full);
  const databasePath = /^DATABASE (.+)$/m.exec(fullServer.out)?.[1];
  if (!databasePath) throw new Error('the full server printed no DATABASE line');
  const r = await compare({
    full: fullServer,
    // The same tournaments row as the full stack serves, read from its file (bare-server.mjs).
    bare: await start([here('./bare-server.mjs')], { BENCH_DATABASE_PATH: databasePath, BENCH_TOURNAMENT_ID: fullServer.id }),
    // The baseline of the figures before that: a five-column row of its own.
    bareOwnRow: await start([here('./bare-server.mjs')]),
    cached: await start(full, { BENCH_ANSWER_CACHED: 'on' }),
  });
  line('Tourney server (full stack)', r.full);
  line('bare Koa + better-sqlite3, the same row', r.bare);
  line('bare Koa + better-sqlite3, a 5-column row', r.bareOwnRow);
  line('full stack, answer cached', r.cached);
  console.log(`ratio full/bare: ${(r.full.rps / r.bare.rps).toFixed(2)} (target >= 0.70); against the 5-column row ${(r.full.rps / r.bareOwnRow.rps).toFixed(2)}`);
  console.log(`ratio of the HTTP layers alone (answer cached, no service or statement)/bare: ${(r.cached.rps / r.bare.rps).toFixed(2)}`);
  console.log(`CPU per request, bare/full: ${cpuRatio(r.bare, r.full)}; bare/answer cached: ${cpuRatio(r.bare, r.cached)}`);
  await latencyUnderLoad({}, 'SQLite');
  const size = Number(process.env.BENCH_STAGE_START ?? 1024);
  const swiss = process.env.BENCH_SWISS_START ?? '4096';
  const staged = await start(full, { BENCH_STAGE_START: String(size), BENCH_BRACKET: 'on', BENCH_SWISS_START: swiss });
  const [eliminationRead, swissRead] = [await bracketFromOutside(staged, 'BRACKET_TOURNAMENT'), await bracketFromOutside(staged, 'SWISS_TOURNAMENT')];
  await stop(staged);
  console.log(`start a double elimination of ${size} on SQLite: ${shown(startTimes(staged.out))} (CPU ${shown(startTimes(staged.out, 'START_CPU'))}; target <= 50 ms)${firstStart(staged.out)}`);
  printBracketAndWrite(staged.out, size, 'SQLite', eliminationRead);
  printSwiss(staged.out, 'SQLite', swissRead);
} else {
  const admin = process.env.BENCH_POSTGRES_URL || 'postgres://postgres@127.0.0.1:5432/postgres';
  const name = `tourney_bench_${randomBytes(4).toString('hex')}`;
  const query = async (text: string) => {
    const client = new pg.Client({ connectionString: admin });
    await client.connect();
    try {
      await client.query(text);
    } finally {
      await client.end();
    }
  };
  await query(`CREATE DATABASE "${name}"`);
  try {
    const url = new URL(admin);
    url.pathname = `/${name}`;
    const size = Number(process.env.BENCH_STAGE_START ?? 1024);
    const swiss = process.env.BENCH_SWISS_START ?? '4096';
    const server = await start(full, { BENCH_DATABASE_URL: url.toString(), BENCH_STAGE_START: String(size), BENCH_BRACKET: 'on', BENCH_SWISS_START: swiss });
    printBracketAndWrite(server.out, size, 'PostgreSQL', await bracketFromOutside(server, 'BRACKET_TOURNAMENT'));
    printSwiss(server.out, 'PostgreSQL', await bracketFromOutside(server, 'SWISS_TOURNAMENT'));
    const times = startTimes(server.out);
    const bareServer = await start([here('./bare-server-pg.mjs')], { BENCH_DATABASE_URL: url.toString(), BENCH_TOURNAMENT_ID: server.id });
    // The full stack answering from memory on the same database (its rate limit counters still in PostgreSQL).
    const cachedServer = await start(full, { BENCH_DATABASE_URL: url.toString(), BENCH_ANSWER_CACHED: 'on' });
    // The full stack with its rate limit counters in Redis (REDIS_URL), the other shared store (R21.1).
    const redisServer = await start(full, { BENCH_DATABASE_URL: url.toString(), BENCH_REDIS_URL: process.env.BENCH_REDIS_URL || 'redis://127.0.0.1:6379' });
    const r = await compare({ full: server, bare: bareServer, cached: cachedServer, redis: redisServer });
    line('Tourney server (full stack)', r.full);
    line('bare Koa + pg prepared statement', r.bare);
    line('full stack, answer cached', r.cached);
    line('full stack, rate limit in Redis', r.redis);
    console.log(`ratio full/bare: ${(r.full.rps / r.bare.rps).toFixed(2)} (target >= 0.50)`);
    console.log(`ratio of the HTTP layers alone (answer cached; rate limit counters in PostgreSQL)/bare: ${(r.cached.rps / r.bare.rps).toFixed(2)}`);
    console.log(`ratio full stack with its rate limit counters in Redis (REDIS_URL)/bare: ${(r.redis.rps / r.bare.rps).toFixed(2)}`);
    console.log(`CPU per request of the Node process (PostgreSQL's own not counted), bare/full: ${cpuRatio(r.bare, r.full)}; bare/answer cached: ${cpuRatio(r.bare, r.cached)}`);
    await latencyUnderLoad({ BENCH_DATABASE_URL: url.toString() }, 'PostgreSQL');
    // The same start on SQLite, in the same run, as the baseline of that figure.
    const sqlite = await start(full, { BENCH_STAGE_START: String(size), BENCH_BRACKET: 'on', BENCH_SWISS_START: swiss });
    const [eliminationRead, swissRead] = [await bracketFromOutside(sqlite, 'BRACKET_TOURNAMENT'), await bracketFromOutside(sqlite, 'SWISS_TOURNAMENT')];
    await stop(sqlite);
    console.log(
      `start a double elimination of ${size} (POST /tournaments/{id}/start) on PostgreSQL: ${shown(times)} (CPU ${shown(startTimes(server.out, 'START_CPU'))}; target <= 150 ms)${firstStart(server.out)}`,
    );
    console.log(`  the same on SQLite in this run: ${shown(startTimes(sqlite.out))} (CPU ${shown(startTimes(sqlite.out, 'START_CPU'))}; target <= 50 ms)${firstStart(sqlite.out)}`);
    printBracketAndWrite(sqlite.out, size, 'SQLite', eliminationRead);
    printSwiss(sqlite.out, 'SQLite', swissRead);
  } finally {
    await query(`DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`);
  }
}
