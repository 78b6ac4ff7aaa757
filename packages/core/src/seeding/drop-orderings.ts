/**
 * Orderings of the losers dropping from a winners-bracket round into the losers bracket of a
 * double-elimination stage. Each takes the losers in winners-bracket position order and returns the order
 * in which they meet the losers-bracket matches (position 1 first).
 */
export type DropOrderingName = 'natural' | 'reverse' | 'half_shift' | 'reverse_half_shift' | 'pair_flip';

/** The drop orderings by name (same definitions as brackets-manager). */
export const dropOrderings: Record<DropOrderingName, <T>(items: readonly T[]) => T[]> = {
  natural: (items) => [...items],
  reverse: (items) => [...items].reverse(),
  half_shift: (items) => [...items.slice(items.length / 2), ...items.slice(0, items.length / 2)],
  reverse_half_shift: (items) => [...items.slice(0, items.length / 2).reverse(), ...items.slice(items.length / 2).reverse()],
  pair_flip: (items) => {
    const out: (typeof items)[number][] = [];
    for (let i = 0; i + 1 < items.length; i += 2) out.push(items[i + 1] as (typeof items)[number], items[i] as (typeof items)[number]);
    if (items.length % 2 === 1) out.push(items[items.length - 1] as (typeof items)[number]);
    return out;
  },
};

/**
 * Drop orderings per bracket size up to 128, as brackets-manager uses them (after the tl.net article on
 * superior double-elimination losers-bracket seeding): index 0 orders the winners round-1 losers, index
 * i >= 1 the losers of winners round i + 1. They alternate so that a dropped loser does not meet someone
 * from its own part of the bracket early.
 */
const TABLE: Record<number, readonly DropOrderingName[]> = {
  4: ['natural', 'reverse'],
  8: ['natural', 'reverse', 'natural'],
  16: ['natural', 'reverse_half_shift', 'reverse', 'natural'],
  32: ['natural', 'reverse', 'half_shift', 'natural', 'natural'],
  64: ['natural', 'reverse', 'half_shift', 'reverse', 'natural', 'natural'],
  128: ['natural', 'reverse', 'half_shift', 'pair_flip', 'pair_flip', 'pair_flip', 'natural'],
};

/**
 * The drop ordering for the losers of winners-bracket round `wbRound` (1-based) in a bracket of `size`
 * slots (a power of two). Sizes up to 128 use the brackets-manager table; larger sizes alternate
 * reverse / half_shift from winners round 2 on (round 1: natural; the final's single loser: natural), which
 * keeps every dropped loser away from the half of the losers bracket fed by its own winners-bracket half.
 */
export function dropOrdering(size: number, wbRound: number): DropOrderingName {
  const table = TABLE[size];
  if (table !== undefined) return table[wbRound - 1] ?? 'natural';
  const rounds = 31 - Math.clz32(size);
  if (wbRound <= 1 || wbRound >= rounds) return 'natural';
  return wbRound % 2 === 0 ? 'reverse' : 'half_shift';
}
