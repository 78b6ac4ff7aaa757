import { type AuthContext, grantsScope } from '../auth/auth-context';
import { ANONYMOUS } from './authenticate';
import { ApiError } from './errors';
import type { OperationSpec } from './openapi';
import type { ApiState } from './operation';

/**
 * Picks the caller an operation sees from the request's valid credentials and the operation's `security`
 * (R1.7 to R1.10; docs/decisions.md "Who may call what"):
 * an accepted API key first, then an accepted bearer token, then anonymous where `{}` is listed.
 * Refusals: an API key on a bearer-only operation -> 403 API_KEY_NOT_ALLOWED (R1.8); a bearer token on a
 * key-only operation -> 401 UNAUTHORIZED naming X-API-Key; nothing acceptable -> 401 UNAUTHORIZED.
 * Then `x-required-scope` for API keys -> 403 INSUFFICIENT_SCOPE naming the scope.
 */
export function authorizeOperation(op: OperationSpec, state: Pick<ApiState, 'credentials'>): AuthContext {
  const { apiKey, user } = state.credentials ?? {};
  let auth: AuthContext;
  if (op.allowApiKey && apiKey) auth = apiKey;
  else if (op.allowBearer && user) auth = user;
  else if (op.allowAnonymous) auth = ANONYMOUS;
  else if (apiKey && op.allowBearer) {
    throw new ApiError('API_KEY_NOT_ALLOWED', `${op.operationId} needs a user access token (Authorization: Bearer); API keys cannot perform it`);
  } else if (op.allowApiKey && !op.allowBearer) {
    throw new ApiError('UNAUTHORIZED', `${op.operationId} needs an API key: send X-API-Key${user ? ' (a user access token is not accepted here)' : ''}`);
  } else if (op.allowBearer && !op.allowApiKey) {
    throw new ApiError('UNAUTHORIZED', `${op.operationId} needs a user access token: send Authorization: Bearer <access token>`);
  } else {
    throw new ApiError('UNAUTHORIZED', `${op.operationId} needs credentials: send X-API-Key or Authorization: Bearer <access token>`);
  }
  if (auth.kind === 'apiKey' && op.requiredScope && !grantsScope(auth.scopes, op.requiredScope)) {
    throw new ApiError('INSUFFICIENT_SCOPE', `this API key lacks the scope ${op.requiredScope} required by ${op.operationId}`);
  }
  return auth;
}
