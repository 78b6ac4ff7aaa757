/** Plain, credential-free description of a request, kept on errors for logging and debugging. */
export interface RequestSnapshot {
  /** HTTP method, upper case. */
  method: string;
  /** Full URL including the query string. */
  url: string;
  /** Request headers, names lower-cased; credential values replaced by `[REDACTED]`. */
  headers: Record<string, string>;
}

/** Header names whose values never leave the client in errors or logs. */
const SECRET_HEADERS = new Set(['x-api-key', 'authorization', 'proxy-authorization', 'cookie']);

/** The placeholder shown instead of a credential. */
export const REDACTED = '[REDACTED]';

/** Copies method, URL and headers of `request`, redacting `X-API-Key`, `Authorization` and cookies. */
export function snapshotRequest(request: Request): RequestSnapshot {
  const headers: Record<string, string> = {};
  request.headers.forEach((value, name) => {
    headers[name] = SECRET_HEADERS.has(name.toLowerCase()) ? REDACTED : value;
  });
  return { method: request.method, url: request.url, headers };
}
