import { ManualClock, startServer, type StartedServer, type StartServerOptions } from '../../src/index';
import { createTestDatabase } from './test-database';

/** A server started for a test, with its clock (a ManualClock unless another was given). */
export type TestServer = StartedServer & { clock: ManualClock };

/** Options of startTestServer: those of startServer, the clock (if given) a ManualClock. */
export type TestServerOptions = Omit<StartServerOptions, 'clock'> & { clock?: ManualClock };

/**
 * startServer on a database of its own on the run's dialect (test-database.ts: SQLite ':memory:', or a new
 * PostgreSQL database copied from the migrated template), dropped when the server is closed. When `options` names a
 * database (databasePath or databaseUrl, e.g. from createTestDatabase for a restart), that one is used and kept.
 */
export async function startServerOnTestDatabase(options: StartServerOptions): Promise<StartedServer> {
  if (options.databasePath !== undefined || options.databaseUrl !== undefined) return startServer(options);
  const database = await createTestDatabase();
  let server: StartedServer;
  try {
    server = await startServer({ ...database.options, ...options });
  } catch (error) {
    await database.drop();
    throw error;
  }
  const close = server.close;
  let closing: Promise<void> | undefined;
  return Object.assign(server, {
    close: () =>
      (closing ??= (async () => {
        try {
          await close();
        } finally {
          await database.drop();
        }
      })()),
  });
}

/**
 * Starts a real server for tests: a database of its own (SQLite ':memory:', or a fresh PostgreSQL database on a
 * PostgreSQL run; see startServerOnTestDatabase), a free port, silent logs, response validation ON (every JSON
 * answer is checked against openapi.yaml; a mismatch becomes a 500 naming it), a rate limit high enough never to
 * trigger, no periodic notification sweep or registration schedule (call their `runOnce()`), and a ManualClock set to
 * the current time (advance it to expire tokens). Every option can be overridden.
 * Close it in `afterAll`/`afterEach` with `await server.close()`, or take the `server` fixture of `./fixtures`.
 */
export async function startTestServer(options: TestServerOptions = {}): Promise<TestServer> {
  const clock = options.clock ?? new ManualClock(new Date());
  const server = await startServerOnTestDatabase({
    port: 0,
    logLevel: 'silent',
    validateResponses: true,
    notificationSweepIntervalMs: 0,
    registrationScheduleIntervalMs: 0,
    ...options,
    rateLimit: { points: 1_000_000, durationSeconds: 60, ...options.rateLimit },
    clock,
  });
  return Object.assign(server, { clock });
}
