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
