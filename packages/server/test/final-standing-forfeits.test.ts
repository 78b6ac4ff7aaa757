/**
 * The final standing when forfeits decide it (R7.12, R7.16, R8.13): a disqualified participant is never a champion
 * while someone is still in, and a champion whom a correction or a walkover put back in first place is ACTIVE.
 */
import { describe, expect } from 'vitest';
import { it, request, test, type TestServer } from './helpers/index';
import { betterSeedWins, getData, playDecided, playEverything, startWithStages } from './formats-helpers';
import { act, scoresBody } from './matches-helpers';
import { allMatches } from './tournaments-helpers';

test.scoped({ playerCount: 5 });

/** The data of the last `tournament.completed` event of a tournament. */
async function lastCompleted(server: TestServer, id: string): Promise<any> {
  const rows = await server.deps.db.selectFrom('events').select('data').where('subject_id', '=', id).where('type', '=', 'tournament.completed').orderBy('created_at').orderBy('id').execute();
  return JSON.parse(rows.at(-1)!.data);
}

describe('the final standing when forfeits decide it (R7.12, R7.16)', () => {
  it('crowns the best player still in, not a disqualified leader of a round robin', async ({ server, tenant, players }) => {
    const { id, byParticipant, participantOf } = await startWithStages(server, tenant, players.slice(0, 4), [{ name: 'League', format: 'ROUND_ROBIN' }]);
    const p = (seed: number) => participantOf.get(players[seed - 1]!.id)!;
    // Seed 1 wins two matches, then is disqualified: the third becomes a walkover; the others draw theirs.
    const ofSeed1 = (await allMatches(server, id)).filter((m) => m.participants.some((s: any) => s.participantId === p(1)));
    for (const m of ofSeed1.slice(0, 2)) await playDecided(server, m, byParticipant, betterSeedWins(m));
    const walkoverTo = ofSeed1[2]!.participants.find((s: any) => s.participantId !== p(1)).participantId as string;
    const dq = await request(server, 'PATCH', `/tournaments/${id}/participants/${p(1)}`, { token: tenant.owner.accessToken, body: { status: 'DISQUALIFIED' } });
    expect(dq.status, dq.text).toBe(200);
    await playEverything(server, id, byParticipant, () => ({ scores: [1, 1] }));
    expect((await getData(server, `/tournaments/${id}`)).status).toBe('COMPLETED');
    // Seed 1 has 6 points, the walkover's winner 5 (3 + two draws): the walkover's winner is the champion.
    expect(await getData(server, `/tournaments/${id}/participants/${walkoverTo}`)).toMatchObject({ status: 'ACTIVE', finalPlacement: 1, placementRange: '1' });
    expect(await getData(server, `/tournaments/${id}/participants/${p(1)}`)).toMatchObject({ status: 'DISQUALIFIED', finalPlacement: 2, placementRange: '2' });
    expect(await lastCompleted(server, id)).toMatchObject({ championId: walkoverTo, championIds: [walkoverTo] });
  });

  it('makes ACTIVE the champion a correction puts back in a final its opponent forfeited', async ({ server, tenant, players }) => {
    // 3 players: seed 1 has a bye to the final, seed 2 beats seed 3; seed 1 is disqualified, the final is a walkover.
    const { id, byParticipant, participantOf } = await startWithStages(server, tenant, players.slice(0, 3), [{ name: 'Cup', format: 'SINGLE_ELIMINATION' }], { maxParticipants: 4 });
    const p = (seed: number) => participantOf.get(players[seed - 1]!.id)!;
    const semi = (await allMatches(server, id)).find((m) => m.participants.every((s: any) => s.participantId !== null))!;
    await playDecided(server, semi, byParticipant, betterSeedWins(semi));
    const dq = await request(server, 'PATCH', `/tournaments/${id}/participants/${p(1)}`, { token: tenant.owner.accessToken, body: { status: 'DISQUALIFIED' } });
    expect(dq.status, dq.text).toBe(200);
    expect((await getData(server, `/tournaments/${id}`)).status).toBe('COMPLETED');
    expect(await getData(server, `/tournaments/${id}/participants/${p(2)}`)).toMatchObject({ status: 'ACTIVE', placementRange: '1' });

    // Seed 3 won the semi-final after all: the final is its walkover, and seed 3 the champion, ACTIVE again.
    const [a, b] = semi.participants.map((s: any) => s.participantId as string);
    const body = { ...scoresBody(a, b, a === p(3) ? 2 : 0, a === p(3) ? 0 : 2), reason: 'wrong winner', cascade: true };
    const corrected = await act(server, semi.id, 'correct', tenant.owner.accessToken, body);
    expect(corrected.status, corrected.text).toBe(200);
    expect((await getData(server, `/tournaments/${id}`)).status).toBe('COMPLETED');
    expect(await getData(server, `/tournaments/${id}/participants/${p(3)}`)).toMatchObject({ status: 'ACTIVE', finalPlacement: 1 });
    expect(await getData(server, `/tournaments/${id}/participants/${p(2)}`)).toMatchObject({ status: 'ELIMINATED' });
    expect(await lastCompleted(server, id)).toMatchObject({ championId: p(3) });
  });
});

