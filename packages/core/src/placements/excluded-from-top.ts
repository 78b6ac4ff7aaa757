import { placementRange } from './placement-range';
import type { Placement } from './types';

/**
 * The placements of a tournament that ends with a stage that stopped at its `qualifiers` A qualifiers (R7.20, R7.21,
 * R7.15): those left in share the top places in tiers (a single elimination's unbeaten 1..A; a double elimination's
 * unbeaten 1..A/2 and those with one loss A/2+1..A), and a disqualified or withdrawn participant in a tier
 * (`excluded`, which never qualifies) must not share it with those still in. In each tier (a placement from 1 to A)
 * the participants still in share its first places, the excluded ones the rest after them; every other placement is
 * kept. A tier whose participants are all or none excluded does not change. Pure; `placements` is not modified.
 * Sorted by placement, the order within a placement kept.
 */
export function excludedAfterUnbeaten(placements: readonly Placement[], excluded: ReadonlySet<string>, qualifiers: number): Placement[] {
  const tiers = new Map<number, Placement[]>();
  for (const p of placements) {
    if (p.placement > qualifiers) continue;
    const tier = tiers.get(p.placement) ?? [];
    tier.push(p);
    tiers.set(p.placement, tier);
  }
  const moved = new Map<string, Placement>();
  for (const [first, tier] of tiers) {
    const kept = tier.filter((p) => !excluded.has(p.participantId));
    if (kept.length === 0 || kept.length === tier.length) continue;
    const last = first + tier.length - 1;
    const afterKept = first + kept.length;
    for (const p of kept) moved.set(p.participantId, { participantId: p.participantId, placement: first, placementRange: placementRange(first, afterKept - 1) });
    for (const p of tier) {
      if (moved.has(p.participantId)) continue;
      moved.set(p.participantId, { participantId: p.participantId, placement: afterKept, placementRange: placementRange(afterKept, last) });
    }
  }
  return placements.map((p) => moved.get(p.participantId) ?? p).sort((a, b) => a.placement - b.placement);
}
