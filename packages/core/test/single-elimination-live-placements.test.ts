import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  BRACKET_SEED_ORDERINGS,
  computeStagePlacements,
  FORMATS,
  singleEliminationMatchPlacements,
  type ConsolationMode,
  type MatchOutcome,
  type Placement,
  type StageSettings,
} from '../src/index';
import { catchDomainError } from './helpers/domain-error';
import { makeEntrants, prng } from './helpers/entrants';
import { playBracket } from './helpers/play';

const byId = (list: readonly Placement[]): Map<string, Placement> => new Map(list.map((p) => [p.participantId, p]));

/** Plays a single elimination of `n` at random and returns its outcomes in play order. */
function play(n: number, settings: StageSettings, salt: number): MatchOutcome[] {
  const random = prng(salt);
  const stage = FORMATS.SINGLE_ELIMINATION.generate(makeEntrants(n), settings);
  return playBracket(stage, (a, b) => (random() < 0.5 ? a : b)).map((p) => ({ key: p.match.key, winnerId: p.winnerId, loserId: p.loserId }));
}

// R7.6, R27.9: live placements of a single elimination decided one match at a time from the entrant count, as the server writes them.
describe('singleEliminationMatchPlacements', () => {
  it('gives, match by match, exactly the placements each result adds to the stage placements', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 2, max: 70 }),
        fc.constantFrom('NONE', 'THIRD_PLACE', 'FULL') as fc.Arbitrary<ConsolationMode>,
        fc.constantFrom(...BRACKET_SEED_ORDERINGS),
        fc.integer(),
        (n, consolation, seedOrdering, salt) => {
          const settings: StageSettings = { consolation, seedOrdering };
          const outcomes = play(n, settings, salt);
          const written = new Map<string, Placement>();
          let before = new Map<string, Placement>();
          outcomes.forEach((outcome, i) => {
            const results = outcomes.slice(0, i + 1).map((o) => ({ key: o.key, participants: [o.winnerId, o.loserId] as [string, string], winnerId: o.winnerId }));
            const full = computeStagePlacements('SINGLE_ELIMINATION', makeEntrants(n), results, settings);
            const after = byId(full);
            const added = full.filter((p) => !before.has(p.participantId));
            // Earlier placements never change as results come in.
            for (const [id, p] of before) expect(after.get(id)).toEqual(p);
            const live = singleEliminationMatchPlacements(n, outcome, settings);
            expect(live).toEqual(added);
            for (const p of live) written.set(p.participantId, p);
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

  it('places a round-1 loser of 1000 entrants from the count alone, capped at the count', () => {
    expect(singleEliminationMatchPlacements(1000, { key: 'W-r1-n7', winnerId: 'a', loserId: 'b' })).toEqual([
      { participantId: 'b', placement: 513, placementRange: '513-1000' },
    ]);
    expect(singleEliminationMatchPlacements(1000, { key: 'W-r9-n1', winnerId: 'a', loserId: 'b' }, { thirdPlaceMatch: true })).toEqual([]);
    expect(singleEliminationMatchPlacements(1000, { key: 'W-r10-n1', winnerId: 'a', loserId: 'b' })).toEqual([
      { participantId: 'a', placement: 1, placementRange: '1' },
      { participantId: 'b', placement: 2, placementRange: '2' },
    ]);
    expect(singleEliminationMatchPlacements(8, { key: 'W-r1-n1', winnerId: 'a', loserId: 'b' }, { consolation: 'FULL' })).toEqual([]);
  });

  it('rejects a key not in the stage and a count out of range', () => {
    expect(catchDomainError(() => singleEliminationMatchPlacements(8, { key: 'W-r4-n1', winnerId: 'a', loserId: 'b' })).code).toBe('VALIDATION_ERROR');
    expect(catchDomainError(() => singleEliminationMatchPlacements(3, { key: 'TP', winnerId: 'a', loserId: 'b' })).code).toBe('VALIDATION_ERROR');
    expect(catchDomainError(() => singleEliminationMatchPlacements(1, { key: 'W-r1-n1', winnerId: 'a', loserId: 'b' })).code).toBe('VALIDATION_ERROR');
  });
});
