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
 * Score shown for a side: the number, with the side's decider score after it unless `withDecider` is false (`3(4p)`,
 * R25.4); for a walkover or forfeit without scores, "W" for the winner and "-" for the loser; empty while there is no
 * result.
 */
export function sideScore(match: MatchView, side: SideView | undefined, withDecider = true): string {
  if (side === undefined) return '';
  if (side.score !== null && side.score !== undefined) {
    const index = match.participants.indexOf(side);
    const own = withDecider && match.decider && index >= 0 ? match.decider.scores[index] : undefined;
    // An OTHER decider shows its bare score in the tree: `3(4)`.
    const kind = match.decider?.kind;
    const mark = kind === undefined || kind === 'OTHER' ? '' : (DECIDER_SUFFIX[kind] ?? '');
    return own === undefined ? String(side.score) : `${side.score}(${own}${mark})`;
  }
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

/** Short suffix of a decider in scores: p (penalties), et (extra time), gg (golden goal), dec (other). */
const DECIDER_SUFFIX: Readonly<Record<string, string>> = { PENALTIES: 'p', EXTRA_TIME: 'et', GOLDEN_GOAL: 'gg', OTHER: 'dec' };

/** ` (4-2 p)`: a decider after the score it decided, in side order (R25.4); empty without one. */
export function deciderText(decider: { kind: string; scores: readonly number[] } | null | undefined): string {
  if (!decider) return '';
  return ` (${decider.scores.join('-')} ${DECIDER_SUFFIX[decider.kind] ?? 'dec'})`;
}
