import { describe, expect } from 'vitest';
import { it, request, test } from './helpers/index';
import { createRaw, getData, playDecided, playEverything, seedOf, startWithStages, type Decide } from './formats-helpers';
import { allMatches } from './tournaments-helpers';
import { createCircuit } from './circuits-helpers';

test.scoped({ playerCount: 8 });

const ranksOf = (m: any): [number, number] => [seedOf(m, 0), seedOf(m, 1)];
/** The better seed wins 2-1 (in slot order). */
const betterSeed: Decide = (m) =>
  seedOf(m, 0) < seedOf(m, 1)
    ? { winnerId: m.participants[0].participantId, scores: [2, 1] }
    : { winnerId: m.participants[1].participantId, scores: [1, 2] };

describe('tiebreaks beyond the eight and the bye rule (R27.1, R27.2)', () => {
  it('ranks a Swiss by Median Buchholz, Cut-2, cumulative score and Koya, byes adding nothing with byeTiebreakRule NONE', async ({ server, tenant, players }) => {
    const five = players.slice(0, 5);
    const tiebreaks = ['POINTS', 'MEDIAN_BUCHHOLZ', 'BUCHHOLZ_CUT2', 'CUMULATIVE_SCORE', 'KOYA', 'BUCHHOLZ'];
    const { id, byParticipant } = await startWithStages(server, tenant, five, [
      { name: 'Swiss', format: 'SWISS', settings: { swissRounds: 3, pointsForWin: 1, pointsForDraw: 0.5, pointsForLoss: 0, tiebreaks, byeTiebreakRule: 'NONE' } },
    ]);
    const stage = (await getData(server, `/tournaments/${id}`)).stages[0];
    expect(stage.settings).toMatchObject({ tiebreaks, byeTiebreakRule: 'NONE' });
    await playEverything(server, id, byParticipant, betterSeed);
    expect((await getData(server, `/tournaments/${id}`)).status).toBe('COMPLETED');

    const bracket = await getData(server, `/tournaments/${id}/bracket`);
    const standings: any[] = bracket.stages[0].standings;
    const matches = (await allMatches(server, id)).filter((m) => m.status === 'COMPLETED');
    const points = new Map(standings.map((r) => [r.participantId as string, r.points as number]));
    for (const row of standings) {
      expect(Object.keys(row.tiebreaks).sort()).toEqual([...tiebreaks].sort());
      // Opponents' points over the games played; the bye (one side empty) adds nothing under NONE.
      const opponents = matches
        .filter((m) => m.participants.every((s: any) => s.participantId) && m.participants.some((s: any) => s.participantId === row.participantId))
        .map((m) => points.get(m.participants.find((s: any) => s.participantId !== row.participantId).participantId) as number)
        .sort((a, b) => a - b);
      const sum = opponents.reduce((a, b) => a + b, 0);
      expect(row.tiebreaks.BUCHHOLZ).toBe(sum);
      expect(row.tiebreaks.BUCHHOLZ_CUT2).toBe(opponents.slice(2).reduce((a, b) => a + b, 0));
      expect(row.tiebreaks.MEDIAN_BUCHHOLZ).toBe(opponents.length < 2 ? 0 : opponents.slice(1, -1).reduce((a, b) => a + b, 0));
    }
    // Seed 1 wins every round: cumulative 1 + 2 + 3.
    const first = standings[0];
    expect(first).toMatchObject({ seed: 1, points: 3, rank: 1 });
    expect(first.tiebreaks.CUMULATIVE_SCORE).toBe(6);
    expect(bracket.placements[0].placementRange).toBe('1');
  });

  it('ranks a round robin by the head-to-head mini-league and game-win percentages', async ({ server, tenant, players }) => {
    const four = players.slice(0, 4);
    const tiebreaks = ['POINTS', 'HEAD_TO_HEAD_MINI_LEAGUE', 'GAME_WIN_PERCENTAGE', 'OPPONENT_GAME_WIN_PERCENTAGE'];
    const { id, byParticipant } = await startWithStages(server, tenant, four, [{ name: 'League', format: 'ROUND_ROBIN', settings: { tiebreaks } }]);
    await playEverything(server, id, byParticipant, betterSeed);
    const standings: any[] = (await getData(server, `/tournaments/${id}/bracket`)).stages[0].standings;
    expect(standings.map((r) => r.seed)).toEqual([1, 2, 3, 4]);
    // Seed 1 won 2-1 three times (6 of 9 games), seed 4 lost 1-2 three times (3 of 9: the 1/3 floor).
    expect(standings[0].tiebreaks.GAME_WIN_PERCENTAGE).toBeCloseTo(6 / 9, 9);
    expect(standings[3].tiebreaks.GAME_WIN_PERCENTAGE).toBeCloseTo(1 / 3, 9);
    // Seed 1's opponents: seeds 2 (5 of 9), 3 (4 of 9), 4 (3 of 9).
    expect(standings[0].tiebreaks.OPPONENT_GAME_WIN_PERCENTAGE).toBeCloseTo((5 / 9 + 4 / 9 + 3 / 9) / 3, 9);
    expect(Object.keys(standings[0].tiebreaks).sort()).toEqual([...tiebreaks].sort());
  });

  it('refuses an unknown tiebreak or bye rule with 400 naming the field', async ({ server, tenant }) => {
    const bad = await createRaw(server, tenant, [{ name: 'Swiss', format: 'SWISS', settings: { byeTiebreakRule: 'USCF' } }]);
    expect(bad.status).toBe(400);
    expect(bad.body.error.details.map((d: any) => d.path)).toContain('body.stages[0].settings.byeTiebreakRule');
    const unknown = await createRaw(server, tenant, [{ name: 'Swiss', format: 'SWISS', settings: { tiebreaks: ['POINTS', 'BUCHHOLZ_CUT3'] } }]);
    expect(unknown.status).toBe(400);
    expect(unknown.body.error.details.map((d: any) => d.path).join()).toContain('body.stages[0].settings.tiebreaks');
  });
});

