import { randomUUID } from 'node:crypto';
import type { Middleware } from 'koa';
import type { ApiContextExtras, ApiState } from './operation';

/** What an incoming X-Request-Id must look like to be kept: 1-128 characters of [A-Za-z0-9._:-]. */
const SANE_REQUEST_ID = /^[A-Za-z0-9._:-]{1,128}$/;

/**
 * Sets `ctx.state.requestId`: a sane incoming `X-Request-Id` is kept (so ids follow a request across services),
 * anything else is replaced by a new UUID. The id is echoed in the `X-Request-Id` header of every response.
 */
export function requestId(): Middleware<ApiState, ApiContextExtras> {
  return (ctx, next) => {
    const incoming = ctx.get('x-request-id');
    const id = incoming && SANE_REQUEST_ID.test(incoming) ? incoming : randomUUID();
    ctx.state.requestId = id;
    ctx.set('X-Request-Id', id);
    return next();
  };
}
