/**
 * What the concurrency scenarios (R18.12) share: spreading requests over servers, counting answers, running rounds at
 * once, and the two describe blocks that run a list of scenarios on one server and on two server processes sharing
 * one database.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase, registerUser, startTestServer, testDialect, type ApiServer, type TestDatabase, type TestResponse, type TestServer, type TestServerOptions, type TestUser } from './helpers/index';
import { type ServerProcess, startServerProcess } from './helpers/server-process';

/** A scenario: requests at once over `servers` (one server, or several server processes on one database), then checks. */
export type Scenario = (servers: readonly ApiServer[]) => Promise<void>;

/** Scenarios with the rule each checks (the test's title), in the order they run. */
export type Scenarios = ReadonlyArray<readonly [rule: string, scenario: Scenario]>;

/** The server that takes the i-th request: each in turn. */
export const pick = (servers: readonly ApiServer[]) => (i: number): ApiServer => servers[i % servers.length]!;

/** An answer as `status CODE` (`status` alone for a success), e.g. `409 TOURNAMENT_FULL`. */
export const outcome = (a: TestResponse): string => (a.status < 300 ? String(a.status) : `${a.status} ${a.body?.error?.code ?? a.text.slice(0, 120)}`);

/** The outcomes of `answers` (see {@link outcome}), counted. */
export function tally(answers: readonly TestResponse[]): Record<string, number> {
  const out: Record<string, number> = {};
  for (const a of answers) out[outcome(a)] = (out[outcome(a)] ?? 0) + 1;
  return out;
}

/** `n` users registered at once over the servers. */
export const users = (servers: readonly ApiServer[], n: number): Promise<TestUser[]> =>
  Promise.all(Array.from({ length: n }, (_, i) => registerUser(pick(servers)(i))));

/** Runs `round` `rounds` times at once (round index given). */
export async function inRounds(rounds: number, round: (i: number) => Promise<void>): Promise<void> {
  await Promise.all(Array.from({ length: rounds }, (_, i) => round(i)));
}

/**
 * Runs `scenarios` in two describe blocks, `<scope> invariants under requests at once (one server)` and `<scope>
 * invariants with two server processes on one <database>`; the server gets `serverOptions`, the processes `env`.
 */
export function describeInvariants(scope: string, scenarios: Scenarios, options: { serverOptions?: TestServerOptions; env?: NodeJS.ProcessEnv } = {}): void {
  describe(`${scope} invariants under requests at once (one server)`, () => {
    let server: TestServer;
    beforeAll(async () => {
      server = await startTestServer(options.serverOptions);
    });
    afterAll(async () => server?.close());

    for (const [rule, scenario] of scenarios) it(rule, () => scenario([server]), 60_000);
  });

  describe(`${scope} invariants with two server processes on one ${testDialect === 'postgres' ? 'PostgreSQL database' : 'SQLite file'}`, () => {
    let database: TestDatabase;
    let servers: ServerProcess[] = [];
    beforeAll(async () => {
      // Started together on a new, empty database: the migrations run once.
      database = await createTestDatabase({ file: true, empty: true });
      const env = options.env ?? {};
      servers = await Promise.all([startServerProcess(database.location, { env }), startServerProcess(database.location, { env })]);
    }, 60_000);
    afterAll(async () => {
      const codes = await Promise.all(servers.map((s) => s.close()));
      await database?.drop();
      expect(codes).toEqual(servers.map(() => 0));
    });

    for (const [rule, scenario] of scenarios) it(rule, () => scenario(servers), 90_000);
  });
}
