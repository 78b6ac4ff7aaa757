import { describe, expect, it } from 'vitest';
import { computeStandings, pointsSystem, resolveTiebreaks, type Entrant, type StageMatchResult } from '../src/index';
import { catchDomainError } from './helpers/domain-error';

const four: Entrant[] = ['A', 'B', 'C', 'D'].map((id, i) => ({ id, seed: i + 1 }));

/** A decided result: scores in slot order; equal scores are a draw. */
function game(key: string, a: string, b: string, sa: number, sb: number): StageMatchResult {
  return { key, participants: [a, b], winnerId: sa === sb ? null : sa > sb ? a : b, isDraw: sa === sb, scores: [sa, sb] };
}

describe('computeStandings: round robin', () => {
  const results = [
    game('RR-r1-n1', 'A', 'B', 2, 1),
    game('RR-r1-n2', 'C', 'D', 2, 1),
    game('RR-r2-n1', 'C', 'A', 3, 0),
    game('RR-r2-n2', 'B', 'D', 1, 1),
    game('RR-r3-n1', 'A', 'D', 1, 0),
    game('RR-r3-n2', 'B', 'C', 2, 0),
  ];

  it('ranks by points, then head-to-head between the tied (3/1/0 by default)', () => {
    const rows = computeStandings('ROUND_ROBIN', four, results);
    expect(rows.map((r) => [r.participantId, r.rank, r.points, r.wins, r.draws, r.losses])).toEqual([
      ['C', 1, 6, 2, 0, 1],
      ['A', 2, 6, 2, 0, 1],
      ['B', 3, 4, 1, 1, 1],
      ['D', 4, 1, 0, 1, 2],
    ]);
    expect(rows[0]).toMatchObject({ scoresFor: 5, scoresAgainst: 3, scoreDifference: 2, tiedWithPrevious: false, group: null, status: null });
    expect(rows[0]?.tiebreaks.HEAD_TO_HEAD).toBe(3);
    expect(rows[1]?.tiebreaks.HEAD_TO_HEAD).toBe(0);
  });

  it('follows the configured order of criteria', () => {
    // Without head-to-head, A and C are separated by score difference (C +2, A -1) ...
    expect(computeStandings('ROUND_ROBIN', four, results, { tiebreaks: ['SCORE_DIFFERENCE'] }).map((r) => r.participantId)).toEqual(['C', 'A', 'B', 'D']);
    // ... and score difference before points puts B (+1) above A (-1).
    const sdFirst = computeStandings('ROUND_ROBIN', four, results, { tiebreaks: ['SCORE_DIFFERENCE', 'POINTS'] });
    expect(sdFirst.map((r) => [r.participantId, r.scoreDifference])).toEqual([
      ['C', 2],
      ['B', 1],
      ['A', -1],
      ['D', -2],
    ]);
  });

  it('applies head-to-head among all participants still tied (a three-way circle falls to score difference)', () => {
    const circle = [
      game('RR-r1-n1', 'A', 'B', 1, 0),
      game('RR-r1-n2', 'C', 'D', 1, 0),
      game('RR-r2-n1', 'B', 'C', 3, 0),
      game('RR-r2-n2', 'A', 'D', 5, 0),
      game('RR-r3-n1', 'C', 'A', 2, 0),
      game('RR-r3-n2', 'B', 'D', 1, 0),
    ];
    const rows = computeStandings('ROUND_ROBIN', four, circle);
    expect(rows.map((r) => [r.participantId, r.points, r.tiebreaks.HEAD_TO_HEAD, r.scoreDifference])).toEqual([
      ['A', 6, 3, 4],
      ['B', 6, 3, 3],
      ['C', 6, 3, 0],
      ['D', 0, 0, -7],
    ]);
  });

  it('counts chess points and Sonneborn-Berger, sharing what no criterion separates', () => {
    const chess = [
      game('RR-r1-n1', 'A', 'B', 1, 1),
      game('RR-r1-n2', 'C', 'D', 1, 1),
      game('RR-r2-n1', 'A', 'C', 1, 0),
      game('RR-r2-n2', 'D', 'B', 1, 0),
      game('RR-r3-n1', 'A', 'D', 1, 0),
      game('RR-r3-n2', 'B', 'C', 1, 0),
    ];
    const settings = { pointsForWin: 1, pointsForDraw: 0.5, pointsForLoss: 0, tiebreaks: ['POINTS', 'SONNEBORN_BERGER'] as const };
    const rows = computeStandings('ROUND_ROBIN', four, chess, { ...settings, tiebreaks: [...settings.tiebreaks] });
    expect(rows.map((r) => [r.participantId, r.points, r.tiebreaks.SONNEBORN_BERGER, r.tiedWithPrevious])).toEqual([
      ['A', 2.5, 2.75, false],
      ['B', 1.5, 1.75, false],
      ['D', 1.5, 1.75, true],
      ['C', 0.5, 0.75, false],
    ]);
    // Head-to-head separates them: D beat B.
    const h2h = computeStandings('ROUND_ROBIN', four, chess, { pointsForWin: 1, pointsForDraw: 0.5, tiebreaks: ['POINTS', 'HEAD_TO_HEAD'] });
    expect(h2h.map((r) => r.participantId)).toEqual(['A', 'D', 'B', 'C']);
  });

  it('ignores undecided results and refuses results that name strangers', () => {
    const pending: StageMatchResult = { key: 'RR-r1-n1', participants: ['A', 'B'], winnerId: null };
    expect(computeStandings('ROUND_ROBIN', four, [pending]).every((r) => r.played === 0)).toBe(true);
    const error = catchDomainError(() => computeStandings('ROUND_ROBIN', four, [game('RR-r1-n1', 'A', 'Z', 1, 0)]));
    expect(error.details?.[0]?.path).toBe('results[0].participants');
    const scores = catchDomainError(() => computeStandings('ROUND_ROBIN', four, [{ ...game('RR-r1-n1', 'A', 'B', 1, 0), scores: [1, -1] }]));
    expect(scores.details?.[0]?.path).toBe('results[0].scores');
    expect(catchDomainError(() => computeStandings('SINGLE_ELIMINATION', four, [])).code).toBe('UNSUPPORTED_FORMAT');
  });
});

