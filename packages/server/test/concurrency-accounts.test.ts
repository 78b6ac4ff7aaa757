import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ACCOUNT_SCENARIOS } from './concurrency-scenarios-accounts';
import { createTestDatabase, startTestServer, testDialect, type TestDatabase, type TestServer } from './helpers/index';
import { type ServerProcess, startServerProcess } from './helpers/server-process';

// Account-level writes with several writers (R18.12): webhook subscriptions, notification preferences and gaming
// accounts, on one server and on two server processes sharing one database. The webhook dispatcher runs (the
// rotation scenario checks the signatures of a delivery) and may only reach loopback URLs: every subscription of the
// scenarios points at a receiver on 127.0.0.1, which allowPrivateWebhookUrls accepts.

describe('account invariants under requests at once (one server)', () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer({ allowPrivateWebhookUrls: true, webhookDispatcher: true });
  });
  afterAll(async () => server?.close());

  for (const [rule, scenario] of ACCOUNT_SCENARIOS) it(rule, () => scenario([server]), 60_000);
});

describe(`account invariants with two server processes on one ${testDialect === 'postgres' ? 'PostgreSQL database' : 'SQLite file'}`, () => {
  let database: TestDatabase;
  let servers: ServerProcess[] = [];
  beforeAll(async () => {
    database = await createTestDatabase({ file: true, empty: true });
    const env = { TOURNEY_WEBHOOK_DISPATCHER: 'on', TOURNEY_ALLOW_PRIVATE_WEBHOOK_URLS: 'on' };
    servers = await Promise.all([startServerProcess(database.location, { env }), startServerProcess(database.location, { env })]);
  }, 60_000);
  afterAll(async () => {
    const codes = await Promise.all(servers.map((s) => s.close()));
    await database?.drop();
    expect(codes).toEqual(servers.map(() => 0));
  });

  for (const [rule, scenario] of ACCOUNT_SCENARIOS) it(rule, () => scenario(servers), 90_000);
});
