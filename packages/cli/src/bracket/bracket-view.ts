/**
 * The parts of the API's Bracket (GET /tournaments/{id}/bracket) that the terminal renderer reads. The SDK's
 * `Bracket` type is assignable to {@link BracketView}; tests build these shapes directly.
 */

/** One side of a match (contract MatchSide). */
export interface SideView {
  participantId: string | null;
  name: string | null;
  seed?: number | null;
  score: number | null;
}

/** A match (contract BracketMatch, the fields used for drawing). */
export interface MatchView {
  id: string;
  /** WINNERS, LOSERS, GRAND_FINAL, THIRD_PLACE, ROUND_ROBIN, SWISS or GROUP. */
  bracket: string;
  groupNumber?: number | null;
  /** The group's name (A, B, ... or given names). */
  groupName?: string | null;
  /** 1-based round within its bracket. */
  round: number;
  /** 1-based position within the round; positions emptied by byes keep their number (so some may be missing). */
  number: number;
  status: string;
  participants: readonly SideView[];
  winnerId: string | null;
  isDraw?: boolean;
  resultType?: string | null;
  /** What decided a drawn score (contract MatchDecider, R25.4): its score per side is drawn after the match score. */
  decider?: { kind: string; scores: readonly number[] } | null;
}

/** A round of one bracket of a stage, with its display name ("Final", "Semi-finals", "Round 1"). */
export interface RoundView {
  bracket: string;
  round: number;
  name: string;
  matches: readonly MatchView[];
}

/** One line of a round-robin, Swiss or group stage's standings (contract StandingsRow, the fields drawn). */
export interface StandingView {
  rank: number;
  name: string;
  group?: number | null;
  /** The group's name (A, B, ... or given names). */
  groupName?: string | null;
  played: number;
  wins: number;
  draws: number;
  losses: number;
  points: number;
  scoreFor?: number;
  scoreAgainst?: number;
  /** scoreFor - scoreAgainst. */
  scoreDifference?: number;
  /** Value of each tiebreak criterion of the stage by name (POINTS, BUCHHOLZ, SONNEBORN_BERGER, ...). */
  tiebreaks?: Readonly<Record<string, number>>;
  /** Esports-form Swiss: ACTIVE, ADVANCED or ELIMINATED. */
  status?: string | null;
}

/** A stage, its rounds and (round robin, Swiss, groups) its standings. */
export interface StageView {
  stage: { number: number; name: string; format: string };
  rounds: readonly RoundView[];
  standings?: readonly StandingView[];
}

/** A final (or current) placement; `placementRange` is e.g. "3-4" when shared. */
export interface PlacementView {
  participantId: string;
  name: string;
  placement: number;
  placementRange?: string | null;
}

/** The whole bracket of a tournament. */
export interface BracketView {
  tournamentId: string;
  status: string;
  stages: readonly StageView[];
  placements: readonly PlacementView[];
}
