import { isPlayedMatch, rewireCorrectedMatch, type MatchStatus, type ResultType } from '@tourney/core';
import { writeEvents } from '../events';
import { matchEventIds, resultOf } from '../matches/event-data';
import { appendMatchHistory } from '../matches/match-history';
import { updateMatchVersioned } from '../matches/match-write';
import type { WriteContext } from '../matches/write-context';
import { patchColumns, toBracketMatch } from './advancement-rows';
import type { MatchRow } from '../../db/rows';

/** True for a match someone acted on or that was decided by play or forfeit (core `isPlayedMatch`: not a bye or an unneeded reset). */
export function isPlayed(row: MatchRow): boolean {
  return isPlayedMatch({ status: row.status as MatchStatus, resultType: row.result_type as ResultType | null });
}

/** Why a correction touches other matches: the corrected match, its reason and who corrected it. */
export interface RewireCause {
  correctedMatchId: string;
  reason: string;
  actorUserId: string;
}

/** What moving corrected participants did to the other matches of the stage. */
export interface RewireOutcome {
  /** Matches whose sides were replaced without a reset (or a grand-final reset reopened or closed), in the order reached. */
  rewired: string[];
  /** Matches reset to SCHEDULED without result, as they were before the reset, in the order reached. */
  reset: MatchRow[];
  /** Matches whose sides changed (rewired or reset), for the walkover check afterwards. */
  touched: string[];
}

/**
 * Moves corrected participants along the advancement paths of an elimination stage, inside the caller's transaction
 * (result correction, R8.14 to R8.16). The rules are core's `rewireCorrectedMatch` (SCHEDULED matches get the right sides, played
 * ones are reset and what they advanced is taken back, a grand-final reset is reopened or closed); this writes its
 * patches in order. `rows` holds every match of the stage by id, `corrected` already written with its new result;
 * `rows` is kept equal to what is written. Each reset match gets a history entry RESET (the correction, its reason
 * and the match's previous state) and an event `match.reset`. Resets are written even when the caller will refuse the
 * correction: it rolls the transaction back.
 * @throws AppError 409 CONFLICT when a match changed concurrently.
 */
export async function rewireCorrection(
  ctx: WriteContext,
  rows: Map<string, MatchRow>,
  corrected: MatchRow,
  previousWinnerId: string | null,
  cause: RewireCause,
): Promise<RewireOutcome> {
  rows.set(corrected.id, corrected);
  const plan = rewireCorrectedMatch(new Map([...rows].map(([id, row]) => [id, toBracketMatch(row)])), corrected.id, previousWinnerId);
  const reset: MatchRow[] = [];
  for (const patch of plan.patches) {
    const row = rows.get(patch.matchId) as MatchRow;
    const updated = await updateMatchVersioned(ctx.db, row, patchColumns(patch, ctx.now), ctx.now);
    rows.set(updated.id, updated);
    if (patch.type === 'RESET') {
      reset.push(row);
      await recordReset(ctx, row, cause);
    }
  }
  return { rewired: plan.rewired, reset, touched: [...new Set([...plan.rewired, ...plan.reset])] };
}

/** History RESET and event `match.reset` of a played match reset by a correction (`row` as it was before). */
async function recordReset(ctx: WriteContext, row: MatchRow, cause: RewireCause): Promise<void> {
  const previous = { status: row.status, ...resultOf(row) };
  await appendMatchHistory(
    ctx.db,
    row.id,
    { type: 'RESET', actorUserId: cause.actorUserId, data: { correctedMatchId: cause.correctedMatchId, reason: cause.reason, previous } },
    ctx.now,
  );
  await writeEvents(ctx.db, ctx.sink, [
    {
      projectId: ctx.tournament.project_id,
      type: 'match.reset',
      subjectId: row.id,
      data: {
        ...matchEventIds(row),
        status: 'SCHEDULED',
        previousStatus: row.status,
        correctedMatchId: cause.correctedMatchId,
        reason: cause.reason,
      },
    },
  ]);
}