describe('computeStandings: Swiss tiebreaks', () => {
  const results = [game('S-r1-n1', 'A', 'B', 1, 0), game('S-r1-n2', 'C', 'D', 1, 0), game('S-r2-n1', 'A', 'C', 1, 0), game('S-r2-n2', 'D', 'B', 1, 0)];

  it('computes Buchholz, Buchholz Cut-1, Sonneborn-Berger and opponents match-win percentage', () => {
    const rows = computeStandings('SWISS', four, results, {
      tiebreaks: ['POINTS', 'BUCHHOLZ_CUT1', 'BUCHHOLZ', 'SONNEBORN_BERGER', 'OPPONENT_MATCH_WIN_PERCENTAGE'],
    });
    const byId = new Map(rows.map((r) => [r.participantId, r.tiebreaks]));
    expect(rows.map((r) => r.participantId)).toEqual(['A', 'C', 'D', 'B']);
    expect(byId.get('A')).toMatchObject({ BUCHHOLZ: 3, BUCHHOLZ_CUT1: 3, SONNEBORN_BERGER: 3 });
    expect(byId.get('C')).toMatchObject({ BUCHHOLZ: 9, BUCHHOLZ_CUT1: 6, SONNEBORN_BERGER: 3 });
    expect(byId.get('A')?.OPPONENT_MATCH_WIN_PERCENTAGE).toBeCloseTo((0.33 + 0.5) / 2, 12);
    expect(byId.get('C')?.OPPONENT_MATCH_WIN_PERCENTAGE).toBeCloseTo(0.75, 12);
  });

  it('counts a bye as a win without an opponent, and marks esports-form statuses', () => {
    const three = four.slice(0, 3);
    const withBye = [game('S-r1-n1', 'A', 'B', 2, 0), { key: 'S-r1-bye', participants: ['C', null] as const, winnerId: 'C' }];
    const rows = computeStandings('SWISS', three, withBye, { swissWinsToAdvance: 1, swissLossesToEliminate: 1 });
    const c = rows.find((r) => r.participantId === 'C');
    // Buchholz of the bye: a dummy opponent with C's own 3 points, capped at pointsForDraw (1) x 1 round.
    expect(c).toMatchObject({ wins: 1, byes: 1, played: 0, points: 3, status: 'ADVANCED', tiebreaks: { BUCHHOLZ: 1 } });
    expect(rows.find((r) => r.participantId === 'B')?.status).toBe('ELIMINATED');
  });
});

