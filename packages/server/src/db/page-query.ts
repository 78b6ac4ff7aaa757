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

/** One page of items with the pagination object of R3.1. */
export interface Page<T> {
  items: T[];
  pagination: Pagination;
}

/** One page of rows and the count of every row under the same filters. */
export interface RowPage<Row> {
  rows: Row[];
  total: number;
}

/**
 * Runs one page of a filtered query: the rows `ordered(base)` selects, `window.limit` of them from row
 * `(page - 1) * limit`, and the count of every row `base` filters, both in parallel. `base` holds the FROM, joins
 * and WHERE clauses only; `ordered` adds the selection and an order that is total (ties broken by id) so pages
 * neither overlap nor skip rows. Filters need an index led by the same columns (R3.8).
 */
export async function queryPage<DB, TB extends keyof DB, Row>(
  base: SelectQueryBuilder<DB, TB, object>,
  window: PageQuery,
  // The selection may join further tables, so its query is of other tables than `base`.
  ordered: (base: SelectQueryBuilder<DB, TB, object>) => SelectQueryBuilder<any, any, Row>,
): Promise<RowPage<Row>> {
  const [count, rows] = await Promise.all([
    base.select((eb) => eb.fn.countAll<number>().as('total')).executeTakeFirstOrThrow(),
    ordered(base)
      .limit(window.limit)
      .offset((window.page - 1) * window.limit)
      .execute(),
  ]);
  return { rows: rows as Row[], total: Number((count as { total: number | string | bigint }).total) };
}

/** The API page of `rows` mapped to items, with the pagination object of `window` and `total`. */
export function toPage<Item>(items: Item[], window: PageQuery, total: number): Page<Item> {
  return { items, pagination: pagination(window.page, window.limit, total) };
}

/**
 * Runs a filtered query as one page, newest first (`created_at` then `id`, both descending, so the order is total),
 * counting the whole result with the same filters in parallel. `base` holds the FROM and WHERE clauses only; every
 * row is selected and mapped with `map`. Filters need an index led by the same columns (R3.8).
 */
export async function newestFirstPage<DB, TB extends keyof DB, Row, Item>(
  base: SelectQueryBuilder<DB, TB, object>,
  window: PageQuery,
  map: (row: Row) => Item,
): Promise<Page<Item>> {
  const { rows, total } = await queryPage(base, window, (b) => b.selectAll().orderBy(sql`created_at`, 'desc').orderBy(sql`id`, 'desc'));
  return toPage((rows as Row[]).map(map), window, total);
}
