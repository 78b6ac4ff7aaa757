import { DomainError } from '../errors/domain-error';

/** Largest bracket size supported by `bracketSize` (2^30). */
export const MAX_BRACKET_SIZE = 2 ** 30;

/**
 * Next power of two >= `n` (the number of slots of an elimination bracket for `n` entrants):
 * bracketSize(1) = 1, bracketSize(5) = 8, bracketSize(8) = 8.
 * @throws DomainError VALIDATION_ERROR (path `n`) unless 1 <= n <= 2^30 is an integer.
 */
export function bracketSize(n: number): number {
  if (!Number.isInteger(n) || n < 1 || n > MAX_BRACKET_SIZE) {
    throw new DomainError('VALIDATION_ERROR', `n must be an integer from 1 to ${MAX_BRACKET_SIZE}`, [
      { path: 'n', message: `must be an integer from 1 to ${MAX_BRACKET_SIZE}` },
    ]);
  }
  return n === 1 ? 1 : 2 ** (32 - Math.clz32(n - 1));
}

/** True when `n` is a positive integer power of two (1, 2, 4, ...). */
export function isPowerOfTwo(n: number): boolean {
  return Number.isInteger(n) && n >= 1 && n <= MAX_BRACKET_SIZE && (n & (n - 1)) === 0;
}
