import { once } from 'node:events';
import { mkdtempSync, rmSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Worker } from 'node:worker_threads';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { configFromEnv, type Logger, ManualClock, PeriodicJob } from '../src/index';
import { newId } from '../src/ids';
import { createTenant, onPostgres, startTestServer, type TestServer, type TestUser } from './helpers/index';
import { joinAll, openTournament, registerPlayers } from './tournaments-helpers';

// The periodic sweep of time-based notifications (CHECK_IN_OPEN here): the timer, runOnce with a ManualClock, error
// handling, and two writers on one database file (the other "process" is a worker thread with its own connection).
const START = '2030-06-01T12:00:00.000Z';
const OPEN = '2030-06-01T11:00:00.000Z'; // the check-in window (60 minutes) opens

let servers: TestServer[] = [];
let dirs: string[] = [];
afterEach(async () => {
  vi.useRealTimers();
  await Promise.all(servers.map((s) => s.close()));
  for (const d of dirs) rmSync(d, { recursive: true, force: true });
  servers = [];
  dirs = [];
});

async function serverWith(options: Parameters<typeof startTestServer>[0] = {}): Promise<TestServer> {
  const server = await startTestServer({ clock: new ManualClock('2030-06-01T10:55:00.000Z'), ...options });
  servers.push(server);
  return server;
}

/** A tournament with check-in (opening 60 minutes before START) and four registered players; the clock at OPEN. */
async function checkInScenario(server: TestServer): Promise<{ tournamentId: string; players: TestUser[] }> {
  const tenant = await createTenant(server);
  const t = await openTournament(server, tenant, { name: 'Sweep Cup', startDate: START, checkInRequired: true, checkInOpensMinutesBefore: 60 });
  const players = await registerPlayers(server, 4);
  await joinAll(server, t.id, players);
  server.clock.set(OPEN);
  return { tournamentId: t.id, players };
}

/** CHECK_IN_OPEN rows by user id (how many each user has). */
async function checkInCounts(server: TestServer): Promise<Map<string, number>> {
  const rows = await server.deps.db.selectFrom('notifications').select('user_id').where('type', '=', 'CHECK_IN_OPEN').execute();
  const out = new Map<string, number>();
  for (const r of rows) out.set(r.user_id, (out.get(r.user_id) ?? 0) + 1);
  return out;
}

const fakeLogger = () => ({ error: vi.fn(), debug: vi.fn(), warn: vi.fn(), info: vi.fn() }) as unknown as Logger & { error: ReturnType<typeof vi.fn> };