describe('computeStandings: Swiss byes in tiebreaks (FIDE Tie-Break Regulations 2023, article 16)', () => {
  // 7 players, 4 rounds, a bye every round; chess points 1 / 0.5 / 0. Worked by hand from the rules:
  //   round 1: p1 beat p4, p2-p5 drawn, p3 beat p6, p7 bye
  //   round 2: p7 beat p1, p3-p2 drawn, p5 beat p4, p6 bye
  //   round 3: p3 beat p7, p5-p1 drawn, p2 beat p6, p4 bye
  //   round 4: p3 beat p5, p2 beat p7, p6 beat p4, p1 bye
  // Final scores: p1 2.5, p2 3, p3 3.5, p4 1, p5 2, p6 2, p7 2.
  // A bye is a win against a dummy scoring the player's own points, at most 0.5 (a draw) x 4 rounds = 2:
  // dummies p1 min(2.5, 2) = 2, p4 min(1, 2) = 1, p6 and p7 min(2, 2) = 2.
  // Buchholz (opponents' scores + dummy) and Cut-1 (less the least value), Sonneborn-Berger (beaten
  // opponents' scores + half the drawn ones' + the dummy's for a bye):
  //   p7: p1 2.5 + p3 3.5 + p2 3 + dummy 2 = 11; cut 2 -> 9;   SB 2.5 + 2 = 4.5
  //   p5: p2 3 + p4 1 + p1 2.5 + p3 3.5 = 10;     cut 1 -> 9;   SB 1.5 + 1 + 1.25 = 3.75
  //   p6: p3 3.5 + dummy 2 + p2 3 + p4 1 = 9.5;   cut 1 -> 8.5; SB 1 + 2 = 3
  //   p1: p4 1 + p7 2 + p5 2 + dummy 2 = 7;       cut 1 -> 6;   SB 1 + 1 + 2 = 4
  //   p4: p1 2.5 + p5 2 + dummy 1 + p6 2 = 7.5;   cut 1 -> 6.5; SB 0 + 1 = 1
  //   p2: p5 2 + p3 3.5 + p6 2 + p7 2 = 9.5;      cut 2 -> 7.5; SB 1 + 1.75 + 2 + 2 = 6.75
  //   p3: p6 2 + p2 3 + p7 2 + p5 2 = 9;          cut 2 -> 7;   SB 2 + 1.5 + 2 + 2 = 7.5
  // p7 and p5 tie on points (2) and on Cut-1 (9); Buchholz puts p7 (11) above p5 (10). Without the dummy
  // (byes adding nothing) p7 had Cut-1 6.5 against p5's 9 and came below p5.
  const seven: Entrant[] = Array.from({ length: 7 }, (_, i) => ({ id: `p${i + 1}`, seed: i + 1 }));
  const bye = (round: number, id: string): StageMatchResult => ({ key: `S-r${round}-bye`, participants: [id, null], winnerId: id });
  const results = [
    game('S-r1-n1', 'p1', 'p4', 1, 0), game('S-r1-n2', 'p2', 'p5', 1, 1), game('S-r1-n3', 'p3', 'p6', 1, 0), bye(1, 'p7'),
    game('S-r2-n1', 'p7', 'p1', 1, 0), game('S-r2-n2', 'p3', 'p2', 1, 1), game('S-r2-n3', 'p5', 'p4', 1, 0), bye(2, 'p6'),
    game('S-r3-n1', 'p7', 'p3', 0, 1), game('S-r3-n2', 'p5', 'p1', 1, 1), game('S-r3-n3', 'p6', 'p2', 0, 1), bye(3, 'p4'),
    game('S-r4-n1', 'p3', 'p5', 1, 0), game('S-r4-n2', 'p2', 'p7', 1, 0), game('S-r4-n3', 'p4', 'p6', 0, 1), bye(4, 'p1'),
  ];
  const chess = { swissRounds: 4, pointsForWin: 1, pointsForDraw: 0.5, pointsForLoss: 0 };

  it('counts each bye as a win against a dummy opponent with the player\'s own score, capped at a draw per round', () => {
    const rows = computeStandings('SWISS', seven, results, chess);
    const values = Object.fromEntries(rows.map((r) => [r.participantId, [r.points, r.tiebreaks.BUCHHOLZ_CUT1, r.tiebreaks.BUCHHOLZ, r.tiebreaks.SONNEBORN_BERGER]]));
    expect(values).toEqual({
      p1: [2.5, 6, 7, 4],
      p2: [3, 7.5, 9.5, 6.75],
      p3: [3.5, 7, 9, 7.5],
      p4: [1, 6.5, 7.5, 1],
      p5: [2, 9, 10, 3.75],
      p6: [2, 8.5, 9.5, 3],
      p7: [2, 9, 11, 4.5],
    });
    expect(rows.map((r) => r.participantId)).toEqual(['p3', 'p2', 'p1', 'p7', 'p5', 'p6', 'p4']);
  });

  it('scales the cap with the points system (3 / 1 / 0: a draw is 1, so at most 4 over 4 rounds)', () => {
    const rows = computeStandings('SWISS', seven, results, { swissRounds: 4 });
    const byId = new Map(rows.map((r) => [r.participantId, r]));
    // p1: W, L, D, bye = 7 points; opponents p4 3, p7 6, p5 5; dummy min(7, 4) = 4.
    expect(byId.get('p1')).toMatchObject({ points: 7, tiebreaks: { BUCHHOLZ: 3 + 6 + 5 + 4, BUCHHOLZ_CUT1: 6 + 5 + 4, SONNEBORN_BERGER: 3 + 0.5 * 5 + 4 } });
    // p4: L, L, bye, L = 3 points; dummy min(3, 4) = 3; opponents p1 7, p5 5, p6 6.
    expect(byId.get('p4')).toMatchObject({ points: 3, tiebreaks: { BUCHHOLZ: 7 + 5 + 3 + 6, BUCHHOLZ_CUT1: 7 + 5 + 6, SONNEBORN_BERGER: 3 } });
  });
});

