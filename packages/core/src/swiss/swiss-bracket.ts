import { maxWeightMatching, type WeightedEdge } from './max-weight-matching';
import { absoluteConflict, type Field, sideLevel } from './swiss-field';

// Pairing one bracket of a Swiss round (floaters from above, then a score group) by weighted matching in blocks
// around the Dutch pairs (R7.11).

/** Largest set of players given to one matching call in the score-group path (measured: 24 beats 32 and 48). */
export const BLOCK = 24;

/** Shape of a bracket: the first `floaters` of its players are floaters from above. */
interface BracketShape {
  floaters: number;
  /** Half of the residents left once the floaters have met the top residents: the Dutch distance. */
  half: number;
}

function bracketShape(m: number, floaters: number): BracketShape {
  return { floaters, half: Math.max(1, Math.floor((m - 2 * floaters) / 2)) };
}

/** Distance of the pair at bracket positions pi < pj from the ideal: floater p meets resident `floaters + p`, residents meet `half` below. */
function dutchDistance(shape: BracketShape, pi: number, pj: number): number {
  return pi < shape.floaters ? Math.abs(pj - (shape.floaters + pi)) : Math.abs(pj - pi - shape.half);
}

/** Largest edge weight given to the matching: its dual variables and slacks (a few times an edge weight) stay exact in doubles. */
const WEIGHT_LIMIT = 2 ** 50;

/**
 * One criterion of a block's matching: a cost per edge (`costs`, integers >= 0) and how many edges of a matching
 * can carry it (`edges`). `capped`: when the weights would grow too large the cost is capped (costs near the ideal
 * stay exact), or dropped; criteria without it are kept exact.
 */
interface Criterion {
  costs: number[];
  edges: number;
  capped?: boolean;
}

/**
 * Lexicographic edge weights: `criteria` from the most important to the least, each one's unit outweighing every
 * criterion below it summed over a matching, so that the maximum-weight matching minimises the first criterion, then
 * the second, and so on. When the weights would exceed WEIGHT_LIMIT, the least important cappable criteria are
 * capped, then dropped.
 */
function lexicographicWeights(criteria: readonly Criterion[], edgeCount: number): number[] {
  const n = criteria.length;
  const maxCost = criteria.map((c) => c.costs.reduce((a, b) => Math.max(a, b), 0));
  const caps = maxCost.slice();
  // The largest sum of a criterion over a matching, at its cap (at least one edge's cost).
  const range = (t: number) => (caps[t] as number) * Math.max(1, (criteria[t] as Criterion).edges);
  const total = () => criteria.reduce((prod, _, t) => prod * (range(t) + 1), 1);
  for (let t = n - 1; t >= 0 && total() > WEIGHT_LIMIT; t--) {
    const c = criteria[t] as Criterion;
    if (c.capped !== true) continue;
    caps[t] = 0;
    caps[t] = Math.min(maxCost[t] as number, Math.max(0, Math.floor((WEIGHT_LIMIT / total() - 1) / Math.max(1, c.edges))));
  }
  const units = new Array<number>(n);
  let unit = 1;
  for (let t = n - 1; t >= 0; t--) {
    units[t] = unit;
    unit *= range(t) + 1;
  }
  const weights = new Array<number>(edgeCount).fill(unit);
  for (let t = 0; t < n; t++) {
    const costs = (criteria[t] as Criterion).costs;
    const u = units[t] as number;
    const cap = caps[t] as number;
    for (let e = 0; e < edgeCount; e++) weights[e] = (weights[e] as number) - u * Math.min(costs[e] as number, cap);
  }
  return weights;
}

/**
 * Pairs `members` (indices in rank order, all from one bracket, at bracket positions `bpos`) with one
 * matching call over every non-rematch pair, less the pairs of two players with the same absolute side
 * preference when `strictSides` (they float instead). Among the pairings that leave the fewest unpaired,
 * the weights decide, in this order (`lexicographicWeights`): the fewest absolute side conflicts (when they
 * are allowed); the lowest-ranked left unpaired (they float down: the floater of an odd score group is its
 * lowest-ranked player who can float); the floaters from above paired with the highest-ranked residents (a
 * floater paired with another floater counts as meeting below the last resident); the fewest strong side
 * conflicts, then the fewest pairs without both sides wanted (`sideConflict`); the Dutch pairing (`dutchDistance`).
 * Who is left unpaired is weighed on edges to `u` extra vertices, one per member left unpaired, each joined
 * to every member (the lower-ranked, the heavier): first with u = 1 for an odd block (none for an even one),
 * again with the u found when more members stay unpaired (a rematch or side constraint in the way). A weight
 * on every pair for the places of its two members would do the same in one call but slows the matching down.
 */
