/** Row types of circuits, circuit_seasons, circuit_classifications, circuit_awards and circuit_standings. */

/** A circuit (R9.5): a series of tournaments in seasons; status DRAFT | ACTIVE | COMPLETED. */
export interface CircuitsTable {
  id: string;
  project_id: string;
  name: string;
  description: string | null;
  discipline_id: string | null;
  status: string;
  created_at: string;
  updated_at: string;
}

/** A season of a circuit; status UPCOMING | ACTIVE | COMPLETED; dates `YYYY-MM-DD`; scoring is JSON (ScoringConfig). */
export interface CircuitSeasonsTable {
  id: string;
  circuit_id: string;
  number: number;
  name: string;
  status: string;
  start_date: string;
  end_date: string;
  scoring: string;
  created_at: string;
  updated_at: string;
  started_at: string | null;
  completed_at: string | null;
}

/** A tournament classified into a season (once per circuit), with a snapshot of the tournament. */
export interface CircuitClassificationsTable {
  id: string;
  circuit_id: string;
  season_id: string;
  tournament_id: string;
  tournament_name: string;
  discipline_id: string;
  start_date: string;
  completed_at: string | null;
  point_multiplier: number;
  participant_count: number;
  classified_at: string;
}

/** Points awarded to one participant by one classification; points in integer hundredths. */
export interface CircuitAwardsTable {
  id: string;
  classification_id: string;
  circuit_id: string;
  season_id: string;
  tournament_id: string;
  participant_id: string;
  /** `team:<name>`, `user:<id>` or `participant:<id>` (core competitorKey). */
  competitor_key: string;
  user_id: string | null;
  team_name: string | null;
  name: string;
  placement: number;
  points_hundredths: number;
  wins: number;
}

/** One ranked line of a season's standings, rewritten at each classification; `position` is the 1-based list order. */
export interface CircuitStandingsTable {
  season_id: string;
  circuit_id: string;
  competitor_key: string;
  user_id: string | null;
  team_name: string | null;
  name: string;
  points_hundredths: number;
  wins: number;
  tournaments_played: number;
  best_placement: number;
  rank: number;
  position: number;
  updated_at: string;
}
