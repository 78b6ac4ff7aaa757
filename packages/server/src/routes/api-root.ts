import type { ApiContext } from '../http/operation';
import { requestOrigin } from '../http/public-links';
import { API_PREFIX } from '../http/router';

/**
 * The public API root for links: config.publicUrl, else this request's origin plus /api/v1 (behind trusted proxies
 * the forwarded host and protocol the nearest proxies wrote, never a client's own entry: see requestOrigin).
 */
export function apiRoot(ctx: ApiContext): string {
  return ctx.deps.config.publicUrl ?? `${requestOrigin(ctx)}${API_PREFIX}`;
}
