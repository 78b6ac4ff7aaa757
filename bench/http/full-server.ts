// The full Tourney stack for the HTTP benchmark: startServer on a SQLite file, or on PostgreSQL when BENCH_DATABASE_URL
// is set (a presign secret set, rate limit counters in PostgreSQL as in a deployment, or in Redis with
// BENCH_REDIS_URL), the server's own logger
// (createLogger: redaction, asynchronous writes) at info level (BENCH_LOG_LEVEL) to /dev/null, rate limiting on with a limit the benchmark cannot reach (BENCH_RATE_LIMIT=off: none, to see its cost);
// seeded with one published tournament over HTTP.
// With BENCH_STAGE_START=<n> it first times POST /tournaments/{id}/start of a double elimination of n participants
// (inserted straight into the database, a seeding shortcut), BENCH_STAGE_RUNS times after BENCH_STAGE_WARMUP untimed
// ones, and prints `START_MS <ms> <ms> ...`. Prints `PORT <n>` and `ID <uuid>` when ready (and
// `DATABASE <path>` on SQLite), and its CPU time on SIGUSR2 (cpu-report.mjs). BENCH_ANSWER_CACHED=on: see cachedGetTournament.
import { mkdtempSync } from 'node:fs';
import { get as httpGet } from 'node:http';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import { ok, startServer } from '../../packages/server/src/index';
import type { Tournament } from '../../packages/server/src/contract-types';
import type { OperationHandlers } from '../../packages/server/src/http/operation';
import { newId } from '../../packages/server/src/ids';
import { createLogger } from '../../packages/server/src/logger';
import { createServices } from '../../packages/server/src/services/index';
import { reportCpuOnSignal } from './cpu-report.mjs';

const databaseUrl = process.env.BENCH_DATABASE_URL || undefined;

/**
 * With BENCH_ANSWER_CACHED=on, getTournament answers every request with the tournament it read for the first one:
 * every HTTP layer still runs (request id, log line, authentication, rate limit, validation, ETag, headers), the
 * service and its statement do not. Its rate is the most the full stack could reach with a service that cost nothing.
 */
function cachedGetTournament(): OperationHandlers['getTournament'] {
  let answer: Tournament | undefined;
  return async (ctx, { params }) => ok((answer ??= await ctx.services.tournaments.get(ctx.state.auth, params.id)));
}

const databasePath = join(mkdtempSync(join(tmpdir(), 'tourney-bench-full-')), 'full.db');
const server = await startServer({
  databasePath,
  ...(databaseUrl ? { databaseUrl, presignSecret: 'bench-presign-secret' } : {}),
  ...(process.env.BENCH_REDIS_URL ? { redisUrl: process.env.BENCH_REDIS_URL } : {}),
  port: 0,
  rateLimit: { points: 100_000_000, durationSeconds: 60, enabled: process.env.BENCH_RATE_LIMIT !== 'off' },
  logger: createLogger(process.env.BENCH_LOG_LEVEL ?? 'info', '/dev/null'),
  ...(process.env.BENCH_ANSWER_CACHED === 'on' ? { handlers: { getTournament: cachedGetTournament() } } : {}),
});

