import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ORGANIZATION_SCENARIOS } from './concurrency-scenarios-organizations';
import { createTestDatabase, startTestServer, testDialect, type TestDatabase, type TestServer } from './helpers/index';
import { type ServerProcess, startServerProcess } from './helpers/server-process';

// Organization-level writes with several writers (R18.12): an organization deleted while a tournament starts, a staff
// invitation accepted while its invitee is invited again, detections raised while their anti-cheat session ends; on
// one server (whose database the anti-cheat scenario also reads) and on two server processes sharing one database.

describe('organization invariants under requests at once (one server)', () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer();
  });
  afterAll(async () => server?.close());

  for (const [rule, scenario] of ORGANIZATION_SCENARIOS) it(rule, () => scenario([server]), 60_000);
});

describe(`organization invariants with two server processes on one ${testDialect === 'postgres' ? 'PostgreSQL database' : 'SQLite file'}`, () => {
  let database: TestDatabase;
  let servers: ServerProcess[] = [];
  beforeAll(async () => {
    // Started together on a new, empty database: the migrations run once.
    database = await createTestDatabase({ file: true, empty: true });
    servers = await Promise.all([startServerProcess(database.location), startServerProcess(database.location)]);
  }, 60_000);
  afterAll(async () => {
    const codes = await Promise.all(servers.map((s) => s.close()));
    await database?.drop();
    expect(codes).toEqual(servers.map(() => 0));
  });

  for (const [rule, scenario] of ORGANIZATION_SCENARIOS) it(rule, () => scenario(servers), 90_000);
});
