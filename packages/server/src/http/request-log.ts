import type { Middleware } from 'koa';
import type { Logger } from 'pino';
import type { ApiContextExtras, ApiState } from './operation';

/**
 * Logs one line per request once the response is known: method, path (without the query string, which may carry
 * signatures), status, duration in milliseconds and request id. 5xx log at error level, 4xx at warn, the rest at info.
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
        logger[level]({ method: ctx.method, path: ctx.path, status, ms, requestId: ctx.state.requestId }, 'request');
      }
    }
  };
}
