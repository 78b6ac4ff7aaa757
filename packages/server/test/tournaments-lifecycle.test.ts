import { describe, expect } from 'vitest';
import { request, test, type TestServer, type TestTenant, type TestUser } from './helpers/index';
import { allMatches, joinAll, lifecycle, openTournament, playAll, playMatch, registerPlayers } from './tournaments-helpers';

/** Helpers bound to the file's server and tenant (the `bound` fixture). */
function bound(server: TestServer, tenant: TestTenant) {
  /** Opens a tournament, registers `n` players, starts it; returns ids and players. */
  async function startedTournament(n: number, overrides: Record<string, unknown> = {}) {
    const t = await openTournament(server, tenant, { maxParticipants: 16, ...overrides });
    const players = await registerPlayers(server, n);
    const { byParticipant, participantOf } = await joinAll(server, t.id, players);
    const started = await lifecycle(server, tenant, t.id, 'start');
    return { id: t.id as string, started, players, byParticipant, participantOf };
  }

  async function participantsOf(id: string): Promise<any[]> {
    const res = await request(server, 'GET', `/tournaments/${id}/participants`, { query: { limit: 100 } });
    expect(res.status).toBe(200);
    return res.body.data;
  }

  async function eventTypes(subjectIds: readonly string[]): Promise<string[]> {
    const rows = await server.deps.db.selectFrom('events').select('type').where('subject_id', 'in', [...subjectIds]).execute();
    return rows.map((r) => r.type);
  }
  return { startedTournament, participantsOf, eventTypes };
}
const it = test.extend<{ bound: ReturnType<typeof bound> }>({ bound: async ({ server, tenant }, use) => use(bound(server, tenant)) });

/** Placement ranges by seed from the bracket. */
function rangesBySeed(bracket: any, seedOf: Map<string, number>): Record<number, string> {
  const out: Record<number, string> = {};
  for (const p of bracket.placements) out[seedOf.get(p.participantId) as number] = p.placementRange;
  return out;
}