describe('a score-only correction of a stage whose qualifier forfeited in the next (R8.18, R7.16)', () => {
  it('keeps the next stage with its entrants and writes no place twice', async ({ server, tenant, players }) => {
    // 5 players, 4 qualify: seeds 1-3 have byes, seed 5 beats seed 4; then seed 5 is disqualified in the playoffs.
    const stages = [
      { name: 'Qualifier', format: 'SINGLE_ELIMINATION', settings: { advanceCount: 4, stopAtQualifiers: true } },
      { name: 'Playoffs', format: 'SINGLE_ELIMINATION', settings: { thirdPlaceMatch: true } },
    ];
    const { id, byParticipant, participantOf } = await startWithStages(server, tenant, players, stages);
    const p = (seed: number) => participantOf.get(players[seed - 1]!.id)!;
    const qualifier = (await allMatches(server, id)).find((m) => m.stageNumber === 1)!;
    const fifthSlot = qualifier.participants.findIndex((s: any) => s.participantId === p(5));
    await playDecided(server, qualifier, byParticipant, { winnerId: p(5), scores: fifthSlot === 0 ? [2, 1] : [1, 2] });
    const playoffs = (await allMatches(server, id)).filter((m) => m.stageNumber === 2);
    expect(playoffs.flatMap((m) => m.participants.map((s: any) => s.participantId))).toContain(p(5));
    const dq = await request(server, 'PATCH', `/tournaments/${id}/participants/${p(5)}`, { token: tenant.owner.accessToken, body: { status: 'DISQUALIFIED' } });
    expect(dq.status, dq.text).toBe(200);

    const [a, b] = qualifier.participants.map((s: any) => s.participantId as string);
    const corrected = await act(server, qualifier.id, 'correct', tenant.owner.accessToken, { ...scoresBody(a, b, a === p(5) ? 5 : 0, a === p(5) ? 0 : 5), reason: 'score typo' });
    expect(corrected.status, corrected.text).toBe(200);
    expect(corrected.body.data.removedMatchIds).toEqual([]);
    expect((await allMatches(server, id)).filter((m) => m.stageNumber === 2).map((m) => m.id)).toEqual(playoffs.map((m) => m.id));
    const participants = await getData(server, `/tournaments/${id}/participants`);
    const byId = new Map(participants.map((x: any) => [x.id, x]));
    expect(byId.get(p(4))).toMatchObject({ status: 'ELIMINATED', placementRange: '5' });
    expect(byId.get(p(5))).toMatchObject({ status: 'DISQUALIFIED', placementRange: null });
    const held = participants.filter((x: any) => x.placementRange === '5');
    expect(held).toHaveLength(1);
  });
});
