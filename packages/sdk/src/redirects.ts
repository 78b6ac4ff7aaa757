import { snapshotResponse, TourneyError } from './errors';
import { snapshotRequest } from './request-snapshot';
import type { FetchFn } from './retry';

/** What a {@link redirectError} tells the caller to do about a redirect of the API (R19.9). */
export const API_REDIRECT_ADVICE = 'set baseUrl to the API root it points to';

/**
 * True when `response` is a redirect the fetch did not follow: a 3xx other than 304 Not Modified (Node, Deno, Bun),
 * or the opaque answer browsers give for `redirect: 'manual'` (status 0, type `opaqueredirect`).
 */
export function isRedirect(response: Response): boolean {
  if (response.type === 'opaqueredirect') return true;
  return response.status >= 300 && response.status < 400 && response.status !== 304;
}

/**
 * The error for a redirect answering `request` (R19.9): status the 3xx (0 in browsers), code `REDIRECT`, and a
 * message naming the `Location` resolved against the request URL, without any user or password in it, followed by
 * `advice` (default {@link API_REDIRECT_ADVICE}).
 */
export function redirectError(request: Request, response: Response, advice = API_REDIRECT_ADVICE): TourneyError {
  const target = describeLocation(request, response);
  return new TourneyError({
    status: response.status,
    code: 'REDIRECT',
    message:
      `${request.method} ${request.url} was answered ${response.status === 0 ? 'with' : `${response.status},`} a redirect to ${target}, ` +
      `which the SDK does not follow (it would send the credentials and body there): ${advice}`,
    requestId: response.headers.get('x-request-id') ?? undefined,
    request: snapshotRequest(request),
    response: snapshotResponse(response, undefined),
  });
}

/**
 * Wraps `fetch` so that it never follows a redirect (R19.9): every request goes with `redirect: 'manual'` (in the
 * Request itself and in `init`, for fetch functions that only read one of them), and a redirect answer rejects with
 * {@link redirectError} (its body discarded) instead of being followed. A redirect would otherwise send `X-API-Key`
 * (kept across origins by fetch, unlike `Authorization`) and, on 307/308, the body (refresh tokens, evidence bytes) to
 * the host the `Location` names. `request` itself is not consumed.
 */
export function rejectRedirects(fetch: FetchFn, advice = API_REDIRECT_ADVICE): FetchFn {
  return async (request, init) => {
    const manual = request.redirect === 'manual' ? request : new Request(request.clone(), { redirect: 'manual' });
    const response = await fetch(manual, { ...init, redirect: 'manual' });
    if (!isRedirect(response)) return response;
    response.body?.cancel().catch(() => {
      // The body of a redirect is not read; a failure to cancel it changes nothing.
    });
    throw redirectError(request, response, advice);
  };
}

/** The absolute `Location` of a redirect, without userinfo; or why there is none to name. */
function describeLocation(request: Request, response: Response): string {
  if (response.type === 'opaqueredirect') return 'a location the browser does not disclose';
  const location = response.headers.get('location');
  if (location === null || location.trim() === '') return 'no Location (the answer names none)';
  try {
    const url = new URL(location, request.url);
    url.username = '';
    url.password = '';
    return url.href;
  } catch {
    return 'an invalid Location';
  }
}
