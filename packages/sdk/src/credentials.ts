import type { Middleware } from 'openapi-fetch';
import { isTourneyError, networkError } from './errors';
import { SDK_VERSION } from './version';

/** Mutable credentials of one client; `null` means "do not send". */
export interface Credentials {
  /** Project API key, sent as `X-API-Key`. */
  apiKey: string | null;
  /** User access token, sent as `Authorization: Bearer <token>`. */
  accessToken: string | null;
}

/**
 * The `User-Agent` value: `tourney-sdk/<version>`, prefixed by the caller's own product token when given
 * (e.g. `tourney-cli/0.1.0 tourney-sdk/0.1.0`).
 */
export function userAgentValue(userAgent: string | undefined): string {
  return userAgent ? `${userAgent} tourney-sdk/${SDK_VERSION}` : `tourney-sdk/${SDK_VERSION}`;
}

/**
 * True in browsers (window or worker). There the SDK does not set `User-Agent`, which browsers control and which
 * would otherwise have to be listed in the server's CORS `Access-Control-Allow-Headers`.
 */
export function isBrowser(): boolean {
  const scope = globalThis as { document?: unknown; importScripts?: unknown };
  return scope.document !== undefined || typeof scope.importScripts === 'function';
}

/**
 * openapi-fetch middleware that adds the current credentials (read at send time, so `setAccessToken` applies to the
 * next request) and the User-Agent, without overriding headers the caller set on the request itself; and that turns
 * a failed fetch (no response) into a `TourneyError` with status 0 and code `NETWORK_ERROR` (a TourneyError the
 * fetch threw, such as `REDIRECT`, is passed on as it is).
 */
export function createClientMiddleware(credentials: Credentials, userAgent: string | undefined): Middleware {
  const agent = isBrowser() ? undefined : userAgentValue(userAgent);
  return {
    onRequest({ request }) {
      const { headers } = request;
      if (credentials.apiKey !== null && !headers.has('x-api-key')) headers.set('X-API-Key', credentials.apiKey);
      if (credentials.accessToken !== null && !headers.has('authorization')) {
        headers.set('Authorization', `Bearer ${credentials.accessToken}`);
      }
      if (agent !== undefined && !headers.has('user-agent')) headers.set('User-Agent', agent);
      return request;
    },
    onError({ request, error }) {
      // A TourneyError from the fetch itself (a redirect, R19.9) is already the answer to report.
      return isTourneyError(error) ? error : networkError(request, error);
    },
  };
}
