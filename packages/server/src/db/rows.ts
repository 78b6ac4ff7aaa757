import type { Selectable } from 'kysely';
import type {
  AntiCheatSessionsTable,
  CircuitClassificationsTable,
  CircuitSeasonsTable,
  CircuitStandingsTable,
  CircuitsTable,
  MatchesTable,
  MatchHistoryTable,
  ParticipantsTable,
  StagesTable,
  TournamentsTable,
} from './schema';

// The stored rows the services read and pass around, as Kysely selects them (columns in snake_case, as in
// schema.ts). Mapping a row to its API shape is the job of each service's mapper.

/** A tournaments row. */
export type TournamentRow = Selectable<TournamentsTable>;
/** A stages row. */
export type StageRow = Selectable<StagesTable>;
/** A participants row. */
export type ParticipantRow = Selectable<ParticipantsTable>;
/** A matches row. */
export type MatchRow = Selectable<MatchesTable>;
/** A match_history row. */
export type MatchHistoryRow = Selectable<MatchHistoryTable>;
/** A circuits row. */
export type CircuitRow = Selectable<CircuitsTable>;
/** A circuit_seasons row. */
export type SeasonRow = Selectable<CircuitSeasonsTable>;
/** A circuit_classifications row. */
export type ClassificationRow = Selectable<CircuitClassificationsTable>;
/** A circuit_standings row (a season's standings line). */
export type StandingRow = Selectable<CircuitStandingsTable>;
/** An anti_cheat_sessions row. */
export type SessionRow = Selectable<AntiCheatSessionsTable>;
