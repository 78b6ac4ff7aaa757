import { describe, expect, it } from 'vitest';
import { byeTiebreakRuleSetting, computeStandings, FORMATS, type Entrant, type StageMatchResult } from '../src/index';
import { catchDomainError } from './helpers/domain-error';

/** A decided result: scores in slot order; equal scores are a draw. */
function game(key: string, a: string, b: string, sa: number, sb: number): StageMatchResult {
  return { key, participants: [a, b], winnerId: sa === sb ? null : sa > sb ? a : b, isDraw: sa === sb, scores: [sa, sb] };
}
const bye = (round: number, id: string): StageMatchResult => ({ key: `S-r${round}-bye`, participants: [id, null], winnerId: id });
const entrants = (ids: string[]): Entrant[] => ids.map((id, i) => ({ id, seed: i + 1 }));

// The 7-player, 4-round Swiss of the FIDE bye example in standings.test.ts (chess points 1 / 0.5 / 0):
// final scores p1 2.5, p2 3, p3 3.5, p4 1, p5 2, p6 2, p7 2; the dummy of a bye scores min(own, 2).
const seven = entrants(['p1', 'p2', 'p3', 'p4', 'p5', 'p6', 'p7']);
const swissResults = [
  game('S-r1-n1', 'p1', 'p4', 1, 0), game('S-r1-n2', 'p2', 'p5', 1, 1), game('S-r1-n3', 'p3', 'p6', 1, 0), bye(1, 'p7'),
  game('S-r2-n1', 'p7', 'p1', 1, 0), game('S-r2-n2', 'p3', 'p2', 1, 1), game('S-r2-n3', 'p5', 'p4', 1, 0), bye(2, 'p6'),
  game('S-r3-n1', 'p7', 'p3', 0, 1), game('S-r3-n2', 'p5', 'p1', 1, 1), game('S-r3-n3', 'p6', 'p2', 0, 1), bye(3, 'p4'),
  game('S-r4-n1', 'p3', 'p5', 1, 0), game('S-r4-n2', 'p2', 'p7', 1, 0), game('S-r4-n3', 'p4', 'p6', 0, 1), bye(4, 'p1'),
];
const chess = { swissRounds: 4, pointsForWin: 1, pointsForDraw: 0.5, pointsForLoss: 0 };

describe('Buchholz Cut-2, Median Buchholz, cumulative score and Koya (FIDE Tie-Break Regulations 2023)', () => {
  it('cuts the two least values (Cut-2) or the least and the greatest (Median), byes as dummy opponents', () => {
    const rows = computeStandings('SWISS', seven, swissResults, { ...chess, tiebreaks: ['POINTS', 'BUCHHOLZ_CUT2', 'MEDIAN_BUCHHOLZ'] });
    // Buchholz values least first, e.g. p5 [p4 1, p1 2.5, p2 3, p3 3.5]: Cut-2 3 + 3.5, Median 2.5 + 3;
    // p1 [p4 1, p7 2, p5 2, dummy 2]: Cut-2 4, Median 4.
    const values = Object.fromEntries(rows.map((r) => [r.participantId, [r.tiebreaks.BUCHHOLZ_CUT2, r.tiebreaks.MEDIAN_BUCHHOLZ]]));
    expect(values).toEqual({ p1: [4, 4], p2: [5.5, 4], p3: [5, 4], p4: [4.5, 4], p5: [6.5, 5.5], p6: [6.5, 5], p7: [6.5, 5.5] });
    // p5, p6 and p7 tie on points (2) and Cut-2 (6.5); the Median puts p6 last of them; p5 and p7 stay tied (seed).
    expect(rows.map((r) => r.participantId)).toEqual(['p3', 'p2', 'p1', 'p5', 'p7', 'p6', 'p4']);
    expect(rows.find((r) => r.participantId === 'p7')?.tiedWithPrevious).toBe(true);
  });

  it('sums the scores after each round (cumulative) and the points against opponents on 50% or more (Koya)', () => {
    const rows = computeStandings('SWISS', seven, swissResults, { ...chess, tiebreaks: ['POINTS', 'CUMULATIVE_SCORE', 'KOYA'] });
    // Cumulative: p1 after each round 1, 1, 1.5, 2.5 -> 6; p7 1, 2, 2, 2 -> 7 (a bye counts from its round).
    // Koya: every opponent but p4 (1 of 4) reached 2 of 4; p1 scored 0 against p7 and 0.5 against p5.
    const values = Object.fromEntries(rows.map((r) => [r.participantId, [r.tiebreaks.CUMULATIVE_SCORE, r.tiebreaks.KOYA]]));
    expect(values).toEqual({ p1: [6, 0.5], p2: [6.5, 3], p3: [8.5, 3.5], p4: [2, 0], p5: [6, 1], p6: [4, 0], p7: [7, 1] });
    expect(rows.map((r) => r.participantId)).toEqual(['p3', 'p2', 'p1', 'p7', 'p5', 'p6', 'p4']);
  });

  it('byeTiebreakRule NONE: a bye adds nothing to Buchholz and Sonneborn-Berger (FIDE_2023 is the Swiss default)', () => {
    const fide = computeStandings('SWISS', seven, swissResults, chess);
    const none = computeStandings('SWISS', seven, swissResults, { ...chess, byeTiebreakRule: 'NONE' });
    const p7 = (rows: typeof fide) => rows.find((r) => r.participantId === 'p7')?.tiebreaks;
    expect(p7(fide)).toMatchObject({ BUCHHOLZ: 11, BUCHHOLZ_CUT1: 9, SONNEBORN_BERGER: 4.5 });
    expect(p7(none)).toMatchObject({ BUCHHOLZ: 9, BUCHHOLZ_CUT1: 6.5, SONNEBORN_BERGER: 2.5 });
    // Without the dummy p7 (Cut-1 6.5) falls below p5 (9) and p6 (Cut-1 6.5, Buchholz 7.5 against p7's 9: p7 first).
    expect(none.map((r) => r.participantId)).toEqual(['p3', 'p2', 'p1', 'p5', 'p7', 'p6', 'p4']);
    expect(FORMATS.SWISS.defaults.byeTiebreakRule).toBe('FIDE_2023');
    expect(byeTiebreakRuleSetting({})).toBe('FIDE_2023');
    expect(catchDomainError(() => byeTiebreakRuleSetting({ byeTiebreakRule: 'USCF' as never })).details?.[0]?.path).toBe('settings.byeTiebreakRule');
  });
});

