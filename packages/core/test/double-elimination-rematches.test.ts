/**
 * Early rematches in double elimination: two players meeting in the losers bracket, before the losers
 * final, who already met in the winners bracket (helpers/early-rematches.ts). Our drop order against
 * tournament-pairings' (a devDependency used as the yardstick; tournament-organizer uses it too), exactly
 * (expected count under fair results) and on brackets played with the same random results.
 */
import { describe, expect, it } from 'vitest';
import { dropMask, dropOrder, generateDoubleElimination } from '../src/index';
import {
  coreGraph,
  expectedEarlyRematches,
  fairPick,
  playedEarlyRematches,
  tpGraph,
  type BracketGraph,
} from './helpers/early-rematches';
import { makeEntrants } from './helpers/entrants';

const SIZES = [64, 128, 129, 256, 512, 1024];

/** Per-bracket counts of both libraries over `brackets` playings with the same results. */
function playBoth(core: BracketGraph, tp: BracketGraph, brackets: number): { core: number[]; tp: number[] } {
  const out = { core: [] as number[], tp: [] as number[] };
  for (let i = 0; i < brackets; i++) {
    const pick = fairPick(7919 * i + 1);
    out.core.push(playedEarlyRematches(core, pick));
    out.tp.push(playedEarlyRematches(tp, pick));
  }
  return out;
}

const mean = (xs: readonly number[]) => xs.reduce((a, b) => a + b, 0) / xs.length;
const standardError = (xs: readonly number[]) => {
  const m = mean(xs);
  return Math.sqrt(xs.reduce((a, b) => a + (b - m) ** 2, 0) / (xs.length - 1) / xs.length);
};

/** Earliest losers round in which two players who met in the winners bracket can meet again (before the losers final). */
function earliestRematchRound(n: number): number {
  const stage = generateDoubleElimination(makeEntrants(n));
  const byKey = new Map(stage.matches.map((m) => [m.key, m]));
  const losersPath = (key: string | undefined): string[] => {
    const out: string[] = [];
    for (let k = key; k !== undefined && byKey.get(k)?.bracket === 'LOSERS'; k = byKey.get(k)?.next.winner?.key) out.push(k);
    return out;
  };
  let earliest = Infinity;
  for (const a of stage.matches) {
    if (a.bracket !== 'WINNERS') continue;
    const x = new Set(losersPath(a.next.loser?.key));
    for (let b = byKey.get(a.next.winner?.key ?? ''); b?.bracket === 'WINNERS'; b = byKey.get(b.next.winner?.key ?? '')) {
      const meet = losersPath(b.next.loser?.key).find((k) => x.has(k));
      const round = meet === undefined ? Infinity : (byKey.get(meet)?.round as number);
      if (round < stage.losersRounds) earliest = Math.min(earliest, round);
    }
  }
  return earliest;
}

describe('double elimination: early rematches against tournament-pairings', () => {
  it.each(SIZES)('N = %i: expected early rematches at or below tournament-pairings', (n) => {
    const ours = expectedEarlyRematches(coreGraph(n));
    const theirs = expectedEarlyRematches(tpGraph(n));
    expect(ours).toBeLessThanOrEqual(theirs);
    // About 0.37 per bracket at every size (tournament-pairings' grows with the size: 0.72 at 1024).
    expect(ours).toBeLessThan(0.38);
  });

  it.each(SIZES)('N = %i: played with the same random results, not more early rematches than tournament-pairings', (n) => {
    const core = coreGraph(n);
    const tp = tpGraph(n);
    const played = playBoth(core, tp, 120);
    const diff = played.core.map((c, i) => c - (played.tp[i] as number));
    // Each library's mean agrees with its exact expectation (the measure counts what the formula counts).
    expect(Math.abs(mean(played.core) - expectedEarlyRematches(core))).toBeLessThan(4 * standardError(played.core) + 0.02);
    expect(Math.abs(mean(played.tp) - expectedEarlyRematches(tp))).toBeLessThan(4 * standardError(played.tp) + 0.02);
    // Paired on the same results, ours is not measurably worse; above 256 slots it is clearly better.
    expect(mean(diff)).toBeLessThanOrEqual(2 * standardError(diff));
    if (n > 256) expect(mean(played.core)).toBeLessThan(mean(played.tp));
  });

  it('N = 129: a player beaten in winners round 2 can no longer meet the same opponent in losers round 6 (of 14)', () => {
    expect(earliestRematchRound(129)).toBe(9);
    expect(earliestRematchRound(1024)).toBe(13); // of 18 losers rounds
  });
});

describe('dropMask', () => {
  /** Expected early rematches of a full bracket of 2^k slots with drop masks m[1..k-1] (the model of drop-orderings.ts). */
  function modelExpectation(k: number, m: readonly number[]): number {
    let sum = 0;
    for (let r = 2; r <= k - 1; r++) {
      for (let j = 1; j < r; j++) {
        const d = ((m[j] as number) >>> (r - j)) ^ (m[r] as number);
        const t = d === 0 ? 0 : 32 - Math.clz32(d);
        const wins = (j === 1 ? 2 * r - 3 : 2 * (r - j)) + 2 * Math.max(0, 2 * t - 1);
        sum += (2 ** k / 2 ** j) * 2 ** -(r - j) * 2 ** -wins;
      }
    }
    return sum;
  }

  it('drops round 1 and the final in natural order, and every mask fits its round', () => {
    for (let k = 1; k <= 16; k++) {
      expect(dropMask(2 ** k, 1)).toBe(0);
      expect(dropMask(2 ** k, k)).toBe(0);
      for (let j = 1; j <= k; j++) expect(dropMask(2 ** k, j)).toBeLessThan(2 ** Math.max(0, k - j));
    }
    expect(dropOrder(['a', 'b', 'c', 'd'], 0b11)).toEqual(['d', 'c', 'b', 'a']);
  });

  it('agrees with the exact expectation of the generated brackets', () => {
    for (const k of [5, 6, 8]) {
      const masks = Array.from({ length: k }, (_, j) => (j === 0 ? 0 : dropMask(2 ** k, j)));
      expect(expectedEarlyRematches(coreGraph(2 ** k))).toBeCloseTo(modelExpectation(k, masks), 12);
    }
  });

  it.each([4, 5, 6])('is the best choice of XOR masks for 2^%i slots (exhaustive search)', (k) => {
    let best = Infinity;
    const m = new Array<number>(k).fill(0);
    const search = (j: number): void => {
      if (j === k) {
        best = Math.min(best, modelExpectation(k, m));
        return;
      }
      for (let v = 0; v < 2 ** (k - j); v++) {
        m[j] = v;
        search(j + 1);
      }
    };
    search(1);
    const ours = modelExpectation(k, Array.from({ length: k }, (_, j) => (j === 0 ? 0 : dropMask(2 ** k, j))));
    expect(ours).toBeCloseTo(best, 12);
  });
});
