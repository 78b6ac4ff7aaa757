import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  bracketSize,
  computeDoubleEliminationPlacements,
  generateDoubleElimination,
  generateSingleElimination,
  isGrandFinalResetNeeded,
  parseStageMatchKey,
  type GrandFinalMode,
} from '../src/index';
import { catchDomainError } from './helpers/domain-error';
import { makeEntrants, prng } from './helpers/entrants';
import { playBracket } from './helpers/play';

const seedOf = (id: string): number => Number(id.slice(1));

describe('generateDoubleElimination: examples', () => {
  it('builds 8 entrants: winners as single elimination, losers dropping in alternating order', () => {
    const stage = generateDoubleElimination(makeEntrants(8));
    expect(stage).toMatchObject({ format: 'DOUBLE_ELIMINATION', bracketSize: 8, totalRounds: 3, losersRounds: 4, grandFinal: 'simple' });
    expect(stage.matches).toHaveLength(14);
    const byKey = new Map(stage.matches.map((m) => [m.key, m]));
    // Winners round 1 losers pair up naturally in losers round 1.
    expect(byKey.get('W-r1-n1')?.next.loser).toEqual({ key: 'L-r1-n1', slot: 1 });
    expect(byKey.get('W-r1-n2')?.next.loser).toEqual({ key: 'L-r1-n1', slot: 2 });
    expect(byKey.get('W-r1-n4')?.next.loser).toEqual({ key: 'L-r1-n2', slot: 2 });
    // Winners round 2 losers drop in reverse: W-r2-n1 meets the survivor of the bottom half.
    expect(byKey.get('W-r2-n1')?.next.loser).toEqual({ key: 'L-r2-n2', slot: 1 });
    expect(byKey.get('W-r2-n2')?.next.loser).toEqual({ key: 'L-r2-n1', slot: 1 });
    expect(byKey.get('L-r1-n1')?.next.winner).toEqual({ key: 'L-r2-n1', slot: 2 });
    expect(byKey.get('W-r3-n1')?.next).toEqual({ winner: { key: 'GF-r1-n1', slot: 1 }, loser: { key: 'L-r4-n1', slot: 1 } });
    expect(byKey.get('L-r4-n1')?.next.winner).toEqual({ key: 'GF-r1-n1', slot: 2 });
    // Play order: W1, W2, L1, L2, W3, L3, L4, GF.
    expect(stage.matches.map((m) => m.key.split('-n')[0])).toEqual([
      'W-r1', 'W-r1', 'W-r1', 'W-r1', 'W-r2', 'W-r2', 'L-r1', 'L-r1', 'L-r2', 'L-r2', 'W-r3', 'L-r3', 'L-r4', 'GF-r1',
    ]);
  });

  it('has the same winners bracket as single elimination', () => {
    for (const n of [5, 12, 33]) {
      const de = generateDoubleElimination(makeEntrants(n)).matches.filter((m) => m.bracket === 'WINNERS');
      const se = generateSingleElimination(makeEntrants(n)).matches;
      const strip = (m: { key: string; participants: unknown; next: { winner: unknown } }, last: boolean) => [m.key, m.participants, last ? null : m.next.winner];
      expect(de.map((m, i) => strip(m, i === de.length - 1))).toEqual(se.map((m, i) => strip(m, i === se.length - 1)));
      expect(de.at(-1)?.next.winner).toEqual({ key: 'GF-r1-n1', slot: 1 });
    }
  });

  it('skips losers matches emptied by byes (5 entrants: one losers round-1 loser goes straight on)', () => {
    const stage = generateDoubleElimination(makeEntrants(5));
    expect(stage.matches).toHaveLength(8);
    expect(stage.losersRoundMatchCounts).toEqual([0, 1, 1, 1]);
    const byKey = new Map(stage.matches.map((m) => [m.key, m]));
    // The only winners round-1 match (4 v 5) drops its loser into losers round 2, past the empty round 1.
    expect(byKey.get('W-r1-n2')?.next.loser?.key).toMatch(/^L-r2-/);
  });

  it('plays 2 entrants as a final and a grand final (a second life for the loser)', () => {
    const stage = generateDoubleElimination(makeEntrants(2));
    expect(stage.matches.map((m) => [m.key, m.participants, m.next])).toEqual([
      ['W-r1-n1', ['p1', 'p2'], { winner: { key: 'GF-r1-n1', slot: 1 }, loser: { key: 'GF-r1-n1', slot: 2 } }],
      ['GF-r1-n1', [null, null], { winner: null, loser: null }],
    ]);
    expect(generateDoubleElimination(makeEntrants(2), { grandFinal: 'none' }).matches).toHaveLength(1);
  });

  it('adds a reset that is played only when the losers champion wins the first grand final', () => {
    const stage = generateDoubleElimination(makeEntrants(4), { grandFinal: 'double' });
    expect(stage.grandFinalReset).toEqual({ key: 'GF-r2-n1', condition: { key: 'GF-r1-n1', winnerSlot: 2 } });
    const first = stage.matches.find((m) => m.key === 'GF-r1-n1');
    expect(first?.next).toEqual({ winner: { key: 'GF-r2-n1', slot: 2 }, loser: { key: 'GF-r2-n1', slot: 1 } });
    expect(isGrandFinalResetNeeded(['a', 'b'], 'b')).toBe(true);
    expect(isGrandFinalResetNeeded(['a', 'b'], 'a')).toBe(false);
    expect(isGrandFinalResetNeeded(['a', 'b'], null)).toBe(false);
  });

  it('refuses a bad grand final mode and bad entrants', () => {
    const error = catchDomainError(() => generateDoubleElimination(makeEntrants(4), { grandFinal: 'triple' as GrandFinalMode }));
    expect(error.details).toEqual([{ path: 'settings.grandFinal', message: expect.any(String) }]);
    expect(catchDomainError(() => generateDoubleElimination(makeEntrants(1))).code).toBe('NOT_ENOUGH_PARTICIPANTS');
  });
});

