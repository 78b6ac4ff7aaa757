import { bodyParser } from '@koa/bodyparser';
import type { Context } from 'koa';
import { ApiError } from './errors';
import { unstorableText } from './storable-text';
import { validationError } from './validation';

/** Reads a request's JSON body: the parsed value, or undefined when no body was sent. */
export type JsonBodyReader = (ctx: Context) => Promise<unknown>;

/** True when the request carries a body (a non-zero Content-Length, or Transfer-Encoding). */
export function hasRequestBody(ctx: Context): boolean {
  return ctx.get('transfer-encoding') !== '' || (ctx.request.length ?? 0) > 0;
}

const noop = async (): Promise<void> => {};

/**
 * A reader for operations whose request body is JSON (@koa/bodyparser underneath). No body: undefined.
 * Errors: another Content-Type -> 415 UNSUPPORTED_MEDIA_TYPE; more than `maxBodyBytes` -> 413 PAYLOAD_TOO_LARGE
 * (refused from Content-Length before reading when possible); malformed JSON, or a top-level value that is not an
 * object or array -> 400 INVALID_JSON; a string or property name anywhere in it holding the NUL character or a lone
 * UTF-16 surrogate -> 400 VALIDATION_ERROR naming each such field (storable-text.ts, R2.17). Bodies of other operations (raw uploads) are never touched.
 */
export function createJsonBodyReader(maxBodyBytes: number): JsonBodyReader {
  const parse = bodyParser({
    enableTypes: ['json'],
    detectJSON: () => true,
    jsonLimit: maxBodyBytes,
    jsonStrict: true,
    encoding: 'utf-8',
  });
  return async (ctx) => {
    if (!hasRequestBody(ctx)) return undefined;
    if (!ctx.is('json', '+json')) {
      throw new ApiError('UNSUPPORTED_MEDIA_TYPE', `request body must be sent with Content-Type: application/json (got ${ctx.get('content-type') || 'none'})`);
    }
    try {
      await parse(ctx, noop);
    } catch (error) {
      const err = error as { status?: number; type?: string; message?: string };
      if (err.status === 413 || err.type === 'entity.too.large') {
        throw new ApiError('PAYLOAD_TOO_LARGE', `request body exceeds the limit of ${maxBodyBytes} bytes`, { cause: error });
      }
      if (err.status === 415 || err.type === 'charset.unsupported') {
        throw new ApiError('UNSUPPORTED_MEDIA_TYPE', 'request body must be UTF-8 encoded JSON', { cause: error });
      }
      if (err.type === 'request.aborted') throw error;
      throw new ApiError('INVALID_JSON', 'request body is not valid JSON (an object or an array)', { cause: error });
    }
    const body: unknown = ctx.request.body;
    const unstorable = unstorableText(body, 'body');
    if (unstorable.length > 0) throw validationError(unstorable);
    return body;
  };
}