describe('notification sweeper', () => {
  it('runOnce creates the due notifications of everyone, nobody listing them; again creates nothing', async () => {
    const server = await serverWith({ notificationSweepIntervalMs: 0 });
    expect(server.notificationSweeper.running).toBe(false);
    const { players } = await checkInScenario(server);
    expect(await checkInCounts(server)).toEqual(new Map());
    expect(await server.notificationSweeper.runOnce()).toBe(4);
    expect(await server.notificationSweeper.runOnce()).toBe(0);
    expect(await checkInCounts(server)).toEqual(new Map(players.map((p) => [p.id, 1])));
  });

  it('runs on its own every interval, and stops with close()', async () => {
    // Only the timer functions are faked: HTTP and the database go on as usual while the sweep waits for them.
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    const server = await serverWith({ notificationSweepIntervalMs: 60_000 });
    expect(server.notificationSweeper.running).toBe(true);
    const { players } = await checkInScenario(server);
    await vi.advanceTimersByTimeAsync(59_999);
    expect(await checkInCounts(server)).toEqual(new Map());
    await vi.advanceTimersByTimeAsync(1);
    // The sweep started; on PostgreSQL its queries are network round trips still under way: wait for them (bounded).
    await vi.waitFor(async () => expect(await checkInCounts(server)).toEqual(new Map(players.map((p) => [p.id, 1]))), {
      timeout: 5_000,
      interval: 20,
    });
    await server.close();
    expect(server.notificationSweeper.running).toBe(false);
    expect(await server.notificationSweeper.runOnce()).toBe(0);
  });

  it('reads TOURNEY_NOTIFICATION_SWEEP_INTERVAL in seconds; 0 turns the timer off', async () => {
    expect(configFromEnv({ TOURNEY_NOTIFICATION_SWEEP_INTERVAL: '30' })).toMatchObject({ notificationSweepIntervalMs: 30_000 });
    expect(configFromEnv({ TOURNEY_NOTIFICATION_SWEEP_INTERVAL: '0' })).toMatchObject({ notificationSweepIntervalMs: 0 });
    expect(() => configFromEnv({ TOURNEY_NOTIFICATION_SWEEP_INTERVAL: 'soon' })).toThrow(/TOURNEY_NOTIFICATION_SWEEP_INTERVAL/);
    vi.useFakeTimers();
    const sweep = vi.fn(async () => 0);
    const off = new PeriodicJob({ name: 'notification sweep', intervalMs: 0, run: sweep, logger: fakeLogger() });
    off.start();
    expect(off.running).toBe(false);
    expect(vi.getTimerCount()).toBe(0);
    await vi.advanceTimersByTimeAsync(86_400_000);
    expect(sweep).not.toHaveBeenCalled();
  });

  it('logs a failing sweep and goes on; stop() waits for the sweep in flight, then nothing more runs', async () => {
    vi.useFakeTimers();
    const logger = fakeLogger();
    let calls = 0;
    let release: (() => void) | undefined;
    const sweep = vi.fn(async () => {
      calls += 1;
      if (calls === 1) throw new Error('database is locked');
      if (calls === 3) await new Promise<void>((r) => (release = r));
      return 1;
    });
    const sweeper = new PeriodicJob({ name: 'notification sweep', intervalMs: 5_000, run: sweep, logger });
    sweeper.start();
    await vi.advanceTimersByTimeAsync(4_999);
    expect(sweep).not.toHaveBeenCalled(); // the first run comes one interval after start()
    await vi.advanceTimersByTimeAsync(1);
    expect(sweep).toHaveBeenCalledTimes(1);
    expect(logger.error).toHaveBeenCalledTimes(1);
    expect(logger.error.mock.calls[0]![1]).toBe('notification sweep failed');
    await vi.advanceTimersByTimeAsync(10_000); // the second (fine) and the third (held) runs
    expect(sweep).toHaveBeenCalledTimes(3);
    expect(release).toBeDefined();

    let stopped = false;
    const stopping = sweeper.stop().then(() => (stopped = true));
    await vi.advanceTimersByTimeAsync(60_000);
    expect(stopped).toBe(false); // the third sweep is still running
    release!();
    await stopping;
    await vi.advanceTimersByTimeAsync(60_000);
    expect(sweep).toHaveBeenCalledTimes(3);
    expect(vi.getTimerCount()).toBe(0);
    expect(await sweeper.runOnce()).toBe(0);
  });

  it.skipIf(onPostgres)('with another process on the same database file: no duplicates, no lock errors, no write lock when nothing is new', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'tourney-sweep-'));
    dirs.push(dir);
    const path = join(dir, 'tourney.db');
    const server = await serverWith({ databasePath: path, notificationSweepIntervalMs: 0 });
    const { tournamentId, players } = await checkInScenario(server);

    // The other process holds the write lock while inserting the CHECK_IN_OPEN of two players, and commits 300 ms
    // later; this process's sweep starts meanwhile, waits for the lock, then creates only the two others.
    const rows = players.slice(0, 2).map((p) => ({
      id: newId(),
      user_id: p.id,
      type: 'CHECK_IN_OPEN',
      title: 'Check-in is open for Sweep Cup',
      message: 'from the other process',
      data: JSON.stringify({ tournamentId }),
      channels: '["IN_APP"]',
      in_app: 1,
      dedupe_key: `check-in-open:${tournamentId}:${START}`,
      read_at: null,
      created_at: OPEN,
    }));
    const other = otherProcess(path, rows, 300);
    await other.locked;
    expect(await server.notificationSweeper.runOnce()).toBe(2);
    await other.done;
    expect(await checkInCounts(server)).toEqual(new Map(players.map((p) => [p.id, 1])));

    // Nothing new: the sweep reads only, so it returns while the other process still holds the write lock (taking
    // the lock would wait for it, and this thread would never let the other one go: it commits on our message).
    const holder = otherProcess(path, [], null);
    await holder.locked;
    expect(await server.notificationSweeper.runOnce()).toBe(0);
    holder.commit();
    await holder.done;
  });
});

/**
 * A second connection to the database file in a worker thread (another process, as far as SQLite is concerned):
 * BEGIN IMMEDIATE, inserts `rows` into notifications, then commits after `holdMs` or, when null, on commit().
 */
function otherProcess(path: string, rows: Array<Record<string, unknown>>, holdMs: number | null) {
  const driver = createRequire(import.meta.url).resolve('better-sqlite3');
  const worker = new Worker(
    `
    const { workerData, parentPort } = require('node:worker_threads');
    const Database = require(workerData.driver);
    const db = new Database(workerData.path);
    db.pragma('busy_timeout = 5000');
    db.exec('BEGIN IMMEDIATE');
    const insert = db.prepare('INSERT INTO notifications (id, user_id, type, title, message, data, channels, in_app, dedupe_key, read_at, created_at) VALUES (@id, @user_id, @type, @title, @message, @data, @channels, @in_app, @dedupe_key, @read_at, @created_at)');
    for (const row of workerData.rows) insert.run(row);
    const commit = () => { db.exec('COMMIT'); db.close(); parentPort.postMessage('committed'); parentPort.close(); };
    parentPort.postMessage('locked');
    if (workerData.holdMs === null) parentPort.once('message', commit); else setTimeout(commit, workerData.holdMs);
    `,
    { eval: true, workerData: { path, driver, rows, holdMs } },
  );
  const messages: string[] = [];
  const waiters: Array<() => void> = [];
  worker.on('message', (m: string) => {
    messages.push(m);
    for (const w of waiters.splice(0)) w();
  });
  const message = (m: string) =>
    new Promise<void>((resolve, reject) => {
      const check = () => (messages.includes(m) ? resolve() : waiters.push(check));
      worker.once('error', reject);
      check();
    });
  return {
    locked: message('locked'),
    done: Promise.all([message('committed'), once(worker, 'exit')]).then(() => undefined),
    commit: () => worker.postMessage('commit'),
  };
}
