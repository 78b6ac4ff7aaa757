import blossom from 'edmonds-blossom-fixed';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { computeStandings, generateSwissRound, type Entrant, type StageMatchResult, type SwissRound } from '../src/index';
import { makeEntrants, prng } from './helpers/entrants';
import { pairingHistory, playRound } from './helpers/swiss-results';

/** Whether `ids` can be paired with nobody meeting an earlier opponent: plain recursive search (small N only). */
function pairableByBruteForce(ids: readonly string[], met: ReadonlySet<string>): boolean {
  if (ids.length === 0) return true;
  const [first, ...rest] = ids as [string, ...string[]];
  return rest.some((other, i) => !met.has(`${first}|${other}`) && pairableByBruteForce([...rest.slice(0, i), ...rest.slice(i + 1)], met));
}

/**
 * The bye the rules call for: the lowest-ranked participant without a bye (standings order) such that the
 * others can be paired without a rematch; null when no such participant exists.
 */
function expectedBye(entrants: Entrant[], results: readonly StageMatchResult[], pairable: (ids: readonly string[], met: ReadonlySet<string>) => boolean): string | null {
  const order = computeStandings('SWISS', entrants, results).map((r) => r.participantId);
  const { met, hadBye } = pairingHistory(results);
  for (let i = order.length - 1; i >= 0; i--) {
    const id = order[i] as string;
    if (hadBye.has(id)) continue;
    if (pairable(order.filter((x) => x !== id), met)) return id;
  }
  return null;
}

/** Same question by maximum-cardinality matching (for N too large to search). */
function pairableByMatching(ids: readonly string[], met: ReadonlySet<string>): boolean {
  const edges: [number, number, number][] = [];
  for (let i = 0; i < ids.length; i++) for (let j = i + 1; j < ids.length; j++) if (!met.has(`${ids[i]}|${ids[j]}`)) edges.push([i, j, 1]);
  if (edges.length === 0) return ids.length === 0;
  const mate = blossom(edges, true);
  return ids.every((_, v) => (mate[v] ?? -1) !== -1);
}

describe('Swiss bye', () => {
  it('goes to the lowest-ranked participant without one when the others can still be paired (5 entrants, round 2)', () => {
    // Round 1: p1-p3 drawn, p2 beat p4, p5 had the bye. p4 (0 points, no bye yet) gets it: the rest pair
    // without a rematch (p2 and p5 on 3 points each meet one of p1, p3 on 1, who already met each other).
    const results: StageMatchResult[] = [
      { key: 'S-r1-n1', participants: ['p1', 'p3'], winnerId: null, isDraw: true },
      { key: 'S-r1-n2', participants: ['p2', 'p4'], winnerId: 'p2' },
      { key: 'S-r1-bye', participants: ['p5', null], winnerId: 'p5' },
    ];
    const round = generateSwissRound(makeEntrants(5), results) as SwissRound;
    expect(round.bye?.participantId).toBe('p4');
    for (const m of round.matches) expect([...m.participants].map((id) => (id === 'p2' || id === 'p5' ? 3 : 1)).sort()).toEqual([1, 3]);
    expect(round.rematches).toBe(0);
  });

  it.each([
    ['brute force', [3, 5, 7, 9, 11], pairableByBruteForce, 300],
    ['matching', [13, 17, 21, 25, 31, 41], pairableByMatching, 60],
  ] as const)('always goes to the lowest-ranked eligible participant a valid pairing allows (oracle: %s)', (_, sizes, pairable, runs) => {
    fc.assert(
      fc.property(fc.constantFrom(...sizes), fc.integer({ min: 1, max: 2 ** 30 }), fc.constantFrom(0, 0.25), (n, salt, drawRate) => {
        const entrants = makeEntrants(n);
        const random = prng(salt);
        const results: StageMatchResult[] = [];
        for (let r = 1; r <= n; r++) {
          const round = generateSwissRound(entrants, results, { swissRounds: n });
          if (round === null) break;
          const wanted = expectedBye(entrants, results, pairable);
          if (wanted !== null) {
            expect(round.bye?.participantId, `N = ${n}, round ${r}`).toBe(wanted);
          }
          results.push(...playRound(round, random, drawRate));
        }
      }),
      { numRuns: runs },
    );
  });
});
