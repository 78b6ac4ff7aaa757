import { describe, expect } from 'vitest';
import { it, request, test } from './helpers/index';
import { betterSeedWins, getData, playDecided, playEverything, seedOf, startWithStages, type Decide } from './formats-helpers';
import { allMatches } from './tournaments-helpers';

test.scoped({ playerCount: 6 });

const seeds = (m: any): [number, number] => [seedOf(m, 0), seedOf(m, 1)];
const winnerBySeed = (m: any, seed: number) => m.participants.find((s: any) => s.seed === seed).participantId as string;

describe('round robin with draws and 1 / 0.5 / 0 points', () => {
  it('plays a 5-player round robin (a bye each round) to COMPLETED, ranked by points then head-to-head', async ({ server, tenant, players }) => {
    const five = players.slice(0, 5);
    const { id, byParticipant, participantOf } = await startWithStages(server, tenant, five, [
      { name: 'League', format: 'ROUND_ROBIN', settings: { pointsForWin: 1, pointsForDraw: 0.5, pointsForLoss: 0 } },
    ]);
    const matches = await allMatches(server, id);
    expect(matches).toHaveLength(10); // N(N-1)/2
    expect(Math.max(...matches.map((m) => m.round))).toBe(5); // odd N: N rounds, one resting each round
    for (let r = 1; r <= 5; r++) expect(matches.filter((m) => m.round === r)).toHaveLength(2);
    expect(matches.every((m) => m.bracket === 'ROUND_ROBIN' && m.status === 'SCHEDULED' && m.next.winner === null)).toBe(true);

    // 1-2 draw, 2-5 draw, 3-4 draw; otherwise the better seed wins, except 5 beats 4.
    const draws = new Set(['1-2', '2-5', '3-4']);
    const decide: Decide = (m) => {
      const [a, b] = seeds(m).sort((x, y) => x - y);
      if (draws.has(`${a}-${b}`)) return { scores: [1, 1] };
      const winner = a === 4 && b === 5 ? 5 : a;
      return { winnerId: winnerBySeed(m, winner), scores: seedOf(m, 0) === winner ? [2, 0] : [0, 2] };
    };
    const played = await playEverything(server, id, byParticipant, decide);
    expect(played).toHaveLength(10);
    const drawn = played.filter((m) => m.isDraw);
    expect(drawn).toHaveLength(3);
    expect(drawn.every((m) => m.winnerId === null && m.loserId === null && m.resultType === 'NORMAL')).toBe(true);

    const done = await getData(server, `/tournaments/${id}`);
    expect(done.status).toBe('COMPLETED');
    const bracket = await getData(server, `/tournaments/${id}/bracket`);
    const standings = bracket.stages[0].standings;
    const pid = (seed: number) => participantOf.get(five[seed - 1]!.id);
    expect(standings.map((r: any) => r.participantId)).toEqual([pid(1), pid(2), pid(3), pid(5), pid(4)]);
    expect(standings.map((r: any) => r.points)).toEqual([3.5, 3, 1.5, 1.5, 0.5]);
    expect(standings[0]).toMatchObject({ rank: 1, played: 4, wins: 3, draws: 1, losses: 0, scoreFor: 7, scoreAgainst: 1 });
    // Seeds 3 and 5 have 1.5 points each; 3 beat 5, so head-to-head puts 3 first.
    expect(standings[2].tiebreaks).toMatchObject({ POINTS: 1.5, HEAD_TO_HEAD: 1 });
    expect(standings[3].tiebreaks).toMatchObject({ POINTS: 1.5, HEAD_TO_HEAD: 0 });
    expect(standings[3].tiedWithPrevious).toBe(false);
    expect(bracket.placements.map((p: any) => [p.participantId, p.placementRange])).toEqual([
      [pid(1), '1'],
      [pid(2), '2'],
      [pid(3), '3'],
      [pid(5), '4'],
      [pid(4), '5'],
    ]);
  });

  it('takes 0-0 as a draw and shares the placement when no criterion separates the two, both champions', async ({ server, tenant, players }) => {
    const { id, byParticipant } = await startWithStages(server, tenant, players.slice(0, 2), [{ name: 'League', format: 'ROUND_ROBIN' }]);
    const [m] = await allMatches(server, id);
    const confirmed = await playDecided(server, m, byParticipant, { scores: [0, 0] });
    expect(confirmed.participants.map((s: any) => s.score)).toEqual([0, 0]);
    const standings = (await getData(server, `/tournaments/${id}/bracket`)).stages[0].standings;
    expect(standings.map((r: any) => [r.points, r.tiedWithPrevious])).toEqual([[1, false], [1, true]]);
    // Two participants sharing every criterion share the placement.
    const placements = (await getData(server, `/tournaments/${id}/bracket`)).placements;
    expect(placements.map((p: any) => p.placementRange)).toEqual(['1-2', '1-2']);
    // Both share first place: both stay ACTIVE, and the completion event names both, no single champion.
    const participants = await getData(server, `/tournaments/${id}/participants`);
    expect(participants.map((p: any) => p.status)).toEqual(['ACTIVE', 'ACTIVE']);
    const [completed] = await server.deps.db.selectFrom('events').select('data').where('subject_id', '=', id).where('type', '=', 'tournament.completed').execute();
    expect(JSON.parse(completed!.data)).toMatchObject({ championId: null, championIds: expect.arrayContaining(participants.map((p: any) => p.id)) });
  });
});

