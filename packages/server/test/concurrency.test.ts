import { afterAll, beforeAll, describe, it } from 'vitest';
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
import { startTestServer, type TestServer } from './helpers/index';

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(async () => server?.close());

describe('invariants under many requests at once (one server)', () => {
  it('40 users registering at once for 8 places: 8 accepted, 32 are 409 TOURNAMENT_FULL', () => registrationRace([server]), 60_000);
  it('one user registering several times at once is registered once', () => duplicateRegistration([server]));
  it('two OWNERs removing each other at once: one removal succeeds, one OWNER is left', () => ownersRemoveEachOther([server]));
  it('two OWNERs leaving at once: the last OWNER stays (409 CONFLICT)', () => ownersLeaveAtOnce([server]));
  it('organizations created at once with one name get distinct slugs', () => sameNameOrganizations([server]));
  it('an invitation accepted several times at once is accepted once', () => invitationAcceptedOnce([server]));
  it('anti-cheat sessions started at once for one match: one is active', () => oneActiveSessionPerMatch([server]));
  it('a tournament classified at once is classified once; seasons added at once get distinct numbers', () => circuitWritesAtOnce([server]), 60_000);
  it('the matches of a round played at once fill the next round and complete the tournament', () => matchesPlayedAtOnce([server]), 60_000);
});
