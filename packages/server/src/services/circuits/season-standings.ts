import { accumulateStandings, type CircuitStanding, type StandingContribution } from '@tourney/core';
import { chunks } from '../../db/chunks';
import type { Db } from '../../db/db';
import type { Standing } from '../../contract-types';
import { fromHundredths, toHundredths, toStanding } from './circuit-mapper';
import { type PageWindow, type RowPage, queryPage } from '../../db/page-query';

/**
 * The contributions (one per award) of a season, or of every season of a circuit, in classification order
 * (oldest first), as core accumulates them.
 */
async function contributions(db: Db, where: { seasonId: string } | { circuitId: string }): Promise<StandingContribution[]> {
  let query = db
    .selectFrom('circuit_awards as a')
    .innerJoin('circuit_classifications as c', 'c.id', 'a.classification_id')
    .select(['a.competitor_key', 'a.user_id', 'a.team_name', 'a.name', 'a.points_hundredths', 'a.wins', 'a.placement']);
  query = 'seasonId' in where ? query.where('a.season_id', '=', where.seasonId) : query.where('a.circuit_id', '=', where.circuitId);
  const rows = await query.orderBy('c.classified_at', 'asc').orderBy('c.id', 'asc').orderBy('a.placement', 'asc').execute();
  return rows.map((r) => ({
    competitorKey: r.competitor_key,
    userId: r.user_id,
    teamName: r.team_name,
    name: r.name,
    points: fromHundredths(r.points_hundredths),
    wins: r.wins,
    placement: r.placement,
  }));
}

/**
 * Recomputes a season's standings from all its awards (core accumulateStandings: ties broken by points, then wins,
 * then best placement) and rewrites its `circuit_standings` rows. Call it inside the classification's transaction.
 */
export async function rewriteSeasonStandings(db: Db, circuitId: string, seasonId: string, now: string): Promise<CircuitStanding[]> {
  const standings = accumulateStandings(await contributions(db, { seasonId }));
  await db.deleteFrom('circuit_standings').where('season_id', '=', seasonId).execute();
  for (const chunk of chunks(standings.map((s, i) => ({ s, position: i + 1 })))) {
    await db
      .insertInto('circuit_standings')
      .values(
        chunk.map(({ s, position }) => ({
          season_id: seasonId,
          circuit_id: circuitId,
          competitor_key: s.competitorKey,
          user_id: s.userId,
          team_name: s.teamName,
          name: s.name,
          points_hundredths: toHundredths(s.points),
          wins: s.wins,
          tournaments_played: s.tournamentsPlayed,
          best_placement: s.bestPlacement,
          rank: s.rank,
          position,
          updated_at: now,
        })),
      )
      .execute();
  }
  return standings;
}

/**
 * A page of a season's stored standings in rank order (the `(season_id, position)` index), or with `q.userId` the line
 * of that player alone (0 or 1 line, its rank that of the full standings; the `(user_id, circuit_id)` index).
 */
export async function querySeasonStandings(db: Db, seasonId: string, q: PageWindow & { userId?: string }): Promise<RowPage<Standing>> {
  let base = db.selectFrom('circuit_standings').where('season_id', '=', seasonId);
  if (q.userId !== undefined) base = base.where('user_id', '=', q.userId);
  const page = await queryPage(base, q, (b) => b.selectAll().orderBy('position', 'asc'));
  return { ...page, rows: page.rows.map(toStanding) };
}

/** The API line of a cumulative standing (no season). */
function toCumulative(s: CircuitStanding): Standing {
  return {
    seasonId: null,
    rank: s.rank,
    userId: s.userId,
    teamName: s.teamName,
    name: s.name,
    points: s.points,
    wins: s.wins,
    tournamentsPlayed: s.tournamentsPlayed,
    bestPlacement: s.bestPlacement,
  };
}

/**
 * Standings over every season of a circuit, computed from all its awards (same accumulation and tie rule as a
 * season's), every line with `seasonId` null.
 */
export async function cumulativeStandings(db: Db, circuitId: string): Promise<Standing[]> {
  return accumulateStandings(await contributions(db, { circuitId })).map(toCumulative);
}
