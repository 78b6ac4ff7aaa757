import { constants } from 'node:zlib';
import type { Readable } from 'node:stream';
import { buffer } from 'node:stream/consumers';
import compressible from 'compressible';
import compress from 'koa-compress';
import type { Middleware } from 'koa';
import { isSharedBytes } from './conditional-get';

/** Bodies smaller than this many bytes are sent as they are (compressing them costs more than it saves). */
export const COMPRESSION_THRESHOLD_BYTES = 1024;

/** Whether a finished response's body is a buffer or string shorter than the threshold (streams and objects: no). */
function smallBody(body: unknown): boolean {
  if (Buffer.isBuffer(body)) return body.length < COMPRESSION_THRESHOLD_BYTES;
  // A string's UTF-8 length is at most three bytes per UTF-16 unit.
  return typeof body === 'string' && body.length * 3 < COMPRESSION_THRESHOLD_BYTES;
}

/**
 * HTTP compression of responses (R2.19): brotli or gzip as the client's Accept-Encoding prefers (koa-compress picks;
 * `identity` when it accepts neither), for compressible types (JSON, text, CSV, iCalendar, HTML) of at least
 * {@link COMPRESSION_THRESHOLD_BYTES}. Brotli runs at quality 4 and gzip at level 6: near their best ratio for JSON at a
 * fraction of the CPU of brotli's default 11, so a 1.4 MB bracket is compressed in milliseconds. Sets
 * `Vary: Accept-Encoding` on every response. Event streams (`text/event-stream`) are never compressed: a compressor
 * buffers, and each event must reach the subscriber when it is written. koa-compress runs once the rest of the stack
 * has answered, and only when the body may be worth compressing: a small buffer or string (most single resources)
 * skips its negotiation and header checks. A client that accepts no encoding at all (`identity;q=0`, `*;q=0`) gets
 * the answer as it is (RFC 9110 §12.5.3 lets a server send identity then); should compressing fail anyway, the failure
 * is logged and the answer is sent uncompressed, never replaced by a bare 500. The bytes of a shared answer (a kept
 * bracket) are compressed once per coding and the result reused (R18.17).
 */
export function compression(): Middleware {
  const compressor = compress({
    threshold: COMPRESSION_THRESHOLD_BYTES,
    br: { params: { [constants.BROTLI_PARAM_QUALITY]: 4 } },
    gzip: { level: 6 },
    deflate: false,
    filter: (type) => !type.startsWith('text/event-stream') && compressible(type) === true,
  });
  const answered = () => Promise.resolve();
  return async (ctx, next) => {
    await next();
    if (smallBody(ctx.body)) {
      ctx.vary('Accept-Encoding');
      return;
    }
    // koa-compress fails (it sets an undefined Content-Encoding) when nothing the client lists is acceptable.
    if (!ctx.acceptsEncodings('br', 'gzip', 'identity')) {
      ctx.vary('Accept-Encoding');
      return;
    }
    const body: unknown = ctx.body;
    try {
      // koa-compress sets Vary, then works on the finished response (its `next` has nothing left to run).
      await compressor(ctx, answered);
      const encoding = ctx.response.get('Content-Encoding');
      if (encoding && Buffer.isBuffer(body) && isSharedBytes(body)) ctx.body = await compressedOnce(body, encoding, ctx.body as Readable);
    } catch (error) {
      ctx.app.emit('error', error, ctx);
      ctx.remove('Content-Encoding');
      ctx.body = body;
    }
  };
}

/** The compressed forms of shared answers (a kept bracket's bytes, conditional-get.ts), by content coding. */
const compressedShared = new WeakMap<Buffer, Map<string, Buffer>>();

/**
 * The `encoding` form of the shared answer `bytes`, compressed once for all its readers (R18.17): koa-compress chose
 * the coding and started `stream`; the first reader's stream is read to the end and kept, later readers' streams are
 * dropped for the kept bytes.
 */
async function compressedOnce(bytes: Buffer, encoding: string, stream: Readable): Promise<Buffer> {
  let forms = compressedShared.get(bytes);
  const known = forms?.get(encoding);
  if (known !== undefined) {
    stream.destroy();
    return known;
  }
  const compressed = await buffer(stream);
  if (forms === undefined) compressedShared.set(bytes, (forms = new Map()));
  forms.set(encoding, compressed);
  return compressed;
}
