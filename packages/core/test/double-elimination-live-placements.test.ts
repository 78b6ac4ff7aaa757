import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  BRACKET_SEED_ORDERINGS,
  computeDoubleEliminationPlacements,
  doubleEliminationLiveNeeds,
  doubleEliminationMatchPlacements,
  generateDoubleElimination,
  type DoubleEliminationOptions,
  type MatchOutcome,
  type Placement,
} from '../src/index';
import { catchDomainError } from './helpers/domain-error';
import { makeEntrants, prng } from './helpers/entrants';
import { playBracket } from './helpers/play';

const byId = (list: readonly Placement[]): Map<string, Placement> => new Map(list.map((p) => [p.participantId, p]));

/** Plays a double elimination of `n` at random and returns its outcomes in play order. */
function play(n: number, options: DoubleEliminationOptions, salt: number): MatchOutcome[] {
  const random = prng(salt);
  const stage = generateDoubleElimination(makeEntrants(n), options);
  return playBracket(stage, (a, b) => (random() < 0.5 ? a : b)).map((p) => ({ key: p.match.key, winnerId: p.winnerId, loserId: p.loserId }));
}

// R7.6, R7.7: live placements of a double elimination decided one match at a time, as the server writes them.
describe('doubleEliminationLiveNeeds and doubleEliminationMatchPlacements', () => {
  it('give, match by match, exactly the placements each result adds to computeDoubleEliminationPlacements', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 2, max: 48 }),
        fc.constantFrom('none', 'simple', 'double') as fc.Arbitrary<'none' | 'simple' | 'double'>,
        fc.boolean(),
        fc.constantFrom(...BRACKET_SEED_ORDERINGS),
        fc.integer(),
        (n, grandFinal, skipFirstRound, seedOrdering, salt) => {
          const options: DoubleEliminationOptions = { grandFinal, skipFirstRound, seedOrdering };
          const outcomes = play(n, options, salt);
          const written = new Map<string, Placement>();
          let before = new Map<string, Placement>();
          outcomes.forEach((outcome, i) => {
            const full = computeDoubleEliminationPlacements(makeEntrants(n), outcomes.slice(0, i + 1), options);
            const after = byId(full);
            const added = full.filter((p) => !before.has(p.participantId));
            // Earlier placements never change as results come in.
            for (const [id, p] of before) expect(after.get(id)).toEqual(p);
            const needs = doubleEliminationLiveNeeds(outcome.key, options);
            if (needs === 'NOTHING') expect(added).toEqual([]);
            if (needs === 'SHAPE') expect(doubleEliminationMatchPlacements(n, outcome, options)).toEqual(added);
            for (const p of needs === 'STAGE' ? full : needs === 'SHAPE' ? doubleEliminationMatchPlacements(n, outcome, options) : []) written.set(p.participantId, p);
            before = after;
          });
          // What is written live ends as the stage's placements: everyone placed.
          expect(written).toEqual(before);
          expect(written.size).toBe(n);
        },
      ),
      { numRuns: 150 },
    );
  });

  it('needs nothing for a winners match with a grand final, the stage for the first of a double grand final', () => {
    expect(doubleEliminationLiveNeeds('W-r1-n1')).toBe('NOTHING');
    expect(doubleEliminationLiveNeeds('W-r3-n1', { grandFinal: 'double' })).toBe('NOTHING');
    expect(doubleEliminationLiveNeeds('W-r3-n1', { grandFinal: 'none' })).toBe('SHAPE');
    expect(doubleEliminationLiveNeeds('L-r1-n1')).toBe('SHAPE');
    expect(doubleEliminationLiveNeeds('GF-r1-n1')).toBe('SHAPE');
    expect(doubleEliminationLiveNeeds('GF-r1-n1', { grandFinal: 'double' })).toBe('STAGE');
    expect(doubleEliminationLiveNeeds('GF-r2-n1', { grandFinal: 'double' })).toBe('SHAPE');
  });

  it('places a losers-bracket loser of 1024 entrants from the count alone', () => {
    // 1024 entrants: losers rounds 1 and 2 have 256 matches each, so their losers share 769-1024 and 513-768.
    expect(doubleEliminationMatchPlacements(1024, { key: 'L-r1-n7', winnerId: 'a', loserId: 'b' })).toEqual([{ participantId: 'b', placement: 769, placementRange: '769-1024' }]);
    expect(doubleEliminationMatchPlacements(1024, { key: 'L-r2-n7', winnerId: 'a', loserId: 'b' })).toEqual([{ participantId: 'b', placement: 513, placementRange: '513-768' }]);
    expect(doubleEliminationMatchPlacements(1024, { key: 'W-r1-n1', winnerId: 'a', loserId: 'b' })).toEqual([]);
    expect(doubleEliminationMatchPlacements(1024, { key: 'GF-r1-n1', winnerId: 'a', loserId: 'b' })).toEqual([
      { participantId: 'a', placement: 1, placementRange: '1' },
      { participantId: 'b', placement: 2, placementRange: '2' },
    ]);
  });

  it('rejects a key not in the stage and the first of a double grand final', () => {
    expect(catchDomainError(() => doubleEliminationMatchPlacements(8, { key: 'L-r9-n1', winnerId: 'a', loserId: 'b' })).code).toBe('VALIDATION_ERROR');
    expect(catchDomainError(() => doubleEliminationMatchPlacements(8, { key: 'GF-r1-n1', winnerId: 'a', loserId: 'b' }, { grandFinal: 'double' })).code).toBe('VALIDATION_ERROR');
  });
});
