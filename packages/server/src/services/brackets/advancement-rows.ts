import type { AdvancementPatch, BracketKind, BracketMatch, MatchSlot, MatchStatus, ResultType, SideChange } from '@tourney/core';
import type { MatchPatch } from '../matches/match-write';
import { UNPLAYED_COLUMNS } from './bracket-rows';
import type { MatchRow } from '../../db/rows';

function slotOf(slot: number | null): MatchSlot {
  return slot === 2 ? 2 : 1;
}

/** Core's view of a stored match (ids as they are; advancement paths from the `next_*` columns). */
export function toBracketMatch(row: MatchRow): BracketMatch {
  return {
    id: row.id,
    bracket: row.bracket as BracketKind,
    round: row.round,
    status: row.status as MatchStatus,
    participants: [row.participant1_id, row.participant2_id],
    winnerId: row.winner_id,
    loserId: row.loser_id,
    resultType: row.result_type as ResultType | null,
    next: {
      winner: row.next_winner_match_id === null ? null : { matchId: row.next_winner_match_id, slot: slotOf(row.next_winner_slot) },
      loser: row.next_loser_match_id === null ? null : { matchId: row.next_loser_match_id, slot: slotOf(row.next_loser_slot) },
    },
  };
}

function sideColumns(side: SideChange | null): MatchPatch {
  if (side === null) return {};
  return side.slot === 1 ? { participant1_id: side.participantId } : { participant2_id: side.participantId };
}

/**
 * The columns one of core's advancement patches writes (`now`, UTC ISO 8601, is `completed_at` of a reset closed
 * as not needed): SET_SIDE a side; REOPEN status SCHEDULED without result type or completion (and a side); RESET
 * the side, status SCHEDULED and no scores, winner, loser, draw, result type, report, start or completion;
 * CLOSE_NOT_NEEDED status COMPLETED, resultType NOT_NEEDED.
 */
export function patchColumns(patch: AdvancementPatch, now: string): MatchPatch {
  switch (patch.type) {
    case 'SET_SIDE':
      return sideColumns(patch.side);
    case 'REOPEN':
      return { ...sideColumns(patch.side), status: 'SCHEDULED', result_type: null, completed_at: null };
    case 'RESET':
      return { ...sideColumns(patch.side), status: 'SCHEDULED', ...UNPLAYED_COLUMNS };
    case 'CLOSE_NOT_NEEDED':
      return { status: 'COMPLETED', result_type: 'NOT_NEEDED', completed_at: now };
    default: {
      const unknown: never = patch;
      throw new Error(`unknown advancement patch ${JSON.stringify(unknown)}`);
    }
  }
}
