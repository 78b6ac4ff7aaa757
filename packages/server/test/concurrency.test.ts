import { afterAll, beforeAll, describe, it } from 'vitest';
import { INVARIANT_SCENARIOS } from './concurrency-scenarios';
import { startTestServer, type TestServer } from './helpers/index';

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(async () => server?.close());

describe('invariants under many requests at once (one server)', () => {
  for (const [rule, scenario] of INVARIANT_SCENARIOS) it(rule, () => scenario([server]), 60_000);
});
