/** Closed list of domain error codes; the HTTP layer maps each to a status (core never does). */
export const DOMAIN_ERROR_CODES = [
  'INVALID_TRANSITION',
  'MATCH_NOT_READY',
  'MATCH_ALREADY_COMPLETED',
  'NOT_MATCH_PARTICIPANT',
  'FORBIDDEN',
  'VALIDATION_ERROR',
  'NOT_ENOUGH_PARTICIPANTS',
  'UNSUPPORTED_FORMAT',
  'INVALID_STATE',
] as const;

/** A stable, machine-readable domain error code. */
export type DomainErrorCode = (typeof DOMAIN_ERROR_CODES)[number];

/** One field-level problem: `path` names the offending field (e.g. `scores[1].participantId`). */
export interface DomainErrorDetail {
  path: string;
  message: string;
}

/** Error raised by the pure domain: carries a stable `code` and optional field `details`, never an HTTP status. */
export class DomainError extends Error {
  readonly code: DomainErrorCode;
  readonly details?: DomainErrorDetail[];

  constructor(code: DomainErrorCode, message: string, details?: DomainErrorDetail[]) {
    super(message);
    this.name = 'DomainError';
    this.code = code;
    if (details !== undefined && details.length > 0) this.details = details;
  }
}

/** True when `value` is a DomainError (optionally with the given code). */
export function isDomainError(value: unknown, code?: DomainErrorCode): value is DomainError {
  return value instanceof DomainError && (code === undefined || value.code === code);
}

/** Throws VALIDATION_ERROR listing `details` when there is at least one; the message names the first field. */
export function throwIfInvalid(details: DomainErrorDetail[], what: string): void {
  const first = details[0];
  if (first === undefined) return;
  const more = details.length > 1 ? ` (and ${details.length - 1} more)` : '';
  throw new DomainError('VALIDATION_ERROR', `Invalid ${what}: ${first.path} ${first.message}${more}`, details);
}
