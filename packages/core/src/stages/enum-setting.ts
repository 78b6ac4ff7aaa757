import { DomainError } from '../errors/domain-error';

/**
 * The error of a bad stage setting: VALIDATION_ERROR "settings.{field} {message}", one detail at path
 * `settings.{field}`.
 */
export function invalidSetting(field: string, message: string): DomainError {
  return new DomainError('VALIDATION_ERROR', `settings.${field} ${message}`, [{ path: `settings.${field}`, message }]);
}

/**
 * Checks that `value` (the value of `settings.{field}`) is one of `allowed` and returns it.
 * @throws DomainError VALIDATION_ERROR (path `settings.{field}`, "must be one of A, B, ...") for anything else,
 *   undefined and null included.
 */
export function oneOfSetting<T extends string>(field: string, value: unknown, allowed: readonly T[]): T {
  if (!(allowed as readonly unknown[]).includes(value)) throw invalidSetting(field, `must be one of ${allowed.join(', ')}`);
  return value as T;
}

/**
 * Reads a string setting with a closed set of values: `settings.{field}`, or `fallback` when it is absent
 * (undefined or null). The fallback is checked like a given value. Used by the readers of consolation,
 * seedOrdering, grandFinal, swissPairingOrder, byeTiebreakRule and seeding (R27.2, R27.5, R27.8, R27.9, R27.10).
 * @throws DomainError VALIDATION_ERROR (path `settings.{field}`, "must be one of A, B, ...") for a value not
 *   in `allowed`.
 */
export function enumSetting<K extends string, T extends string>(
  settings: Partial<Readonly<Record<K, unknown>>>,
  field: K,
  allowed: readonly T[],
  fallback: T,
): T {
  const value: unknown = settings[field] ?? fallback;
  return oneOfSetting(field, value, allowed);
}
