import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { computeStagePlacements, generateSingleElimination } from '../src/index';
import { makeEntrants, prng } from './helpers/entrants';
import { playBracket } from './helpers/play';

describe('generateSingleElimination: properties over N = 2..256', () => {
  it('round-1 coverage, N-1 matches (+ third place), one match per round each, a lone unbeaten champion', () => {
    fc.assert(
      fc.property(fc.integer({ min: 2, max: 256 }), fc.boolean(), fc.integer({ min: 1, max: 2 ** 30 }), (n, thirdPlaceMatch, salt) => {
        const entrants = makeEntrants(n);
        const stage = generateSingleElimination(entrants, { thirdPlaceMatch });
        expect(stage.matches).toHaveLength(n - 1 + (thirdPlaceMatch && n >= 4 ? 1 : 0));

        const roundOne = stage.matches.filter((m) => m.round === 1 && m.bracket === 'WINNERS').flatMap((m) => m.participants);
        const covered = [...roundOne, ...stage.byes];
        expect(covered).toHaveLength(n);
        expect(new Set(covered).size).toBe(n);

        const random = prng(salt);
        const played = playBracket(stage, (a, b) => (random() < 0.5 ? a : b));
        expect(played).toHaveLength(stage.matches.length);
        const busy = new Set<string>();
        let clashes = 0;
        for (const p of played) {
          for (const id of p.participants) {
            const slot = `${p.match.bracket === 'THIRD_PLACE' ? 'WINNERS' : p.match.bracket}/${p.match.round}/${id}`;
            if (busy.has(slot)) clashes++;
            busy.add(slot);
          }
        }
        expect(clashes).toBe(0);

        const losers = new Set(played.map((p) => p.loserId));
        const unbeaten = entrants.filter((e) => !losers.has(e.id)).map((e) => e.id);
        const final = played.find((p) => p.match.key === `W-r${stage.totalRounds}-n1`);
        expect(unbeaten).toEqual([final?.winnerId]);

        const placements = computeStagePlacements(
          'SINGLE_ELIMINATION',
          entrants,
          played.map((p) => ({ key: p.match.key, participants: p.participants, winnerId: p.winnerId })),
          { thirdPlaceMatch },
        );
        expect(placements).toHaveLength(n);
        expect(placements[0]).toEqual({ participantId: final?.winnerId, placement: 1, placementRange: '1' });
      }),
      { numRuns: 200 },
    );
  });
});
