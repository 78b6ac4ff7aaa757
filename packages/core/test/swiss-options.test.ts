import { describe, expect, it } from 'vitest';
import { checkStagePlan, generateSwissRound, type StageMatchResult, type SwissRound } from '../src/index';
import { makeEntrants } from './helpers/entrants';

describe('swissPairingOrder (R27.8)', () => {
  // Round 1 of 8: 1-5, 2-6, 3-7, 4-8, the better seed winning 4-0, 2-0, 3-0 and 1-0. With SCORES_FOR as the only
  // tiebreak the winners' group ranks p1, p3 | p2, p4 by the standings, p1, p2 | p3, p4 by seed.
  const margin: Record<number, number> = { 1: 4, 2: 2, 3: 3, 4: 1 };
  const results: StageMatchResult[] = [1, 2, 3, 4].map((s) => ({
    key: `S-r1-n${s}`,
    participants: [`p${s}`, `p${s + 4}`],
    winnerId: `p${s}`,
    scores: [margin[s] as number, 0],
  }));
  const winnersPairs = (round: SwissRound) =>
    round.matches
      .map((m) => [...m.participants].sort().join('-'))
      .filter((p) => !/p[5-8]/.test(p))
      .sort();

  it('pairs each score group top half against bottom half in standings order by default, in seed order with SEED', () => {
    const settings = { swissRounds: 3, tiebreaks: ['POINTS', 'SCORES_FOR'] as ('POINTS' | 'SCORES_FOR')[] };
    const standings = generateSwissRound(makeEntrants(8), results, settings) as SwissRound;
    const seed = generateSwissRound(makeEntrants(8), results, { ...settings, swissPairingOrder: 'SEED' }) as SwissRound;
    expect(winnersPairs(standings)).toEqual(['p1-p2', 'p3-p4']);
    expect(winnersPairs(seed)).toEqual(['p1-p3', 'p2-p4']);
  });

  it('is refused with the field named when unknown', () => {
    const issues = checkStagePlan([{ format: 'SWISS', settings: { swissPairingOrder: 'RATING' as never } }], 8, true);
    expect(issues).toEqual([expect.objectContaining({ path: 'stages[0].settings.swissPairingOrder' })]);
  });
});
