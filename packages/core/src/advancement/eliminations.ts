import { isFinalMatchStatus } from '../matches/match-state';
import { leavesWithWinner } from './complete-match';
import type { BracketMatch } from './types';

/**
 * The participants an elimination stage has knocked out so far: exactly those who lost a decided match whose
 * loser leaves the stage (no `next.loser`, or one pointing at a grand-final reset closed as NOT_NEEDED), and the
 * winners of decided placement matches (third place, play-offs: `leavesWithWinner`), whose place is final. Used to
 * recompute statuses after a correction moved participants. Pure; O(matches).
 */
export function eliminatedParticipants(matches: ReadonlyMap<string, BracketMatch>): Set<string> {
  const out = new Set<string>();
  for (const m of matches.values()) {
    if (!isFinalMatchStatus(m.status)) continue;
    if (m.winnerId !== null && leavesWithWinner(m)) out.add(m.winnerId);
    if (m.loserId === null) continue;
    const next = m.next.loser === null ? undefined : matches.get(m.next.loser.matchId);
    if (next === undefined || next.resultType === 'NOT_NEEDED') out.add(m.loserId);
  }
  return out;
}
