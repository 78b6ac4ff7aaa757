import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import * as guestCompetitors from '../src/db/migrations/0021-circuit-guest-competitors';
import { createTenant, expectStatus, registerUser, request, startTestServer, type TestServer, type TestTenant } from './helpers/index';
import { activeCircuit, allStandings, classify } from './circuits-helpers';
import { allMatches, betterSeed, lifecycle, openTournament } from './tournaments-helpers';

// Guests of LAN cups (solo entries without an account, R24.1) are one circuit competitor by name, any case (R9.15).

let server: TestServer;
let tenant: TestTenant;

beforeAll(async () => {
  server = await startTestServer();
  tenant = await createTenant(server);
});
afterAll(async () => server?.close());

/** An entry added by the organizer: a guest by `name`, or a player with an account by `username`. */
type Entry = { name: string } | { username: string };

/**
 * A tournament of `entries` (registration order = seed order) added by the organizer, started and decided match by
 * match at the desk (resolveMatch), the better seed winning: COMPLETED. Returns its id.
 */
async function lanCup(entries: readonly Entry[]): Promise<string> {
  const t = await openTournament(server, tenant, { maxParticipants: 8 });
  for (const entry of entries) expectStatus(await request(server, 'POST', `/tournaments/${t.id}/participants`, { token: tenant.owner.accessToken, body: entry }), 201, 'addParticipant');
  await lifecycle(server, tenant, t.id, 'start');
  for (;;) {
    const ready = (await allMatches(server, t.id)).filter((m) => m.status === 'SCHEDULED' && m.participants[0].participantId && m.participants[1].participantId);
    if (ready.length === 0) break;
    for (const m of ready) {
      const winnerId = betterSeed(m);
      const loserId = m.participants.find((s: any) => s.participantId !== winnerId).participantId;
      const body = { winnerId, scores: [{ participantId: winnerId, score: 2 }, { participantId: loserId, score: 0 }], reason: 'reported at the desk' };
      expectStatus(await request(server, 'POST', `/matches/${m.id}/resolve`, { token: tenant.owner.accessToken, body }), 200, 'resolve');
    }
  }
  expect((await request(server, 'GET', `/tournaments/${t.id}`)).body.data.status).toBe('COMPLETED');
  return t.id;
}

/** A standings line: [userId, name, points, tournamentsPlayed, bestPlacement, rank]. */
const line = (s: any) => [s.userId, s.name, s.points, s.tournamentsPlayed, s.bestPlacement, s.rank];

describe('guests in circuits', () => {
  it('counts a guest of two LAN cups once, by name in any case, apart from a player with an account of that name', async () => {
    const cid = await registerUser(server, { displayName: 'Guest Cid' });
    const eve = await registerUser(server, { displayName: 'Eve' });
    const { circuit } = await activeCircuit(server, tenant);
    // Cup 1: Ann 1st (100), Bob 2nd (70), Cid (guest) and Dee 3-4 (40 each).
    const cup1 = await lanCup([{ name: 'Guest Ann' }, { name: 'Guest Bob' }, { name: 'Guest Cid' }, { name: 'Guest Dee' }]);
    // Cup 2: Bob 1st (100), Ann typed otherwise 2nd (70), the account named "Guest Cid" and Eve 3-4 (40 each).
    const cup2 = await lanCup([{ name: 'Guest Bob' }, { name: '  GUEST ANN ' }, { username: cid.username }, { username: eve.username }]);
    expectStatus(await classify(server, tenant, circuit.id, cup1), 200, 'classify cup 1');
    expectStatus(await classify(server, tenant, circuit.id, cup2), 200, 'classify cup 2');

    const standings = await allStandings(server, tenant, circuit.id);
    // Equals are listed by name (code points), then by competitor (the guest before the account).
    expect(standings.map(line)).toEqual([
      [null, 'GUEST ANN', 170, 2, 1, 1],
      [null, 'Guest Bob', 170, 2, 1, 1],
      [eve.id, 'Eve', 40, 1, 3, 3],
      [null, 'Guest Cid', 40, 1, 3, 3],
      [cid.id, 'Guest Cid', 40, 1, 3, 3],
      [null, 'Guest Dee', 40, 1, 3, 3],
    ]);
    expect((await allStandings(server, tenant, circuit.id, { cumulative: true })).map(line)).toEqual(standings.map(line));
    const analytics = await request(server, 'GET', `/circuits/${circuit.id}/analytics`, { apiKey: tenant.apiKey.key });
    expect(analytics.body.data.uniqueCompetitors).toBe(6);
  });

  it('keys the guests of standings stored before by name (migration 0021), and keeps a deleted player\'s line whole', async () => {
    const gone = await registerUser(server, { displayName: 'Leaving Lou' });
    const others = [await registerUser(server), await registerUser(server)];
    const { circuit, season } = await activeCircuit(server, tenant);
    const cup1 = await lanCup([{ username: gone.username }, { name: 'Guest Ann' }, { username: others[0]!.username }, { name: 'Guest Bob' }]);
    const cup2 = await lanCup([{ name: 'guest ann' }, { username: gone.username }, { name: 'Guest Bob' }, { username: others[1]!.username }]);
    expectStatus(await classify(server, tenant, circuit.id, cup1), 200, 'classify cup 1');
    expectStatus(await classify(server, tenant, circuit.id, cup2), 200, 'classify cup 2');
    // Lou deletes the account: both entries become one competitor keyed by a participant (R14.8).
    expectStatus(await request(server, 'DELETE', '/users/me', { token: gone.accessToken, body: { password: gone.password } }), 204, 'deleteMe');
    const now = (await allStandings(server, tenant, circuit.id)).map(line);
    expect(now.filter((l) => l[1] === 'guest ann' || l[1] === 'Guest Bob').map((l) => l[3])).toEqual([2, 2]);
    expect(now.filter((l) => String(l[1]).startsWith('Deleted player')).map((l) => l[3])).toEqual([2]);

    // Awards and standings as the earlier version stored them: each guest entry its own competitor.
    const db = server.deps.db as never;
    await guestCompetitors.down(db);
    const before = (await allStandings(server, tenant, circuit.id)).map(line);
    expect(before).toHaveLength(now.length + 2);
    expect(before.filter((l) => String(l[1]).toLowerCase() === 'guest ann').map((l) => l[3])).toEqual([1, 1]);

    await guestCompetitors.up(db);
    expect((await allStandings(server, tenant, circuit.id)).map(line)).toEqual(now);
    const keys = await server.deps.db.selectFrom('circuit_standings').select('competitor_key').where('season_id', '=', season.id).execute();
    expect(keys.map((k) => k.competitor_key).filter((k) => k.startsWith('name:')).sort()).toEqual(['name:guest ann', 'name:guest bob']);
    expect(keys.filter((k) => k.competitor_key.startsWith('participant:'))).toHaveLength(1);
  });
});
