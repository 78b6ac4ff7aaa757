import type { ScoringConfig } from '@tourney/core';
import type { Circuit, CircuitPublic, CircuitStatus, CircuitTournament, Season, SeasonStatus, Standing } from '../../contract-types';
import type { CircuitRow, ClassificationRow, SeasonRow, StandingRow } from '../../db/rows';

/** Stored integer hundredths -> API points (67.5 for 6750). */
export const fromHundredths = (hundredths: number): number => hundredths / 100;
/** API points -> stored integer hundredths (exact for points rounded to hundredths). */
export const toHundredths = (points: number): number => Math.round(points * 100);

/** Maps a season row and its classified tournament count to the API `Season`. */
export function toSeason(row: SeasonRow, tournamentCount: number): Season {
  return {
    id: row.id,
    circuitId: row.circuit_id,
    number: row.number,
    name: row.name,
    status: row.status as SeasonStatus,
    startDate: row.start_date,
    endDate: row.end_date,
    scoring: JSON.parse(row.scoring) as ScoringConfig,
    tournamentCount,
    createdAt: row.created_at,
    updatedAt: row.updated_at,
    startedAt: row.started_at,
    completedAt: row.completed_at,
  };
}

/** The public view of a circuit: everything but the project id. */
export function toCircuitPublic(row: CircuitRow, seasons: Season[]): CircuitPublic {
  return {
    id: row.id,
    name: row.name,
    description: row.description,
    disciplineId: row.discipline_id,
    status: row.status as CircuitStatus,
    activeSeasonId: seasons.find((s) => s.status === 'ACTIVE')?.id ?? null,
    seasons,
    createdAt: row.created_at,
    updatedAt: row.updated_at,
  };
}

/** The full API `Circuit` (public view plus projectId) of a row and its seasons by number. */
export function toCircuit(row: CircuitRow, seasons: Season[]): Circuit {
  const { id, ...rest } = toCircuitPublic(row, seasons);
  return { id, projectId: row.project_id, ...rest };
}

/** Maps a stored standings line to the API `Standing`. */
export function toStanding(row: StandingRow): Standing {
  return {
    seasonId: row.season_id,
    rank: row.rank,
    userId: row.user_id,
    teamName: row.team_name,
    name: row.name,
    points: fromHundredths(row.points_hundredths),
    wins: row.wins,
    tournamentsPlayed: row.tournaments_played,
    bestPlacement: row.best_placement,
  };
}

/** Maps a classification row to the API `CircuitTournament`. */
export function toCircuitTournament(row: ClassificationRow): CircuitTournament {
  return {
    seasonId: row.season_id,
    tournamentId: row.tournament_id,
    name: row.tournament_name,
    disciplineId: row.discipline_id,
    startDate: row.start_date,
    completedAt: row.completed_at,
    pointMultiplier: row.point_multiplier,
    participantCount: row.participant_count,
    classifiedAt: row.classified_at,
  };
}
