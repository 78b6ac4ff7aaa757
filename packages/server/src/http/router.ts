import Router, { type RouterMiddleware } from '@koa/router';
import type { Middleware } from 'koa';
import { ApiError } from './errors';
import type { JsonBodyReader } from './json-body';
import type { OperationSpec } from './openapi';
import type { ApiContext, ApiContextExtras, ApiState, OperationHandlers, Reply, ValidatedInput } from './operation';
import { renderReply } from './reply';
import { authorizeOperation } from './security';
import type { OperationValidators } from './validation';

/** Version prefix every operation is mounted under (docs/decisions.md "Paths are written without the version prefix"). */
export const API_PREFIX = '/api/v1';

/**
 * Orders path templates segment by segment (a total order): a literal segment sorts before a parameter, literals
 * sort alphabetically, a shorter path first. Registered in this order, `/users/me` comes before `/users/{username}`
 * and `/circuits/public/active` before `/circuits/public/{id}` before `/circuits/{id}`.
 */
export function compareSpecificity(a: string, b: string): number {
  const sa = a.split('/');
  const sb = b.split('/');
  const isParam = (segment: string) => segment.startsWith('{') || segment.startsWith(':');
  for (let i = 0; i < Math.min(sa.length, sb.length); i++) {
    const x = sa[i]!;
    const y = sb[i]!;
    const px = isParam(x);
    const py = isParam(y);
    if (px !== py) return px ? 1 : -1;
    if (!px && x !== y) return x < y ? -1 : 1;
  }
  return sa.length - sb.length;
}

/**
 * A handler as the router calls it, its operation's types erased. Sound because the router gives each handler the
 * input that the validators of that same operation accepted (so it has the contract's types for that operation).
 */
type ErasedHandler = (ctx: ApiContext, input: ValidatedInput) => Promise<Reply>;

/** What buildRouter needs: operations, their compiled validators, the handlers and the JSON body reader. */
export interface RouterOptions {
  operations: OperationSpec[];
  validators: Map<string, OperationValidators>;
  handlers: OperationHandlers;
  readJson: JsonBodyReader;
}

/**
 * The API's routes: one @koa/router per first path segment after /api/v1 (`tournaments`, `matches`, `users` ...),
 * each holding the operations under that segment. @koa/router tests every route of a router against every request;
 * picking the segment's router first tests a few dozen routes instead of every operation of the contract (the cached
 * `getTournament` answer went from 15.3k to 18.2k req/s when the router held six operations instead of all).
 */
export interface ApiRouter {
  /** The router of the operations under the first segment of `path` (matched case-insensitively), if any. */
  routerFor(path: string): Router<ApiState, ApiContextExtras> | undefined;
  /** The middleware running the route a request names, through its segment's router. */
  routes(): Middleware<ApiState, ApiContextExtras>;
}

/**
 * The first segment of `path` after the API prefix, lowercased (routes match case-insensitively, as @koa/router's
 * do), e.g. `tournaments` for `/api/v1/Tournaments/1`; undefined outside the API.
 */
function firstSegment(path: string): string | undefined {
  if (path.length <= API_PREFIX.length + 1 || path[API_PREFIX.length] !== '/' || path.slice(0, API_PREFIX.length).toLowerCase() !== API_PREFIX) {
    return undefined;
  }
  const end = path.indexOf('/', API_PREFIX.length + 1);
  return path.slice(API_PREFIX.length + 1, end === -1 ? undefined : end).toLowerCase();
}

/**
 * One @koa/router route per operation of the document, under /api/v1, grouped by first path segment (ApiRouter) and
 * registered so that literal segments win over parameters (`/users/me` before `/users/:username`). Each route:
 * records the operationId, picks and checks the caller (security, scope), reads the JSON body (only for operations
 * with a JSON request body; raw uploads are left untouched), validates input, then runs the handler with it and
 * renders its reply (renderReply), or answers 501 NOT_IMPLEMENTED when there is none.
 * @throws Error when an operation's path starts with a parameter (every path of the contract starts with a literal).
 */
