/**
 * Invariants that must hold with concurrent writers, as scenarios over HTTP: many requests at once, spread in turn
 * over `servers` (one server, or several server processes on one database). Shared by concurrency.test.ts (one
 * server) and concurrency-processes.test.ts (two processes, one database).
 */
import { expect } from 'vitest';
import { activeCircuit, classify, completedTournament, createCircuit } from './circuits-helpers';
import { createTenant, expectStatus, request, type ApiServer, type TestUser } from './helpers/index';
import { allMatches, betterSeed, joinAll, lifecycle, openTournament, playMatch } from './tournaments-helpers';
import { ANTI_CHEAT_SCOPES } from './anti-cheat-helpers';
import { pick, tally, users, type Scenarios } from './concurrency-helpers';
import { TOURNAMENT_RACE_SCENARIOS } from './concurrency-scenarios-tournaments';

/**
 * `players` users register at once for a tournament of `places`: exactly `places` are accepted, the others are
 * 409 TOURNAMENT_FULL, and every server counts `places` participants.
 */
export async function registrationRace(servers: readonly ApiServer[], players = 40, places = 8): Promise<void> {
  const at = pick(servers);
  const tenant = await createTenant(at(0));
  const t = await openTournament(at(1), tenant, { maxParticipants: places });
  const entrants = await users(servers, players);
  const answers = await Promise.all(
    entrants.map((u, i) => request(at(i), 'POST', `/tournaments/${t.id}/participate`, { token: u.accessToken })),
  );
  expect(tally(answers)).toEqual({ 201: places, '409 TOURNAMENT_FULL': players - places });
  for (const server of servers) {
    const listed = await request(server, 'GET', `/tournaments/${t.id}/participants`, { query: { limit: 100 } });
    expect(listed.body.pagination.total).toBe(places);
    const tournament = await request(server, 'GET', `/tournaments/${t.id}`);
    expect(tournament.body.data.currentParticipants).toBe(places);
  }
}

/** One user sends `attempts` registrations at once: one is accepted, the others are 409 ALREADY_REGISTERED. */
export async function duplicateRegistration(servers: readonly ApiServer[], attempts = 6): Promise<void> {
  const at = pick(servers);
  const tenant = await createTenant(at(0));
  const t = await openTournament(at(1), tenant, { maxParticipants: 8 });
  const [player] = await users(servers, 1);
  const answers = await Promise.all(
    Array.from({ length: attempts }, (_, i) => request(at(i), 'POST', `/tournaments/${t.id}/participate`, { token: player!.accessToken })),
  );
  expect(tally(answers)).toEqual({ 201: 1, '409 ALREADY_REGISTERED': attempts - 1 });
}

/** An organization with two OWNERs (the second joined by invitation), and both memberships. */
async function twoOwners(servers: readonly ApiServer[]) {
  const at = pick(servers);
  const [first, second] = await users(servers, 2);
  const org = await request(at(0), 'POST', '/organizations', { token: first!.accessToken, body: { name: 'Two owners' } });
  expectStatus(org, 201, 'create organization');
  const orgId = org.body.data.id as string;
  const invitation = await request(at(0), 'POST', `/organizations/${orgId}/staff/invite`, {
    token: first!.accessToken,
    body: { username: second!.username, role: 'OWNER' },
  });
  expectStatus(invitation, 201, 'invite');
  const joined = await request(at(1), 'POST', `/organizations/${orgId}/staff/invitations/${invitation.body.data.token}/accept`, {
    token: second!.accessToken,
  });
  expectStatus(joined, 200, 'accept');
  const staff = await request(at(1), 'GET', `/organizations/${orgId}/staff`, { token: first!.accessToken });
  const membership = (u: TestUser) => (staff.body.data as any[]).find((m) => m.userId === u.id).id as string;
  return { orgId, owners: [first!, second!] as const, memberships: [membership(first!), membership(second!)] as const };
}

/** The OWNERs left in an organization, as seen by every server (the same list on each). */
async function ownersLeft(servers: readonly ApiServer[], orgId: string, viewers: readonly TestUser[]): Promise<string[]> {
  const seen: string[][] = [];
  for (const server of servers) {
    for (const viewer of viewers) {
      const staff = await request(server, 'GET', `/organizations/${orgId}/staff`, { token: viewer.accessToken });
      if (staff.status === 200) seen.push((staff.body.data as any[]).filter((m) => m.role === 'OWNER').map((m) => m.userId));
    }
  }
  expect(new Set(seen.map((s) => s.join()))).toHaveLength(1);
  return seen[0]!;
}

