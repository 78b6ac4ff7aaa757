import type { ParameterizedContext } from 'koa';
import type { AppDeps } from '../deps';
import type { Services } from '../services/index';
import type { AuthContext, Scope } from '../auth/auth-context';
import type { OperationBody, OperationHeaders, OperationId, OperationParams, OperationQuery } from '../contract-operations';
import type { operations } from '../generated/contract';
import type { ResolvedCredentials } from './authenticate';
import type { AcceptedSchemes } from './challenge';
import type { LiveStreams } from './live-streams';

export type { OperationId } from '../contract-operations';

/**
 * The validated input of operation K, typed from openapi.yaml: path params, query (coerced to the schema's types,
 * defaults applied), JSON body (validated against the request schema, as sent: no defaults; undefined for raw
 * uploads) and the documented header parameters (lower-cased names, e.g. `idempotency-key`).
 */
export interface OperationInput<K extends OperationId> {
  params: OperationParams<K>;
  query: OperationQuery<K>;
  body: OperationBody<K>;
  headers: OperationHeaders<K>;
}

/** The validated input of some operation, as the validators produce it (before it gets its operation's types). */
export interface ValidatedInput {
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
  /** The credentials the matched operation accepts (the challenge of its 401 answers); unset before routing. */
  acceptedSchemes?: AcceptedSchemes;
  /** Every valid credential the request carried (set by authenticate; the router picks per operation). */
  credentials?: ResolvedCredentials;
  /** A credential failure, raised once the rate limiter has counted the request. */
  authError?: unknown;
}

/** Shared, per-app context members (set once on `app.context`). */
export interface ApiContextExtras {
  services: Services;
  deps: AppDeps;
  /** The app's open live event streams (R28.1). */
  liveStreams: LiveStreams;
}

/** The Koa context every operation handler receives. */
export type ApiContext = ParameterizedContext<ApiState, ApiContextExtras>;

/** Extra response headers of a reply (Cache-Control, Idempotent-Replayed, Content-Disposition ...). */
export type ReplyHeaders = Readonly<Record<string, string>>;

type SuccessStatus = 200 | 201 | 202 | 204;

/** The reply of one documented 2xx response `R` with status `S`. */
type ReplyOf<S, R> = R extends { content: { 'application/json': infer J } }
  ? J extends { data: infer D; pagination: infer P }
    ? { status: S; data: D; pagination: P; headers?: ReplyHeaders }
    : J extends { data: infer D }
      ? { status: S; data: D; headers?: ReplyHeaders }
      : never
  : R extends { content: infer C }
    ? { [T in keyof C]: { status: S; type: T; body: C[T]; headers?: ReplyHeaders } }[keyof C]
    : { status: S; headers?: ReplyHeaders };

/**
 * What a handler of operation K answers, one member per 2xx response of the contract: `{ status, data }` for a
 * `{ success, data }` envelope, `{ status, data, pagination }` for a list envelope, `{ status, type, body }` for a
 * non-JSON body (iCalendar text), `{ status }` without a body (204). The router renders the envelope.
 */
export type OperationReply<K extends OperationId> = {
  [S in keyof operations[K]['responses'] & SuccessStatus]: ReplyOf<S, operations[K]['responses'][S]>;
}[keyof operations[K]['responses'] & SuccessStatus];

/** Any operation's reply, as the router renders it. */
export type Reply = { [K in OperationId]: OperationReply<K> }[OperationId];

/** Handles operation K of openapi.yaml: reads its validated input, calls a service and returns the reply. */
export type OperationHandler<K extends OperationId> = (ctx: ApiContext, input: OperationInput<K>) => Promise<OperationReply<K>>;

/** Handlers by operationId; operations without one answer 501 NOT_IMPLEMENTED. */
export type OperationHandlers = { [K in OperationId]?: OperationHandler<K> };
