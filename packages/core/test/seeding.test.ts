import { describe, expect, it } from 'vitest';
import { bracketSize, innerOuterOrder, isPowerOfTwo, naturalOrder, reverseOrder, seedOrderings } from '../src/index';
import { catchDomainError } from './helpers/domain-error';

describe('inner_outer seed ordering', () => {
  it.each([
    [1, [1]],
    [2, [1, 2]],
    [4, [1, 4, 2, 3]],
    [8, [1, 8, 4, 5, 2, 7, 3, 6]],
    [16, [1, 16, 8, 9, 4, 13, 5, 12, 2, 15, 7, 10, 3, 14, 6, 11]],
  ])('orders %i slots in standard bracket order', (size, expected) => {
    expect(innerOuterOrder(size)).toEqual(expected);
    expect(seedOrderings.inner_outer(size)).toEqual(expected);
  });

  it.each([32, 64, 1024])('for %i slots pairs seeds summing to size + 1 and keeps top seeds apart', (size) => {
    const order = innerOuterOrder(size);
    expect([...order].sort((a, b) => a - b)).toEqual(naturalOrder(size));
    for (let i = 0; i < size; i += 2) expect((order[i] as number) + (order[i + 1] as number)).toBe(size + 1);
    // Seeds 1 and 2 are in opposite halves, seeds 1-4 in different quarters.
    const quarter = (seed: number) => Math.floor(order.indexOf(seed) / (size / 4));
    expect(new Set([1, 2, 3, 4].map(quarter)).size).toBe(4);
  });

  it('refuses a size that is not a power of two', () => {
    for (const size of [0, 3, 6, 12, -4, 2.5]) {
      const error = catchDomainError(() => innerOuterOrder(size));
      expect(error.code).toBe('VALIDATION_ERROR');
      expect(error.details).toEqual([{ path: 'size', message: expect.any(String) }]);
    }
  });
});

describe('natural and reverse orderings', () => {
  it.each([2, 4, 8, 16])('orders %i slots', (size) => {
    const natural = Array.from({ length: size }, (_, i) => i + 1);
    expect(naturalOrder(size)).toEqual(natural);
    expect(seedOrderings.natural(size)).toEqual(natural);
    expect(reverseOrder(size)).toEqual([...natural].reverse());
    expect(seedOrderings.reverse(size)).toEqual([...natural].reverse());
  });

  it('accepts any non-negative size but refuses negative ones', () => {
    expect(naturalOrder(5)).toEqual([1, 2, 3, 4, 5]);
    expect(reverseOrder(0)).toEqual([]);
    expect(catchDomainError(() => naturalOrder(-1)).code).toBe('VALIDATION_ERROR');
  });
});

describe('bracketSize', () => {
  it.each([
    [1, 1],
    [2, 2],
    [3, 4],
    [4, 4],
    [5, 8],
    [8, 8],
    [9, 16],
    [13, 16],
    [4096, 4096],
    [4097, 8192],
    [65536, 65536],
  ])('bracketSize(%i) = %i', (n, size) => {
    expect(bracketSize(n)).toBe(size);
    expect(isPowerOfTwo(size)).toBe(true);
  });

  it('refuses non-positive and fractional counts', () => {
    for (const n of [0, -1, 1.5, Number.NaN, 2 ** 31]) {
      expect(catchDomainError(() => bracketSize(n)).details?.[0]?.path).toBe('n');
    }
  });
});