async function call(method: string, path: string, body?: unknown, token?: string): Promise<any> {
  const res = await fetch(`${server.url}${path}`, {
    method,
    headers: { 'content-type': 'application/json', ...(token ? { authorization: `Bearer ${token}` } : {}) },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  if (!res.ok) throw new Error(`${method} ${path}: ${res.status} ${await res.text()}`);
  return res.json();
}

// Names of this process's own: several full servers may share one PostgreSQL database (see run.ts).
const owner = await call('POST', '/auth/register', { username: `bench_owner_${process.pid}`, email: `bench${process.pid}@example.test`, password: 'bench password' });
const token = owner.data.accessToken as string;
const org = await call('POST', '/organizations', { name: 'Bench' }, token);
const project = await call('POST', `/organizations/${org.data.id}/projects`, { name: 'Bench' }, token);

/**
 * Milliseconds of POST /tournaments/{id}/start for a published tournament of `n` participants whose one stage has
 * `format` (default a double elimination), and its id.
 */
async function timeStageStart(n: number, format = 'DOUBLE_ELIMINATION'): Promise<{ ms: number; cpuMs: number; id: string }> {
  const t = await call(
    'POST',
    '/tournaments',
    {
      projectId: project.data.id,
      name: `Bench ${format} ${n}`,
      disciplineId: 'cs2',
      maxParticipants: n,
      startDate: '2030-01-01T00:00:00Z',
      stages: [{ name: 'Playoffs', format }],
    },
    token,
  );
  await call('POST', `/tournaments/${t.data.id}/publish`, undefined, token);
  const now = new Date().toISOString();
  const rows = Array.from({ length: n }, (_, i) => ({
    id: newId(),
    tournament_id: t.data.id as string,
    user_id: null,
    name: `Player ${i + 1}`,
    seed: i + 1,
    status: 'REGISTERED',
    team_name: null,
    registered_at: now,
    checked_in_at: null,
    final_placement: null,
    placement_range: null,
  }));
  for (let i = 0; i < rows.length; i += 500) await server.deps.db.insertInto('participants').values(rows.slice(i, i + 500)).execute();
  const cpu = process.cpuUsage();
  const started = performance.now();
  await call('POST', `/tournaments/${t.data.id}/start`, undefined, token);
  const ms = performance.now() - started;
  const used = process.cpuUsage(cpu);
  return { ms, cpuMs: (used.user + used.system) / 1000, id: t.data.id as string };
}

/** Bytes on the wire and milliseconds of GET `path` with `Accept-Encoding: encoding`, and the body as text. */
function wireGet(path: string, encoding: string): Promise<{ bytes: number; ms: number; body: string }> {
  const started = performance.now();
  return new Promise((resolve, reject) => {
    const req = httpGet(`${server.url}${path}`, { headers: { 'accept-encoding': encoding } }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (c: Buffer) => chunks.push(c));
      res.on('end', () => {
        const raw = Buffer.concat(chunks);
        const used = res.headers['content-encoding'];
        const text = used === 'br' ? brotliDecompressSync(raw) : used === 'gzip' ? gunzipSync(raw) : raw;
        resolve({ bytes: raw.length, ms: performance.now() - started, body: text.toString('utf8') });
      });
    });
    req.on('error', reject);
  });
}

/**
 * Moves match `matchId` of tournament `id` to a new kick-off, `i` minutes after 2030-02-01, so
 * that the bracket changes and the next read builds it again (R18.17): a reschedule records a live event.
 */
async function changeBracket(id: string, matchId: string, i: number): Promise<void> {
  await call('POST', `/matches/${matchId}/reschedule`, { scheduledAt: new Date(Date.UTC(2030, 1, 1, 0, i)).toISOString() }, token);
}

/**
 * GET /tournaments/{id}/bracket of tournament `id` with identity encoding: one warm-up, then the median of 3 reads
 * each after a change of the bracket (a reschedule, untimed), which build the bracket again, and the median of 3
 * reads of the unchanged bracket, answered from the bracket cache (wall and CPU milliseconds of this process, server
 * and client).
 */
async function timeBracket(id: string): Promise<{ bytes: number; ms: number; cpuMs: number; cachedMs: number; body: string }> {
  const path = `/tournaments/${id}/bracket`;
  const warm = await wireGet(path, 'identity');
  // The last match not played yet (the bracket's first ones may have been played by the write measurements).
  const unplayed = (JSON.parse(warm.body) as { data: { stages: { rounds: { matches: { id: string; status: string }[] }[] }[] } }).data.stages[0]!.rounds
    .flatMap((r) => r.matches)
    .findLast((m) => m.status === 'SCHEDULED')!.id;
  const reads = [];
  for (let i = 0; i < 3; i++) {
    await changeBracket(id, unplayed, i);
    const cpu = process.cpuUsage();
    const read = await wireGet(path, 'identity');
    const used = process.cpuUsage(cpu);
    reads.push({ ...read, cpuMs: (used.user + used.system) / 1000 });
  }
  const cached: number[] = [];
  for (let i = 0; i < 3; i++) cached.push((await wireGet(path, 'identity')).ms);
  const median = <T>(list: T[], of: (x: T) => number) => [...list].sort((a, b) => of(a) - of(b))[1]!;
  return { ...median(reads, (r) => r.ms), cpuMs: median(reads, (r) => r.cpuMs).cpuMs, cachedMs: median(cached, (ms) => ms) };
}

