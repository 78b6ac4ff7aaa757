import { placementRange } from './placement-range';
import type { Placement } from './types';

/**
 * The placements of a tournament that ends with a stage that stopped at its qualifiers (R7.20, R7.15): its unbeaten
 * share the top range (1..A), and a disqualified or withdrawn participant among them (`excluded`, which never
 * qualifies) must not share first place with those still in. The unbeaten still in share 1..k, the excluded ones
 * k+1..A after them; every other placement is kept. When all or none of the unbeaten are excluded nothing changes.
 * Pure; `placements` is not modified. Sorted by placement, the order within a placement kept.
 */
export function excludedAfterUnbeaten(placements: readonly Placement[], excluded: ReadonlySet<string>): Placement[] {
  const top = placements.filter((p) => p.placement === 1);
  const kept = top.filter((p) => !excluded.has(p.participantId));
  if (kept.length === 0 || kept.length === top.length) return [...placements];
  const size = top.length;
  const moved = new Map<string, Placement>();
  for (const p of kept) moved.set(p.participantId, { participantId: p.participantId, placement: 1, placementRange: placementRange(1, kept.length) });
  for (const p of top) {
    if (moved.has(p.participantId)) continue;
    moved.set(p.participantId, { participantId: p.participantId, placement: kept.length + 1, placementRange: placementRange(kept.length + 1, size) });
  }
  return placements.map((p) => moved.get(p.participantId) ?? p).sort((a, b) => a.placement - b.placement);
}
