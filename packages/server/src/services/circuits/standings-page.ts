import { AppError, invalidField, notFound } from '../../errors/app-error';
import { pageOfList, toPage, type Page, type PageWindow } from '../../db/page-query';
import type { Db } from '../../db/db';
import type { Standing } from '../../contract-types';
import { currentSeason, findSeasonRows } from './circuit-reader';
import { cumulativeStandings, querySeasonStandings } from './season-standings';

/** Which standings to read: a season (`seasonId`, else the current one) or every season (`cumulative`), optionally one player's line. */
export interface StandingsSelection extends PageWindow {
  seasonId?: string;
  cumulative: boolean;
  /** Only the line of this solo competitor with an account (listPublicCircuitStandings). */
  userId?: string;
}

/**
 * A page of a circuit's standings (getCircuitStandings, listPublicCircuitStandings; R9.17): of `seasonId`, else of the
 * current season (ACTIVE, else the COMPLETED one completed last, else the UPCOMING one the next start picks), or with
 * `cumulative` over every season (computed from the awards, `seasonId` null on each line). With `userId`, the line of
 * that player alone, ranked as in the full standings (an empty page when the player has none).
 * @throws AppError 400 naming `query.cumulative` when combined with seasonId; 404 for a season not of the circuit,
 *   or a circuit without seasons.
 */
export async function standingsPage(db: Db, circuitId: string, q: StandingsSelection): Promise<Page<Standing>> {
  if (q.cumulative && q.seasonId !== undefined) throw invalidField('query.cumulative', 'cannot be combined with seasonId');
  if (q.cumulative) {
    const lines = await cumulativeStandings(db, circuitId);
    return pageOfList(q.userId === undefined ? lines : lines.filter((l) => l.userId === q.userId), q);
  }
  const seasons = await findSeasonRows(db, circuitId);
  const season = q.seasonId !== undefined ? seasons.find((s) => s.id === q.seasonId) : currentSeason(seasons);
  if (!season) throw q.seasonId !== undefined ? notFound('season') : new AppError('NOT_FOUND', 'the circuit has no season yet');
  const { rows, total, capped } = await querySeasonStandings(db, season.id, q);
  return toPage(rows, q, total, capped);
}
