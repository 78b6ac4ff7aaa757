import type { Tiebreak } from '../stages/stage-settings';

/**
 * A match of a stage as stored, for standings, placements and the next Swiss round. `winnerId` null with
 * `isDraw` true is a draw; `winnerId` null otherwise means not decided yet (ignored by standings). A
 * Swiss bye is a result with participants [id, null] and winnerId id. `scores` are in slot order, null
 * when there are none (walkover, bye).
 */
export interface StageMatchResult {
  key: string;
  participants: readonly [string | null, string | null];
  winnerId: string | null;
  isDraw?: boolean;
  scores?: readonly [number, number] | null;
}

/** Status of a participant in an esports-form Swiss stage (advance at W wins, out at L losses). */
export type SwissStatus = 'ACTIVE' | 'ADVANCED' | 'ELIMINATED';

/** A participant's decided results in a stage, counted. */
export interface ResultCounts {
  played: number;
  wins: number;
  draws: number;
  losses: number;
  /** Byes received (Swiss): each counts as a win for points and wins. */
  byes: number;
  points: number;
  scoresFor: number;
  scoresAgainst: number;
}

/** One line of a round-robin, Swiss or group standings table. */
export interface StandingRow extends ResultCounts {
  participantId: string;
  seed: number;
  /** 1-based position (within the group for GROUPS); unique: the seed breaks what the criteria leave tied. */
  rank: number;
  /** True when the configured criteria do not separate this row from the one above (shared placement). */
  tiedWithPrevious: boolean;
  /** Group number for GROUPS, else null. */
  group: number | null;
  scoreDifference: number;
  /** Value of each configured criterion (HEAD_TO_HEAD: points among the participants it was applied to, 0 when not needed). */
  tiebreaks: Partial<Record<Tiebreak, number>>;
  /** Esports-form Swiss only; null otherwise. */
  status: SwissStatus | null;
}