describe('Swiss pairing order within score groups (R27.8)', () => {
  it('pairs the winners of round 1 in seed order with swissPairingOrder SEED, whatever the tiebreaks say', async ({ server, tenant, players }) => {
    const { id, byParticipant } = await startWithStages(server, tenant, players, [
      { name: 'Swiss', format: 'SWISS', settings: { swissRounds: 3, tiebreaks: ['POINTS', 'SCORES_FOR'], swissPairingOrder: 'SEED' } },
    ]);
    expect((await getData(server, `/tournaments/${id}`)).stages[0].settings.swissPairingOrder).toBe('SEED');
    // The better seed wins round 1 by 4-0 (seed 1), 2-0 (seed 2), 3-0 (seed 3), 1-0 (seed 4): by the standings the
    // winners rank 1, 3, 2, 4 (and would pair 1-2, 3-4); by seed 1, 2, 3, 4 (1-3, 2-4).
    const margin: Record<number, number> = { 1: 4, 2: 2, 3: 3, 4: 1 };
    for (const m of (await allMatches(server, id)).filter((x) => x.round === 1)) {
      const winnerSlot = seedOf(m, 0) < seedOf(m, 1) ? 0 : 1;
      const score = margin[seedOf(m, winnerSlot)] as number;
      await playDecided(server, m, byParticipant, { winnerId: m.participants[winnerSlot].participantId, scores: winnerSlot === 0 ? [score, 0] : [0, score] });
    }
    const round2 = (await allMatches(server, id)).filter((x) => x.round === 2).map((x) => ranksOf(x).sort((a, b) => a - b).join('-'));
    expect(round2.filter((p) => !/[5-8]/.test(p)).sort()).toEqual(['1-3', '2-4']);
  });
});

