import type { Context } from 'koa';
import type { Pagination } from '../db/page-query';

/** Single-resource envelope `{ success: true, data }` with `status` (default 200). */
export function sendData(ctx: Context, data: unknown, status = 200): void {
  ctx.status = status;
  ctx.body = { success: true, data };
}

/** List envelope `{ success: true, data, pagination }`. */
export function sendList(ctx: Context, data: unknown[], page: Pagination): void {
  ctx.status = 200;
  ctx.body = { success: true, data, pagination: page };
}

/** 204 with no body (DELETE, logout). */
export function sendNoContent(ctx: Context): void {
  ctx.status = 204;
  ctx.body = null;
}
