import { maxWeightMatching, type WeightedEdge } from './max-weight-matching';
import type { Field, SwissPlayer } from './swiss-field';
import { sideConflict, type SidePreference } from './swiss-sides';

/**
 * One matching over `members` (indices in rank order), plus a bye vertex when `withBye`. Costs, from
 * heaviest: a rematch or repeated bye (only when `allowRematch`), the bye given above the lowest eligible
 * member, a pair across score groups (R27.12: a few cross-group pairs over many), the squared score-group distance, a side conflict (`sideConflict` level), the distance from the
 * Dutch pairing; with `strictSides` two players of the same absolute side preference are not paired.
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
  // strong or absolute one), both below one unit of score-group distance; one place of the bye above
  // any pair's score-group distance; rematches above everything summed.
  const step = 4 * (k + 1);
  const cross = step * (spread * spread + 1) * 4;
  const groupCost = cross + step * spread * spread;
  const byeStep = groupCost + 1;
  const rematch = (k + 2) * (byeStep * (k + 1) + groupCost);
  const big = rematch + byeStep * (k + 1) + groupCost + 1;
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
      edges.push([a, b, big - (repeat ? rematch : 0) - (gd > 0 ? cross : 0) - step * gd * gd - level * (k + 1) - dev]);
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