function solveBlock(
  members: readonly number[],
  bpos: ReadonlyMap<number, number>,
  shape: BracketShape,
  field: Field,
  strictSides: boolean,
): { pairs: [number, number][]; unpaired: number[] } {
  const k = members.length;
  const pairsAtMost = Math.floor(k / 2);
  // Members are in rank order, so the floaters from above come first.
  let floaters = 0;
  while (floaters < k && (bpos.get(members[floaters] as number) as number) < shape.floaters) floaters++;
  const residents = k - floaters;
  const edges: WeightedEdge[] = [];
  // Side conflict level and Dutch distance of each edge.
  const levels: number[] = [];
  const distance: number[] = [];
  // Whether every pair is allowed at no side cost, and each member's one partner at Dutch distance 0 (-1: none yet,
  // -2: several): then that Dutch pairing, when it pairs everyone, is the only matching of greatest weight (every
  // other one pairs a floater lower or uses a pair farther from the Dutch one), so it is taken without the matching
  // call (e.g. every block of a Swiss round 1).
  let free = true;
  const dutch = new Array<number>(k).fill(-1);
  for (let a = 0; a < k; a++) {
    const i = members[a] as number;
    const pi = bpos.get(i) as number;
    for (let b = a + 1; b < k; b++) {
      const j = members[b] as number;
      if (field.met(i, j) || (strictSides && absoluteConflict(field, i, j))) {
        free = false;
        continue;
      }
      const level = sideLevel(field, i, j);
      const pj = bpos.get(j) as number;
      const d = pi < pj ? dutchDistance(shape, pi, pj) : dutchDistance(shape, pj, pi);
      if (level !== 0) free = false;
      if (d === 0) {
        dutch[a] = dutch[a] === -1 ? b : -2;
        dutch[b] = dutch[b] === -1 ? a : -2;
      }
      edges.push([a, b, 0]);
      levels.push(level);
      distance.push(d);
    }
  }
  if (free && k % 2 === 0 && dutch.every((b) => b >= 0)) return collect(members, dutch);
  const pairCount = edges.length;
  const absolute = levels.map((level) => (level === 3 ? 1 : 0));
  const strong = levels.map((level) => (level >= 2 ? 1 : 0));
  const conflict = levels.map((level) => (level !== 0 ? 1 : 0));
  // A floater's opponent: its place among the residents (another floater: below them all).
  const opponent = edges.map(([a, b]) => (a >= floaters ? 0 : b >= floaters ? b - floaters : 2 * residents));
  const solve = (unpaired: number): number[] => {
    // Members left unpaired meet one of the `unpaired` extra vertices k, k + 1, ... (the higher-ranked, the costlier).
    const all = edges.slice(0, pairCount);
    const place = new Array<number>(pairCount).fill(0);
    const none = new Array<number>(unpaired * k).fill(0);
    for (let x = 0; x < unpaired; x++) {
      for (let a = 0; a < k; a++) {
        all.push([a, k + x, 0]);
        place.push(k - 1 - a);
      }
    }
    const weights = lexicographicWeights(
      [
        { costs: [...absolute, ...none], edges: pairsAtMost },
        { costs: place, edges: unpaired },
        { costs: [...opponent, ...none], edges: floaters },
        { costs: [...strong, ...none], edges: pairsAtMost, capped: true },
        { costs: [...conflict, ...none], edges: pairsAtMost, capped: true },
        { costs: [...distance, ...none], edges: pairsAtMost, capped: true },
      ],
      all.length,
    );
    all.forEach((edge, e) => {
      edge[2] = weights[e] as number;
    });
    return maxWeightMatching(k + unpaired, all).slice(0, k);
  };
  let mate = solve(k % 2);
  const left = mate.filter((b) => b === -1 || b >= k).length;
  if (mate.some((b) => b === -1)) mate = solve(left);
  return collect(members, mate.map((b) => (b >= k ? -1 : b)));
}

/** Pairs and unpaired members from `mate` (block positions; -1 = unpaired). */
function collect(members: readonly number[], mate: readonly number[]): { pairs: [number, number][]; unpaired: number[] } {
  const pairs: [number, number][] = [];
  const unpaired: number[] = [];
  for (let a = 0; a < members.length; a++) {
    const b = mate[a] as number;
    if (b === -1) unpaired.push(members[a] as number);
    else if (a < b) pairs.push([members[a] as number, members[b] as number]);
  }
  return { pairs, unpaired };
}

/**
 * Pairs one bracket (`floaters` floaters from above first, then a score group, in rank order) without
 * rematches: brackets up to BLOCK players in one matching; larger ones in blocks (the floaters and the
 * top residents they meet go with the first) that each take a slice of the residents' top half and the
 * matching slice of their bottom half (where the Dutch pairs lie), then the few left over together.
 * With `field.absoluteSides`, two players with the same absolute side preference do not meet in a
 * bracket solved in one matching nor in the blocks; the left-over matching allows it (as few such pairs as
 * it can, before anything else), so that a large bracket does not float a crowd. Returns the pairs and the
 * players left unpaired (who float down).
 */
export function pairBracket(bracket: readonly number[], floaters: number, field: Field): { pairs: [number, number][]; unpaired: number[] } {
  const m = bracket.length;
  const shape = bracketShape(m, floaters);
  const bpos = new Map<number, number>();
  bracket.forEach((i, p) => bpos.set(i, p));
  if (m <= BLOCK) return solveBlock(bracket, bpos, shape, field, field.absoluteSides);
  const headSize = Math.min(m, 2 * floaters);
  const head = bracket.slice(0, headSize);
  const rest = bracket.slice(headSize);
  const half = Math.floor(rest.length / 2);
  const slice = BLOCK / 2;
  const blocks = Math.max(1, Math.ceil(half / slice));
  const pairs: [number, number][] = [];
  let leftovers: number[] = [];
  for (let b = 0; b < blocks; b++) {
    const last = b === blocks - 1;
    const top = rest.slice(b * slice, last ? half : (b + 1) * slice);
    const bottom = rest.slice(half + b * slice, last ? rest.length : half + (b + 1) * slice);
    const solved = solveBlock(b === 0 ? [...head, ...top, ...bottom] : [...top, ...bottom], bpos, shape, field, field.absoluteSides);
    pairs.push(...solved.pairs);
    leftovers.push(...solved.unpaired);
  }
  if (leftovers.length > 1) {
    leftovers.sort((a, b) => a - b);
    const solved = solveBlock(leftovers, bpos, shape, field, false);
    pairs.push(...solved.pairs);
    leftovers = solved.unpaired;
  }
  return { pairs, unpaired: leftovers };
}
