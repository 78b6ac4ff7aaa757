import type { ErrorCode } from './models';
import { parseRetryAfterSeconds } from './rate-limit-headers';
import { snapshotRequest, type RequestSnapshot } from './request-snapshot';

/**
 * Codes the SDK produces itself: `NETWORK_ERROR` (no HTTP response: DNS, refused connection, reset, abort;
 * status 0), `INVALID_RESPONSE` (an HTTP response whose body is not the API's JSON envelope) and `REDIRECT` (a 3xx
 * answer, which the SDK never follows, R19.9; status the 3xx, 0 in browsers).
 */
export type ClientErrorCode = 'NETWORK_ERROR' | 'INVALID_RESPONSE' | 'REDIRECT';

/** `code` of a {@link TourneyError}: an API code (schema `ErrorCode`), a client code, or a code unknown to this SDK version. */
export type TourneyErrorCode = ErrorCode | ClientErrorCode | (string & {});

/** One offending input value of a validation failure, e.g. `{ path: 'body.stages[0].name', message: '...' }`. */
export interface TourneyErrorDetail {
  path: string;
  message: string;
}

/** Plain copy of the HTTP response an error came from (no live `Response` object, so errors serialize cleanly). */
export interface ResponseSnapshot {
  status: number;
  statusText: string;
  /** Response headers, names lower-cased. */
  headers: Record<string, string>;
  /** Parsed JSON body, the raw text when it is not JSON, or undefined when empty. */
  body: unknown;
}

/** Everything needed to build a {@link TourneyError}. */
export interface TourneyErrorInit {
  status: number;
  code: TourneyErrorCode;
  message: string;
  details?: TourneyErrorDetail[];
  requestId?: string | undefined;
  retryAfter?: number | undefined;
  request: RequestSnapshot;
  response?: ResponseSnapshot | undefined;
  cause?: unknown;
}

/**
 * Error thrown by every throwing method of the client (`GET`, `POST`, ..., `paginate`) for an HTTP error status or a
 * failed request (octokit/stripe style). Credentials in `request.headers` are redacted.
 */
export class TourneyError extends Error {
  override readonly name = 'TourneyError';
  /** HTTP status; 0 when no response was received (network failure, aborted request). */
  readonly status: number;
  /** The API's stable error code (e.g. `NOT_FOUND`, `TOURNAMENT_FULL`), or `NETWORK_ERROR` / `INVALID_RESPONSE` / `REDIRECT`. */
  readonly code: TourneyErrorCode;
  /** Field-level problems (validation errors); empty when the API gave none. */
  readonly details: TourneyErrorDetail[];
  /** Request id from the error body, else from the `X-Request-Id` response header; quote it in bug reports. */
  readonly requestId: string | undefined;
  /** Seconds to wait before retrying, from the `Retry-After` header (429 and 503 responses), when present. */
  readonly retryAfter: number | undefined;
  /** The request that failed: method, full URL, headers with `X-API-Key` / `Authorization` shown as `[REDACTED]`. */
  readonly request: RequestSnapshot;
  /** The HTTP response as plain data; undefined for network failures. */
  readonly response: ResponseSnapshot | undefined;

  constructor(init: TourneyErrorInit) {
    super(init.message, init.cause === undefined ? undefined : { cause: init.cause });
    this.status = init.status;
    this.code = init.code;
    this.details = init.details ?? [];
    this.requestId = init.requestId;
    this.retryAfter = init.retryAfter;
    this.request = init.request;
    this.response = init.response;
  }

  /** Serializable view (for logs and `--json` output); omits the response body and the cause. */
  toJSON(): Record<string, unknown> {
    return {
      name: this.name,
      status: this.status,
      code: this.code,
      message: this.message,
      details: this.details,
      requestId: this.requestId,
      retryAfter: this.retryAfter,
      request: this.request,
    };
  }
}

/** True when `value` is a {@link TourneyError}, also one thrown by another copy of the SDK (ESM and CJS loaded together). */
export function isTourneyError(value: unknown): value is TourneyError {
  if (value instanceof TourneyError) return true;
  if (typeof value !== 'object' || value === null) return false;
  const candidate = value as Partial<TourneyError>;
  return (
    candidate.name === 'TourneyError' &&
    typeof candidate.status === 'number' &&
    typeof candidate.code === 'string' &&
    typeof candidate.message === 'string'
  );
}

