import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { applyMatchAction, bestOfFor, validateResult, winsNeeded, type GameScore, type MatchScore, type MatchState } from '../src/index';
import { catchDomainError } from './helpers/domain-error';

const players: [string, string] = ['a', 'b'];
const s = (participantId: string, score: number): MatchScore => ({ participantId, score });
const g = (x: number, y: number, map?: string): GameScore => (map === undefined ? { scores: [x, y] } : { scores: [x, y], map });

/** The first detail path of the domain error `fn` throws. */
function failingPath(fn: () => unknown): string | undefined {
  return catchDomainError(fn).details?.[0]?.path;
}

describe('series: games of a best-of-N (R25.2)', () => {
  it('derives the match score from the games won and keeps the maps', () => {
    const result = validateResult(players, { games: [g(13, 9, 'Inferno'), g(7, 13, 'Nuke'), g(13, 11, 'Mirage')] }, { allowDraw: false, bestOf: 3 });
    expect(result).toEqual({
      winnerId: 'a',
      loserId: 'b',
      isDraw: false,
      scores: [s('a', 2), s('b', 1)],
      games: [g(13, 9, 'Inferno'), g(7, 13, 'Nuke'), g(13, 11, 'Mirage')],
    });
  });

  it('takes the single game score as the match score of a best-of-1', () => {
    expect(validateResult(players, { games: [g(16, 14)] }, { allowDraw: false })).toMatchObject({ winnerId: 'a', scores: [s('a', 16), s('b', 14)] });
    expect(validateResult(players, { games: [g(1, 1)] }, { allowDraw: true })).toMatchObject({ isDraw: true, scores: [s('a', 1), s('b', 1)] });
  });

  it('refuses a 2-2 best-of-3, naming games or scores', () => {
    expect(failingPath(() => validateResult(players, { games: [g(1, 0), g(0, 1), g(1, 0), g(0, 1)] }, { allowDraw: false, bestOf: 3 }))).toBe('games');
    expect(failingPath(() => validateResult(players, { scores: [s('a', 2), s('b', 2)], winnerId: 'a' }, { allowDraw: false, bestOf: 3 }))).toBe('scores');
    expect(failingPath(() => validateResult(players, { scores: [s('a', 1), s('b', 0)] }, { allowDraw: false, bestOf: 3 }))).toBe('scores');
  });

  it('refuses games after the series is decided, drawn games, an unfinished series and scores that disagree', () => {
    expect(failingPath(() => validateResult(players, { games: [g(1, 0), g(1, 0), g(0, 1)] }, { allowDraw: false, bestOf: 3 }))).toBe('games[2]');
    expect(failingPath(() => validateResult(players, { games: [g(1, 0), g(2, 2)] }, { allowDraw: false, bestOf: 3 }))).toBe('games[1].scores');
    expect(failingPath(() => validateResult(players, { games: [g(1, 0), g(0, 1)] }, { allowDraw: false, bestOf: 3 }))).toBe('games');
    expect(failingPath(() => validateResult(players, { games: [g(1, 0), g(1, 0)], scores: [s('a', 2), s('b', 1)] }, { allowDraw: false, bestOf: 3 }))).toBe('scores');
    expect(failingPath(() => validateResult(players, { games: [{ scores: [1, -1] } as unknown as GameScore] }, { allowDraw: false }))).toBe('games[0].scores');
    expect(failingPath(() => validateResult(players, { games: [g(1, 0, '')] }, { allowDraw: false }))).toBe('games[0].map');
    expect(failingPath(() => validateResult(players, { games: [] }, { allowDraw: false }))).toBe('games');
  });

  it('property: every finished series is accepted with the games won as its score; a game more is refused', () => {
    const seriesArb = fc
      .record({ bestOf: fc.constantFrom(3, 5, 7, 9), winner: fc.constantFrom(0, 1), order: fc.array(fc.boolean(), { maxLength: 8 }), points: fc.array(fc.nat({ max: 30 }), { minLength: 10, maxLength: 10 }) })
      .map(({ bestOf, winner, order, points }) => {
        const need = winsNeeded(bestOf);
        const loserWins = order.slice(0, need - 1).filter(Boolean).length;
        // The loser wins `loserWins` games first, then the winner `need` in a row (the last one decides).
        const sequence = [...Array<number>(loserWins).fill(1 - winner), ...Array<number>(need - 1).fill(winner)].concat(winner);
        const games = sequence.map((side, i) => {
          const low = points[i % points.length] ?? 0;
          return side === 0 ? g(low + 1, low) : g(low, low + 1);
        });
        return { bestOf, winner, need, loserWins, games };
      });
    fc.assert(
      fc.property(seriesArb, ({ bestOf, winner, need, loserWins, games }) => {
        const result = validateResult(players, { games }, { allowDraw: false, bestOf });
        expect(result.winnerId).toBe(players[winner]);
        expect(result.scores.map((x) => x.score)).toEqual(winner === 0 ? [need, loserWins] : [loserWins, need]);
        expect(failingPath(() => validateResult(players, { games: [...games, g(1, 0)] }, { allowDraw: false, bestOf }))).toMatch(/^games/);
        expect(failingPath(() => validateResult(players, { games: games.slice(0, -1) }, { allowDraw: false, bestOf }))).toBe('games');
      }),
    );
  });

  it('property: a series score without games is accepted exactly when one side has the wins needed and the other fewer', () => {
    fc.assert(
      fc.property(fc.constantFrom(3, 5, 7), fc.nat({ max: 6 }), fc.nat({ max: 6 }), (bestOf, x, y) => {
        const need = winsNeeded(bestOf);
        const possible = (x === need && y < need) || (y === need && x < need);
        const run = () => validateResult(players, { scores: [s('a', x), s('b', y)], ...(x === y ? { winnerId: 'a' } : {}) }, { allowDraw: false, bestOf });
        if (possible) expect(run().winnerId).toBe(x > y ? 'a' : 'b');
        else expect(failingPath(run)).toBe('scores');
      }),
    );
  });
});