/**
 * Counts the SQL statements Kysely runs (every executor, in transactions too: they share the class), from `begin()`.
 * BEGIN and COMMIT go through the driver and are not counted. With BENCH_WRITE_SQL=on, `logging(true)` prints each
 * statement to stderr.
 */
function statementCounter(): { begin: () => void; count: () => number; logging: (on: boolean) => void } {
  const proto = Object.getPrototypeOf(server.deps.db.getExecutor()) as { executeQuery: (...args: unknown[]) => Promise<unknown> };
  const original = proto.executeQuery;
  let n = 0;
  const log = process.env.BENCH_WRITE_SQL === 'on';
  let logging = false;
  proto.executeQuery = function (this: unknown, ...args: unknown[]) {
    n++;
    if (!(log && logging)) return original.apply(this, args);
    const started = performance.now();
    const sqlText = (args[0] as { sql: string }).sql.slice(0, 160);
    return (original.apply(this, args) as Promise<unknown>).finally(() => console.error(`SQL ${(performance.now() - started).toFixed(2)} ms ${sqlText}`));
  };
  return {
    begin: () => (n = 0),
    count: () => n,
    logging: (on: boolean) => (logging = on),
  };
}

/** The median of `list` (the upper middle for an even length). */
const median = (list: readonly number[]): number => [...list].sort((x, y) => x - y)[Math.floor(list.length / 2)]!;

/**
 * Prints `BRACKET <identity> <gzip> <br> bytes <ms> <cpu ms> <cached ms>` (see timeBracket) for GET /tournaments/{id}/bracket of tournament `id`, then times
 * reports and confirms of first-round matches (two users made the sides of each straight in the database), and prints
 * `WRITE <report ms> <report statements> <confirm ms> <confirm statements> <report service ms> <confirm service ms>`:
 * the medians over BENCH_WRITE_MATCHES (default 7) matches through HTTP (client-side over loopback, statements counted
 * in this process), then over as many other matches calling MatchService.report/confirm in-process (the server time
 * without the HTTP stack). Before them, BENCH_WRITE_WARMUP (default 20) matches of another tournament this process
 * started are reported and confirmed in-process untimed, as a server running all day has its write path compiled (the
 * first writes of a process run cold code, as the first starts do); the first of those, the process's first report
 * and confirm, is printed as `WRITE_FIRST <report service ms> <confirm service ms>` (nothing without another started
 * tournament). BENCH_WRITE_SQL=on logs the statements (with their milliseconds) of the last HTTP report and confirm to
 * stderr.
 */
