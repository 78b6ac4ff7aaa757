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

/** A byte (read as latin1: one character per byte) outside ASCII: only then does UTF-8 decoding change the text. */
const NON_ASCII = /[^\x00-\x7f]/;

/** Decodes `bytes` as UTF-8, refusing what is not UTF-8 (stray or truncated sequences, overlong forms, surrogates). */
const strictUtf8 = new TextDecoder('utf-8', { fatal: true });

/**
 * A reader for operations whose request body is JSON (@koa/bodyparser underneath). No body: undefined.
 * Errors: another Content-Type -> 415 UNSUPPORTED_MEDIA_TYPE, and so is a `charset` parameter other than `utf-8`
 * (compared case-insensitively; without it the body is UTF-8); more than `maxBodyBytes` -> 413 PAYLOAD_TOO_LARGE
 * (refused from Content-Length before reading when possible); bytes that are not UTF-8, malformed JSON, or a top-level
 * value that is not an object or array -> 400 INVALID_JSON (bad bytes are refused, never replaced by U+FFFD); a string
 * or property name anywhere in it holding the NUL character or a lone UTF-16 surrogate, or nesting deeper than
 * MAX_JSON_DEPTH -> 400 VALIDATION_ERROR naming each such field (storable-text.ts, R2.17). Bodies of other operations
 * (raw uploads) are never touched.
 */
export function createJsonBodyReader(maxBodyBytes: number): JsonBodyReader {
  // The bytes are read as latin1 (each byte one character, nothing replaced) and parsed; a body with bytes beyond
  // ASCII is then decoded as strict UTF-8 and parsed again (the parser already refused malformed JSON and
  // `__proto__` keys, which are ASCII and so the same in both readings).
  const parse = bodyParser({
    enableTypes: ['json'],
    // The parser's default leaves DELETE bodies unread; deleteMe takes one (its password, R14.8). Only operations
    // whose contract declares a JSON body call this reader, whatever their method.
    parsedMethods: ['POST', 'PUT', 'PATCH', 'DELETE'],
    detectJSON: () => true,
    jsonLimit: maxBodyBytes,
    jsonStrict: true,
    encoding: 'latin1',
  });
  return async (ctx) => {
    if (!hasRequestBody(ctx)) return undefined;
    if (!ctx.is('json', '+json')) {
      throw new ApiError('UNSUPPORTED_MEDIA_TYPE', `request body must be sent with Content-Type: application/json (got ${ctx.get('content-type') || 'none'})`);
    }
    const charset = ctx.request.charset;
    if (charset !== '' && charset.toLowerCase() !== 'utf-8') {
      throw new ApiError('UNSUPPORTED_MEDIA_TYPE', `request body must be UTF-8 encoded JSON (got charset=${charset})`);
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
    let body: unknown = ctx.request.body;
    const bytes = ctx.request.rawBody;
    if (NON_ASCII.test(bytes)) {
      let text: string;
      try {
        text = strictUtf8.decode(Buffer.from(bytes, 'latin1'));
      } catch (error) {
        throw new ApiError('INVALID_JSON', 'request body is not valid UTF-8', { cause: error, details: [{ path: 'body', message: 'must be UTF-8 encoded' }] });
      }
      body = JSON.parse(text);
    }
    const unstorable = unstorableText(body, 'body');
    if (unstorable.length > 0) throw validationError(unstorable);
    return body;
  };
}
