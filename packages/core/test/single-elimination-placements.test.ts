import { describe, expect, it } from 'vitest';
import {
  computeSingleEliminationPlacements,
  generateSingleElimination,
  type Placement,
} from '../src/index';
import { catchDomainError } from './helpers/domain-error';
import { makeEntrants, prng } from './helpers/entrants';
import { simulate } from './helpers/simulate';

const SIZES = Array.from({ length: 63 }, (_, i) => i + 2); // 2..64
const seedOf = (id: string): number => Number(id.slice(1));
const higherSeedWins = (a: string, b: string) => (seedOf(a) < seedOf(b) ? a : b);

/** Expected placement range of the round-r loser band: P/2^r + 1 .. min(P/2^(r-1), N). */
function band(low: number, high: number, n: number): string {
  const capped = Math.min(high, n);
  return low === capped ? String(low) : `${low}-${capped}`;
}

/** Checks the invariants of a complete placement list for N entrants. */
function expectCompletePlacements(placements: Placement[], n: number, thirdPlace: boolean): void {
  expect(placements).toHaveLength(n);
  expect(new Set(placements.map((p) => p.participantId)).size).toBe(n);
  expect(placements.filter((p) => p.placement === 1).map((p) => p.placementRange)).toEqual(['1']);
  if (n >= 2) expect(placements.filter((p) => p.placement === 2).map((p) => p.placementRange)).toEqual(['2']);
  // Every shared range "lo-hi" (or single "k") is held by exactly hi - lo + 1 participants, with placement lo.
  const holders = new Map<string, Placement[]>();
  for (const p of placements) holders.set(p.placementRange, [...(holders.get(p.placementRange) ?? []), p]);
  let covered = 0;
  for (const [range, list] of holders) {
    const [lo, hi] = range.includes('-') ? range.split('-').map(Number) : [Number(range), Number(range)];
    expect(list).toHaveLength((hi as number) - (lo as number) + 1);
    for (const p of list) expect(p.placement).toBe(lo);
    covered += list.length;
  }
  expect(covered).toBe(n);
  // Ranges tile 1..N without gaps.
  const starts = [...holders.keys()].map((r) => Number(r.split('-')[0])).sort((a, b) => a - b);
  let next = 1;
  for (const start of starts) {
    expect(start).toBe(next);
    const range = [...holders.keys()].find((r) => Number(r.split('-')[0]) === start) as string;
    next = Number(range.split('-').at(-1)) + 1;
  }
  expect(next).toBe(n + 1);
  if (thirdPlace && n >= 4) {
    expect(placements.filter((p) => p.placement === 3).map((p) => p.placementRange)).toEqual(['3']);
    expect(placements.filter((p) => p.placement === 4).map((p) => p.placementRange)).toEqual(['4']);
  }
  // Sorted by placement.
  for (let i = 1; i < placements.length; i++) {
    expect((placements[i] as Placement).placement).toBeGreaterThanOrEqual((placements[i - 1] as Placement).placement);
  }
}

describe.each([false, true])('placements of full brackets, N = 2..64 (thirdPlaceMatch %s)', (thirdPlaceMatch) => {
  it.each(SIZES)('higher seed always wins, N = %i', (n) => {
    const entrants = makeEntrants(n);
    const stage = generateSingleElimination(entrants, { thirdPlaceMatch });
    const outcomes = simulate(stage, higherSeedWins);
    const placements = computeSingleEliminationPlacements(entrants, outcomes, { thirdPlaceMatch });
    expectCompletePlacements(placements, n, thirdPlaceMatch);
    // Seed s finishes in the band of the round where the seed bands meet: 1, 2, 3-4, 5-8, ...
    const expected = entrants.map((e) => {
      const s = e.seed;
      if (s <= 2) return { participantId: e.id, placement: s, placementRange: String(s) };
      if (thirdPlaceMatch && n >= 4 && s <= 4) return { participantId: e.id, placement: s, placementRange: String(s) };
      const low = 2 ** Math.ceil(Math.log2(s) - 1) + 1;
      return { participantId: e.id, placement: low, placementRange: band(low, 2 * (low - 1), n) };
    });
    expect(placements).toEqual(expected);
  });

  it.each(SIZES)('random winners, N = %i', (n) => {
    const entrants = makeEntrants(n);
    const stage = generateSingleElimination(entrants, { thirdPlaceMatch });
    const random = prng(n * 7919 + (thirdPlaceMatch ? 1 : 0));
    const outcomes = simulate(stage, (a, b) => (random() < 0.5 ? a : b));
    const placements = computeSingleEliminationPlacements(entrants, outcomes, { thirdPlaceMatch });
    expectCompletePlacements(placements, n, thirdPlaceMatch);
    const final = outcomes.find((o) => o.key === `W-r${stage.totalRounds}-n1`);
    expect(placements[0]?.participantId).toBe(final?.winnerId);
    expect(placements[1]?.participantId).toBe(final?.loserId);
    // Ties within a shared range are listed by seed.
    for (let i = 1; i < placements.length; i++) {
      const [a, b] = [placements[i - 1] as Placement, placements[i] as Placement];
      if (a.placement === b.placement) expect(seedOf(a.participantId)).toBeLessThan(seedOf(b.participantId));
    }
  });
});

