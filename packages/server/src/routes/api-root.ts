import type { ApiContext } from '../http/operation';
import { API_PREFIX } from '../http/router';

/** The public API root for links: config.publicUrl, else this request's origin plus /api/v1 (proxy-aware). */
export function apiRoot(ctx: ApiContext): string {
  return ctx.deps.config.publicUrl ?? `${ctx.protocol}://${ctx.host}${API_PREFIX}`;
}
