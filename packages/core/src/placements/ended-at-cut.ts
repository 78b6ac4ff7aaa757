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