/**
 * Builds the error for a non-2xx response. `body` is what openapi-fetch parsed (JSON object, text, or undefined).
 * Falls back to `INVALID_RESPONSE` when the body is not the API's error envelope (e.g. an HTML page from a proxy).
 */
export function errorFromResponse(request: Request, response: Response, body: unknown): TourneyError {
  const snapshot = snapshotResponse(response, body);
  const headerRequestId = response.headers.get('x-request-id') ?? undefined;
  const retryAfter = parseRetryAfterSeconds(response.headers.get('retry-after'), Date.now());
  const envelope = readErrorEnvelope(body);
  if (envelope === undefined) {
    const text = typeof body === 'string' && body.trim() !== '' ? `: ${truncate(body.trim(), 200)}` : '';
    return new TourneyError({
      status: response.status,
      code: 'INVALID_RESPONSE',
      message: `HTTP ${response.status}${response.statusText ? ` ${response.statusText}` : ''} without an API error body${text}`,
      requestId: headerRequestId,
      retryAfter,
      request: snapshotRequest(request),
      response: snapshot,
    });
  }
  return new TourneyError({
    status: response.status,
    code: envelope.code,
    message: envelope.message,
    details: envelope.details,
    requestId: envelope.requestId ?? headerRequestId,
    retryAfter,
    request: snapshotRequest(request),
    response: snapshot,
  });
}

/** Builds the error for a request that got no response (`cause` is what fetch threw); status 0, code NETWORK_ERROR. */
export function networkError(request: Request, cause: unknown): TourneyError {
  const aborted = request.signal?.aborted === true || (cause instanceof Error && cause.name === 'AbortError');
  const reason = describeCause(cause);
  return new TourneyError({
    status: 0,
    code: 'NETWORK_ERROR',
    message: aborted
      ? `Request aborted: ${request.method} ${request.url}`
      : `Network error: ${request.method} ${request.url} failed (${reason})`,
    request: snapshotRequest(request),
    cause,
  });
}

/** Builds the error for a 2xx response whose body could not be read as the expected JSON (`cause`: the parse error). */
export function invalidSuccessBody(request: Request, response: Response, cause: unknown): TourneyError {
  const reason = cause instanceof Error ? cause.message : String(cause);
  return new TourneyError({
    status: response.status,
    code: 'INVALID_RESPONSE',
    message: `HTTP ${response.status} response body is not valid JSON (${reason})`,
    requestId: response.headers.get('x-request-id') ?? undefined,
    request: snapshotRequest(request),
    response: snapshotResponse(response, undefined),
    cause,
  });
}

/** "fetch failed: connect ECONNREFUSED 127.0.0.1:3000": undici hides the real reason in `cause.cause`. */
function describeCause(cause: unknown): string {
  if (!(cause instanceof Error)) return String(cause);
  const inner = (cause as { cause?: unknown }).cause;
  if (inner instanceof Error && inner.message && inner.message !== cause.message) {
    return `${cause.message}: ${inner.message}`;
  }
  return cause.message;
}

interface ErrorEnvelope {
  code: string;
  message: string;
  details: TourneyErrorDetail[];
  requestId: string | undefined;
}

function readErrorEnvelope(body: unknown): ErrorEnvelope | undefined {
  if (typeof body !== 'object' || body === null) return undefined;
  const error = (body as { error?: unknown }).error;
  if (typeof error !== 'object' || error === null) return undefined;
  const { code, message, details, requestId } = error as Record<string, unknown>;
  if (typeof code !== 'string' || typeof message !== 'string') return undefined;
  return {
    code,
    message,
    details: Array.isArray(details) ? details.filter(isDetail) : [],
    requestId: typeof requestId === 'string' ? requestId : undefined,
  };
}

function isDetail(value: unknown): value is TourneyErrorDetail {
  if (typeof value !== 'object' || value === null) return false;
  const { path, message } = value as Record<string, unknown>;
  return typeof path === 'string' && typeof message === 'string';
}

/** Plain copy of `response` (status, status text, headers with lower-cased names) with `body` as given. */
export function snapshotResponse(response: Response, body: unknown): ResponseSnapshot {
  const headers: Record<string, string> = {};
  response.headers.forEach((value, name) => {
    headers[name] = value;
  });
  return { status: response.status, statusText: response.statusText, headers, body };
}

function truncate(text: string, max: number): string {
  return text.length <= max ? text : `${text.slice(0, max)}...`;
}
