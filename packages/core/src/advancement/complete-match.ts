import { isGrandFinalResetNeeded } from '../formats/double-elimination';
import { isFirstGrandFinal } from './grand-final';
import type { AdvancementPatch, BracketMatch } from './types';

/** What completing a match does to the rest of its stage. */
export interface CompletionAdvance {
  /** Writes to other matches, in order: the winner's side, then the loser's (or the reset closed as not needed). */
  patches: AdvancementPatch[];
  /**
   * The participant who leaves the stage with this match: the loser when it has no match to go to (no
   * `next.loser`, or the grand-final reset it would play is not needed); null otherwise and for a draw.
   */
  eliminated: string | null;
  /**
   * The winner of a placement match (third place, play-offs: `leavesWithWinner`), who leaves the stage with a final
   * place too; null otherwise.
   */
  placedWinner: string | null;
}

/**
 * Whether the winner of `match` leaves its stage with it: a decided placement match (third-place or play-off
 * bracket) whose winner has no match to go to. The final's winner, the champion, stays in the stage until it ends.
 */
export function leavesWithWinner(match: Pick<BracketMatch, 'bracket' | 'next'>): boolean {
  return (match.bracket === 'THIRD_PLACE' || match.bracket === 'CONSOLATION') && match.next.winner === null;
}

/**
 * Advancement after `match` (as just decided: winnerId and loserId set, or both null for a draw) completes
 * (R8.1, R7.1): the winner goes to `next.winner`, the loser to `next.loser` (losers bracket, third-place match,
 * grand-final reset). A first grand final won by the winners-bracket champion (slot 1) instead closes the reset
 * as NOT_NEEDED and its loser leaves. The caller applies the patches in order (completing a filled match at
 * once when a side has forfeited, see `forfeitOutcome`) and eliminates `eliminated`, and `placedWinner`, the winner
 * of a placement match, whose place is final too (R7.16). Pure.
 */
export function advanceCompletedMatch(match: BracketMatch): CompletionAdvance {
  const { winnerId, loserId, next } = match;
  if (isFirstGrandFinal(match) && !isGrandFinalResetNeeded(match.participants, winnerId)) {
    return { patches: [{ type: 'CLOSE_NOT_NEEDED', matchId: (next.winner as { matchId: string }).matchId }], eliminated: loserId, placedWinner: null };
  }
  const patches: AdvancementPatch[] = [];
  if (winnerId !== null && next.winner !== null) {
    patches.push({ type: 'SET_SIDE', matchId: next.winner.matchId, side: { slot: next.winner.slot, participantId: winnerId } });
  }
  const loserMoves = loserId !== null && next.loser !== null;
  if (loserMoves && next.loser !== null) {
    patches.push({ type: 'SET_SIDE', matchId: next.loser.matchId, side: { slot: next.loser.slot, participantId: loserId } });
  }
  return { patches, eliminated: loserMoves ? null : loserId, placedWinner: winnerId !== null && leavesWithWinner(match) ? winnerId : null };
}