describe('series: deciders (R25.4)', () => {
  it('records a penalty shoot-out on a drawn score: its winner wins the match, the score stays drawn', () => {
    const result = validateResult(players, { scores: [s('a', 3), s('b', 3)], decider: { kind: 'PENALTIES', scores: [4, 2] } }, { allowDraw: false });
    expect(result).toEqual({ winnerId: 'a', loserId: 'b', isDraw: false, scores: [s('a', 3), s('b', 3)], decider: { kind: 'PENALTIES', scores: [4, 2] } });
    expect(validateResult(players, { scores: [s('a', 1), s('b', 1)], decider: { kind: 'EXTRA_TIME', scores: [0, 1] } }, { allowDraw: true }).winnerId).toBe('b');
  });

  it('refuses a decider on a decided score, a drawn decider, an unknown kind and a winner the decider contradicts', () => {
    expect(failingPath(() => validateResult(players, { scores: [s('a', 2), s('b', 1)], decider: { kind: 'PENALTIES', scores: [4, 2] } }, { allowDraw: false }))).toBe('decider');
    expect(failingPath(() => validateResult(players, { scores: [s('a', 1), s('b', 1)], decider: { kind: 'PENALTIES', scores: [3, 3] } }, { allowDraw: false }))).toBe('decider.scores');
    expect(failingPath(() => validateResult(players, { scores: [s('a', 1), s('b', 1)], decider: { kind: 'COIN', scores: [1, 0] } as never }, { allowDraw: false }))).toBe('decider.kind');
    expect(failingPath(() => validateResult(players, { winnerId: 'b', scores: [s('a', 1), s('b', 1)], decider: { kind: 'PENALTIES', scores: [5, 4] } }, { allowDraw: false }))).toBe('winnerId');
  });
});

describe('series in the state machine (R25.2, R25.4)', () => {
  it('carries the games of a report to its confirmation, and the decider of a resolution', () => {
    const state: MatchState = { status: 'SCHEDULED', participants: ['a', 'b'], reported: null, allowDraw: false, bestOf: 3 };
    const report = applyMatchAction(state, { type: 'report', games: [g(13, 9, 'Inferno'), g(13, 7)] }, { kind: 'participant', participantId: 'a' });
    expect(report.reported).toEqual({ winnerId: 'a', scores: [s('a', 2), s('b', 0)], reportedBy: 'a', games: [g(13, 9, 'Inferno'), g(13, 7)] });
    const confirm = applyMatchAction({ ...state, status: 'PENDING_RESULT', reported: report.reported }, { type: 'confirm' }, { kind: 'participant', participantId: 'b' });
    expect(confirm).toMatchObject({ status: 'COMPLETED', winnerId: 'a', games: [g(13, 9, 'Inferno'), g(13, 7)] });
    const resolve = applyMatchAction(
      { ...state, bestOf: 1 },
      { type: 'resolve', reason: 'shoot-out sheet', scores: [s('a', 1), s('b', 1)], decider: { kind: 'PENALTIES', scores: [3, 5] } },
      { kind: 'organizer' },
    );
    expect(resolve).toMatchObject({ status: 'RESOLVED', winnerId: 'b', decider: { kind: 'PENALTIES', scores: [3, 5] } });
  });
});

describe('bestOfFor (R25.1)', () => {
  it('takes the round override, else the stage value, else 1', () => {
    expect(bestOfFor(undefined, 1)).toBe(1);
    expect(bestOfFor({ bestOf: 3 }, 2)).toBe(3);
    expect(bestOfFor({ bestOf: 3, bestOfByRound: { '2': 5 } }, 2)).toBe(5);
    expect(bestOfFor({ bestOf: 3, bestOfByRound: { '2': 5 } }, 1)).toBe(3);
    expect(bestOfFor({ bestOf: 4 }, 1)).toBe(1);
  });

  it('takes the most specific override: bracket and round, then bracket, then round', () => {
    const settings = { bestOf: 3, bestOfByRound: { '1': 1, GRAND_FINAL: 5, 'GRAND_FINAL:2': 7, 'WINNERS:3': 5 } };
    expect(bestOfFor(settings, 1, 'GRAND_FINAL')).toBe(5);
    expect(bestOfFor(settings, 2, 'GRAND_FINAL')).toBe(7);
    expect(bestOfFor(settings, 1, 'WINNERS')).toBe(1);
    expect(bestOfFor(settings, 3, 'WINNERS')).toBe(5);
    expect(bestOfFor(settings, 3, 'LOSERS')).toBe(3);
    expect(bestOfFor(settings, 1, 'LOSERS')).toBe(1);
  });
});
