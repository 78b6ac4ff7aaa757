import { type SelectQueryBuilder, sql } from 'kysely';

/** The pagination object of every list response (contract: Pagination). */
export interface Pagination {
  page: number;
  limit: number;
  total: number;
  totalPages: number;
  hasNext: boolean;
  hasPrevious: boolean;
  /** Present (true) only when `total` is a lower bound: more rows exist than were counted (R3.11). */
  totalCapped?: true;
}

/**
 * Builds the pagination object from 1-based `page`, `limit` and the `total` count. With `capped` the total is a lower
 * bound (R3.11): `totalCapped: true` is set and `hasNext` is true, since rows exist beyond those counted.
 */
export function pagination(page: number, limit: number, total: number, capped = false): Pagination {
  const totalPages = Math.ceil(total / limit);
  const result: Pagination = { page, limit, total, totalPages, hasNext: capped || page < totalPages, hasPrevious: page > 1 };
  if (capped) result.totalCapped = true;
  return result;
}

/** Default of config `listTotalCap`: rows counted beyond the offset of a page (R3.11). */
export const DEFAULT_LIST_TOTAL_CAP = 1000;

/**
 * Checks a `listTotalCap` (config, env TOURNEY_LIST_TOTAL_CAP; R3.11): an integer >= 1. createApp checks its config
 * with it. @throws RangeError otherwise.
 */
export function checkListTotalCap(cap: number): void {
  if (!Number.isInteger(cap) || cap < 1) throw new RangeError(`listTotalCap must be an integer >= 1, got ${cap}`);
}

/** A 1-based page request: `page` >= 1, `limit` rows per page (the contract's page/limit query parameters). */
export interface PageQuery {
  page: number;
  limit: number;
}

/**
 * A page request as the page queries run it: with `totalCap`, how many rows past the offset the total counts at most
 * (the app's config `listTotalCap`, from the service's dependencies, so that two apps in one process may differ; R3.11).
 */
export interface PageWindow extends PageQuery {
  totalCap: number;
}

/** `query` (a page request, possibly with filters) with the total cap of the app (`deps.config.listTotalCap`, R3.11). */
export function withTotalCap<Q extends PageQuery>(query: Q, totalCap: number): Q & { totalCap: number } {
  return { ...query, totalCap };
}

/** One page of items with the pagination object of R3.1. */
export interface Page<T> {
  items: T[];
  pagination: Pagination;
}

/** One page of rows and the count of the rows under the same filters; `capped`: `total` is a lower bound (R3.11). */
export interface RowPage<Row> {
  rows: Row[];
  total: number;
  capped?: boolean;
}

/**
 * The count query of a list page, unexecuted: `SELECT COUNT(*) AS total FROM (SELECT 1 ... LIMIT n) AS capped_rows`
 * over the rows `base` filters, stopping one row after `offset + max(window.totalCap, limit)` (R3.11). It is written onto
 * `base` itself (front and end modifiers wrap it as the subquery) so it runs on the same executor; read its row with
 * {@link pageTotal}.
 */
export function totalCountQuery<DB, TB extends keyof DB>(base: SelectQueryBuilder<DB, TB, object>, window: PageWindow) {
  return base
    .modifyFront(sql`count(*) as ${sql.id('total')} from (select`)
    .select(sql<number>`1`.as('one'))
    .limit(countedRows(window) + 1)
    .modifyEnd(sql`) as ${sql.id('capped_rows')}`) as unknown as SelectQueryBuilder<DB, TB, { total: number | string | bigint }>;
}

/** Rows a page's total counts at most: `offset + max(totalCap, limit)` (R3.11). */
function countedRows(window: PageWindow): number {
  return (window.page - 1) * window.limit + Math.max(window.totalCap, window.limit);
}

/** The total of a page from the row of {@link totalCountQuery}: exact, or a lower bound with `capped` (R3.11). */
export function pageTotal(row: { total: number | string | bigint }, window: PageWindow): { total: number; capped?: boolean } {
  const total = Number(row.total);
  const counted = countedRows(window);
  return total > counted ? { total: counted, capped: true } : { total };
}

/**
 * Runs one page of a filtered query: the rows `ordered(base)` selects, `window.limit` of them from row
 * `offset = (page - 1) * limit`, and the count of the rows `base` filters, both in parallel. The count stops after
 * `offset + max(window.totalCap, limit)` rows (R3.11): when more rows exist, `total` is that number and `capped` is
 * true, so a request costs the same whether the list holds a thousand rows or a million. `base` holds the FROM,
 * joins and WHERE clauses only; `ordered` adds the selection and an order that is total (ties broken by id) so pages
 * neither overlap nor skip rows. Filters need an index led by the same columns (R3.8).
 */
export async function queryPage<DB, TB extends keyof DB, Row>(
  base: SelectQueryBuilder<DB, TB, object>,
  window: PageWindow,
  // The selection may join further tables, so its query is of other tables than `base`.
  ordered: (base: SelectQueryBuilder<DB, TB, object>) => SelectQueryBuilder<any, any, Row>,
): Promise<RowPage<Row>> {
  const [count, rows] = await Promise.all([
    totalCountQuery(base, window).executeTakeFirstOrThrow(),
    ordered(base)
      .limit(window.limit)
      .offset((window.page - 1) * window.limit)
      .execute(),
  ]);
  return { rows: rows as Row[], ...pageTotal(count, window) };
}

/**
 * The API page of `rows` mapped to items, with the pagination object of `window` and `total`; `capped` (from
 * {@link RowPage}) marks `total` as a lower bound (R3.11).
 */
export function toPage<Item>(items: Item[], window: PageQuery, total: number, capped = false): Page<Item> {
  return { items, pagination: pagination(window.page, window.limit, total, capped) };
}

/**
 * One page of a list held whole in memory (a tournament's stages, cumulative standings, calendar events), with the
 * pagination object of `window` and the list's exact length as total (R3.1).
 */
export function pageOfList<Item>(all: readonly Item[], window: PageQuery): Page<Item> {
  const start = (window.page - 1) * window.limit;
  return toPage(all.slice(start, start + window.limit), window, all.length);
}

/**
 * Runs a filtered query as one page, newest first (`created_at` then `id`, both descending, so the order is total),
 * counting the result with the same filters in parallel (capped, R3.11). `base` holds the FROM and WHERE clauses only; every
 * row is selected and mapped with `map`. Filters need an index led by the same columns (R3.8).
 */
export async function newestFirstPage<DB, TB extends keyof DB, Row, Item>(
  base: SelectQueryBuilder<DB, TB, object>,
  window: PageWindow,
  map: (row: Row) => Item,
): Promise<Page<Item>> {
  const { rows, total, capped } = await queryPage(base, window, (b) => b.selectAll().orderBy(sql`created_at`, 'desc').orderBy(sql`id`, 'desc'));
  return toPage((rows as Row[]).map(map), window, total, capped);
}
