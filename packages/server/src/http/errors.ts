import { DomainError, type DomainErrorCode } from '@tourney/core';
import { AppError, type ErrorCode, type ErrorDetail } from '../errors/app-error';
import { ForeignKeyViolationError } from '../db/foreign-key-violation';
import { isDatabaseUnavailable } from '../db/connection-error';

export type { ErrorCode, ErrorDetail } from '../errors/app-error';

/** HTTP status of every error code the API can answer with: exactly the contract's `ErrorCode` list. */
export const errorStatus = {
  VALIDATION_ERROR: 400,
  INVALID_JSON: 400,
  UNAUTHORIZED: 401,
  INVALID_CREDENTIALS: 401,
  TOKEN_EXPIRED: 401,
  FORBIDDEN: 403,
  INSUFFICIENT_SCOPE: 403,
  API_KEY_NOT_ALLOWED: 403,
  NOT_MATCH_PARTICIPANT: 403,
  PLAN_REQUIRED: 403,
  NOT_FOUND: 404,
  METHOD_NOT_ALLOWED: 405,
  CONFLICT: 409,
  INVALID_STATE: 409,
  TOURNAMENT_LOCKED: 409,
  ALREADY_REGISTERED: 409,
  TOURNAMENT_FULL: 409,
  REGISTRATION_CLOSED: 409,
  NOT_ENOUGH_PARTICIPANTS: 409,
  MATCH_NOT_READY: 409,
  MATCH_ALREADY_COMPLETED: 409,
  INVALID_TRANSITION: 409,
  USERNAME_TAKEN: 409,
  EMAIL_TAKEN: 409,
  INVITATION_USED: 409,
  UPLOAD_URL_EXPIRED: 410,
  INVITATION_EXPIRED: 410,
  PAYLOAD_TOO_LARGE: 413,
  UNSUPPORTED_MEDIA_TYPE: 415,
  IDEMPOTENCY_KEY_REUSED: 422,
  RATE_LIMITED: 429,
  INTERNAL_ERROR: 500,
  NOT_IMPLEMENTED: 501,
  SERVICE_UNAVAILABLE: 503,
} as const satisfies Record<ErrorCode, number>;

/** The API code of every domain error code of core: a new domain code fails compilation here until it is mapped. */
export const domainErrorCode = {
  INVALID_TRANSITION: 'INVALID_TRANSITION',
  MATCH_NOT_READY: 'MATCH_NOT_READY',
  MATCH_ALREADY_COMPLETED: 'MATCH_ALREADY_COMPLETED',
  NOT_MATCH_PARTICIPANT: 'NOT_MATCH_PARTICIPANT',
  FORBIDDEN: 'FORBIDDEN',
  VALIDATION_ERROR: 'VALIDATION_ERROR',
  NOT_ENOUGH_PARTICIPANTS: 'NOT_ENOUGH_PARTICIPANTS',
  UNSUPPORTED_FORMAT: 'VALIDATION_ERROR',
  INVALID_STATE: 'INVALID_STATE',
} as const satisfies Record<DomainErrorCode, ErrorCode>;

/**
 * An error as the HTTP layer answers it: an application error with the status of its code and optional response
 * headers (Allow on 405, Retry-After on 429). Only the HTTP layer raises it directly; services raise AppError.
 */
export class ApiError extends AppError {
  readonly status: number;
  /** Extra response headers (e.g. Retry-After on 429). */
  readonly headers: Record<string, string> | undefined;

  constructor(code: ErrorCode, message: string, options: { details?: ErrorDetail[]; headers?: Record<string, string>; cause?: unknown } = {}) {
    super(code, message, options);
    this.name = 'ApiError';
    this.status = errorStatus[code];
    this.headers = options.headers;
  }
}

/** Seconds a client is told to wait (Retry-After) before retrying a request refused while the database is unreachable. */
export const DATABASE_RETRY_AFTER_SECONDS = 2;

/**
 * The answer while the database cannot be reached (R18.18): 503 SERVICE_UNAVAILABLE with Retry-After
 * ({@link DATABASE_RETRY_AFTER_SECONDS}) and a message that says nothing of the cause (logged, never sent).
 */
export function databaseUnavailable(cause: unknown): ApiError {
  return new ApiError('SERVICE_UNAVAILABLE', 'the database cannot be reached right now; retry shortly', {
    headers: { 'Retry-After': String(DATABASE_RETRY_AFTER_SECONDS) },
    cause,
  });
}

/**
 * Converts anything thrown into an ApiError: ApiError as is, an application error and core's DomainError by their
 * codes, an error saying that the database cannot be reached (db/connection-error.ts: isDatabaseUnavailable) into 503
 * SERVICE_UNAVAILABLE with Retry-After (R18.18), anything else into a generic INTERNAL_ERROR whose message says
 * nothing of the cause (the cause is logged, never sent).
 */
export function toApiError(error: unknown): ApiError {
  if (error instanceof ApiError) return error;
  if (error instanceof AppError) return new ApiError(error.code, error.message, { details: error.details, cause: error });
  if (error instanceof DomainError) {
    return new ApiError(domainErrorCode[error.code], error.message, { details: error.details, cause: error });
  }
  if (error instanceof ForeignKeyViolationError) {
    // A row the request named was deleted by another request after this one checked it (R18.12): sent again, the
    // request is refused for the missing row by name.
    return new ApiError('CONFLICT', 'something this request names was deleted while it ran; send it again', { cause: error });
  }
  if (isDatabaseUnavailable(error)) return databaseUnavailable(error);
  return new ApiError('INTERNAL_ERROR', 'internal server error', { cause: error });
}
