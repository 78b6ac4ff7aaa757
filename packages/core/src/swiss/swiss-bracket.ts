import { maxWeightMatching, type WeightedEdge } from './max-weight-matching';
import { absoluteConflict, absoluteCost, type Field, sideCost } from './swiss-field';

// Pairing one bracket of a Swiss round (floaters from above, then a score group) by weighted matching in blocks
// around the Dutch pairs (R7.11).

/** Largest set of players given to one matching call in the score-group path (measured: 24 beats 32 and 48). */
export const BLOCK = 24;

/** Shape of a bracket: `m` players, the first `floaters` of them floaters from above. */
interface BracketShape {
  m: number;
  floaters: number;
  /** Half of the residents left once the floaters have met the top residents: the Dutch distance. */
  half: number;
}

function bracketShape(m: number, floaters: number): BracketShape {
  return { m, floaters, half: Math.max(1, Math.floor((m - 2 * floaters) / 2)) };
}

/** Distance of the pair at bracket positions pi < pj from the ideal: floater p meets resident `floaters + p`, residents meet `half` below. */
function dutchDistance(shape: BracketShape, pi: number, pj: number): number {
  return pi < shape.floaters ? Math.abs(pj - (shape.floaters + pi)) : Math.abs(pj - pi - shape.half);
}

/**
 * Pairs `members` (indices in rank order, all from one bracket, at bracket positions `bpos`) with one
 * matching call over every non-rematch pair, less the pairs of two players with the same absolute side
 * preference when `strictSides` (they float instead). Among the pairings that leave the fewest unpaired,
 * weight favours, in this order, pairs that give both their side (`sideCost`), the Dutch pairing
 * (`dutchDistance`) and, when someone must stay unpaired, leaving the lowest-ranked.
 */
function solveBlock(
  members: readonly number[],
  bpos: ReadonlyMap<number, number>,
  shape: BracketShape,
  field: Field,
  strictSides: boolean,
): { pairs: [number, number][]; unpaired: number[] } {
  const k = members.length;
  const m = shape.m;
  const base = 2 * m + 2;
  // One unit of side cost outweighs any difference in the Dutch terms of one pair (at most 4m).
  const unit = 4 * m + 4;
  const pairsAtMost = Math.floor(k / 2);
  const top = absoluteCost(unit, pairsAtMost) + base;
  const edges: WeightedEdge[] = [];
  // Whether every pair is allowed at no side cost, and each member's one partner at Dutch distance 0 (-1: none yet,
  // -2: several): then that Dutch pairing, when it pairs everyone, is the only matching of greatest weight (any
  // other leaves someone unpaired, which costs more than `top` can make up, or uses a pair farther from the Dutch
  // one), so it is taken without the matching call (e.g. every block of a Swiss round 1).
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
      const cost = sideCost(field, i, j, unit, pairsAtMost);
      const pj = bpos.get(j) as number;
      const d = pi < pj ? dutchDistance(shape, pi, pj) : dutchDistance(shape, pj, pi);
      if (cost !== 0) free = false;
      if (d === 0) {
        dutch[a] = dutch[a] === -1 ? b : -2;
        dutch[b] = dutch[b] === -1 ? a : -2;
      }
      edges.push([a, b, top - cost - 2 * d + (m - pi) + (m - pj)]);
    }
  }
  const mate = free && k % 2 === 0 && dutch.every((b) => b >= 0) ? dutch : maxWeightMatching(k, edges);
  const pairs: [number, number][] = [];
  const unpaired: number[] = [];
  for (let a = 0; a < k; a++) {
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
 * bracket solved in one matching nor in the blocks; the left-over matching allows it (weighted last), so
 * that a large bracket does not float a crowd. Returns the pairs and the players left unpaired (who float
 * down).
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
