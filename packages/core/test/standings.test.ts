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
    expect(byId.get('A')?.OPPONENT_MATCH_WIN_PERCENTAGE).toBeCloseTo((1 / 3 + 0.5) / 2, 12);
    expect(byId.get('C')?.OPPONENT_MATCH_WIN_PERCENTAGE).toBeCloseTo(0.75, 12);
  });

  it('counts a bye as a win without an opponent, and marks esports-form statuses', () => {
    const three = four.slice(0, 3);
    const withBye = [game('S-r1-n1', 'A', 'B', 2, 0), { key: 'S-r1-bye', participants: ['C', null] as const, winnerId: 'C' }];
    const rows = computeStandings('SWISS', three, withBye, { swissWinsToAdvance: 1, swissLossesToEliminate: 1 });
    const c = rows.find((r) => r.participantId === 'C');
    expect(c).toMatchObject({ wins: 1, byes: 1, played: 0, points: 3, status: 'ADVANCED', tiebreaks: { BUCHHOLZ: 0 } });
    expect(rows.find((r) => r.participantId === 'B')?.status).toBe('ELIMINATED');
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
