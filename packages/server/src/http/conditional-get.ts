import etag from 'etag';
import type { Middleware } from 'koa';
import { isShared } from '../services/shared-answer';

/** How the answers to reads may be cached, see {@link conditionalGet}. */
export interface ReadCachePolicy {
  /**
   * Seconds a shared cache (a CDN) and browsers may serve an anonymous read without asking again (0: they store it and
   * revalidate every time with its ETag).
   */
  publicMaxAgeSeconds: number;
}

const CREDENTIAL_HEADERS = ['authorization', 'x-api-key'] as const;
/** The Vary names of those headers, set in one call (each call reads, parses and writes the header again). */
const VARY_BY_CREDENTIALS = ['Authorization', 'X-API-Key'];

/** The `{ success: true, data }` answer of a shared `data` (services/shared-answer.ts), encoded once, and its tag. */
interface EncodedAnswer {
  bytes: Buffer;
  etag: string;
}

const encodedShared = new WeakMap<object, EncodedAnswer>();
/** The bytes of those answers: the same Buffer for every reader, so later layers may keep what they make of it. */
const sharedBytes = new WeakSet<Buffer>();

/** Whether `bytes` is the encoded answer of a shared service result, sent unchanged to every reader (R18.17). */
export function isSharedBytes(bytes: Buffer): boolean {
  return sharedBytes.has(bytes);
}

/**
 * The bytes and weak ETag of `body`: a `{ success: true, data }` envelope of a shared `data` (a cached bracket,
 * R18.17) is encoded and hashed once for all its readers, as long as that answer lives; anything else every time.
 */
function encodeJson(body: object): EncodedAnswer {
  const data = (body as { data?: unknown }).data;
  const envelope = isShared(data) && Object.keys(body).length === 2 && (body as { success?: unknown }).success === true;
  if (envelope) {
    const known = encodedShared.get(data);
    if (known !== undefined) return known;
  }
  const bytes = Buffer.from(JSON.stringify(body));
  const encoded = { bytes, etag: etag(bytes, { weak: true }) };
  if (envelope) {
    encodedShared.set(data, encoded);
    sharedBytes.add(bytes);
  }
  return encoded;
}

/**
 * ETag, `304 Not Modified` and Cache-Control for reads (R2.20). On a GET or HEAD answered 200 with a JSON or text body
 * and no Cache-Control of its own, the body is serialized and encoded to UTF-8 once (the bytes sent), tagged with a
 * weak ETag (a hash of those bytes, so identical answers get identical tags on every instance) and answered 304
 * without a body when the request's
 * If-None-Match names that tag. Cache-Control: anonymous requests get `public` (`no-cache`, or `max-age` of
 * `policy.publicMaxAgeSeconds`), so a CDN in front of the public reads may keep them; requests with credentials get
 * `private, no-cache`: only the caller's browser keeps them, and revalidates. `Vary` names the credential headers.
 * Answers that set their own Cache-Control (`no-store` for secrets, calendar feeds) are left alone. The answer of a
 * shared service result (a cached bracket) is encoded and tagged once (R18.17).
 */
export function conditionalGet(policy: ReadCachePolicy): Middleware {
  const publicControl = policy.publicMaxAgeSeconds > 0 ? `public, max-age=${policy.publicMaxAgeSeconds}` : 'public, no-cache';
  return async (ctx, next) => {
    await next();
    if ((ctx.method !== 'GET' && ctx.method !== 'HEAD') || ctx.status !== 200) return;
    if (ctx.response.get('Cache-Control')) return;
    const body: unknown = ctx.body;
    let tag: string;
    if (typeof body === 'string') {
      const bytes = Buffer.from(body);
      ctx.body = bytes;
      tag = etag(bytes, { weak: true });
    } else if (body !== null && typeof body === 'object' && !Buffer.isBuffer(body) && typeof (body as { pipe?: unknown }).pipe !== 'function') {
      // Encoded once: the same bytes are hashed and sent (a string body would be encoded again for the socket).
      const encoded = encodeJson(body);
      ctx.body = encoded.bytes;
      ctx.type = 'application/json';
      tag = encoded.etag;
    } else return;
    const anonymous = CREDENTIAL_HEADERS.every((header) => !ctx.get(header));
    ctx.set('Cache-Control', anonymous ? publicControl : 'private, no-cache');
    ctx.vary(VARY_BY_CREDENTIALS);
    ctx.etag = tag;
    if (ctx.fresh) {
      ctx.status = 304;
      ctx.body = null;
    }
  };
}
