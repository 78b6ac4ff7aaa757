import type { Decider, GameScore } from './series';

/** Match status (R8.1). COMPLETED and RESOLVED are final. */
export type MatchStatus = 'SCHEDULED' | 'IN_PROGRESS' | 'PENDING_RESULT' | 'COMPLETED' | 'DISPUTED' | 'RESOLVED';

/** One side's score: a non-negative integer. */
export interface MatchScore {
  participantId: string;
  score: number;
}

/** A result claimed by a report, awaiting confirmation. */
export interface ReportedResult {
  /** Claimed winner; null = a draw. */
  winnerId: string | null;
  /** One score per participant, in slot order. */
  scores: MatchScore[];
  /** Participant id of the reporting side, or null when an organizer reported. */
  reportedBy: string | null;
  /** Per-game scores (R25.2), when reported. */
  games?: GameScore[];
  /** What decided a drawn score (R25.4), when reported. */
  decider?: Decider;
}

/** What the state machine needs to know about a match. */
export interface MatchState {
  status: MatchStatus;
  /** Participant ids of slots 1 and 2; null while not yet decided. */
  participants: [string | null, string | null];
  reported: ReportedResult | null;
  /** Draws allowed (round robin, Swiss, groups); false in elimination stages. */
  allowDraw: boolean;
  /** Games the match is played over (R25.1); 1 when absent. */
  bestOf?: number;
}

/**
 * A submitted result: `winnerId` may be omitted (the higher score wins) or null. `scores` may be omitted when
 * `games` are given (R25.2: derived from them); `decider` decides a drawn score (R25.4).
 */
export interface ResultInput {
  winnerId?: string | null;
  scores?: readonly MatchScore[];
  /** Games as submitted (checked by `checkGames`): scores per side in slot order, and a map. */
  games?: readonly { scores: readonly number[]; map?: string }[];
  /** A decider as submitted (checked by `checkDecider`). */
  decider?: { kind: string; scores: readonly number[] } | null;
}

/** An action on a match (the body of POST /matches/{id}/{start|report|confirm|dispute|resolve}). */
export type MatchAction =
  | { type: 'start' }
  | ({ type: 'report' } & ResultInput)
  | { type: 'confirm' }
  | { type: 'dispute'; reason: string; evidence?: readonly string[] }
  | ({ type: 'resolve'; reason: string } & ResultInput);

/** Kind of a match action. */
export type MatchActionType = MatchAction['type'];

/** Who acts: a participant (by participant id), an organizer, or a moderator (may only resolve disputes). */
export type MatchActor = { kind: 'participant'; participantId: string } | { kind: 'organizer' } | { kind: 'moderator' };

/** Event emitted by a transition (webhook event type). */
export type MatchEvent = 'match.started' | 'match.score_reported' | 'match.completed' | 'match.disputed' | 'match.resolved';

/** A validated result: scores in slot order; `winnerId`/`loserId` null exactly when `isDraw`. */
export interface ValidatedResult {
  winnerId: string | null;
  loserId: string | null;
  isDraw: boolean;
  scores: [MatchScore, MatchScore];
  /** The checked games (R25.2), present only when games were given. */
  games?: GameScore[];
  /** The checked decider (R25.4), present only when one was given. */
  decider?: Decider;
}

/**
 * Outcome of an action: the new status, the decided result (set only when entering COMPLETED or RESOLVED,
 * otherwise nulls/false), the event to emit, and the reported result to store.
 */
export interface MatchTransition {
  status: MatchStatus;
  winnerId: string | null;
  loserId: string | null;
  isDraw: boolean;
  /** Final scores in slot order when COMPLETED or RESOLVED, else null. */
  scores: MatchScore[] | null;
  /** Per-game scores of the decided result (R25.2), when given. */
  games?: GameScore[];
  /** Decider of the decided result (R25.4), when given. */
  decider?: Decider;
  event: MatchEvent;
  reported: ReportedResult | null;
}
