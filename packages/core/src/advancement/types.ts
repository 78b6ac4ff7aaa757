import type { BracketKind, MatchSlot } from '../formats/types';
import type { MatchStatus } from '../matches/types';

/**
 * How a match was decided (contract `Match.resultType`): NORMAL by play, BYE a Swiss free win, WALKOVER and
 * DOUBLE_FORFEIT by forfeit, NOT_NEEDED a grand-final reset closed without play.
 */
export type ResultType = 'NORMAL' | 'BYE' | 'WALKOVER' | 'DOUBLE_FORFEIT' | 'NOT_NEEDED';

/** Where a match's winner or loser goes: a match id and slot 1 or 2. */
export interface SlotRef {
  matchId: string;
  slot: MatchSlot;
}

/** A stored match of a stage as advancement sees it (ids, not keys: the server's match ids). */
export interface BracketMatch {
  id: string;
  bracket: BracketKind;
  round: number;
  status: MatchStatus;
  /** Participant ids of slots 1 and 2; null while unknown. */
  participants: readonly [string | null, string | null];
  winnerId: string | null;
  loserId: string | null;
  resultType: ResultType | null;
  next: { winner: SlotRef | null; loser: SlotRef | null };
}

/** One side of a match to set: slot 1 or 2, and the participant (null: nobody yet). */
export interface SideChange {
  slot: MatchSlot;
  participantId: string | null;
}

/**
 * One write to a match, in the order they must be applied (`applyAdvancementPatch` gives their meaning):
 * - SET_SIDE: a side of a match not played yet is filled or replaced (a completed match advancing its winner
 *   or loser, or a correction rewiring an unplayed match);
 * - REOPEN: a grand-final reset closed as NOT_NEEDED becomes SCHEDULED again, optionally with a side;
 * - RESET: a match that was started, reported, disputed or decided goes back to SCHEDULED with `side` and no
 *   result (the server records its previous state in the match history);
 * - CLOSE_NOT_NEEDED: a grand-final reset is closed without play (COMPLETED, resultType NOT_NEEDED); applying
 *   it to a match already final changes nothing.
 */
export type AdvancementPatch =
  | { type: 'SET_SIDE'; matchId: string; side: SideChange }
  | { type: 'REOPEN'; matchId: string; side: SideChange | null }
  | { type: 'RESET'; matchId: string; side: SideChange }
  | { type: 'CLOSE_NOT_NEEDED'; matchId: string };