describe('placement ranges with byes and partial stages', () => {
  it('caps the first-round range at N: 13 entrants lose round 1 as "9-13"', () => {
    const entrants = makeEntrants(13);
    const stage = generateSingleElimination(entrants);
    const outcomes = simulate(stage, higherSeedWins);
    const placements = computeSingleEliminationPlacements(entrants, outcomes);
    const firstRoundLosers = placements.filter((p) => p.placementRange === '9-13');
    expect(firstRoundLosers.map((p) => p.participantId)).toEqual(['p9', 'p10', 'p11', 'p12', 'p13']);
    expect(placements.filter((p) => p.placementRange === '5-8')).toHaveLength(4);
    expect(placements.filter((p) => p.placementRange === '3-4')).toHaveLength(2);
  });

  it('gives 3 entrants 1, 2 and 3', () => {
    const entrants = makeEntrants(3);
    const placements = computeSingleEliminationPlacements(
      entrants,
      simulate(generateSingleElimination(entrants, { thirdPlaceMatch: true }), higherSeedWins),
      { thirdPlaceMatch: true },
    );
    expect(placements).toEqual([
      { participantId: 'p1', placement: 1, placementRange: '1' },
      { participantId: 'p2', placement: 2, placementRange: '2' },
      { participantId: 'p3', placement: 3, placementRange: '3' },
    ]);
  });

  it('lists only decided participants while the stage is in progress', () => {
    const entrants = makeEntrants(16);
    const stage = generateSingleElimination(entrants);
    expect(computeSingleEliminationPlacements(entrants, [])).toEqual([]);
    const afterRoundOne = simulate(stage, higherSeedWins, 8);
    const partial = computeSingleEliminationPlacements(entrants, afterRoundOne);
    expect(partial).toHaveLength(8);
    expect(partial.every((p) => p.placementRange === '9-16')).toBe(true);
    // Undecided matches (null winner and loser) are ignored.
    const pending = stage.matches.slice(8).map((m) => ({ key: m.key, winnerId: null, loserId: null }));
    expect(computeSingleEliminationPlacements(entrants, [...afterRoundOne, ...pending])).toEqual(partial);
  });

  it('waits for the third-place match before placing semi-final losers', () => {
    const entrants = makeEntrants(8);
    const stage = generateSingleElimination(entrants, { thirdPlaceMatch: true });
    const all = simulate(stage, higherSeedWins);
    const withoutThirdPlace = all.filter((o) => o.key !== 'TP');
    const partial = computeSingleEliminationPlacements(entrants, withoutThirdPlace, { thirdPlaceMatch: true });
    expect(partial.map((p) => p.placementRange)).toEqual(['1', '2', '5-8', '5-8', '5-8', '5-8']);
    // Without the option, a "TP" outcome still implies the third-place match was played.
    expect(computeSingleEliminationPlacements(entrants, all).slice(2, 4)).toEqual([
      { participantId: 'p3', placement: 3, placementRange: '3' },
      { participantId: 'p4', placement: 4, placementRange: '4' },
    ]);
  });

  it('sorts by placement then by seed value', () => {
    const entrants = [
      { id: 'x', seed: 40 },
      { id: 'y', seed: 10 },
      { id: 'z', seed: 20 },
      { id: 'w', seed: 30 },
    ];
    const outcomes = simulate(generateSingleElimination(entrants), (a) => a);
    const placements = computeSingleEliminationPlacements(entrants, outcomes);
    expect(placements.map((p) => p.placementRange)).toEqual(['1', '2', '3-4', '3-4']);
    const shared = placements.slice(2).map((p) => entrants.find((e) => e.id === p.participantId)?.seed);
    expect(shared).toEqual([...(shared as number[])].sort((a, b) => a - b));
  });
});

describe('placement input validation', () => {
  const entrants = makeEntrants(8);

  it('refuses unknown keys and rounds beyond the bracket', () => {
    for (const key of ['nope', 'W-r4-n1', 'L-r1-n1']) {
      const error = catchDomainError(() =>
        computeSingleEliminationPlacements(entrants, [{ key, winnerId: 'p1', loserId: 'p8' }]),
      );
      expect(error.code).toBe('VALIDATION_ERROR');
      expect(error.details).toEqual([{ path: 'results[0].key', message: expect.any(String) }]);
    }
  });

  it('refuses participants that are not entrants or are eliminated twice', () => {
    const stranger = catchDomainError(() =>
      computeSingleEliminationPlacements(entrants, [{ key: 'W-r1-n1', winnerId: 'p1', loserId: 'zz' }]),
    );
    expect(stranger.details?.[0]?.path).toBe('results[0].loserId');
    const twice = catchDomainError(() =>
      computeSingleEliminationPlacements(entrants, [
        { key: 'W-r1-n1', winnerId: 'p1', loserId: 'p8' },
        { key: 'W-r1-n2', winnerId: 'p4', loserId: 'p8' },
      ]),
    );
    expect(twice.details).toEqual([{ path: 'results[1].loserId', message: 'p8 is placed twice' }]);
  });

  it('refuses a third-place outcome below 4 entrants', () => {
    const error = catchDomainError(() =>
      computeSingleEliminationPlacements(makeEntrants(3), [{ key: 'TP', winnerId: 'p1', loserId: 'p2' }]),
    );
    expect(error.details?.[0]?.path).toBe('results[0].key');
  });
});