describe('game-win percentage and opponents\' game-win percentage (MTG floors of 0.33)', () => {
  it('divides games won by games played, at least 0.33, and averages the opponents\' values', () => {
    const four = entrants(['A', 'B', 'C', 'D']);
    const results = [game('S-r1-n1', 'A', 'B', 2, 0), game('S-r1-n2', 'C', 'D', 2, 1), game('S-r2-n1', 'A', 'C', 2, 1), game('S-r2-n2', 'B', 'D', 2, 0)];
    const rows = computeStandings('SWISS', four, results, { swissRounds: 2, tiebreaks: ['POINTS', 'OPPONENT_GAME_WIN_PERCENTAGE', 'GAME_WIN_PERCENTAGE'] });
    const byId = new Map(rows.map((r) => [r.participantId, r.tiebreaks]));
    // A 4-1 = 0.8; B 2-2 = 0.5; C 3-3 = 0.5; D 1-4 = 0.2, floored to 0.33 (not 1/3).
    expect(byId.get('A')?.GAME_WIN_PERCENTAGE).toBeCloseTo(0.8, 12);
    expect(byId.get('D')?.GAME_WIN_PERCENTAGE).toBeCloseTo(0.33, 12);
    expect(byId.get('A')?.OPPONENT_GAME_WIN_PERCENTAGE).toBeCloseTo(0.5, 12);
    expect(byId.get('B')?.OPPONENT_GAME_WIN_PERCENTAGE).toBeCloseTo((0.8 + 0.33) / 2, 12);
    expect(byId.get('C')?.OPPONENT_GAME_WIN_PERCENTAGE).toBeCloseTo((0.8 + 0.33) / 2, 12);
    // B and C: 3 points, equal OGWP and GWP: tied, seed order.
    expect(rows.map((r) => [r.participantId, r.tiedWithPrevious])).toEqual([['A', false], ['B', false], ['C', true], ['D', false]]);
  });
});

describe('head-to-head re-applied within a tied subset (UEFA mini-league)', () => {
  // A, B, C and D finish on 7 points. Among the four: A beat B and D and drew C (7), B beat C and drew D (4),
  // C beat D (4), D (1). B and C are level in the four-team mini-league (4 points, difference 0, 1 scored);
  // re-applied to B and C alone, B's win over C decides. Plain HEAD_TO_HEAD leaves them to the overall score
  // difference, where C's 5-0 over E puts C first.
  const six = entrants(['A', 'B', 'C', 'D', 'E', 'F']);
  const results = [
    game('RR-r1-n1', 'B', 'C', 1, 0), game('RR-r1-n2', 'C', 'D', 1, 0), game('RR-r1-n3', 'B', 'D', 0, 0),
    game('RR-r2-n1', 'A', 'B', 1, 0), game('RR-r2-n2', 'A', 'C', 0, 0), game('RR-r2-n3', 'A', 'D', 1, 0),
    game('RR-r3-n1', 'B', 'E', 1, 0), game('RR-r3-n2', 'C', 'E', 5, 0), game('RR-r3-n3', 'D', 'E', 1, 0), game('RR-r4-n1', 'D', 'F', 1, 0),
  ];

  it('ranks the subset the first mini-league leaves tied by its own games only', () => {
    const mini = computeStandings('ROUND_ROBIN', six, results, { tiebreaks: ['POINTS', 'HEAD_TO_HEAD_MINI_LEAGUE', 'SCORE_DIFFERENCE'] });
    expect(mini.slice(0, 4).map((r) => [r.participantId, r.points, r.tiebreaks.HEAD_TO_HEAD_MINI_LEAGUE])).toEqual([
      ['A', 7, 7],
      ['B', 7, 3],
      ['C', 7, 0],
      ['D', 7, 1],
    ]);
    const plain = computeStandings('ROUND_ROBIN', six, results, { tiebreaks: ['POINTS', 'HEAD_TO_HEAD', 'SCORE_DIFFERENCE'] });
    expect(plain.slice(0, 4).map((r) => r.participantId)).toEqual(['A', 'C', 'B', 'D']);
  });
});
