import { TOURNAMENT_TRANSITIONS } from '@tourney/core';
import { pageTotal, type RowPage, totalCountQuery } from '../../db/page-query';
import type { TournamentListQuery } from '../../contract-types';
import type { Db } from '../../db/db';
import type { TournamentRow } from '../../db/rows';

/** Sort keys of listTournaments and their columns. */
const SORT_COLUMNS = {
  createdAt: 'created_at',
  startDate: 'start_date',
  name: 'name',
  status: 'status',
} as const satisfies Record<TournamentListQuery['sortBy'], string>;

/** Start of a UTC day `YYYY-MM-DD` as a stored instant. */
export function dayStart(day: string): string {
  return `${day}T00:00:00.000Z`;
}

/**
 * The last instant of a UTC day `YYYY-MM-DD` as a stored instant (the inclusive upper bound of `day`). Stored
 * instants always carry milliseconds (toStoredInstant), so `start_date <= dayEnd(day)` keeps exactly the instants up
 * to the end of `day`, for every day of the years 0000 to 9999 (R2.13): the start of the next day would be year
 * +010000 after 9999-12-31, which sorts before every other year as text.
 */
export function dayEnd(day: string): string {
  return `${day}T23:59:59.999Z`;
}

/**
 * The two queries of a tournament list page, unexecuted: `count` (total under the filters, capped: R3.11) and `page` (rows of the
 * page). Both filter on `project_id` first (then `status`, `start_date`), so they run on the `(project_id, ...)`
 * indexes of migration 0001; the page is ordered by the sort column, then id (same direction) for a stable order.
 */
export function tournamentListQueries(db: Db, projectId: string, q: TournamentListQuery & { totalCap: number }) {
  let base = db.selectFrom('tournaments').where('project_id', '=', projectId);
  if (q.status !== undefined) base = base.where('status', '=', q.status);
  if (q.startDate !== undefined) base = base.where('start_date', '>=', dayStart(q.startDate));
  if (q.endDate !== undefined) base = base.where('start_date', '<=', dayEnd(q.endDate));
  const column = SORT_COLUMNS[q.sortBy];
  return {
    count: totalCountQuery(base, q),
    page: base
      .selectAll()
      .orderBy(column, q.sortOrder)
      .orderBy('id', q.sortOrder)
      .limit(q.limit)
      .offset((q.page - 1) * q.limit),
  };
}

/** One page of a project's tournaments and the total count (see `tournamentListQueries`). */
export async function queryTournamentPage(db: Db, projectId: string, q: TournamentListQuery & { totalCap: number }): Promise<RowPage<TournamentRow>> {
  const { count, page } = tournamentListQueries(db, projectId, q);
  const [total, rows] = await Promise.all([count.executeTakeFirstOrThrow(), page.execute()]);
  return { rows, ...pageTotal(total, q) };
}

/** Statuses of a public tournament that has not started yet: those it may start from (core, R5.9). */
export const UPCOMING_STATUSES: readonly string[] = TOURNAMENT_TRANSITIONS.start.from;

/**
 * The public tournaments announced to start (R28.15), across projects, unexecuted: PUBLISHED, REGISTRATION_OPEN or
 * REGISTRATION_CLOSED, starting on or after the UTC day `fromDay` (`YYYY-MM-DD`), soonest start first (then id), at
 * most `limit` rows. The statuses are filtered in the database, so tournaments being played or completed never take
 * the places of the announced ones; it runs on the `(status, start_date)` index of migration 0010.
 */
export function upcomingTournamentsQuery(db: Db, fromDay: string, limit: number) {
  return db
    .selectFrom('tournaments')
    .selectAll()
    .where('status', 'in', [...UPCOMING_STATUSES])
    .where('start_date', '>=', dayStart(fromDay))
    .orderBy('start_date', 'asc')
    .orderBy('id', 'asc')
    .limit(limit);
}
