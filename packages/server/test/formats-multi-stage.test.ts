import { describe, expect } from 'vitest';
import { it, test } from './helpers/index';
import { betterSeedWins, getData, playDecided, playEverything, seedOf, startWithStages, type Decide } from './formats-helpers';
import { allMatches } from './tournaments-helpers';

test.scoped({ playerCount: 16 });

const pairKey = (m: any) => [m.participants[0].participantId, m.participants[1].participantId].sort().join(':');

describe('16-team Swiss (advance at 3 wins, out at 3 losses) into an 8-team single elimination', () => {
  it('plays every match through the API until COMPLETED with placements for all 16', async ({ server, tenant, players }) => {
    const { id, started, byParticipant } = await startWithStages(server, tenant, players, [
      { name: 'Swiss', format: 'SWISS', settings: { swissWinsToAdvance: 3, swissLossesToEliminate: 3, advanceCount: 8 } },
      { name: 'Playoffs', format: 'SINGLE_ELIMINATION' },
    ]);
    expect(started.stages.map((s: any) => s.status)).toEqual(['ONGOING', 'PENDING']);
    const round1 = await allMatches(server, id);
    expect(round1).toHaveLength(8);
    // Round 1 pairs the top half against the bottom half by seed: 1-9, 2-10, ...
    expect(round1.map((m) => [seedOf(m, 0), seedOf(m, 1)].sort((a, b) => a - b))).toEqual(
      Array.from({ length: 8 }, (_, i) => [i + 1, i + 9]),
    );
    expect(round1.every((m) => m.bracket === 'SWISS' && m.round === 1 && m.next.winner === null)).toBe(true);

    // Play round 1 alone: the confirm of its last match pairs round 2 in the same transaction.
    for (const m of round1) await playDecided(server, m, byParticipant, betterSeedWins(m));
    const afterRound1 = await allMatches(server, id);
    expect(afterRound1.filter((m) => m.round === 2)).toHaveLength(8);
    const bracket1 = await getData(server, `/tournaments/${id}/bracket`);
    const standings1 = bracket1.stages[0].standings;
    expect(standings1).toHaveLength(16);
    expect(standings1.filter((r: any) => r.wins === 1 && r.points === 3 && r.status === 'ACTIVE')).toHaveLength(8);
    expect(bracket1.stages[1].standings).toEqual([]);

    await playEverything(server, id, byParticipant);
    const matches = await allMatches(server, id);
    const swiss = matches.filter((m) => m.stageNumber === 1);
    const playoffs = matches.filter((m) => m.stageNumber === 2);
    // 16 players, 3 wins / 3 losses: 8 + 8 + 8 + 6 + 3 matches, never a rematch.
    expect(swiss).toHaveLength(33);
    expect(new Set(swiss.map(pairKey)).size).toBe(33);
    expect(Math.max(...swiss.map((m) => m.round))).toBe(5);
    expect(playoffs).toHaveLength(7);

    const done = await getData(server, `/tournaments/${id}`);
    expect(done.status).toBe('COMPLETED');
    expect(done.stages.map((s: any) => s.status)).toEqual(['COMPLETED', 'COMPLETED']);
    const stages = await getData(server, `/tournaments/${id}/stages`);
    expect(stages.map((s: any) => s.status)).toEqual(['COMPLETED', 'COMPLETED']);

    const bracket = await getData(server, `/tournaments/${id}/bracket`);
    const standings = bracket.stages[0].standings;
    const advanced = standings.filter((r: any) => r.status === 'ADVANCED');
    expect(advanced).toHaveLength(8);
    expect(advanced.every((r: any) => r.wins === 3 && r.losses < 3)).toBe(true);
    expect(standings.filter((r: any) => r.status === 'ELIMINATED').every((r: any) => r.losses === 3 && r.wins < 3)).toBe(true);
    expect(Object.keys(standings[0].tiebreaks)).toEqual(['POINTS', 'BUCHHOLZ', 'BUCHHOLZ_CUT1', 'SONNEBORN_BERGER']);

    // The 8 who advanced are seeded 1..8 into the playoffs in Swiss standings order; 1 meets 8 in round 1.
    const stageSeed = new Map<string, number>();
    for (const m of playoffs) for (const s of m.participants) if (s.participantId) stageSeed.set(s.participantId, s.seed);
    expect([...stageSeed.keys()].sort()).toEqual(advanced.map((r: any) => r.participantId).sort());
    advanced.forEach((r: any, i: number) => expect(stageSeed.get(r.participantId)).toBe(i + 1));
    const firstRound = playoffs.filter((m) => m.round === 1).map((m) => [seedOf(m, 0), seedOf(m, 1)]);
    expect(firstRound).toEqual([[1, 8], [4, 5], [2, 7], [3, 6]]);

    // Placements: the playoffs give 1, 2, 3-4, 5-8; the Swiss eliminated follow from 9 in Swiss standings order.
    expect(bracket.placements).toHaveLength(16);
    const ranges = bracket.placements.map((p: any) => p.placementRange);
    expect(ranges.slice(0, 8)).toEqual(['1', '2', '3-4', '3-4', '5-8', '5-8', '5-8', '5-8']);
    const placementOf = new Map(bracket.placements.map((p: any) => [p.participantId, p.placement]));
    const eliminated = standings.filter((r: any) => r.status === 'ELIMINATED').map((r: any) => placementOf.get(r.participantId));
    expect(eliminated.every((p: number) => p >= 9 && p <= 16)).toBe(true);
    expect([...eliminated].sort((a, b) => a - b)).toEqual(eliminated);
    const champion = bracket.placements[0].participantId;
    const participants = await getData(server, `/tournaments/${id}/participants`);
    expect(participants.filter((p: any) => p.status === 'ACTIVE').map((p: any) => p.id)).toEqual([champion]);
    expect(participants.filter((p: any) => p.status === 'ELIMINATED')).toHaveLength(15);
  });
});

