import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  circuitWritesAtOnce,
  duplicateRegistration,
  invitationAcceptedOnce,
  matchesPlayedAtOnce,
  oneActiveSessionPerMatch,
  ownersLeaveAtOnce,
  ownersRemoveEachOther,
  registrationRace,
  sameNameOrganizations,
} from './concurrency-scenarios';
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
  it('40 users registering at once for 8 places: 8 accepted, 32 are 409 TOURNAMENT_FULL', () => registrationRace(servers), 90_000);
  it('one user registering several times at once is registered once', () => duplicateRegistration(servers));
  it('two OWNERs removing each other at once: one removal succeeds, one OWNER is left', () => ownersRemoveEachOther(servers), 60_000);
  it('two OWNERs leaving at once: the last OWNER stays (409 CONFLICT)', () => ownersLeaveAtOnce(servers), 60_000);
  it('organizations created at once with one name get distinct slugs', () => sameNameOrganizations(servers));
  it('an invitation accepted several times at once is accepted once', () => invitationAcceptedOnce(servers));
  it('anti-cheat sessions started at once for one match: one is active', () => oneActiveSessionPerMatch(servers));
  it('a tournament classified at once is classified once; seasons added at once get distinct numbers', () => circuitWritesAtOnce(servers), 90_000);
  it('the matches of a round played at once fill the next round and complete the tournament', () => matchesPlayedAtOnce(servers), 90_000);
});
