import { placementRange } from './placement-range';
import type { Placement } from './types';

/**
 * `list` placed from `first` on, in its order, each run of entries that shared a placement sharing one range again.
 */
function placeInOrder(list: readonly Placement[], first: number): Placement[] {
  const out: Placement[] = [];
  let i = 0;
  while (i < list.length) {
    let end = i + 1;
    while (end < list.length && (list[end] as Placement).placement === (list[i] as Placement).placement) end++;
    const low = first + i;
    const range = placementRange(low, first + end - 1);
    for (let k = i; k < end; k++) out.push({ participantId: (list[k] as Placement).participantId, placement: low, placementRange: range });
    i = end;
  }
  return out;
}

/**
 * The placements of a tournament that ends with a complete stage that stopped at its `qualifiers` qualifiers (R7.20,
 * R7.21, R7.15): it ends there when too few are left to qualify, the others being disqualified or withdrawn
 * (`excluded`, who never qualify and are never champions, R7.12). The participants the qualification would take come
 * first: those still in, in the stage's order (placement, then seed), at most `qualifiers` of them. Every other
 * participant follows in the stage's order. Entries that shared a placement in the stage share one again (a double
 * elimination's unbeaten before those with one loss). `placements`: the stage's placements of every entrant, sorted by
 * placement, then seed. Pure; `placements` is not modified.
 */
export function placementsEndedAtCut(placements: readonly Placement[], excluded: ReadonlySet<string>, qualifiers: number): Placement[] {
  const taken = placements.filter((p) => !excluded.has(p.participantId)).slice(0, Math.max(0, qualifiers));
  const takenIds = new Set(taken.map((p) => p.participantId));
  const rest = placements.filter((p) => !takenIds.has(p.participantId));
  return [...placeInOrder(taken, 1), ...placeInOrder(rest, taken.length + 1)];
}

/**
 * The placements of a completed tournament with its champions among those still in (R7.12, R7.16): a disqualified or
 * withdrawn participant (`excluded`) is never a champion while someone is still in. When place 1 holds an excluded
 * participant, the participants still in of the first placement that has any (place 1's own, else the next best:
 * the winner of a final both finalists forfeited is no champion, its semi-finalists still in are) take place 1,
 * sharing it, and everyone else follows in the tournament's order, entries that shared a placement sharing one
 * again. Unchanged when place 1 holds no excluded participant or nobody is still in. `placements`: sorted by
 * placement. Pure; `placements` is not modified.
 */
export function championsStillIn(placements: readonly Placement[], excluded: ReadonlySet<string>): Placement[] {
  if (!placements.some((p) => p.placement === 1 && excluded.has(p.participantId))) return [...placements];
  const best = placements.find((p) => !excluded.has(p.participantId));
  if (best === undefined) return [...placements];
  const taken = placements.filter((p) => p.placement === best.placement && !excluded.has(p.participantId));
  const takenIds = new Set(taken.map((p) => p.participantId));
  return [...placeInOrder(taken, 1), ...placeInOrder(placements.filter((p) => !takenIds.has(p.participantId)), taken.length + 1)];
}