describe('seed ordering and skipFirstRound (R27.5, R27.6)', () => {
  it('draws a single elimination in natural seed order with balanced byes and plays it to placements', async ({ server, tenant, players }) => {
    const six = players.slice(0, 6);
    const { id, byParticipant, participantOf } = await startWithStages(server, tenant, six, [
      { name: 'Cup', format: 'SINGLE_ELIMINATION', settings: { seedOrdering: 'natural' } },
    ]);
    expect((await getData(server, `/tournaments/${id}`)).stages[0].settings.seedOrdering).toBe('natural');
    const round1 = (await allMatches(server, id)).filter((m) => m.round === 1);
    expect(round1.map(ranksOf)).toEqual([[1, 2], [3, 4]]);
    const played = await playEverything(server, id, byParticipant, betterSeed);
    expect(played).toHaveLength(5);
    const placements = new Map(((await getData(server, `/tournaments/${id}/bracket`)).placements as any[]).map((p) => [p.participantId, p.placementRange]));
    const at = (seed: number) => placements.get(participantOf.get(six[seed - 1]!.id));
    // Seeds 5 and 6 had the byes and met in round 2; 1 beat 3, then 5 in the final.
    expect([1, 2, 3, 4, 5, 6].map(at)).toEqual(['1', '5-6', '3-4', '5-6', '2', '3-4']);
  });

  it('starts the lower half of a double elimination in the losers bracket, both first rounds at the start (skipFirstRound)', async ({ server, tenant, players }) => {
    const { id, byParticipant, participantOf } = await startWithStages(server, tenant, players, [
      { name: 'Cup', format: 'DOUBLE_ELIMINATION', settings: { skipFirstRound: true } },
    ]);
    expect((await getData(server, `/tournaments/${id}`)).stages[0].settings).toMatchObject({ skipFirstRound: true, seedOrdering: 'inner_outer' });
    const matches = await allMatches(server, id);
    expect(matches).toHaveLength(10);
    expect(matches.filter((m) => m.bracket === 'WINNERS').map((m) => m.round).sort()).toEqual([2, 2, 3]);
    const l1 = matches.filter((m) => m.bracket === 'LOSERS' && m.round === 1);
    expect(l1.flatMap(ranksOf).sort()).toEqual([5, 6, 7, 8]);
    // Winners round 2 is the first round played: at the start, with the losers bracket's first round.
    const { startDate } = await getData(server, `/tournaments/${id}`);
    const atStart = matches.filter((m) => Date.parse(m.scheduledAt) === Date.parse(startDate)).map((m) => `${m.bracket} ${m.round}`);
    expect(atStart.sort()).toEqual(['LOSERS 1', 'LOSERS 1', 'WINNERS 2', 'WINNERS 2']);
    await playEverything(server, id, byParticipant, betterSeed);
    expect((await getData(server, `/tournaments/${id}`)).status).toBe('COMPLETED');
    const placements = new Map(((await getData(server, `/tournaments/${id}/bracket`)).placements as any[]).map((p) => [p.participantId, p.placementRange]));
    expect(players.map((p) => placements.get(participantOf.get(p.id)))).toEqual(['1', '2', '3', '4', '5-6', '5-6', '7-8', '7-8']);
  });

  it('refuses an unknown seed ordering and a non-boolean skipFirstRound with 400 naming the field', async ({ server, tenant }) => {
    const ordering = await createRaw(server, tenant, [{ name: 'Cup', format: 'SINGLE_ELIMINATION', settings: { seedOrdering: 'random' } }]);
    expect(ordering.status).toBe(400);
    expect(ordering.body.error.details.map((d: any) => d.path)).toContain('body.stages[0].settings.seedOrdering');
    const skip = await createRaw(server, tenant, [{ name: 'Cup', format: 'DOUBLE_ELIMINATION', settings: { skipFirstRound: 'yes' } }]);
    expect(skip.status).toBe(400);
    expect(skip.body.error.details.map((d: any) => d.path)).toContain('body.stages[0].settings.skipFirstRound');
  });
});