/**
 * In `rounds` organizations with two OWNERs each, the OWNERs remove each other at once: in each, exactly one removal
 * succeeds (the other is refused: its author is no longer staff, or would remove the last OWNER) and one OWNER is left.
 */
export async function ownersRemoveEachOther(servers: readonly ApiServer[], rounds = 4): Promise<void> {
  const at = pick(servers);
  await Promise.all(
    Array.from({ length: rounds }, async () => {
      const { orgId, owners, memberships } = await twoOwners(servers);
      const answers = await Promise.all([
        request(at(0), 'DELETE', `/organizations/${orgId}/staff/${memberships[1]}`, { token: owners[0].accessToken }),
        request(at(1), 'DELETE', `/organizations/${orgId}/staff/${memberships[0]}`, { token: owners[1].accessToken }),
      ]);
      const statuses = answers.map((a) => a.status).sort();
      expect([statuses, tally(answers)]).toEqual([[204, statuses[1]], tally(answers)]);
      expect([403, 409]).toContain(statuses[1]);
      expect(await ownersLeft(servers, orgId, owners)).toHaveLength(1);
    }),
  );
}

/** Both OWNERs of an organization leave it at once: one leaves, the other is 409 CONFLICT (the last OWNER stays). */
export async function ownersLeaveAtOnce(servers: readonly ApiServer[], rounds = 4): Promise<void> {
  const at = pick(servers);
  await Promise.all(
    Array.from({ length: rounds }, async () => {
      const { orgId, owners, memberships } = await twoOwners(servers);
      const answers = await Promise.all(
        owners.map((owner, i) => request(at(i), 'DELETE', `/organizations/${orgId}/staff/${memberships[i]}`, { token: owner.accessToken })),
      );
      expect(tally(answers)).toEqual({ 204: 1, '409 CONFLICT': 1 });
      expect(await ownersLeft(servers, orgId, owners)).toHaveLength(1);
    }),
  );
}

/** `n` organizations created at once with the same name all succeed, with distinct slugs (`name`, `name-2` ...). */
export async function sameNameOrganizations(servers: readonly ApiServer[], n = 12): Promise<void> {
  const at = pick(servers);
  const creators = await users(servers, n);
  const name = `Same Name ${creators[0]!.username}`;
  const answers = await Promise.all(creators.map((u, i) => request(at(i), 'POST', '/organizations', { token: u.accessToken, body: { name } })));
  expect(tally(answers)).toEqual({ 201: n });
  const base = answers[0]!.body.data.slug.replace(/-\d+$/, '');
  const slugs = answers.map((a) => a.body.data.slug as string);
  expect(new Set(slugs)).toEqual(new Set([base, ...Array.from({ length: n - 1 }, (_, i) => `${base}-${i + 2}`)]));
}

/** The invitee accepts one invitation `attempts` times at once: one acceptance, the others 409; staff once. */
export async function invitationAcceptedOnce(servers: readonly ApiServer[], attempts = 6): Promise<void> {
  const at = pick(servers);
  const [owner, invitee] = await users(servers, 2);
  const org = await request(at(0), 'POST', '/organizations', { token: owner!.accessToken, body: { name: 'Invitations' } });
  const orgId = org.body.data.id as string;
  const invitation = await request(at(1), 'POST', `/organizations/${orgId}/staff/invite`, {
    token: owner!.accessToken,
    body: { username: invitee!.username, role: 'ADMIN' },
  });
  expectStatus(invitation, 201, 'invite');
  const path = `/organizations/${orgId}/staff/invitations/${invitation.body.data.token}/accept`;
  const answers = await Promise.all(Array.from({ length: attempts }, (_, i) => request(at(i), 'POST', path, { token: invitee!.accessToken })));
  const counts = tally(answers);
  expect(counts[200]).toBe(1);
  expect((counts['409 INVITATION_USED'] ?? 0) + (counts['409 CONFLICT'] ?? 0)).toBe(attempts - 1);
  const staff = await request(at(1), 'GET', `/organizations/${orgId}/staff`, { token: owner!.accessToken });
  expect((staff.body.data as any[]).filter((m) => m.userId === invitee!.id)).toHaveLength(1);
}