describe('single elimination played entirely through HTTP', () => {
  it('runs an 8-player tournament from creation to COMPLETED with placements 1, 2, 3-4, 5-8', async ({ server, bound: { startedTournament, participantsOf, eventTypes } }) => {
    const { id, started, players, byParticipant, participantOf } = await startedTournament(8);
    expect(started.status).toBe('ONGOING');
    expect(started.startedAt).not.toBeNull();
    expect(started.stages[0].status).toBe('ONGOING');
    expect(started.participantCounts).toMatchObject({ active: 8, registered: 0 });
    expect(started.currentParticipants).toBe(8);

    // Seeds follow registration order; round 1 pairs 1-8, 4-5, 2-7, 3-6 (standard bracket order).
    const seedOf = new Map((await participantsOf(id)).map((p) => [p.id as string, p.seed as number]));
    players.forEach((p, i) => expect(seedOf.get(participantOf.get(p.id) as string)).toBe(i + 1));
    const matches = await allMatches(server, id);
    expect(matches).toHaveLength(7);
    const round1 = matches.filter((m) => m.round === 1).map((m) => m.participants.map((s: any) => s.seed));
    expect(round1).toEqual([[1, 8], [4, 5], [2, 7], [3, 6]]);
    expect(matches.every((m) => m.status === 'SCHEDULED' && m.stageNumber === 1 && m.bracket === 'WINNERS')).toBe(true);
    const at = (round: number) => matches.find((m) => m.round === round).scheduledAt;
    expect([at(1), at(2), at(3)]).toEqual(['2030-06-01T12:00:00.000Z', '2030-06-01T13:00:00.000Z', '2030-06-01T14:00:00.000Z']);

    // The first match's winner lands in the slot its next.winner names.
    const first = matches[0];
    expect(first.next.winner).toMatchObject({ slot: 1 });
    const confirmed = await playMatch(server, first, byParticipant);
    const next = await request(server, 'GET', `/matches/${first.next.winner.matchId}`);
    expect(next.body.data.participants[0].participantId).toBe(confirmed.winnerId);
    expect(confirmed.history.map((h: any) => h.type)).toEqual(['REPORTED', 'CONFIRMED']);
    expect(confirmed.participants.map((s: any) => s.score)).toEqual([2, 1]);
    const loser = await request(server, 'GET', `/tournaments/${id}/participants/${confirmed.loserId}`);
    expect(loser.body.data).toMatchObject({ status: 'ELIMINATED', finalPlacement: 5 });

    expect(await playAll(server, id, byParticipant)).toBe(6);
    const done = await request(server, 'GET', `/tournaments/${id}`);
    expect(done.body.data.status).toBe('COMPLETED');
    expect(done.body.data.completedAt).not.toBeNull();
    expect(done.body.data.stages[0].status).toBe('COMPLETED');
    expect(done.body.data.participantCounts).toMatchObject({ active: 1, eliminated: 7 });

    const bracket = await request(server, 'GET', `/tournaments/${id}/bracket`);
    expect(bracket.status).toBe(200);
    expect(bracket.body.data.stages[0].rounds.map((r: any) => [r.name, r.matches.length])).toEqual([
      ['Quarter-finals', 4],
      ['Semi-finals', 2],
      ['Final', 1],
    ]);
    expect(rangesBySeed(bracket.body.data, seedOf)).toEqual({
      1: '1', 2: '2', 3: '3-4', 4: '3-4', 5: '5-8', 6: '5-8', 7: '5-8', 8: '5-8',
    });
    const final = (await participantsOf(id)).find((p) => p.seed === 1);
    expect(final).toMatchObject({ status: 'ACTIVE', finalPlacement: 1 });

    const matchIds = matches.map((m) => m.id);
    const types = await eventTypes([id, ...matchIds, ...participantOf.values()]);
    const count = (type: string) => types.filter((t) => t === type).length;
    expect(count('tournament.published')).toBe(1);
    expect(count('tournament.registration_opened')).toBe(1);
    expect(count('tournament.started')).toBe(1);
    expect(count('participant.registered')).toBe(8);
    expect(count('match.score_reported')).toBe(7);
    expect(count('match.completed')).toBe(7);
    expect(count('tournament.completed')).toBe(1);
  });

  it('runs a 13-player tournament: the top 3 seeds get byes, 12 matches, placements down to 9-13', async ({ server, bound: { startedTournament, participantsOf } }) => {
    const { id, byParticipant } = await startedTournament(13);
    const matches = await allMatches(server, id);
    expect(matches).toHaveLength(12);
    const round1 = matches.filter((m) => m.round === 1);
    expect(round1).toHaveLength(5);
    const round1Seeds = round1.flatMap((m) => m.participants.map((s: any) => s.seed));
    expect(round1Seeds).not.toContain(1);
    expect(round1Seeds).not.toContain(2);
    expect(round1Seeds).not.toContain(3);
    const round2Seeds = matches.filter((m) => m.round === 2).flatMap((m) => m.participants.map((s: any) => s.seed));
    expect(round2Seeds.filter((s) => s !== null).sort()).toEqual([1, 2, 3]);

    expect(await playAll(server, id, byParticipant)).toBe(12);
    const t = await request(server, 'GET', `/tournaments/${id}`);
    expect(t.body.data.status).toBe('COMPLETED');
    const seedOf = new Map((await participantsOf(id)).map((p) => [p.id as string, p.seed as number]));
    const bracket = await request(server, 'GET', `/tournaments/${id}/bracket`);
    const ranges = rangesBySeed(bracket.body.data, seedOf);
    expect(Object.keys(ranges)).toHaveLength(13);
    expect([ranges[1], ranges[2], ranges[3], ranges[4]]).toEqual(['1', '2', '3-4', '3-4']);
    for (const seed of [5, 6, 7, 8]) expect(ranges[seed]).toBe('5-8');
    for (const seed of [9, 10, 11, 12, 13]) expect(ranges[seed]).toBe('9-13');
    expect(bracket.body.data.stages[0].rounds.map((r: any) => r.name)).toEqual(['Round of 16', 'Quarter-finals', 'Semi-finals', 'Final']);
  });

  it('eliminates the winner of the third-place match with place 3 at once: only the finalists stay ACTIVE', async ({ server, tenant, bound: { startedTournament, participantsOf } }) => {
    const { id, byParticipant } = await startedTournament(4, {
      stages: [{ name: 'Main', format: 'SINGLE_ELIMINATION', settings: { thirdPlaceMatch: true } }],
    });
    for (const semi of (await allMatches(server, id)).filter((m) => m.round === 1)) await playMatch(server, semi, byParticipant);
    const thirdPlace = (await allMatches(server, id)).find((m) => m.bracket === 'THIRD_PLACE');
    const played = await playMatch(server, thirdPlace, byParticipant);
    const third = (await participantsOf(id)).find((p) => p.id === played.winnerId);
    expect(third).toMatchObject({ status: 'ELIMINATED', finalPlacement: 3 });
    const t = await request(server, 'GET', `/tournaments/${id}`);
    expect(t.body.data.participantCounts).toMatchObject({ active: 2, eliminated: 2 });
    const withdraw = await request(server, 'PATCH', `/tournaments/${id}/participants/${third.id}`, { apiKey: tenant.apiKey.key, body: { status: 'WITHDRAWN' } });
    expect(withdraw.status).toBe(409);
  });

  it('plays a third-place match when the stage asks for one: semi-final losers place 3 and 4', async ({ server, bound: { startedTournament, participantsOf } }) => {
    const { id, byParticipant } = await startedTournament(8, {
      stages: [{ name: 'Main', format: 'SINGLE_ELIMINATION', settings: { thirdPlaceMatch: true } }],
    });
    const matches = await allMatches(server, id);
    expect(matches).toHaveLength(8);
    const semis = matches.filter((m) => m.round === 2);
    const thirdPlace = matches.find((m) => m.bracket === 'THIRD_PLACE');
    expect(thirdPlace.round).toBe(3);
    for (const semi of semis) expect(semi.next.loser.matchId).toBe(thirdPlace.id);

    expect(await playAll(server, id, byParticipant)).toBe(8);
    const seedOf = new Map((await participantsOf(id)).map((p) => [p.id as string, p.seed as number]));
    const bracket = await request(server, 'GET', `/tournaments/${id}/bracket`);
    const ranges = rangesBySeed(bracket.body.data, seedOf);
    expect([ranges[1], ranges[2], ranges[3], ranges[4], ranges[5]]).toEqual(['1', '2', '3', '4', '5-8']);
    expect(bracket.body.data.stages[0].rounds.map((r: any) => r.name)).toEqual([
      'Quarter-finals',
      'Semi-finals',
      'Final',
      'Third place match',
    ]);
    const third = await request(server, 'GET', `/matches/${thirdPlace.id}`);
    expect(third.body.data.participants.map((s: any) => s.seed).sort()).toEqual([3, 4]);
    const t = await request(server, 'GET', `/tournaments/${id}`);
    expect(t.body.data.status).toBe('COMPLETED');
  });

  it('lets an organizer approve a reported result instead of the opponent', async ({ server, tenant, bound: { startedTournament } }) => {
    const { id, byParticipant } = await startedTournament(2);
    const [match] = await allMatches(server, id);
    const organizer = tenant.owner as TestUser;
    const confirmed = await playMatch(server, match, byParticipant, { confirmer: organizer });
    const confirmation = confirmed.history.find((h: any) => h.type === 'CONFIRMED');
    expect(confirmation).toMatchObject({ actorUserId: organizer.id, data: { by: 'ORGANIZER' } });
    expect(confirmed.reportedResult).toMatchObject({ winnerId: confirmed.winnerId, reportedBy: byParticipant.get(confirmed.winnerId)!.id });
    const t = await request(server, 'GET', `/tournaments/${id}`);
    expect(t.body.data.status).toBe('COMPLETED');
  });
});