describe('4 groups of 4 into an 8-team double elimination with a reset grand final', () => {
  it('seeds group winners against runners-up and plays the reset when the losers-bracket finalist wins the first final', async ({ server, tenant, players }) => {
    const { id, byParticipant, participantOf } = await startWithStages(server, tenant, players, [
      { name: 'Groups', format: 'GROUPS', settings: { groupCount: 4, qualifiersPerGroup: 2 } },
      { name: 'Playoffs', format: 'DOUBLE_ELIMINATION', settings: { grandFinal: 'double' } },
    ]);
    const p = (seed: number) => participantOf.get(players[seed - 1]!.id)!;
    const groupMatches = await allMatches(server, id);
    expect(groupMatches).toHaveLength(24);
    expect(groupMatches.every((m) => m.bracket === 'GROUP' && m.groupNumber >= 1 && m.groupNumber <= 4)).toBe(true);
    // Snake seeding: group 1 holds seeds 1, 8, 9, 16.
    const group1 = new Set(groupMatches.filter((m) => m.groupNumber === 1).flatMap((m) => m.participants.map((s: any) => s.seed)));
    expect([...group1].sort((a, b) => a - b)).toEqual([1, 8, 9, 16]);

    // Groups: better seed wins, except a draw between seeds 9 and 16. Playoffs: better seed wins, but the
    // losers-bracket champion (slot 2) takes the first grand final, forcing the reset.
    const decide: Decide = (m) => {
      const seeds = [seedOf(m, 0), seedOf(m, 1)].sort((a, b) => a - b);
      if (m.bracket === 'GROUP' && seeds[0] === 9 && seeds[1] === 16) return { scores: [1, 1] };
      if (m.bracket === 'GRAND_FINAL' && m.round === 1) return { winnerId: m.participants[1].participantId, scores: [0, 2] };
      return betterSeedWins(m);
    };
    await playEverything(server, id, byParticipant, decide);

    const done = await getData(server, `/tournaments/${id}`);
    expect(done.status).toBe('COMPLETED');
    const bracket = await getData(server, `/tournaments/${id}/bracket`);
    const groupStandings = bracket.stages[0].standings;
    expect(groupStandings).toHaveLength(16);
    const drawn = groupStandings.find((r: any) => r.participantId === p(9));
    // Seeds 9 and 16 lost 1-2 to seeds 1 and 8 and drew 1-1: equal on every criterion, the seed orders them.
    expect(drawn).toMatchObject({ group: 1, rank: 3, played: 3, wins: 0, draws: 1, losses: 2, points: 1, scoreFor: 3, scoreAgainst: 5 });
    expect(groupStandings.find((r: any) => r.participantId === p(16))).toMatchObject({ group: 1, rank: 4, draws: 1, points: 1, tiedWithPrevious: true });
    expect(groupStandings.find((r: any) => r.participantId === p(1))).toMatchObject({ group: 1, rank: 1, wins: 3, points: 9 });

    const matches = await allMatches(server, id);
    const playoffs = matches.filter((m) => m.stageNumber === 2);
    expect(playoffs).toHaveLength(15); // 2N - 1 with the reset
    expect(playoffs.every((m) => m.status === 'COMPLETED' && m.resultType === 'NORMAL')).toBe(true);
    // Group winners (seeds 1-4) are stage seeds 1-4, runners-up (seeds 5-8) 5-8, and round 1 pairs a winner with a
    // runner-up of another group.
    const winnersRound1 = playoffs.filter((m) => m.bracket === 'WINNERS' && m.round === 1);
    expect(winnersRound1.map((m) => [seedOf(m, 0), seedOf(m, 1)])).toEqual([[1, 8], [4, 5], [2, 7], [3, 6]]);
    const groupOf = new Map(groupStandings.map((r: any) => [r.participantId, r.group]));
    for (const m of winnersRound1) expect(groupOf.get(m.participants[0].participantId)).not.toBe(groupOf.get(m.participants[1].participantId));
    const [final1, reset] = playoffs.filter((m) => m.bracket === 'GRAND_FINAL').sort((a, b) => a.round - b.round);
    expect(final1.next).toEqual({ winner: { matchId: reset.id, slot: 2 }, loser: { matchId: reset.id, slot: 1 } });
    expect(reset.participants.map((s: any) => s.participantId)).toEqual([final1.loserId, final1.winnerId]);
    // Losers drop into the losers bracket along next.loser.
    const losersRound1 = playoffs.filter((m) => m.bracket === 'LOSERS' && m.round === 1);
    expect(losersRound1).toHaveLength(2);
    for (const m of winnersRound1) expect(losersRound1.map((l) => l.id)).toContain(m.next.loser.matchId);

    // Schedule order: the grand final and its reset come last, each losers round after the winners round feeding it.
    expect(matches.slice(-2).map((m) => m.id)).toEqual([final1.id, reset.id]);
    const position = new Map(matches.map((m, i) => [m.id, i]));
    for (const m of playoffs) {
      for (const ref of [m.next.winner, m.next.loser]) if (ref) expect(position.get(ref.matchId)!).toBeGreaterThan(position.get(m.id)!);
    }

    // Placements: 1, 2, 3, 4, 5-6, 7-8 from the playoffs, then the third of each group (9-12) and the fourth (13-16).
    const ranges = bracket.placements.map((x: any) => x.placementRange);
    expect(ranges).toEqual(['1', '2', '3', '4', '5-6', '5-6', '7-8', '7-8', '9-12', '9-12', '9-12', '9-12', '13-16', '13-16', '13-16', '13-16']);
    expect(bracket.placements[0].participantId).toBe(reset.winnerId);
    expect(new Set(bracket.placements.slice(8, 12).map((x: any) => groupStandings.find((r: any) => r.participantId === x.participantId).rank))).toEqual(new Set([3]));
  });
});

