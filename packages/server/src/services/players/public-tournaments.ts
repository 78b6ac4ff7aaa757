import { pageTotal, type RowPage, totalCountQuery } from '../../db/page-query';
import type { Db } from '../../db/db';
import type { TournamentRow } from '../../db/rows';
import type { PublicTournamentListQuery } from '../../contract-types';
import { dayEnd, dayStart } from '../tournaments/tournament-list-query';

/**
 * The two queries of a listPublicTournaments page (R26.1), unexecuted: `count` (total under the filters, capped: R3.11) and `page`
 * (rows of the page, soonest start first, then id). Published tournaments of every project: the status is not DRAFT
 * (or the one asked for), the discipline and the inclusive UTC start days (`startDate`, `endDate`,
 * `YYYY-MM-DD`) as given. They run on the indexes of migration 0010 (R3.8).
 */
export function publicTournamentQueries(db: Db, q: PublicTournamentListQuery & { totalCap: number }) {
  let base = db.selectFrom('tournaments');
  base = q.status !== undefined ? base.where('status', '=', q.status) : base.where('status', '<>', 'DRAFT');
  if (q.disciplineId !== undefined) base = base.where('discipline_id', '=', q.disciplineId);
  if (q.startDate !== undefined) base = base.where('start_date', '>=', dayStart(q.startDate));
  if (q.endDate !== undefined) base = base.where('start_date', '<=', dayEnd(q.endDate));
  return {
    count: totalCountQuery(base, q),
    page: base
      .selectAll()
      .orderBy('start_date', 'asc')
      .orderBy('id', 'asc')
      .limit(q.limit)
      .offset((q.page - 1) * q.limit),
  };
}

/** One page of public tournaments and the total count (see `publicTournamentQueries`). */
export async function queryPublicTournamentPage(db: Db, q: PublicTournamentListQuery & { totalCap: number }): Promise<RowPage<TournamentRow>> {
  const { count, page } = publicTournamentQueries(db, q);
  const [total, rows] = await Promise.all([count.executeTakeFirstOrThrow(), page.execute()]);
  return { rows, ...pageTotal(total, q) };
}