/** `attempts` anti-cheat sessions started at once for one match: one is started, the others are 409 CONFLICT. */
export async function oneActiveSessionPerMatch(servers: readonly ApiServer[], attempts = 6): Promise<void> {
  const at = pick(servers);
  const tenant = await createTenant(at(0), { plan: 'PRO', scopes: ANTI_CHEAT_SCOPES });
  const [player] = await users(servers, 1);
  const body = { game: 'cs2', matchId: `match-${player!.id}`, participants: [{ userId: player!.id }] };
  const answers = await Promise.all(
    Array.from({ length: attempts }, (_, i) => request(at(i), 'POST', '/anti-cheat/sessions', { apiKey: tenant.apiKey.key, body })),
  );
  expect(tally(answers)).toEqual({ 201: 1, '409 CONFLICT': attempts - 1 });
}

/**
 * A COMPLETED tournament classified `attempts` times at once into a circuit's ACTIVE season: one classification,
 * the others 409 CONFLICT; `attempts` seasons added at once to another circuit are numbered 1..attempts; a season
 * added while the last one completes leaves the circuit ACTIVE (R9.5); a classification while the season completes
 * comes before it or is refused, never a deadlock.
 */
export async function circuitWritesAtOnce(servers: readonly ApiServer[], attempts = 6): Promise<void> {
  const at = pick(servers);
  const tenant = await createTenant(at(0));
  const players = await users(servers, 4);
  const played = await completedTournament(at(1), tenant, players);
  const { circuit } = await activeCircuit(at(0), tenant);
  const answers = await Promise.all(Array.from({ length: attempts }, (_, i) => classify(at(i), tenant, circuit.id, played.id)));
  expect(tally(answers)).toEqual({ 200: 1, '409 CONFLICT': attempts - 1 });

  const other = await createCircuit(at(1), tenant, { name: 'Seasons at once' });
  const seasons = await Promise.all(
    Array.from({ length: attempts }, (_, i) =>
      request(at(i), 'POST', `/circuits/${other.id}/seasons`, {
        token: tenant.owner.accessToken,
        body: { name: `Season ${i}`, startDate: '2030-01-01', endDate: '2030-12-31', scoring: { strategy: 'PLACEMENT', placements: { '1': 10 } } },
      }),
    ),
  );
  expect(tally(seasons)).toEqual({ 201: attempts });
  expect(seasons.map((s) => s.body.data.number).sort((a, b) => a - b)).toEqual(Array.from({ length: attempts }, (_, i) => i + 1));

  // A season added while the last one completes: whichever comes first, the circuit ends ACTIVE with the new season
  // UPCOMING, never COMPLETED with a season still to come.
  for (let round = 0; round < 3; round++) {
    const { circuit: ending } = await activeCircuit(at(round), tenant);
    const [completed, added] = await Promise.all([
      request(at(round), 'POST', `/circuits/${ending.id}/complete`, { token: tenant.owner.accessToken }),
      request(at(round + 1), 'POST', `/circuits/${ending.id}/seasons`, {
        token: tenant.owner.accessToken,
        body: { name: 'Next year', startDate: '2031-01-01', endDate: '2031-12-31', scoring: { strategy: 'PLACEMENT', placements: { '1': 10 } } },
      }),
    ]);
    expect([completed.status, added.status]).toEqual([200, 201]);
    for (const server of servers) {
      const read = await request(server, 'GET', `/circuits/${ending.id}`, { token: tenant.owner.accessToken });
      expect(read.body.data).toMatchObject({ status: 'ACTIVE', activeSeasonId: null });
    }
  }

  // A classification while the season completes: before it (200) or refused after it (409), never a deadlock.
  for (let round = 0; round < 3; round++) {
    const { circuit: closing } = await activeCircuit(at(round), tenant);
    const [classified, completed] = await Promise.all([
      classify(at(round + 1), tenant, closing.id, played.id),
      request(at(round), 'POST', `/circuits/${closing.id}/complete`, { token: tenant.owner.accessToken }),
    ]);
    expect(completed.status).toBe(200);
    expect([200, 409]).toContain(classified.status);
  }
}

/**
 * A single-elimination tournament of 8 played with every ready match of a round reported and confirmed at once:
 * each result fills the next round although the other results of its round are written at the same moment, and the
 * last one completes the tournament with the better seeds winning.
 */