async function measureBracketAndWrite(id: string): Promise<void> {
  const path = `/tournaments/${id}/bracket`;
  const plain = await timeBracket(id);
  const gzip = await wireGet(path, 'gzip');
  const br = await wireGet(path, 'br');
  console.log(`BRACKET ${plain.bytes} ${gzip.bytes} ${br.bytes} ${plain.ms.toFixed(1)} ${plain.cpuMs.toFixed(1)} ${plain.cachedMs.toFixed(1)}`);
  type Side = { participantId: string | null };
  const bracket = JSON.parse(plain.body) as { data: { stages: { rounds: { matches: { id: string; status: string; participants: Side[] }[] }[] }[] } };
  const count = Number(process.env.BENCH_WRITE_MATCHES ?? 7);
  const ready = bracket.data.stages[0]!.rounds
    .flatMap((r) => r.matches)
    .filter((m) => m.status === 'SCHEDULED' && m.participants.filter((p) => p.participantId).length === 2)
    .slice(0, 2 * count);
  // The warm-up writes play matches of another tournament this process started (a warm-up start), so the timed
  // writes are the same matches with or without them.
  const other = await server.deps.db
    .selectFrom('tournaments')
    .select('id')
    .where('project_id', '=', project.data.id)
    .where('status', '=', 'ONGOING')
    .where('id', '!=', id)
    .executeTakeFirst();
  const warmUpMatches = other
    ? await server.deps.db
        .selectFrom('matches')
        .select(['id', 'participant1_id', 'participant2_id'])
        .where('tournament_id', '=', other.id)
        .where('status', '=', 'SCHEDULED')
        .where('participant1_id', 'is not', null)
        .where('participant2_id', 'is not', null)
        .orderBy('round')
        .orderBy('number')
        .limit(Number(process.env.BENCH_WRITE_WARMUP ?? 20))
        .execute()
    : [];
  const template = await server.deps.db.selectFrom('users').selectAll().limit(1).executeTakeFirstOrThrow();
  /** Makes a user (registered over HTTP when `token`, else a copy of a user row) a member of `participantId`. */
  async function side(participantId: string, tag: string, token: boolean, tournamentId = id): Promise<{ userId: string; token?: string }> {
    let userId: string;
    let accessToken: string | undefined;
    if (token) {
      const u = await call('POST', '/auth/register', { username: `bench_${tag}`, email: `${tag}@example.test`, password: 'bench password' });
      userId = u.data.user.id as string;
      accessToken = u.data.accessToken as string;
    } else {
      userId = newId();
      await server.deps.db.insertInto('users').values({ ...template, id: userId, username: `bench_${tag}`, username_lower: `bench_${tag}`.toLowerCase(), email: `${tag}@example.test`.toLowerCase() }).execute();
    }
    await server.deps.db.updateTable('participants').set({ user_id: userId }).where('id', '=', participantId).execute();
    await server.deps.db.insertInto('participant_members').values({ participant_id: participantId, tournament_id: tournamentId, user_id: userId }).execute();
    return { userId, ...(accessToken ? { token: accessToken } : {}) };
  }
  const counter = statementCounter();
  const log = process.env.BENCH_WRITE_SQL === 'on';
  const http = { report: [] as number[], confirm: [] as number[], reportStatements: [] as number[], confirmStatements: [] as number[] };
  const services = createServices(server.deps);
  const direct = { report: [] as number[], confirm: [] as number[] };
  /** Reports a 2-1 win of side `a` over side `b` of `matchId` and confirms it in-process; returns both times (ms). */
  async function playInProcess(matchId: string, a: { userId: string }, aId: string, b: { userId: string }, bId: string): Promise<[number, number]> {
    const scores = { scores: [{ participantId: aId, score: 2 }, { participantId: bId, score: 1 }] };
    let t = performance.now();
    await services.matches.report({ kind: 'user', userId: a.userId, sessionId: 'bench' }, matchId, scores);
    const reportMs = performance.now() - t;
    t = performance.now();
    await services.matches.confirm({ kind: 'user', userId: b.userId, sessionId: 'bench' }, matchId);
    return [reportMs, performance.now() - t];
  }
  let first: [number, number] | undefined;
  for (const [n, match] of warmUpMatches.entries()) {
    const [a, b] = [match.participant1_id!, match.participant2_id!];
    const tag = `w${n}_${id.slice(-6)}`;
    const times = await playInProcess(match.id, await side(a, `a${tag}`, false, other!.id), a, await side(b, `b${tag}`, false, other!.id), b);
    first ??= times;
  }
  for (const [i, match] of ready.entries()) {
    const [a, b] = match.participants.map((p) => p.participantId!) as [string, string];
    const viaHttp = i < count;
    const tag = `${i}_${id.slice(-6)}`;
    const [ua, ub] = [await side(a, `a${tag}`, viaHttp), await side(b, `b${tag}`, viaHttp)];
    if (viaHttp) {
      const scores = { scores: [{ participantId: a, score: 2 }, { participantId: b, score: 1 }] };
      counter.logging(log && i === count - 1);
      counter.begin();
      if (log && i === 0) console.error('--- report');
      let t = performance.now();
      await call('POST', `/matches/${match.id}/report`, scores, ua.token);
      http.report.push(performance.now() - t);
      http.reportStatements.push(counter.count());
      counter.begin();
      if (log && i === 0) console.error('--- confirm');
      t = performance.now();
      await call('POST', `/matches/${match.id}/confirm`, undefined, ub.token);
      http.confirm.push(performance.now() - t);
      http.confirmStatements.push(counter.count());
      counter.logging(false);
    } else {
      const [reportMs, confirmMs] = await playInProcess(match.id, ua, a, ub, b);
      direct.report.push(reportMs);
      direct.confirm.push(confirmMs);
    }
  }
  console.log(
    `WRITE ${median(http.report).toFixed(1)} ${median(http.reportStatements)} ${median(http.confirm).toFixed(1)} ${median(http.confirmStatements)} ${median(direct.report).toFixed(2)} ${median(direct.confirm).toFixed(2)}`,
  );
  if (first) console.log(`WRITE_FIRST ${first[0].toFixed(2)} ${first[1].toFixed(2)}`);
}

