import type { Middleware } from 'koa';
import type { Logger } from 'pino';
import { ApiError } from './errors';
import { renderError } from './error-handler';
import type { ApiContextExtras, ApiState } from './operation';
import type { CompiledValidators } from './validation';

/**
 * The contract guard (config.validateResponses, on in tests): checks every JSON response against the schema
 * documented for its operation and status in openapi.yaml, and an unrouted error against the Error schema.
 * A mismatch is logged at error level and replaces the response with a 500 INTERNAL_ERROR naming the mismatch
 * (this only runs when testing, so the detail helps more than it leaks). Runs outside the error handler.
 */
export function responseContract(validators: CompiledValidators, logger: Logger): Middleware<ApiState, ApiContextExtras> {
  return async (ctx, next) => {
    await next();
    const operationId = ctx.state.operationId as string | undefined;
    // Successful answers outside the operations (public pages, /openapi.json, the router's 204 to OPTIONS; R28.5,
    // R28.9) are not in the contract.
    if (!operationId && ctx.status < 400) return;
    const validate = operationId ? validators.byOperation.get(operationId)?.response : validators.errorResponse;
    if (!validate) return;
    const body = ctx.body;
    if (body !== null && body !== undefined && !ctx.response.is('json')) return;
    const mismatches = validate(ctx.status, body ?? undefined);
    if (mismatches.length === 0) return;
    const first = mismatches[0]!;
    logger.error(
      { requestId: ctx.state.requestId, operationId, status: ctx.status, mismatches },
      'response does not match openapi.yaml',
    );
    renderError(
      ctx,
      new ApiError(
        'INTERNAL_ERROR',
        `response of ${operationId ?? `${ctx.method} ${ctx.path}`} (status ${ctx.status}) does not match openapi.yaml: ${first.path} ${first.message}`,
        { details: mismatches },
      ),
    );
  };
}