describe('stage settings', () => {
  it('reads points and tiebreaks with defaults and clear errors', () => {
    expect(pointsSystem({})).toEqual({ win: 3, draw: 1, loss: 0 });
    expect(pointsSystem({ pointsForWin: 1, pointsForDraw: 0.5 })).toEqual({ win: 1, draw: 0.5, loss: 0 });
    expect(catchDomainError(() => pointsSystem({ pointsForDraw: 4 })).details?.[0]?.path).toBe('settings.pointsForDraw');
    expect(catchDomainError(() => pointsSystem({ pointsForWin: Number.NaN })).details?.[0]?.path).toBe('settings.pointsForWin');
    // The contract's documented Swiss default (openapi.yaml StageSettings.tiebreaks), see docs/decisions.md.
    expect(resolveTiebreaks('SWISS')).toEqual(['POINTS', 'BUCHHOLZ', 'BUCHHOLZ_CUT1', 'SONNEBORN_BERGER']);
    expect(resolveTiebreaks('ROUND_ROBIN', { tiebreaks: ['HEAD_TO_HEAD'] })).toEqual(['POINTS', 'HEAD_TO_HEAD']);
    expect(catchDomainError(() => resolveTiebreaks('ROUND_ROBIN', { tiebreaks: ['COIN' as 'POINTS'] })).details?.[0]?.path).toBe('settings.tiebreaks[0]');
    expect(catchDomainError(() => resolveTiebreaks('ROUND_ROBIN', { tiebreaks: ['POINTS', 'POINTS'] })).details?.[0]?.path).toBe(
      'settings.tiebreaks[1]',
    );
  });
});