describe('generateDoubleElimination: properties over N = 2..128', () => {
  const mode = fc.constantFrom<GrandFinalMode>('none', 'simple', 'double');
  it('holds match counts, round-1 coverage, one match per round each, two losses to leave', () => {
    fc.assert(
      fc.property(fc.integer({ min: 2, max: 128 }), mode, fc.integer({ min: 1, max: 2 ** 30 }), (n, grandFinal, salt) => {
        const stage = generateDoubleElimination(makeEntrants(n), { grandFinal });
        const size = bracketSize(n);
        const expected = grandFinal === 'none' ? 2 * n - 3 : grandFinal === 'simple' ? 2 * n - 2 : 2 * n - 1;
        expect(stage.matches).toHaveLength(expected);
        expect(new Set(stage.matches.map((m) => m.key)).size).toBe(expected);
        for (const m of stage.matches) expect(parseStageMatchKey(m.key)).toEqual({ bracket: m.bracket, round: m.round, number: m.number, group: null });

        // Every entrant plays in winners round 1 or has a bye (and byes go to the top seeds).
        const roundOne = stage.matches.filter((m) => m.bracket === 'WINNERS' && m.round === 1).flatMap((m) => m.participants);
        expect(stage.byes.map(seedOf)).toEqual(Array.from({ length: size - n }, (_, i) => i + 1));
        expect(new Set([...roundOne, ...stage.byes]).size).toBe(n);
        expect(roundOne.length + stage.byes.length).toBe(n);

        const random = prng(salt);
        const played = playBracket(stage, (a, b) => (random() < 0.5 ? a : b));
        // Nobody is in two matches of one round of one bracket.
        const seen = new Set<string>();
        for (const p of played) {
          for (const id of p.participants) {
            const slot = `${p.match.bracket}/${p.match.round}/${id}`;
            expect(seen.has(slot)).toBe(false);
            seen.add(slot);
          }
        }
        // Losses: everyone but the champion leaves after exactly two; the documented exceptions:
        // without a reset the grand-final loser (winners champion) leaves with one, and without a grand
        // final both bracket champions stay with 0 and 1.
        const losses = new Map<string, number>();
        for (const p of played) losses.set(p.loserId, (losses.get(p.loserId) ?? 0) + 1);
        const last = played[played.length - 1] as (typeof played)[number];
        const champion = grandFinal === 'none' ? null : last.winnerId;
        const counts = makeEntrants(n).map((e) => losses.get(e.id) ?? 0);
        if (grandFinal === 'none') {
          expect(counts.filter((c) => c === 0)).toHaveLength(1);
          expect(counts.filter((c) => c === 1)).toHaveLength(1);
          expect(counts.filter((c) => c === 2)).toHaveLength(n - 2);
        } else {
          expect(losses.get(champion as string) ?? 0).toBeLessThanOrEqual(1);
          const others = makeEntrants(n).filter((e) => e.id !== champion).map((e) => losses.get(e.id) ?? 0);
          const ones = others.filter((c) => c === 1).length;
          const resetPlayed = played.some((p) => p.match.key === 'GF-r2-n1');
          expect(ones).toBe(resetPlayed || (losses.get(champion as string) ?? 0) === 0 ? 0 : 1);
          expect(others.filter((c) => c === 2)).toHaveLength(n - 1 - ones);
          if (grandFinal === 'double') expect(ones).toBe(0);
        }
        // Placements: everyone placed once, 1 and 2 unique.
        const placements = computeDoubleEliminationPlacements(
          makeEntrants(n),
          played.map((p) => ({ key: p.match.key, winnerId: p.winnerId, loserId: p.loserId })),
          { grandFinal },
        );
        expect(placements).toHaveLength(n);
        expect(placements.filter((p) => p.placement === 1)).toHaveLength(1);
        expect(placements.filter((p) => p.placement === 2)).toHaveLength(1);
      }),
      { numRuns: 300 },
    );
  });

  it('every size from 2 to 128 builds and plays to the end', () => {
    for (let n = 2; n <= 128; n++) {
      const stage = generateDoubleElimination(makeEntrants(n), { grandFinal: 'double' });
      // Upsets everywhere, and the losers champion (slot 2) wins the first grand final: the reset is played.
      const played = playBracket(stage, (a, b, m) => (m.key === 'GF-r1-n1' ? b : seedOf(a) < seedOf(b) ? b : a));
      expect(played.length).toBe(2 * n - 1);
    }
  });
});

