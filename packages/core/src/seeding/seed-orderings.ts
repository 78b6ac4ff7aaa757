import { DomainError } from '../errors/domain-error';
import { isPowerOfTwo, MAX_BRACKET_SIZE } from './bracket-size';

/**
 * A seed ordering: given a number of slots, returns the seed (1-based rank) placed in each slot,
 * slot by slot; consecutive slots (0,1), (2,3), ... meet in round 1.
 */
export type SeedOrdering = (size: number) => number[];

function assertSize(size: number, powerOfTwo: boolean): void {
  const ok = powerOfTwo ? isPowerOfTwo(size) : Number.isInteger(size) && size >= 0 && size <= MAX_BRACKET_SIZE;
  if (!ok) {
    const message = powerOfTwo ? 'must be a power of two (1, 2, 4, 8, ...)' : 'must be a non-negative integer';
    throw new DomainError('VALIDATION_ERROR', `size ${message}`, [{ path: 'size', message }]);
  }
}

/**
 * Standard bracket order (seed 1 meets seed N, and the top seeds meet as late as possible):
 * 8 slots -> [1, 8, 4, 5, 2, 7, 3, 6]. O(size), one array.
 * @throws DomainError VALIDATION_ERROR unless `size` is a power of two.
 */
export function innerOuterOrder(size: number): number[] {
  assertSize(size, true);
  const slots = new Array<number>(size);
  slots[0] = 1;
  // Each doubling replaces seed s by the pair (s, 2*len + 1 - s); walking backwards keeps it in place.
  for (let len = 1; len < size; len *= 2) {
    const sum = 2 * len + 1;
    for (let i = len - 1; i >= 0; i--) {
      const s = slots[i] as number;
      slots[2 * i + 1] = sum - s;
      slots[2 * i] = s;
    }
  }
  return slots;
}

/** Natural order: [1, 2, ..., size] (seed 1 meets seed 2). */
export function naturalOrder(size: number): number[] {
  assertSize(size, false);
  const slots = new Array<number>(size);
  for (let i = 0; i < size; i++) slots[i] = i + 1;
  return slots;
}

/** Reverse order: [size, ..., 2, 1]. */
export function reverseOrder(size: number): number[] {
  assertSize(size, false);
  const slots = new Array<number>(size);
  for (let i = 0; i < size; i++) slots[i] = size - i;
  return slots;
}

/** Seed orderings by name (brackets-manager style); `inner_outer` is the standard bracket order. */
export const seedOrderings = {
  inner_outer: innerOuterOrder,
  natural: naturalOrder,
  reverse: reverseOrder,
} as const satisfies Record<string, SeedOrdering>;

/** Name of a seed ordering in `seedOrderings`. */
export type SeedOrderingName = keyof typeof seedOrderings;

/** Seed orderings a bracket stage may be drawn in (contract `StageSettings.seedOrdering`, R27.5). */
export const BRACKET_SEED_ORDERINGS = ['inner_outer', 'natural', 'reverse'] as const;

/** Name of a bracket seed ordering (contract `StageSettings.seedOrdering`). */
export type BracketSeedOrdering = (typeof BRACKET_SEED_ORDERINGS)[number];

/**
 * The first round of an elimination bracket of `size` slots (a power of two >= n) for `n` entrants: the rank
 * (1-based seed position) in each slot, slot by slot, where a rank above `n` is a bye (R27.5). `inner_outer`
 * is the standard bracket (rank 1 meets rank `size`, byes face the top seeds). `natural` and `reverse` place the
 * entrants in seed order (1, 2, 3, ...) or its reverse (n, n-1, ...) slot by slot with balanced byes: consecutive
 * entrants meet while there are more entrants than byes left, then each remaining entrant faces one bye, so no
 * first-round match holds two byes (natural: the last seeds get the byes; reverse: the top seeds do).
 * O(size).
 * @throws DomainError VALIDATION_ERROR unless `size` is a power of two with size / 2 < n <= size (or n = size = 1).
 */
export function bracketSlots(ordering: BracketSeedOrdering, n: number, size: number): number[] {
  if (!isPowerOfTwo(size) || !Number.isInteger(n) || n > size || (size > 1 && n <= size / 2)) {
    throw new DomainError('VALIDATION_ERROR', 'entrants must fill more than half of the bracket', [{ path: 'size', message: 'must be the bracket size of the entrants' }]);
  }
  if (ordering === 'inner_outer') return innerOuterOrder(size);
  const list = ordering === 'natural' ? naturalOrder(n) : reverseOrder(n);
  const byes = size - n;
  const paired = n - byes; // entrants meeting each other in round 1 (an even number)
  const slots: number[] = list.slice(0, paired);
  for (let i = paired; i < n; i++) slots.push(list[i] as number, n + 1 + (i - paired));
  return slots;
}

/**
 * The ranks (1-based, ascending) that get a bye in round 1 of a bracket laid out as `order` (from `bracketSlots`:
 * seed ranks per slot, ranks above `n` being byes, always second in a pair): the rank paired with each bye.
 */
export function byeRanks(order: readonly number[], n: number): number[] {
  const ranks: number[] = [];
  for (let pos = 1; pos <= order.length / 2; pos++) {
    if ((order[2 * pos - 1] as number) > n) ranks.push(order[2 * pos - 2] as number);
  }
  return ranks.sort((a, b) => a - b);
}
