import type { Middleware } from 'koa';
import { authChallenge } from './challenge';
import { ApiError, toApiError } from './errors';
import type { ApiContextExtras, ApiState } from './operation';

/** The error envelope of every 4xx and 5xx answer (contract: Error). */
export interface ErrorBody {
  success: false;
  error: { code: string; message: string; details?: { path: string; message: string }[]; requestId: string };
}

/**
 * Renders an ApiError on the response: status, its extra headers and the error envelope. A 401 also gets its
 * `WWW-Authenticate` challenge, from the credentials the operation accepts (R2.18).
 */
export function renderError(ctx: Parameters<Middleware<ApiState, ApiContextExtras>>[0], error: ApiError): void {
  ctx.status = error.status;
  if (error.headers) for (const [name, value] of Object.entries(error.headers)) ctx.set(name, value);
  if (error.status === 401 && !ctx.response.get('WWW-Authenticate')) {
    // refreshToken's credential is the refresh token in its body; everywhere else an expired token is the access token.
    const expired = error.code !== 'TOKEN_EXPIRED' ? undefined : ctx.state.operationId === 'refreshToken' ? 'refresh' : 'access';
    ctx.set('WWW-Authenticate', authChallenge(ctx.state.acceptedSchemes, expired === undefined ? {} : { expired }));
  }
  const body: ErrorBody = {
    success: false,
    error: { code: error.code, message: error.message, requestId: ctx.state.requestId },
  };
  if (error.details && error.details.length > 0) body.error.details = error.details;
  ctx.body = body;
}

/**
 * First middleware of the chain that can see errors: turns anything thrown below into the error envelope.
 * ApiError and core DomainError keep their code; an unreachable database is a 503 SERVICE_UNAVAILABLE with
 * Retry-After (R18.18, logged at warn here); anything else is a 500 INTERNAL_ERROR with a generic message, and the real
 * error goes to `app.on('error')` (logged there), never to the client.
 */
export function errorHandler(): Middleware<ApiState, ApiContextExtras> {
  return async (ctx, next) => {
    try {
      await next();
    } catch (thrown) {
      let error = toApiError(thrown);
      // An unreachable database is an outage, not a bug (R18.18): a warning per request, with the driver's error.
      if (error.code === 'SERVICE_UNAVAILABLE') {
        ctx.deps.logger.warn({ err: thrown, requestId: ctx.state.requestId }, 'database unavailable: answered 503');
      } else if (error.status >= 500) ctx.app.emit('error', thrown, ctx);
      else if (await callerLeftMeanwhile(ctx, error)) error = new ApiError('UNAUTHORIZED', 'this session ended while the request ran (logged out, or the account was deleted); log in again');
      renderError(ctx, error);
    }
  };
}

/**
 * Whether a request that failed for a missing row (404, or 409 CONFLICT for a row deleted while it ran) lost its
 * caller's session meanwhile (R1.25): its account was deleted, or it logged out, after the request was authenticated.
 * Such a request answers 401 as it would a moment later, rather than naming a row it could not know was gone. A
 * failure of the check itself keeps the first answer.
 */
async function callerLeftMeanwhile(ctx: Parameters<Middleware<ApiState, ApiContextExtras>>[0], error: ApiError): Promise<boolean> {
  const auth = ctx.state.auth;
  if (auth?.kind !== 'user' || (error.code !== 'NOT_FOUND' && error.code !== 'CONFLICT')) return false;
  try {
    return await ctx.services.auth.sessionEnded(auth);
  } catch {
    return false;
  }
}
