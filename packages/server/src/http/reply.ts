import type { Context } from 'koa';
import type { Page } from '../db/page-query';
import type { Reply, ReplyHeaders } from './operation';

/**
 * Reply builders for operation handlers. Each returns a plain object whose status is a literal type, so a handler's
 * reply is checked against the 2xx responses its operation documents (see OperationReply).
 */

/** 200 with the `{ success: true, data }` envelope. */
export const ok = <D>(data: D, headers?: ReplyHeaders) => ({ status: 200 as const, data, ...(headers ? { headers } : {}) });

/** 201 with the `{ success: true, data }` envelope. */
export const created = <D>(data: D, headers?: ReplyHeaders) => ({ status: 201 as const, data, ...(headers ? { headers } : {}) });

/** 202 with the `{ success: true, data }` envelope. */
export const accepted = <D>(data: D) => ({ status: 202 as const, data });

/** 200 with the list envelope `{ success: true, data, pagination }` of one page. */
export const listed = <T>(page: Page<T>) => ({ status: 200 as const, data: page.items, pagination: page.pagination });

/** 200 with a CSV body offered as a download named `filename` (the CSV exports, R24.5, R26.6, R26.7). */
export const csvDownload = (body: string, filename: string) => ({
  status: 200 as const,
  type: 'text/csv' as const,
  body,
  headers: { 'Content-Disposition': `attachment; filename="${filename}"` },
});

/** 204 without a body. */
export const noContent = () => ({ status: 204 as const });

/** `Cache-Control: no-store`, for answers carrying secrets or tokens. */
export const NO_STORE: ReplyHeaders = { 'Cache-Control': 'no-store' };

/** Writes a handler's reply: headers, status and the body (the JSON envelope, a typed text body, or none). */
export function renderReply(ctx: Context, reply: Reply): void {
  if (reply.headers) ctx.set(reply.headers);
  ctx.status = reply.status;
  if ('body' in reply) {
    ctx.type = reply.type;
    ctx.body = reply.body;
  } else if ('pagination' in reply) {
    ctx.body = { success: true, data: reply.data, pagination: reply.pagination };
  } else if ('data' in reply) {
    ctx.body = { success: true, data: reply.data };
  } else {
    ctx.body = null;
  }
}