describe('16 players in 3 named groups (groupNames, no groupCount) into a single elimination', () => {
  it('ranks and advances each player in the group it was drawn into (R7.9, R7.13, R23.2)', async ({ server, tenant, players }) => {
    const { id, byParticipant, participantOf } = await startWithStages(server, tenant, players, [
      { name: 'Groups', format: 'GROUPS', settings: { groupNames: ['North', 'Centre', 'South'] } },
      { name: 'Playoffs', format: 'SINGLE_ELIMINATION' },
    ]);
    const p = (seed: number) => participantOf.get(players[seed - 1]!.id)!;
    // Three groups, as many as the names, filled snake-wise: North 1, 6, 7, 12, 13; Centre 2, 5, 8, 11, 14; South the rest.
    const groupMatches = await allMatches(server, id);
    const seedsIn = (name: string) =>
      [...new Set(groupMatches.filter((m) => m.groupName === name).flatMap((m) => m.participants.map((s: any) => s.seed as number)))].sort((a, b) => a - b);
    expect(new Map(groupMatches.map((m) => [m.groupNumber, m.groupName]))).toEqual(new Map([[1, 'North'], [2, 'Centre'], [3, 'South']]));
    expect([seedsIn('North'), seedsIn('Centre'), seedsIn('South')]).toEqual([[1, 6, 7, 12, 13], [2, 5, 8, 11, 14], [3, 4, 9, 10, 15, 16]]);
    for (const m of groupMatches) await playDecided(server, m, byParticipant, betterSeedWins(m));

    // Standings: every row in the group (number and name) its matches were played in.
    const drawnIn = new Map<string, [number, string]>(groupMatches.flatMap((m) => m.participants.map((s: any) => [s.participantId, [m.groupNumber, m.groupName]])));
    const standings = (await getData(server, `/tournaments/${id}/bracket`)).stages[0].standings;
    expect(standings).toHaveLength(16);
    for (const r of standings) expect([r.participantId, r.group, r.groupName]).toEqual([r.participantId, ...drawnIn.get(r.participantId)!]);
    // The top 2 of each group (default qualifiersPerGroup) play on: seeds 1 and 6, 2 and 5, 3 and 4.
    const playoffs = (await allMatches(server, id)).filter((m) => m.stageNumber === 2);
    const advanced = new Set(playoffs.flatMap((m) => m.participants.map((s: any) => s.participantId)).filter((x: string | null) => x !== null));
    expect(advanced).toEqual(new Set([1, 2, 3, 4, 5, 6].map(p)));
  });
});

