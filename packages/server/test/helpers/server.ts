import { ManualClock, startServer, type StartedServer, type StartServerOptions } from '../../src/index';

/** A server started for a test, with its clock (a ManualClock unless another was given). */
export type TestServer = StartedServer & { clock: ManualClock };

/** Options of startTestServer: those of startServer, the clock (if given) a ManualClock. */
export type TestServerOptions = Omit<StartServerOptions, 'clock'> & { clock?: ManualClock };

/**
 * Starts a real server for tests: SQLite ':memory:', a free port, silent logs, response validation ON (every JSON
 * answer is checked against openapi.yaml; a mismatch becomes a 500 naming it), a rate limit high enough never to
 * trigger, no periodic notification sweep or registration schedule (call their `runOnce()`), and a ManualClock set to
 * the current time (advance it to expire tokens). Every option can be overridden.
 * Close it in `afterAll`/`afterEach` with `await server.close()`, or take the `server` fixture of `./fixtures`.
 */
export async function startTestServer(options: TestServerOptions = {}): Promise<TestServer> {
  const clock = options.clock ?? new ManualClock(new Date());
  const server = await startServer({
    databasePath: ':memory:',
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
