import { DomainError } from '@tourney/core';

/** HTTP status of every error code the API can answer with: one closed list (contract: ErrorCode). */
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
} as const;

/** A stable, machine-readable error code. */
export type ErrorCode = keyof typeof errorStatus;

/** One validation failure: `path` names the field (e.g. `body.stages[0].format`, `query.limit`). */
export interface ErrorDetail {
  path: string;
  message: string;
}

/**
 * An error meant for the client: routes and services throw it, the error middleware renders
 * `{ success: false, error: { code, message, details?, requestId } }` with the code's status.
 */
export class ApiError extends Error {
  readonly code: ErrorCode;
  readonly status: number;
  readonly details: ErrorDetail[] | undefined;
  /** Extra response headers (e.g. Retry-After on 429). */
  readonly headers: Record<string, string> | undefined;

  constructor(code: ErrorCode, message: string, options: { details?: ErrorDetail[]; headers?: Record<string, string>; cause?: unknown } = {}) {
    super(message, { cause: options.cause });
    this.name = 'ApiError';
    this.code = code;
    this.status = errorStatus[code];
    this.details = options.details;
    this.headers = options.headers;
  }
}

/** 404 for an unknown id or a resource of another project (never 403 for another tenant's resource). */
export const notFound = (what: string): ApiError => new ApiError('NOT_FOUND', `${what} not found`);

/** 400 naming one field. */
export const invalidField = (path: string, message: string): ApiError =>
  new ApiError('VALIDATION_ERROR', `${path}: ${message}`, { details: [{ path, message }] });

/**
 * Converts anything thrown into an ApiError: ApiError as is, core DomainError by its code, anything else
 * into a generic INTERNAL_ERROR whose message says nothing of the cause (the cause is logged, never sent).
 */
export function toApiError(error: unknown): ApiError {
  if (error instanceof ApiError) return error;
  if (error instanceof DomainError) {
    const code = (error.code in errorStatus ? error.code : 'INVALID_STATE') as ErrorCode;
    return new ApiError(code, error.message, { details: error.details, cause: error });
  }
  return new ApiError('INTERNAL_ERROR', 'internal server error', { cause: error });
}