describe('4 groups into a CROSS_GROUPS bracket seeded in natural order', () => {
  it('pairs slots 2i-1 and 2i in round-1 match i whatever the seedOrdering: A1-B2, C1-D2, B1-A2, D1-C2 (R23.1)', async ({ server, tenant, players }) => {
    const sixteen = players.slice(0, 16);
    const { id, byParticipant } = await startWithStages(server, tenant, sixteen, [
      { name: 'Groups', format: 'GROUPS', settings: { groupCount: 4 } },
      { name: 'Knockout', format: 'SINGLE_ELIMINATION', settings: { slotMapPreset: 'CROSS_GROUPS', seedOrdering: 'natural' } },
    ]);
    const groupMatches = await allMatches(server, id);
    for (const m of groupMatches) await playDecided(server, m, byParticipant, betterSeedWins(m));
    const standings = (await getData(server, `/tournaments/${id}/bracket`)).stages[0].standings;
    const at = (group: string, rank: number) => standings.find((r: any) => r.groupName === group && r.rank === rank).participantId;
    const knockout = (await allMatches(server, id)).filter((m) => m.stageNumber === 2 && m.round === 1).sort((a, b) => a.number - b.number);
    expect(knockout.map((m) => m.participants.map((s: any) => s.participantId))).toEqual([
      [at('A', 1), at('B', 2)],
      [at('C', 1), at('D', 2)],
      [at('B', 1), at('A', 2)],
      [at('D', 1), at('C', 2)],
    ]);
  });
});

describe('a round robin of 4 into a stepladder of its top 3', () => {
  it('seeds the ladder by standings: 2 meets 3, the winner meets 1; every place distinct (R27.7)', async ({ server, tenant, players }) => {
    const four = players.slice(0, 4);
    const { id, byParticipant, participantOf } = await startWithStages(server, tenant, four, [
      { name: 'League', format: 'ROUND_ROBIN', settings: { advanceCount: 3 } },
      { name: 'Ladder', format: 'STEPLADDER' },
    ]);
    await playEverything(server, id, byParticipant, betterSeedWins);
    expect((await getData(server, `/tournaments/${id}`)).status).toBe('COMPLETED');
    const ladder = (await allMatches(server, id)).filter((m) => m.stageNumber === 2);
    expect(ladder.map((m) => [m.round, seedOf(m, 0), seedOf(m, 1)])).toEqual([[1, 2, 3], [2, 1, 2]]);
    const bracket = await getData(server, `/tournaments/${id}/bracket`);
    const pid = (i: number) => participantOf.get(four[i]!.id);
    expect(bracket.placements.map((p: any) => [p.participantId, p.placementRange])).toEqual([
      [pid(0), '1'],
      [pid(1), '2'],
      [pid(2), '3'],
      [pid(3), '4'],
    ]);
  });
});
