import type { components } from '../generated/contract';

/** A stable, machine-readable error code: the contract's closed `ErrorCode` list. */
export type ErrorCode = components['schemas']['ErrorCode'];

/** One field-level failure: `path` names the field (e.g. `body.stages[0].format`, `query.limit`). */
export interface ErrorDetail {
  path: string;
  message: string;
}

/**
 * An application error raised by services and the database layer: a contract error code, a message meant for the
 * caller and optional field details. It knows nothing of HTTP: the HTTP layer alone maps codes to statuses
 * (http/errors.ts `errorStatus`) and renders the error envelope.
 */
export class AppError extends Error {
  readonly code: ErrorCode;
  readonly details: ErrorDetail[] | undefined;

  constructor(code: ErrorCode, message: string, options: { details?: ErrorDetail[]; cause?: unknown } = {}) {
    super(message, { cause: options.cause });
    this.name = 'AppError';
    this.code = code;
    this.details = options.details;
  }
}

/** NOT_FOUND for an unknown id or a resource of another tenant (never FORBIDDEN for another tenant's resource). */
export const notFound = (what: string): AppError => new AppError('NOT_FOUND', `${what} not found`);

/** VALIDATION_ERROR naming one field. */
export const invalidField = (path: string, message: string): AppError =>
  new AppError('VALIDATION_ERROR', `${path}: ${message}`, { details: [{ path, message }] });

/** True when `error` is an AppError (optionally with the given code). */
export function isAppError(error: unknown, code?: ErrorCode): error is AppError {
  return error instanceof AppError && (code === undefined || error.code === code);
}
