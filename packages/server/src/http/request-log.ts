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
 * level, 4xx at warn, the rest at info. The line holds only those five fields, none of them named like a secret, and
 * the path is redacted here (R13.9): it is written through a child of `logger` without pino's redaction pass, which
 * walks every field against each redaction path and cost as much as the rest of the line (bench/README.md).
 */
export function requestLog(logger: Logger): Middleware<ApiState, ApiContextExtras> {
  const lines = logger.child({}, { redact: { paths: [] } });
  return async (ctx, next) => {
    const started = performance.now();
    try {
      await next();
    } finally {
      const status = ctx.status;
      const level = status >= 500 ? 'error' : status >= 400 ? 'warn' : 'info';
      if (lines.isLevelEnabled(level)) {
        const ms = Math.round((performance.now() - started) * 100) / 100;
        lines[level]({ method: ctx.method, path: loggedPath(ctx as { path: string; params?: Record<string, string> }), status, ms, requestId: ctx.state.requestId }, 'request');
      }
    }
  };
}