describe('disqualification in pool stages', () => {
  it('gives every remaining round-robin opponent a walkover and the stage goes on', async ({ server, tenant, players }) => {
    const four = players.slice(0, 4);
    const { id, byParticipant, participantOf } = await startWithStages(server, tenant, four, [{ name: 'League', format: 'ROUND_ROBIN' }]);
    const round1 = (await allMatches(server, id)).filter((m) => m.round === 1);
    for (const m of round1) await playDecided(server, m, byParticipant, betterSeedWins(m));
    const out = participantOf.get(four[0]!.id)!;
    const removed = await request(server, 'DELETE', `/tournaments/${id}/participants/${out}`, { token: tenant.owner.accessToken });
    expect(removed.status).toBe(204);
    const theirs = (await allMatches(server, id)).filter((m) => m.participants.some((s: any) => s.participantId === out));
    expect(theirs).toHaveLength(3);
    const later = theirs.filter((m) => m.round > 1);
    expect(later).toHaveLength(2);
    expect(later.every((m) => m.status === 'COMPLETED' && m.resultType === 'WALKOVER' && m.loserId === out)).toBe(true);
    expect((await getData(server, `/matches/${later[0].id}`)).history.map((h: any) => h.type)).toEqual(['WALKOVER']); // R25.9

    await playEverything(server, id, byParticipant);
    const done = await getData(server, `/tournaments/${id}`);
    expect(done.status).toBe('COMPLETED');
    const participant = await getData(server, `/tournaments/${id}/participants/${out}`);
    expect(participant.status).toBe('DISQUALIFIED');
    expect(participant.finalPlacement).not.toBeNull();
  });

  it('stops pairing a disqualified Swiss player (walkover now, then no more rounds) and never qualifies them', async ({ server, tenant, players }) => {
    const { id, byParticipant, participantOf } = await startWithStages(server, tenant, players, [
      { name: 'Swiss', format: 'SWISS', settings: { swissRounds: 3, advanceCount: 4 } },
      { name: 'Final four', format: 'SINGLE_ELIMINATION', settings: { thirdPlaceMatch: true } },
    ]);
    const top = participantOf.get(players[0]!.id)!;
    for (let round = 1; round <= 2; round++) {
      const current = (await allMatches(server, id)).filter((m) => m.round === round && m.stageNumber === 1);
      expect(current).toHaveLength(3);
      for (const m of current) await playDecided(server, m, byParticipant, betterSeedWins(m));
    }
    // Seed 1 has won twice; disqualified now, their round-3 opponent wins by walkover.
    const round3 = (await allMatches(server, id)).filter((m) => m.round === 3);
    const theirs = round3.find((m) => m.participants.some((s: any) => s.participantId === top));
    expect(theirs).toBeDefined();
    expect((await request(server, 'DELETE', `/tournaments/${id}/participants/${top}`, { token: tenant.owner.accessToken })).status).toBe(204);
    const walkover = await getData(server, `/matches/${theirs.id}`);
    expect(walkover).toMatchObject({ status: 'COMPLETED', resultType: 'WALKOVER', loserId: top });

    await playEverything(server, id, byParticipant);
    const bracket = await getData(server, `/tournaments/${id}/bracket`);
    expect(bracket.status).toBe('COMPLETED');
    const swissStandings = bracket.stages[0].standings;
    const topRow = swissStandings.find((r: any) => r.participantId === top);
    expect(topRow).toMatchObject({ wins: 2, losses: 1, points: 6 });
    expect(topRow.rank).toBeLessThanOrEqual(4); // would have qualified
    const finalists = new Set(bracket.stages[1].rounds.flatMap((r: any) => r.matches.flatMap((m: any) => m.participants.map((s: any) => s.participantId))));
    expect(finalists.has(top)).toBe(false);
    const expected = swissStandings.filter((r: any) => r.participantId !== top).slice(0, 4).map((r: any) => r.participantId);
    expect([...finalists].sort()).toEqual([...expected].sort());
    expect(bracket.placements.map((p: any) => p.placementRange)).toEqual(['1', '2', '3', '4', '5', '6']);
  });

  it('leaves a player disqualified during a Swiss round out of every later round', async ({ server, tenant, players }) => {
    const { id, byParticipant, participantOf } = await startWithStages(server, tenant, players, [{ name: 'Swiss', format: 'SWISS', settings: { swissRounds: 5 } }]);
    const out = participantOf.get(players[2]!.id)!;
    const inRound = async (round: number) => (await allMatches(server, id)).filter((m) => m.round === round);
    const plays = (m: any) => m.participants.some((s: any) => s.participantId === out);
    for (const m of await inRound(1)) await playDecided(server, m, byParticipant, betterSeedWins(m));
    // Disqualified while round 2 is being played: their round-2 match is a walkover, and no later round pairs them.
    expect((await inRound(2)).some(plays)).toBe(true);
    expect((await request(server, 'DELETE', `/tournaments/${id}/participants/${out}`, { token: tenant.owner.accessToken })).status).toBe(204);
    await playEverything(server, id, byParticipant);
    const all = await allMatches(server, id);
    expect(Math.max(...all.map((m) => m.round))).toBe(5);
    for (let round = 3; round <= 5; round++) {
      const matches = all.filter((m) => m.round === round);
      expect(matches.length, `round ${round}`).toBeGreaterThan(0);
      expect(matches.some(plays), `round ${round}`).toBe(false);
    }
    expect((await getData(server, `/tournaments/${id}`)).status).toBe('COMPLETED');
  });

  it('gives a Swiss bye at once to the lowest-ranked player without one, as a completed BYE match', async ({ server, tenant, players }) => {
    const five = players.slice(0, 5);
    const { id, byParticipant } = await startWithStages(server, tenant, five, [{ name: 'Swiss', format: 'SWISS', settings: { swissRounds: 3 } }]);
    const round1 = await allMatches(server, id);
    const bye = round1.find((m) => m.resultType === 'BYE');
    expect(round1).toHaveLength(3);
    expect(bye).toMatchObject({ status: 'COMPLETED', round: 1, number: 3, participants: [{ seed: 5 }, { participantId: null }] });
    expect(bye.winnerId).toBe(bye.participants[0].participantId);
    await playEverything(server, id, byParticipant);
    const all = await allMatches(server, id);
    const byes = all.filter((m) => m.resultType === 'BYE');
    expect(byes).toHaveLength(3);
    expect(new Set(byes.map((m) => m.winnerId)).size).toBe(3); // nobody gets two byes
    const standings = (await getData(server, `/tournaments/${id}/bracket`)).stages[0].standings;
    expect(standings.reduce((sum: number, r: any) => sum + r.byes, 0)).toBe(3);
    expect((await getData(server, `/tournaments/${id}`)).status).toBe('COMPLETED');
  });
});
