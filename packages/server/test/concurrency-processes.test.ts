import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { INVARIANT_SCENARIOS } from './concurrency-scenarios';
import { type ServerProcess, startServerProcess } from './helpers/server-process';

// Two server processes on one SQLite file (WAL): SQLite lets one of them write at a time, and a transaction that
// read before another process wrote must not fail (write transactions take the lock up front, db/dialect.ts).
const dir = mkdtempSync(join(tmpdir(), 'tourney-two-processes-'));
let servers: ServerProcess[] = [];

beforeAll(async () => {
  // Started together on a new file: the migrations run once, in one write transaction.
  servers = await Promise.all([startServerProcess(join(dir, 'shared.db')), startServerProcess(join(dir, 'shared.db'))]);
}, 60_000);

afterAll(async () => {
  const codes = await Promise.all(servers.map((s) => s.close()));
  rmSync(dir, { recursive: true, force: true });
  expect(codes).toEqual(servers.map(() => 0));
});

describe('invariants with two server processes on one SQLite file', () => {
  for (const [rule, scenario] of INVARIANT_SCENARIOS) it(rule, () => scenario(servers), 90_000);
});