describe('full consolation bracket (R27.9)', () => {
  it('plays off every place of an 8-player single elimination: 12 matches, places 1..8 each once', async ({ server, tenant, players }) => {
    const { id, byParticipant, participantOf } = await startWithStages(server, tenant, players, [
      { name: 'Cup', format: 'SINGLE_ELIMINATION', settings: { consolation: 'FULL' } },
    ]);
    const matches = await allMatches(server, id);
    expect(matches).toHaveLength(12);
    expect(matches.filter((m) => m.bracket === 'CONSOLATION')).toHaveLength(5);
    await playEverything(server, id, byParticipant, betterSeed);
    expect((await getData(server, `/tournaments/${id}`)).status).toBe('COMPLETED');
    const bracket = await getData(server, `/tournaments/${id}/bracket`);
    expect(bracket.stages[0].rounds.some((r: any) => r.bracket === 'CONSOLATION' && r.name === 'Play-offs round 3')).toBe(true);
    const placements = new Map((bracket.placements as any[]).map((p) => [p.participantId, p.placementRange]));
    expect(players.map((p) => placements.get(participantOf.get(p.id)))).toEqual(['1', '2', '3', '4', '5', '6', '7', '8']);
    const participants: any[] = await getData(server, `/tournaments/${id}/participants`);
    expect(participants.map((p) => p.finalPlacement).sort((a, b) => a - b)).toEqual([1, 2, 3, 4, 5, 6, 7, 8]);
  });
});

describe('stepladder (R27.7)', () => {
  it('plays a 5-player ladder to COMPLETED: the climber moves up slot 2, every place distinct', async ({ server, tenant, players }) => {
    const five = players.slice(0, 5);
    const { id, byParticipant, participantOf } = await startWithStages(server, tenant, five, [{ name: 'Ladder', format: 'STEPLADDER' }]);
    const matches = await allMatches(server, id);
    expect(matches.map((m) => [m.bracket, m.round, m.participants[0].seed ?? null])).toEqual([
      ['WINNERS', 1, 4],
      ['WINNERS', 2, 3],
      ['WINNERS', 3, 2],
      ['WINNERS', 4, 1],
    ]);
    // The climber (slot 2) wins every match: seed 5 beats 4, 3, 2 and 1.
    const climberWins: Decide = (m) => ({ winnerId: m.participants[1].participantId, scores: [0, 1] });
    const played = await playEverything(server, id, byParticipant, climberWins);
    expect(played).toHaveLength(4);
    expect((await getData(server, `/tournaments/${id}`)).status).toBe('COMPLETED');
    const placements = new Map(((await getData(server, `/tournaments/${id}/bracket`)).placements as any[]).map((p) => [p.participantId, p.placementRange]));
    expect(five.map((p) => placements.get(participantOf.get(p.id)))).toEqual(['2', '3', '4', '5', '1']);
  });

  it('names the ladder rounds Ladder round 1 to Ladder round 3, then Final (R27.11)', async ({ server, tenant, players }) => {
    const { id } = await startWithStages(server, tenant, players.slice(0, 5), [{ name: 'Ladder', format: 'STEPLADDER' }]);
    const rounds: any[] = (await getData(server, `/tournaments/${id}/bracket`)).stages[0].rounds;
    expect(rounds.map((r) => [r.round, r.name])).toEqual([
      [1, 'Ladder round 1'],
      [2, 'Ladder round 2'],
      [3, 'Ladder round 3'],
      [4, 'Final'],
    ]);
  });
});

describe('placement tables reach every place (R27.4)', () => {
  it('accepts places up to 65536 in a season\'s PLACEMENT scoring and refuses 65537', async ({ server, tenant }) => {
    const c = await createCircuit(server, tenant);
    const season = (scoring: unknown) =>
      request(server, 'POST', `/circuits/${c.id}/seasons`, {
        apiKey: tenant.apiKey.key,
        body: { name: 'S', startDate: '2030-01-01', endDate: '2030-02-01', scoring },
      });
    const ok = await season({ strategy: 'PLACEMENT', placements: { '1': 1000, '4097-32768': 2, '32769-65536': 1 } });
    expect(ok.status, JSON.stringify(ok.body)).toBe(201);
    const refused = await season({ strategy: 'PLACEMENT', placements: { '1': 1000, '32769-65537': 1 } });
    expect(refused.status).toBe(400);
    expect(refused.body.error.details.map((d: any) => d.path)).toContain('body.scoring.placements["32769-65537"]');
  });
});
