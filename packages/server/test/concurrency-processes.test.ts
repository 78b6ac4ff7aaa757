import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { INVARIANT_SCENARIOS } from './concurrency-scenarios';
import { createTestDatabase, testDialect, type TestDatabase } from './helpers/index';
import { type ServerProcess, startServerProcess } from './helpers/server-process';

// Two server processes on one database. SQLite (a WAL file): one of them writes at a time, and a transaction that
// read before another process wrote must not fail (write transactions take the lock up front, db/dialect.ts).
// PostgreSQL: both write at once; invariants hold by row locks and unique constraints.
let database: TestDatabase;
let servers: ServerProcess[] = [];

beforeAll(async () => {
  // Started together on a new, empty database: the migrations run once (SQLite: in one write transaction;
  // PostgreSQL: in one transaction under an advisory lock).
  database = await createTestDatabase({ file: true, empty: true });
  servers = await Promise.all([startServerProcess(database.location), startServerProcess(database.location)]);
}, 60_000);

afterAll(async () => {
  const codes = await Promise.all(servers.map((s) => s.close()));
  await database?.drop();
  expect(codes).toEqual(servers.map(() => 0));
});

describe(`invariants with two server processes on one ${testDialect === 'postgres' ? 'PostgreSQL database' : 'SQLite file'}`, () => {
  for (const [rule, scenario] of INVARIANT_SCENARIOS) it(rule, () => scenario(servers), 90_000);
});
