import { summarizePoints } from '@tourney/core';
import type { CircuitAnalytics, CircuitStatus, SeasonStatus } from '../../contract-types';
import { fromHundredths } from '../circuits/circuit-mapper';
import { findSeasonRows } from '../circuits/circuit-reader';
import { cumulativeStandings, querySeasonStandings } from '../circuits/season-standings';
import type { Db } from '../../db/db';
import type { CircuitRow } from '../../db/rows';

/** Lines of the cumulative standings listed as top competitors. */
export const TOP_COMPETITORS = 10;

/**
 * Computes a circuit's analytics from its classifications and awards at request time:
 * - tournaments classified, distinct competitors and points awarded (overall and per season, with each season's
 *   average participants per classified tournament and its leader);
 * - pointsDistribution and topCompetitors from the cumulative standings (every season);
 * - engagement: per classified tournament in classification order, its competitors split into new ones (in no
 *   earlier classified tournament of the circuit) and returning ones.
 */
export async function computeCircuitAnalytics(db: Db, circuit: CircuitRow, now: string): Promise<CircuitAnalytics> {
  const [seasons, classifications, awards, cumulative] = await Promise.all([
    findSeasonRows(db, circuit.id),
    db
      .selectFrom('circuit_classifications')
      .selectAll()
      .where('circuit_id', '=', circuit.id)
      .orderBy('classified_at', 'asc')
      .orderBy('id', 'asc')
      .execute(),
    db
      .selectFrom('circuit_awards')
      .select(['classification_id', 'season_id', 'competitor_key', 'points_hundredths'])
      .where('circuit_id', '=', circuit.id)
      .execute(),
    cumulativeStandings(db, circuit.id),
  ]);

  const keysOf = new Map<string, Set<string>>();
  for (const a of awards) {
    const keys = keysOf.get(a.classification_id) ?? new Set<string>();
    keys.add(a.competitor_key);
    keysOf.set(a.classification_id, keys);
  }
  const seen = new Set<string>();
  const engagement = classifications.map((c) => {
    const keys = keysOf.get(c.id) ?? new Set<string>();
    let returning = 0;
    for (const key of keys) if (seen.has(key)) returning += 1;
    for (const key of keys) seen.add(key);
    return {
      tournamentId: c.tournament_id,
      name: c.tournament_name,
      seasonId: c.season_id,
      completedAt: c.completed_at,
      classifiedAt: c.classified_at,
      competitors: keys.size,
      newCompetitors: keys.size - returning,
      returningCompetitors: returning,
    };
  });

  const seasonFigures = await Promise.all(
    seasons.map(async (s) => {
      const mine = classifications.filter((c) => c.season_id === s.id);
      const seasonAwards = awards.filter((a) => a.season_id === s.id);
      const leader = (await querySeasonStandings(db, s.id, { page: 1, limit: 1, totalCap: 1 /* only the first row is read */ })).rows[0] ?? null;
      const participants = mine.reduce((sum, c) => sum + c.participant_count, 0);
      return {
        seasonId: s.id,
        name: s.name,
        status: s.status as SeasonStatus,
        tournamentsClassified: mine.length,
        competitors: new Set(seasonAwards.map((a) => a.competitor_key)).size,
        pointsAwarded: fromHundredths(seasonAwards.reduce((sum, a) => sum + a.points_hundredths, 0)),
        averageParticipantsPerTournament: mine.length === 0 ? null : Math.round((participants / mine.length) * 100) / 100,
        leader,
      };
    }),
  );

  return {
    circuitId: circuit.id,
    status: circuit.status as CircuitStatus,
    seasonCount: seasons.length,
    activeSeasonId: seasons.find((s) => s.status === 'ACTIVE')?.id ?? null,
    tournamentsClassified: classifications.length,
    uniqueCompetitors: seen.size,
    totalPointsAwarded: fromHundredths(awards.reduce((sum, a) => sum + a.points_hundredths, 0)),
    pointsDistribution: summarizePoints(cumulative.map((s) => s.points)),
    topCompetitors: cumulative.slice(0, TOP_COMPETITORS),
    engagement,
    seasons: seasonFigures,
    generatedAt: now,
  };
}