export function buildRouter(options: RouterOptions): ApiRouter {
  const routers = new Map<string, Router<ApiState, ApiContextExtras>>();
  const handlers = options.handlers as Partial<Record<string, ErasedHandler>>;
  const ordered = [...options.operations].sort((a, b) => compareSpecificity(a.path, b.path));
  for (const op of ordered) {
    const validators = options.validators.get(op.operationId);
    if (!validators) throw new Error(`no validators for ${op.operationId}`);
    const segment = firstSegment(API_PREFIX + op.koaPath);
    if (segment === undefined || segment.startsWith(':')) throw new Error(`${op.operationId}: the path must start with a literal segment`);
    let router = routers.get(segment);
    if (router === undefined) {
      router = new Router<ApiState, ApiContextExtras>({ prefix: API_PREFIX });
      routers.set(segment, router);
    }
    const handler = handlers[op.operationId];
    const route = async (ctx: ApiContext & { params: Record<string, string> }) => {
      ctx.state.operationId = op.operationId;
      ctx.state.requiredScope = op.requiredScope;
      ctx.state.acceptedSchemes = { bearer: op.allowBearer, apiKey: op.allowApiKey };
      ctx.state.auth = authorizeOperation(op, ctx.state);
      const body = op.bodyKind === 'json' ? await options.readJson(ctx) : undefined;
      const input = validators.request({ params: ctx.params, query: ctx.query, headers: ctx.headers, body });
      if (!handler) throw new ApiError('NOT_IMPLEMENTED', `operation ${op.operationId} is not implemented yet`);
      renderReply(ctx, await handler(ctx, input));
    };
    router.register(op.koaPath, [op.method], route as unknown as RouterMiddleware<ApiState, ApiContextExtras>, { name: op.operationId });
  }
  const routerFor = (path: string) => {
    const segment = firstSegment(path);
    return segment === undefined ? undefined : routers.get(segment);
  };
  return {
    routerFor,
    routes() {
      const dispatchers = new Map([...routers].map(([segment, router]) => [segment, router.routes() as unknown as Middleware<ApiState, ApiContextExtras>]));
      return (ctx, next) => {
        const segment = firstSegment(ctx.path);
        const dispatch = segment === undefined ? undefined : dispatchers.get(segment);
        return dispatch === undefined ? next() : dispatch(ctx, next);
      };
    },
  };
}

/**
 * A predicate telling whether a request goes to one of the operations `pick` selects, for middleware that runs before
 * routing (authenticate, rateLimit). Only paths starting with such an operation's literal prefix (compared
 * case-insensitively, as routes match, R2.8) are matched against the router (the route served is the first one
 * matched: routes are registered by specificity), so `/API/V1/Health` is getHealth as `/api/v1/health` is.
 */
export function servesOperation(
  router: ApiRouter,
  operations: readonly OperationSpec[],
  pick: (op: OperationSpec) => boolean,
): (ctx: { path: string; method: string }) => boolean {
  const picked = operations.filter(pick);
  const names = new Set(picked.map((op) => op.operationId));
  const prefixes = picked.map((op) => (API_PREFIX + op.koaPath.split('/:')[0]!).toLowerCase());
  if (names.size === 0) return () => false;
  return ({ path, method }) => {
    const lower = path.toLowerCase();
    if (!prefixes.some((prefix) => lower.startsWith(prefix))) return false;
    const served = router.routerFor(path)?.match(path, method).pathAndMethod[0];
    return served !== undefined && names.has(String(served.name));
  };
}

/** Whether a request goes to an operation that ignores credentials (`x-ignores-credentials`, R1.21). */
export function ignoresCredentials(router: ApiRouter, operations: readonly OperationSpec[]): (ctx: { path: string; method: string }) => boolean {
  return servesOperation(router, operations, (op) => op.ignoresCredentials);
}

/**
 * Last middleware: a request no route answered, decided by @koa/router's `allowedMethods` and answered in the API's
 * error envelope. A known path with another method: 405 METHOD_NOT_ALLOWED with `Allow`; OPTIONS on a known path:
 * 204 with `Allow`; a method the router does not implement at all (e.g. PROPFIND): 501 NOT_IMPLEMENTED; anything
 * else: 404 NOT_FOUND.
 */
export function unmatchedRoute(router: ApiRouter): Middleware<ApiState, ApiContextExtras> {
  // Without `throw`, allowedMethods sets the status and `Allow` (its error factories would not know the methods).
  const allowedBy = new Map<Router<ApiState, ApiContextExtras>, Middleware<ApiState, ApiContextExtras>>();
  const allowedMethodsOf = (r: Router<ApiState, ApiContextExtras>) => {
    let allowed = allowedBy.get(r);
    if (allowed === undefined) {
      allowed = r.allowedMethods() as unknown as Middleware<ApiState, ApiContextExtras>;
      allowedBy.set(r, allowed);
    }
    return allowed;
  };
  // The methods @koa/router implements (its default set): any other is 501 even on a path no router holds.
  const implemented = new Router().methods;
  return async (ctx, next) => {
    const own = router.routerFor(ctx.path);
    if (own !== undefined) await allowedMethodsOf(own)(ctx, next);
    else {
      await next();
      if (!implemented.includes(ctx.method)) ctx.status = 501;
    }
    const allow = ctx.response.get('Allow');
    if (ctx.status === 405) {
      throw new ApiError('METHOD_NOT_ALLOWED', `${ctx.method} is not allowed on ${ctx.path}; allowed: ${allow}`, { headers: { Allow: allow } });
    }
    if (ctx.status === 501) {
      if (!allow) ctx.remove('Allow');
      throw new ApiError('NOT_IMPLEMENTED', `the method ${ctx.method} is not implemented by this server`, allow ? { headers: { Allow: allow } } : {});
    }
    if (ctx.method === 'OPTIONS' && ctx.status === 200) {
      ctx.status = 204;
      return;
    }
    throw new ApiError('NOT_FOUND', `no route for ${ctx.method} ${ctx.path}`);
  };
}
