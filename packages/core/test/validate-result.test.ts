import { describe, expect, it } from 'vitest';
import { validateResult, type MatchScore } from '../src/index';
import { catchDomainError } from './helpers/domain-error';

const players: [string, string] = ['a', 'b'];
const s = (participantId: string, score: number): MatchScore => ({ participantId, score });

describe('validateResult: accepted results', () => {
  it('lets the higher score win when winnerId is omitted or null, returning scores in slot order', () => {
    expect(validateResult(players, { scores: [s('b', 1), s('a', 3)] }, { allowDraw: false })).toEqual({
      winnerId: 'a',
      loserId: 'b',
      isDraw: false,
      scores: [s('a', 3), s('b', 1)],
    });
    expect(validateResult(players, { winnerId: null, scores: [s('a', 0), s('b', 2)] }, { allowDraw: true })).toMatchObject({
      winnerId: 'b',
      loserId: 'a',
      isDraw: false,
    });
  });

  it('accepts an explicit winner with the higher or an equal score', () => {
    expect(validateResult(players, { winnerId: 'b', scores: [s('a', 1), s('b', 2)] }, { allowDraw: false }).winnerId).toBe('b');
    expect(validateResult(players, { winnerId: 'a', scores: [s('a', 2), s('b', 2)] }, { allowDraw: false })).toMatchObject({
      winnerId: 'a',
      loserId: 'b',
      isDraw: false,
    });
  });

  it('makes equal scores without a winner a draw when draws are allowed', () => {
    expect(validateResult(players, { scores: [s('a', 1), s('b', 1)] }, { allowDraw: true })).toEqual({
      winnerId: null,
      loserId: null,
      isDraw: true,
      scores: [s('a', 1), s('b', 1)],
    });
  });
});

describe('validateResult: refused results', () => {
  const cases: [string, Parameters<typeof validateResult>[1], boolean, { path: string }[]][] = [
    ['equal scores without winner in elimination', { scores: [s('a', 1), s('b', 1)] }, false, [{ path: 'winnerId' }]],
    ['winner with a strictly lower score', { winnerId: 'a', scores: [s('a', 0), s('b', 1)] }, true, [{ path: 'winnerId' }]],
    ['winner not in the match', { winnerId: 'c', scores: [s('a', 1), s('b', 0)] }, false, [{ path: 'winnerId' }]],
    ['score for a stranger', { scores: [s('a', 1), s('c', 0)] }, false, [{ path: 'scores[1].participantId' }]],
    ['two scores for one side', { scores: [s('a', 1), s('a', 0)] }, false, [{ path: 'scores[1].participantId' }]],
    ['negative score', { scores: [s('a', -1), s('b', 0)] }, false, [{ path: 'scores[0].score' }]],
    ['fractional score', { scores: [s('a', 1), s('b', 0.5)] }, false, [{ path: 'scores[1].score' }]],
    ['string score', { scores: [s('a', 1), { participantId: 'b', score: '2' as unknown as number }] }, false, [{ path: 'scores[1].score' }]],
    ['one score', { scores: [s('a', 1)] }, false, [{ path: 'scores' }]],
    ['three scores', { scores: [s('a', 1), s('b', 0), s('a', 2)] }, false, [{ path: 'scores' }]],
    ['no scores', { scores: undefined as unknown as MatchScore[] }, false, [{ path: 'scores' }]],
    ['a score that is not an object', { scores: [s('a', 1), null as unknown as MatchScore] }, false, [{ path: 'scores[1]' }]],
    [
      'several problems at once',
      { winnerId: 'z', scores: [s('x', -2), s('b', 1)] },
      false,
      [{ path: 'scores[0].participantId' }, { path: 'scores[0].score' }, { path: 'winnerId' }],
    ],
  ];

  it.each(cases)('%s', (_name, input, allowDraw, details) => {
    const error = catchDomainError(() => validateResult(players, input, { allowDraw }));
    expect(error.code).toBe('VALIDATION_ERROR');
    expect(error.details).toEqual(details.map((d) => ({ path: d.path, message: expect.any(String) })));
  });

  it('needs both participants', () => {
    const error = catchDomainError(() => validateResult(['a', null], { scores: [s('a', 1), s('b', 0)] }, { allowDraw: false }));
    expect(error.code).toBe('MATCH_NOT_READY');
  });
});