/**
 * Starts tournaments of `n` participants in `format`: BENCH_STAGE_WARMUP (default 5) untimed starts first (the first
 * starts of a process run cold code: a start took 60 to 150 ms of CPU in the first runs and 30 to 55 ms from about
 * the sixth on), then BENCH_STAGE_RUNS (default 3) timed ones. Prints `<name>_WARMUP_MS <ms> ...` (the first being a
 * fresh process's first start), `<name>_MS <ms> ...` and `<name>_CPU_MS <ms> ...` (CPU time of this process), and
 * returns the id of the last tournament started.
 */
async function timeStarts(n: number, format: string, name: string): Promise<string> {
  const line = (label: string, list: number[]) => console.log(`${label} ${list.map((ms) => ms.toFixed(1)).join(' ')}`);
  const warmUp: number[] = [];
  for (let i = 0, count = Number(process.env.BENCH_STAGE_WARMUP ?? 5); i < count; i++) warmUp.push((await timeStageStart(n, format)).ms);
  line(`${name}_WARMUP_MS`, warmUp);
  const times: number[] = [];
  const cpu: number[] = [];
  let last = '';
  for (let i = 0, runs = Number(process.env.BENCH_STAGE_RUNS ?? 3); i < runs; i++) {
    const run = await timeStageStart(n, format);
    times.push(run.ms);
    cpu.push(run.cpuMs);
    last = run.id;
  }
  line(`${name}_MS`, times);
  line(`${name}_CPU_MS`, cpu);
  return last;
}

const stageStart = Number(process.env.BENCH_STAGE_START ?? 0);
if (stageStart > 0) {
  const last = await timeStarts(stageStart, 'DOUBLE_ELIMINATION', 'START');
  console.log(`BRACKET_TOURNAMENT ${last}`);
  if (process.env.BENCH_BRACKET === 'on') await measureBracketAndWrite(last);
}
// BENCH_SWISS_START=<n>: the same for a Swiss of n participants (round 1 paired at the start), printing
// `SWISS_START_MS <ms> ...`, `SWISS_START_CPU_MS <ms> ...` and `SWISS_BRACKET <bytes> <ms> <cpu ms> <cached ms>`
// (medians of 3 reads of the last one after a change, and of 3 reads unchanged; see timeBracket).
const swissStart = Number(process.env.BENCH_SWISS_START ?? 0);
if (swissStart > 0) {
  const last = await timeStarts(swissStart, 'SWISS', 'SWISS_START');
  const read = await timeBracket(last);
  console.log(`SWISS_BRACKET ${read.bytes} ${read.ms.toFixed(1)} ${read.cpuMs.toFixed(1)} ${read.cachedMs.toFixed(1)}`);
  console.log(`SWISS_TOURNAMENT ${last}`);
}

const tournament = await call(
  'POST',
  '/tournaments',
  {
    projectId: project.data.id,
    name: 'Bench Cup',
    disciplineId: 'cs2',
    maxParticipants: 16,
    startDate: '2030-01-01T00:00:00Z',
    stages: [{ name: 'Playoffs', format: 'SINGLE_ELIMINATION' }],
  },
  token,
);
await call('POST', `/tournaments/${tournament.data.id}/publish`, undefined, token);
// The SQLite file, for the bare server that reads the same row (bare-server.mjs).
if (!databaseUrl) console.log(`DATABASE ${databasePath}`);
reportCpuOnSignal();
// The organizer's token, for run.ts to change a bracket between its reads from another process.
console.log(`TOKEN ${token}`);
console.log(`PORT ${server.port}`);
console.log(`ID ${tournament.data.id}`);
// BENCH_EXIT=on: close the server and exit once measured (for --cpu-prof, written at a normal exit).
if (process.env.BENCH_EXIT === 'on') {
  await server.close();
  process.exit(0);
}
