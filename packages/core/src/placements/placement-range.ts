import type { Placement } from './types';

/** "3" for a single place, "3-4" for a shared range. */
export function placementRange(low: number, high: number): string {
  return low === high ? String(low) : `${low}-${high}`;
}

/**
 * Turns an ordered list into placements where consecutive members of one tie class share a range:
 * `sameAsPrevious(i)` says whether item i is not separated from item i-1. Placements start at
 * `offset + 1`.
 */
export function rangesFromOrder(ids: readonly string[], sameAsPrevious: (i: number) => boolean, offset = 0): Placement[] {
  const out: Placement[] = [];
  let start = 0;
  for (let i = 1; i <= ids.length; i++) {
    if (i < ids.length && sameAsPrevious(i)) continue;
    const low = offset + start + 1;
    const high = offset + i;
    for (let k = start; k < i; k++) out.push({ participantId: ids[k] as string, placement: low, placementRange: placementRange(low, high) });
    start = i;
  }
  return out;
}