describe('computeDoubleEliminationPlacements', () => {
  it('places 8 entrants 1, 2, 3, 4, 5-6, 5-6, 7-8, 7-8 (favourites win)', () => {
    const stage = generateDoubleElimination(makeEntrants(8));
    const played = playBracket(stage, (a, b) => (seedOf(a) < seedOf(b) ? a : b));
    const placements = computeDoubleEliminationPlacements(
      makeEntrants(8),
      played.map((p) => ({ key: p.match.key, winnerId: p.winnerId, loserId: p.loserId })),
    );
    expect(placements.map((p) => [p.participantId, p.placementRange])).toEqual([
      ['p1', '1'],
      ['p2', '2'],
      ['p3', '3'],
      ['p4', '4'],
      ['p5', '5-6'],
      ['p6', '5-6'],
      ['p7', '7-8'],
      ['p8', '7-8'],
    ]);
  });

  it('waits for the reset when the losers champion wins the first grand final', () => {
    const stage = generateDoubleElimination(makeEntrants(4), { grandFinal: 'double' });
    const played = playBracket(stage, (a, b, m) => (m.bracket === 'GRAND_FINAL' ? (seedOf(a) < seedOf(b) ? b : a) : seedOf(a) < seedOf(b) ? a : b));
    const outcomes = played.map((p) => ({ key: p.match.key, winnerId: p.winnerId, loserId: p.loserId }));
    const beforeReset = computeDoubleEliminationPlacements(makeEntrants(4), outcomes.slice(0, -1), { grandFinal: 'double' });
    expect(beforeReset.map((p) => p.placement)).toEqual([3, 4]);
    const after = computeDoubleEliminationPlacements(makeEntrants(4), outcomes, { grandFinal: 'double' });
    expect(after.map((p) => [p.participantId, p.placement])).toEqual([
      ['p2', 1],
      ['p1', 2],
      ['p3', 3],
      ['p4', 4],
    ]);
  });

  it('refuses unknown keys and twice-placed participants', () => {
    const error = catchDomainError(() =>
      computeDoubleEliminationPlacements(makeEntrants(4), [
        { key: 'L-r9-n1', winnerId: 'p1', loserId: 'p2' },
        { key: 'L-r1-n1', winnerId: 'p1', loserId: 'zz' },
      ]),
    );
    expect(error.details?.map((d) => d.path)).toEqual(['results[0].key', 'results[1].loserId']);
  });
});
