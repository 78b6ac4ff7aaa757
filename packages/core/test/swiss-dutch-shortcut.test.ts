import { afterEach, describe, expect, it, vi } from 'vitest';
import { generateSwiss, pairSwissRound, type SwissPlayer } from '../src/index';
import * as matching from '../src/swiss/max-weight-matching';
import { makeEntrants } from './helpers/entrants';

// R7.11: a block of a score group whose pairs are all allowed at no side cost takes its Dutch pairing without
// the matching call. The shortcut gives the same pairs as the matching (the Dutch pairing is that block's only
// optimum), so it is observed by spying on the matching module's export, which the bracket solver calls through
// its module namespace: no test hook in the production code.

afterEach(() => {
  vi.restoreAllMocks();
});

/** Players p1..pN in rank order, all on 0 points, with the given earlier opponents and sides. */
function freshField(n: number, opponents: Record<string, string[]> = {}, sides: Record<string, (1 | 2)[]> = {}): SwissPlayer[] {
  return Array.from({ length: n }, (_, i) => {
    const id = `p${i + 1}`;
    return { id, points: 0, opponents: new Set(opponents[id] ?? []), hadBye: false, sides: sides[id] ?? [] };
  });
}

/** The Dutch pairing of p1..pN on equal points: top half against bottom half in order, [p1, p(half+1)], ... */
function dutchPairs(n: number): [string, string][] {
  const half = Math.floor(n / 2);
  return Array.from({ length: half }, (_, i): [string, string] => [`p${i + 1}`, `p${i + 1 + half}`]);
}

describe('Swiss Dutch shortcut (R7.11)', () => {
  it('pairs round 1 of 48, 4096 and 4097 entrants top half against bottom half with no matching call at all', () => {
    const spy = vi.spyOn(matching, 'maxWeightMatching');
    for (const n of [48, 4096, 4097]) {
      const round = generateSwiss(makeEntrants(n)).round;
      expect(round.matches.map((m) => m.participants)).toEqual(dutchPairs(n));
      expect(round.bye?.participantId ?? null).toBe(n % 2 === 1 ? `p${n}` : null);
    }
    expect(spy).not.toHaveBeenCalled();
  });

  it('calls the matching for the one block holding a rematch, and pairs around it', () => {
    const spy = vi.spyOn(matching, 'maxWeightMatching');
    // 48 players on 0 points form one score group solved in two blocks of 24: p1..p12 with p25..p36, and
    // p13..p24 with p37..p48. p1 already met its Dutch partner p25, so only the first block needs the matching.
    const pairing = pairSwissRound(freshField(48, { p1: ['p25'], p25: ['p1'] }));
    expect(spy).toHaveBeenCalledTimes(1);
    expect(spy.mock.calls[0]?.[0]).toBe(24);
    expect(pairing.rematches).toBe(0);
    expect(pairing.pairs).toHaveLength(24);
    expect(pairing.pairs.some(([a, b]) => (a === 'p1' && b === 'p25') || (a === 'p25' && b === 'p1'))).toBe(false);
    // The second block keeps its Dutch pairs.
    for (const [a, b] of dutchPairs(48).slice(12)) expect(pairing.pairs).toContainEqual([a, b]);
  });

  it('calls the matching for a block with a side cost even when its Dutch pairs have none', () => {
    const spy = vi.spyOn(matching, 'maxWeightMatching');
    // p13 and p14 (second block) both played slot 1 once: pairing them would cost a side, so that block is
    // not free although its Dutch pairs (p13-p37, p14-p38) give everyone their side; the first block is free.
    const pairing = pairSwissRound(freshField(48, {}, { p13: [1], p14: [1] }));
    expect(spy).toHaveBeenCalledTimes(1);
    expect(spy.mock.calls[0]?.[0]).toBe(24);
    // The matching finds the same Dutch pairing the shortcut would have taken (sides aside).
    const unordered = (pairs: [string, string][]) => pairs.map((p) => [...p].sort().join('-')).sort();
    expect(unordered(pairing.pairs)).toEqual(unordered(dutchPairs(48)));
  });

  it('calls the matching once per block in round 2, where every pair of winners wants the same side', () => {
    const spy = vi.spyOn(matching, 'maxWeightMatching');
    // Round 2 after 1 v 49, 2 v 50, ...: the 48 winners all took slot 1, so every pair among them costs a side.
    const players = Array.from({ length: 96 }, (_, i): SwissPlayer => {
      const winner = i < 48;
      return {
        id: `p${i + 1}`,
        points: winner ? 3 : 0,
        opponents: new Set([`p${winner ? i + 49 : i - 47}`]),
        hadBye: false,
        sides: [winner ? 1 : 2],
      };
    });
    const pairing = pairSwissRound(players);
    expect(pairing.rematches).toBe(0);
    expect(pairing.pairs).toHaveLength(48);
    // Two score groups of 48, two blocks each.
    expect(spy).toHaveBeenCalledTimes(4);
  });
});
