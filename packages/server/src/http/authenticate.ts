import type { Middleware } from 'koa';
import type { ApiKeyAuth, AuthContext, UserAuth } from '../auth/auth-context';
import { isApiKeyShape } from '../auth/tokens';
import { ApiError } from './errors';
import type { ApiContextExtras, ApiState } from './operation';


/** Every valid credential a request carried; the router picks the one its operation accepts. */
export interface ResolvedCredentials {
  apiKey?: ApiKeyAuth;
  user?: UserAuth;
}

/** The anonymous caller. */
export const ANONYMOUS: AuthContext = Object.freeze({ kind: 'anonymous' });

const BEARER = /^Bearer[ \t]+(\S+)[ \t]*$/i;

/** Options of authenticate. */
export interface AuthenticateOptions {
  /**
   * True for a request to an operation that ignores credentials (`x-ignores-credentials`: getHealth, uploadEvidence;
   * R1.21): its X-API-Key and Authorization headers are neither looked up nor refused, the caller is anonymous.
   */
  ignoresCredentials?: (ctx: { path: string; method: string }) => boolean;
}

/**
 * Resolves the request's credentials (R1.7, R1.9): `X-API-Key` against api_keys (unrevoked, unexpired) and
 * `Authorization: Bearer` against auth_sessions (unrevoked; expired -> TOKEN_EXPIRED). The same token in both
 * headers is read once, as a key when it has the shape of one (`tk_...`), else as a bearer token (R1.22); an API key
 * sent only as a bearer token is refused with a 401 saying to send it in X-API-Key (R1.26). Sets `ctx.state.auth`
 * (the key when both are sent; the router may switch to the user per operation) and `ctx.state.credentials`.
 * It does not throw: a failure is kept in `ctx.state.authError` so that the rate limiter counts the request first;
 * `rejectInvalidCredentials` then raises it (401 even on public operations).
 */
export function authenticate(options: AuthenticateOptions = {}): Middleware<ApiState, ApiContextExtras> {
  return async (ctx, next) => {
    const credentials: ResolvedCredentials = {};
    ctx.state.credentials = credentials;
    ctx.state.auth = ANONYMOUS;
    if (options.ignoresCredentials?.(ctx)) return next();
    let apiKey = ctx.get('x-api-key');
    const authorization = ctx.get('authorization');
    const bearer = BEARER.exec(authorization)?.[1];
    // One token in both headers (generated clients send their token as both) is one credential, of the kind its
    // shape says: an API key is read as a key only, anything else as a bearer token only (R1.22).
    const sameToken = bearer !== undefined && bearer === apiKey;
    if (sameToken && !isApiKeyShape(apiKey)) apiKey = '';
    const readBearer = authorization !== '' && !(sameToken && isApiKeyShape(bearer));
    try {
      if (apiKey) credentials.apiKey = await ctx.services.apiKeys.authenticate(apiKey);
      if (readBearer) {
        if (bearer === undefined) throw new ApiError('UNAUTHORIZED', 'the Authorization header must be "Bearer <access token>"');
        if (isApiKeyShape(bearer)) throw new ApiError('UNAUTHORIZED', 'this is an API key (tk_...), not an access token: send it in the X-API-Key header');
        credentials.user = await ctx.services.auth.authenticate(bearer);
      }
      ctx.state.auth = credentials.apiKey ?? credentials.user ?? ANONYMOUS;
    } catch (error) {
      ctx.state.authError = error;
    }
    return next();
  };
}

/** Raises the credential failure recorded by `authenticate` (after the rate limiter has counted the request). */
export function rejectInvalidCredentials(): Middleware<ApiState, ApiContextExtras> {
  return (ctx, next) => {
    if (ctx.state.authError !== undefined) throw ctx.state.authError;
    return next();
  };
}