export async function matchesPlayedAtOnce(servers: readonly ApiServer[]): Promise<void> {
  const at = pick(servers);
  const tenant = await createTenant(at(0));
  const t = await openTournament(at(1), tenant, { maxParticipants: 8 });
  const players = await users(servers, 8);
  const { byParticipant, participantOf } = await joinAll(at(0), t.id, players);
  await lifecycle(at(1), tenant, t.id, 'start');
  const rounds: number[] = [];
  for (;;) {
    const ready = (await allMatches(at(rounds.length), t.id)).filter(
      (m) => m.status === 'SCHEDULED' && m.participants[0].participantId && m.participants[1].participantId,
    );
    if (ready.length === 0) break;
    rounds.push(ready.length);
    await Promise.all(ready.map((m, i) => playMatch(at(i), m, byParticipant, { winner: betterSeed(m) })));
  }
  expect(rounds).toEqual([4, 2, 1]);
  for (const server of servers) {
    const done = await request(server, 'GET', `/tournaments/${t.id}`);
    expect(done.body.data.status).toBe('COMPLETED');
    const champion = await request(server, 'GET', `/tournaments/${t.id}/participants/${participantOf.get(players[0]!.id)}`);
    expect(champion.body.data.finalPlacement).toBe(1);
  }
}

/**
 * Six players register themselves while the organizer adds the same six by username and imports three CSVs of two
 * guests, all at once, into 8 places (R24.2): each player holds one place at most, an import is all or nothing, the
 * places are never exceeded and every accepted entry is listed (7 or 8 places end up taken: 12 are asked for).
 */
export async function organizerAndPlayersAtOnce(servers: readonly ApiServer[]): Promise<void> {
  const at = pick(servers);
  const tenant = await createTenant(at(0));
  const t = await openTournament(at(1), tenant, { maxParticipants: 8 });
  const players = await users(servers, 6);
  const token = tenant.owner.accessToken;
  const answers = await Promise.all([
    ...players.map((u, i) => request(at(i), 'POST', `/tournaments/${t.id}/participate`, { token: u.accessToken })),
    ...players.map((u, i) => request(at(i + 1), 'POST', `/tournaments/${t.id}/participants`, { token, body: { username: u.username } })),
    ...[0, 1, 2].map((k) =>
      request(at(k), 'POST', `/tournaments/${t.id}/participants/import`, { token, body: { csv: `name\nGuest ${k}a\nGuest ${k}b\n` } }),
    ),
  ]);
  const refusals = Object.keys(tally(answers)).filter((k) => k !== '201');
  for (const r of refusals) expect(['409 ALREADY_REGISTERED', '409 TOURNAMENT_FULL', '400 VALIDATION_ERROR']).toContain(r);
  for (let i = 0; i < players.length; i++) expect([answers[i], answers[i + 6]].filter((a) => a?.status === 201).length).toBeLessThanOrEqual(1);
  const accepted = answers.slice(0, 12).filter((a) => a.status === 201).length + 2 * answers.slice(12).filter((a) => a.status === 201).length;
  for (const server of servers) {
    const listed = await request(server, 'GET', `/tournaments/${t.id}/participants`, { query: { limit: 100 } });
    expect(listed.body.pagination.total).toBe(accepted);
    const userIds = listed.body.data.map((p: { userId: string | null }) => p.userId).filter((u: string | null) => u !== null);
    expect(new Set(userIds).size).toBe(userIds.length);
  }
  expect([7, 8]).toContain(accepted);
}

/** Every scenario with the rule it checks (the test's title), in the order the test files run them. */
export const INVARIANT_SCENARIOS: Scenarios = [
  ['40 users registering at once for 8 places: 8 accepted, 32 are 409 TOURNAMENT_FULL', registrationRace],
  ['one user registering several times at once is registered once', duplicateRegistration],
  ['organizer additions, CSV imports and self-registrations at once: places never exceeded, one place per user', organizerAndPlayersAtOnce],
  ['two OWNERs removing each other at once: one removal succeeds, one OWNER is left', ownersRemoveEachOther],
  ['two OWNERs leaving at once: the last OWNER stays (409 CONFLICT)', ownersLeaveAtOnce],
  ['organizations created at once with one name get distinct slugs', sameNameOrganizations],
  ['an invitation accepted several times at once is accepted once', invitationAcceptedOnce],
  ['anti-cheat sessions started at once for one match: one is active', oneActiveSessionPerMatch],
  ['a tournament classified at once is classified once; seasons added at once get distinct numbers; a season added while the last completes keeps the circuit ACTIVE; classifying while it completes never deadlocks', circuitWritesAtOnce],
  ['the matches of a round played at once fill the next round and complete the tournament', matchesPlayedAtOnce],
  ...TOURNAMENT_RACE_SCENARIOS,
];
