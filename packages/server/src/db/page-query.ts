import { type SelectQueryBuilder, sql } from 'kysely';

/** The pagination object of every list response (contract: Pagination). */
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

/** A 1-based page request: `page` >= 1, `limit` rows per page (the contract's page/limit query parameters). */
export interface PageQuery {
  page: number;
  limit: number;
}

/** One page of items with the pagination object of spec 2.1. */
export interface Page<T> {
  items: T[];
  pagination: Pagination;
}

/**
 * Runs a filtered query as one page, newest first (`created_at` then `id`, both descending, so the order is total),
 * counting the whole result with the same filters in parallel. `base` holds the FROM and WHERE clauses only; every
 * row is selected and mapped with `map`. Filters need an index led by the same columns (DESIGN performance notes).
 */
export async function newestFirstPage<DB, TB extends keyof DB, Row, Item>(
  base: SelectQueryBuilder<DB, TB, object>,
  window: PageQuery,
  map: (row: Row) => Item,
): Promise<Page<Item>> {
  const [count, rows] = await Promise.all([
    base.select((eb) => eb.fn.countAll<number>().as('total')).executeTakeFirstOrThrow(),
    base
      .selectAll()
      .orderBy(sql`created_at`, 'desc')
      .orderBy(sql`id`, 'desc')
      .limit(window.limit)
      .offset((window.page - 1) * window.limit)
      .execute(),
  ]);
  const total = Number((count as { total: number | string | bigint }).total);
  return { items: (rows as Row[]).map(map), pagination: pagination(window.page, window.limit, total) };
}
