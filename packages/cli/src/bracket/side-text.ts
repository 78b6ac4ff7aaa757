import type { MatchView, SideView } from './bracket-view';

/** Marker printed after the winner of a match. */
export const WINNER_MARK = '✓';

/** Display name of a side: its name; "bye" for the empty side of a bye; empty while undecided. */
export function sideName(match: MatchView, side: SideView | undefined): string {
  if (side?.name) return side.name;
  if (side?.participantId) return side.participantId.slice(0, 8);
  if (match.resultType === 'BYE' && isDecided(match)) return 'bye';
  return '';
}

/**
 * Score shown for a side: the number; for a walkover or forfeit without scores, "W" for the winner and "-" for the
 * loser; empty while there is no result.
 */
export function sideScore(match: MatchView, side: SideView | undefined): string {
  if (side === undefined) return '';
  if (side.score !== null && side.score !== undefined) return String(side.score);
  if (!isDecided(match) || match.resultType === 'BYE' || match.resultType === 'NORMAL') return '';
  if (side.participantId === null) return '';
  return match.winnerId === side.participantId ? 'W' : '-';
}

/** True when this side won the match. */
export function isWinner(match: MatchView, side: SideView | undefined): boolean {
  return match.winnerId !== null && side?.participantId !== null && side?.participantId === match.winnerId;
}

/** True for COMPLETED and RESOLVED matches. */
export function isDecided(match: MatchView): boolean {
  return match.status === 'COMPLETED' || match.status === 'RESOLVED';
}
