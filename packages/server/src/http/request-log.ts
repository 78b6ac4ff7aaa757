import type { Middleware } from 'koa';
import type { Logger } from 'pino';
import { redactPath } from '../logger';
import type { ApiContextExtras, ApiState } from './operation';

/** Path parameters whose values are secrets (acceptStaffInvitation's invitation token). */
const SECRET_PARAMS = ['token'];

/** The request path as logged: secrets in it redacted (R13.9). */
export function loggedPath(ctx: { path: string; params?: Record<string, string> }): string {
  const params = ctx.params ?? {};
  return redactPath(ctx.path, SECRET_PARAMS.flatMap((name) => (params[name] ? [params[name]] : [])));
}

/**
 * Logs one line per request once the response is known: method, path (without the query string, which may carry
 * signatures; secrets in the path redacted), status, duration in milliseconds and request id. 5xx log at error
 * level, 4xx at warn, the rest at info.
 */
export function requestLog(logger: Logger): Middleware<ApiState, ApiContextExtras> {
  return async (ctx, next) => {
    const started = performance.now();
    try {
      await next();
    } finally {
      const status = ctx.status;
      const level = status >= 500 ? 'error' : status >= 400 ? 'warn' : 'info';
      if (logger.isLevelEnabled(level)) {
        const ms = Math.round((performance.now() - started) * 100) / 100;
        logger[level]({ method: ctx.method, path: loggedPath(ctx as { path: string; params?: Record<string, string> }), status, ms, requestId: ctx.state.requestId }, 'request');
      }
    }
  };
}
