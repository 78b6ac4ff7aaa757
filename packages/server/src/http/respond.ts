import type { Context } from 'koa';

/** The pagination object of spec 2.1. */
export interface Pagination {
  page: number;
  limit: number;
  total: number;
  totalPages: number;
  hasNext: boolean;
  hasPrevious: boolean;
}

/** Builds the pagination object from 1-based `page`, `limit` and the `total` count. */
export function pagination(page: number, limit: number, total: number): Pagination {
  const totalPages = Math.ceil(total / limit);
  return { page, limit, total, totalPages, hasNext: page < totalPages, hasPrevious: page > 1 };
}

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
