import type { ParameterizedContext } from 'koa';
import type { AppDeps } from '../deps';
import type { Services } from '../services/index';
import type { AuthContext, Scope } from '../auth/auth-context';
import type { ResolvedCredentials } from './authenticate';

/**
 * The validated input of an operation: path params, query (coerced to the schema's types, defaults applied),
 * body (validated against the request schema, as sent: no defaults) and the documented header parameters
 * (lower-cased names, e.g. `idempotency-key`).
 */
export interface OperationInput {
  params: Record<string, string>;
  query: Record<string, unknown>;
  body: unknown;
  headers: Record<string, string>;
}

/** Per-request state set by the middleware chain before a handler runs. */
export interface ApiState {
  requestId: string;
  auth: AuthContext;
  /** operationId from openapi.yaml of the matched route. */
  operationId: string;
  /** `x-required-scope` of the operation, if any. */
  requiredScope: Scope | undefined;
  input: OperationInput;
  /** Every valid credential the request carried (set by authenticate; the router picks per operation). */
  credentials?: ResolvedCredentials;
  /** A credential failure, raised once the rate limiter has counted the request. */
  authError?: unknown;
}

/** Shared, per-app context members (set once on `app.context`). */
export interface ApiContextExtras {
  services: Services;
  deps: AppDeps;
}

/** The Koa context every operation handler receives. */
export type ApiContext = ParameterizedContext<ApiState, ApiContextExtras>;

/** Handles one operation of openapi.yaml: reads `ctx.state.input`, calls a service, writes the response. */
export type OperationHandler = (ctx: ApiContext) => Promise<void>;

/** Handlers by operationId; operations without one answer 501 NOT_IMPLEMENTED. */
export type OperationHandlers = Partial<Record<string, OperationHandler>>;
