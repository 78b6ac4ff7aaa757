import { DomainError } from '../../src/index';

/** Runs `fn`, expecting a DomainError; returns it (fails the test when nothing or something else is thrown). */
export function catchDomainError(fn: () => unknown): DomainError {
  try {
    fn();
  } catch (error) {
    if (error instanceof DomainError) return error;
    throw new Error(`expected a DomainError, got ${String(error)}`);
  }
  throw new Error('expected a DomainError, nothing was thrown');
}
