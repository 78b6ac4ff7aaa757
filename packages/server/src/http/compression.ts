import { constants } from 'node:zlib';
import compressible from 'compressible';
import compress from 'koa-compress';
import type { Middleware } from 'koa';

/** Bodies smaller than this many bytes are sent as they are (compressing them costs more than it saves). */
export const COMPRESSION_THRESHOLD_BYTES = 1024;

/**
 * HTTP compression of responses (R2.19): brotli or gzip as the client's Accept-Encoding prefers (koa-compress picks;
 * `identity` when it accepts neither), for compressible types (JSON, text, CSV, iCalendar, HTML) of at least
 * {@link COMPRESSION_THRESHOLD_BYTES}. Brotli runs at quality 4 and gzip at level 6: near their best ratio for JSON at a
 * fraction of the CPU of brotli's default 11, so a 1.4 MB bracket is compressed in milliseconds. Sets
 * `Vary: Accept-Encoding`. Event streams (`text/event-stream`) are never compressed: a compressor buffers, and each event
 * must reach the subscriber when it is written.
 */
export function compression(): Middleware {
  return compress({
    threshold: COMPRESSION_THRESHOLD_BYTES,
    br: { params: { [constants.BROTLI_PARAM_QUALITY]: 4 } },
    gzip: { level: 6 },
    deflate: false,
    filter: (type) => !type.startsWith('text/event-stream') && compressible(type) === true,
  });
}
