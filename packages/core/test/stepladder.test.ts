import { describe, expect, it } from 'vitest';
import { checkStagePlan, computeStagePlacements, FORMATS, generateStepladder, STEPLADDER_MAX_ENTRANTS } from '../src/index';
import { catchDomainError } from './helpers/domain-error';
import { makeEntrants, prng } from './helpers/entrants';
import { playBracket } from './helpers/play';

describe('stepladder (R27.7)', () => {
  it('starts with the two lowest seeds; the winner climbs to meet the next seed up, seed 1 waits in the final', () => {
    const stage = generateStepladder(makeEntrants(5));
    expect(stage.matches.map((m) => [m.key, m.round, m.participants, m.next.winner])).toEqual([
      ['W-r1-n1', 1, ['p4', 'p5'], { key: 'W-r2-n1', slot: 2 }],
      ['W-r2-n1', 2, ['p3', null], { key: 'W-r3-n1', slot: 2 }],
      ['W-r3-n1', 3, ['p2', null], { key: 'W-r4-n1', slot: 2 }],
      ['W-r4-n1', 4, ['p1', null], null],
    ]);
    expect(stage).toMatchObject({ format: 'STEPLADDER', entrantCount: 5, totalRounds: 4, byes: [] });
  });

  it('gives every place once: the loser of round r places N + 1 - r, the final winner 1 (N = 2..40, random results)', () => {
    const random = prng(3);
    for (let n = 2; n <= 40; n++) {
      const entrants = makeEntrants(n);
      const played = playBracket(FORMATS.STEPLADDER.generate(entrants), (a, b) => (random() < 0.5 ? a : b));
      expect(played).toHaveLength(n - 1);
      const results = played.map((p) => ({ key: p.match.key, participants: p.participants, winnerId: p.winnerId }));
      const placements = computeStagePlacements('STEPLADDER', entrants, results);
      expect(placements.map((p) => p.placementRange)).toEqual(Array.from({ length: n }, (_, i) => String(i + 1)));
      expect(placements[n - 1]?.participantId).toBe(played[0]?.loserId);
      expect(placements[0]?.participantId).toBe(played[n - 2]?.winnerId);
    }
  });

  it('places each loser at once from its own match (live placements)', () => {
    const live = FORMATS.STEPLADDER.livePlacements;
    if (live?.from !== 'MATCH') throw new Error('expected live placements from each match');
    expect(live.compute(makeEntrants(4), { key: 'W-r1-n1', winnerId: 'p4', loserId: 'p3' })).toEqual([
      { participantId: 'p3', placement: 4, placementRange: '4' },
    ]);
  });

  it(`takes at most ${STEPLADDER_MAX_ENTRANTS} entrants`, () => {
    expect(catchDomainError(() => generateStepladder(makeEntrants(257))).code).toBe('VALIDATION_ERROR');
    expect(checkStagePlan([{ format: 'STEPLADDER' }], 300, true)).toEqual([expect.objectContaining({ path: 'stages[0].format', kind: 'tooMany' })]);
    expect(checkStagePlan([{ format: 'STEPLADDER' }], 256, true)).toEqual([]);
  });
});
