/**
 * Response and request shapes of the circuit operations (openapi.yaml tag Circuits: `Circuit`, `CircuitPublic`,
 * `Season`, `Standing`, `CircuitTournament`, `Classification`). Instants are UTC ISO 8601, dates `YYYY-MM-DD`.
 */
import type { ScoringConfig } from '@tourney/core';

/** Circuit status: DRAFT until the first season starts, ACTIVE, COMPLETED when no season remains to play. */
export type CircuitStatus = 'DRAFT' | 'ACTIVE' | 'COMPLETED';

/** Season status: UPCOMING -> ACTIVE -> COMPLETED (standings final). */
export type SeasonStatus = 'UPCOMING' | 'ACTIVE' | 'COMPLETED';

/** A season of a circuit (R9.6, R9.7). */
export interface Season {
  id: string;
  circuitId: string;
  number: number;
  name: string;
  status: SeasonStatus;
  startDate: string;
  endDate: string;
  scoring: ScoringConfig;
  /** Tournaments classified into the season. */
  tournamentCount: number;
  createdAt: string;
  updatedAt: string;
  startedAt: string | null;
  completedAt: string | null;
}

/** What anyone may see of a circuit (no project id). */
export interface CircuitPublic {
  id: string;
  name: string;
  description: string | null;
  disciplineId: string | null;
  status: CircuitStatus;
  activeSeasonId: string | null;
  seasons: Season[];
  createdAt: string;
  updatedAt: string;
}

/** A circuit with full details, for its project's keys and staff. */
export interface Circuit extends CircuitPublic {
  projectId: string;
}

/** A public circuit with the first lines of its current standings. */
export interface CircuitPublicDetails extends CircuitPublic {
  standings: Standing[];
}

/** One competitor's line in standings; `seasonId` is null in cumulative standings. */
export interface Standing {
  seasonId: string | null;
  rank: number;
  userId: string | null;
  teamName: string | null;
  name: string;
  points: number;
  wins: number;
  tournamentsPlayed: number;
  bestPlacement: number | null;
}

/** A tournament classified into a season. */
export interface CircuitTournament {
  seasonId: string;
  tournamentId: string;
  name: string;
  disciplineId: string;
  startDate: string;
  completedAt: string | null;
  pointMultiplier: number;
  participantCount: number;
  classifiedAt: string;
}

/** Points awarded to one participant by a classification. */
export interface ClassificationAward {
  participantId: string;
  userId: string | null;
  teamName: string | null;
  name: string;
  placement: number;
  points: number;
  wins: number;
}

/** The result of classifying a tournament. */
export interface Classification {
  circuitId: string;
  seasonId: string;
  tournamentId: string;
  pointMultiplier: number;
  awards: ClassificationAward[];
  classifiedAt: string;
}

/** Body of createCircuit. */
export interface CircuitCreateInput {
  name: string;
  description?: string | null;
  disciplineId?: string | null;
  projectId?: string;
}

/** Body of updateCircuit (partial). */
export interface CircuitUpdateInput {
  name?: string;
  description?: string | null;
  disciplineId?: string | null;
}

/** Body of createCircuitSeason. */
export interface SeasonCreateInput {
  name: string;
  startDate: string;
  endDate: string;
  scoring: ScoringConfig;
}

/** Validated query of listCircuits. */
export interface CircuitListQuery {
  page: number;
  limit: number;
  status?: CircuitStatus;
  projectId?: string;
}

/** Validated query of getCircuitStandings. */
export interface StandingsQuery {
  page: number;
  limit: number;
  seasonId?: string;
  cumulative?: boolean;
}

/** Validated query of listCircuitTournaments. */
export interface CircuitTournamentsQuery {
  page: number;
  limit: number;
  seasonId?: string;
}
