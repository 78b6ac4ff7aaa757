import { maxWeightMatching, type WeightedEdge } from './max-weight-matching';
import type { Field, SwissPlayer } from './swiss-field';
import { sideConflict, type SidePreference } from './swiss-sides';

/** Largest weight `matchSubset` gives an edge with the float ranks counted (beyond it they are left out). */
const RANKED_WEIGHT_LIMIT = 2 ** 50;

/**
 * One matching over `members` (indices in rank order), plus a bye vertex when `withBye`. Costs, from
 * heaviest: a rematch or repeated bye (only when `allowRematch`), the bye given above the lowest eligible
 * member, a pair across score groups (R27.12: a few cross-group pairs over many), the squared score-group
 * distance, the float ranks of a cross-group pair (the member floating down as few places above the last member
 * of its group as possible, then its opponent as few below the first of its own: the lowest-ranked float and meet
 * the highest-ranked of the group below; counted while the weights stay exact, up to a few hundred members),
 * a side conflict (`sideConflict` level), the distance from the Dutch pairing; with `strictSides` two players
 * of the same absolute side preference are not paired. Each cost outweighs every lighter one within a pair.
 * Returns null when the matching leaves someone unpaired.
 */
export function matchSubset(
  field: Field,
  members: readonly number[],
  withBye: boolean,
  allowRematch: boolean,
  strictSides = false,
): { pairs: [number, number][]; bye: number } | null {
  const k = members.length;
  const first = field.group[members[0] as number] as number;
  const spread = (field.group[members[k - 1] as number] as number) - first + 1;
  // Per pair: the Dutch deviation (at most k) below a side conflict (1 to 3 units of k + 1 for a mild,
  // strong or absolute one), both below one unit (`low`) of the float ranks (at most k places of the
  // floater, each above k places of its opponent), all below one unit of score-group distance; one place of
  // the bye above any pair's score-group distance; rematches above everything summed.
  const low = 4 * (k + 1);
  const weights = (step: number) => {
    const cross = step * (spread * spread + 1) * 4;
    const groupCost = cross + step * spread * spread;
    const byeStep = groupCost + 1;
    const rematch = (k + 2) * (byeStep * (k + 1) + groupCost);
    return { step, cross, byeStep, rematch, big: rematch + byeStep * (k + 1) + groupCost + 1 };
  };
  const ranked = weights(low * k * k);
  const ranks = ranked.big <= RANKED_WEIGHT_LIMIT;
  const { step, cross, byeStep, rematch, big } = ranks ? ranked : weights(low);
  // Members of the same score group ranked above / below each member (members are in rank order).
  const above = new Array<number>(k).fill(0);
  const below = new Array<number>(k).fill(0);
  for (let a = 1; a < k; a++) {
    if (field.group[members[a] as number] === field.group[members[a - 1] as number]) above[a] = (above[a - 1] as number) + 1;
  }
  for (let a = k - 2; a >= 0; a--) {
    if (field.group[members[a] as number] === field.group[members[a + 1] as number]) below[a] = (below[a + 1] as number) + 1;
  }
  const edges: WeightedEdge[] = [];
  for (let a = 0; a < k; a++) {
    const i = members[a] as number;
    const gi = field.group[i] as number;
    const half = Math.floor((field.groupSize[gi] as number) / 2);
    for (let b = a + 1; b < k; b++) {
      const j = members[b] as number;
      const repeat = field.met(i, j);
      if (repeat && !allowRematch) continue;
      const level = sideConflict(field.preference[i] as SidePreference, field.preference[j] as SidePreference);
      if (strictSides && level === 3) continue;
      const gd = (field.group[j] as number) - gi;
      const dev = gd === 0 ? Math.abs((field.pos[j] as number) - (field.pos[i] as number) - half) : 0;
      // i (the better-ranked) floats down to j: i's place from the bottom of its group, then j's from the top.
      const floatRank = ranks && gd > 0 ? low * ((below[a] as number) * k + (above[b] as number)) : 0;
      edges.push([a, b, big - (repeat ? rematch : 0) - (gd > 0 ? cross : 0) - step * gd * gd - floatRank - level * (k + 1) - dev]);
    }
  }
  if (withBye) {
    const anyEligible = field.players.some((p) => !p.hadBye);
    for (let a = 0; a < k; a++) {
      const repeat = anyEligible && (field.players[members[a] as number] as SwissPlayer).hadBye;
      if (repeat && !allowRematch) continue;
      edges.push([a, k, big - (repeat ? rematch : 0) - byeStep * (k - 1 - a)]);
    }
  }
  const mate = maxWeightMatching(withBye ? k + 1 : k, edges);
  const pairs: [number, number][] = [];
  let bye = -1;
  for (let a = 0; a < k; a++) {
    const b = mate[a] as number;
    if (b === -1) return null;
    if (b === k) bye = members[a] as number;
    else if (a < b) pairs.push([members[a] as number, members[b] as number]);
  }
  return { pairs, bye };
}
