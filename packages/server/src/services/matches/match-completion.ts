import { advanceCompletedMatch, forfeitOutcome, type AdvancementPatch, type Decider, type GameScore, type ResultType } from '@tourney/core';
import { seriesColumns, seriesData } from './series';
import { patchColumns, toBracketMatch } from '../brackets/advancement-rows';
import { writeEvents } from '../events';
import { appendMatchHistory, type HistoryInput } from './match-history';
import { updateMatchById, updateMatchVersioned } from './match-write';
import { FORFEIT_STATUSES } from '../participants/participant-status';
import { afterMatchCompleted } from '../stages/stage-completion';
import type { WriteContext } from './write-context';
import type { MatchRow } from '../../db/rows';

/**
 * How a match was decided (contract `Match.resultType`, core `ResultType`): NOT_NEEDED marks a grand-final reset
 * closed without play because the winners-bracket champion won the first grand final.
 */
export type { ResultType } from '@tourney/core';

/**
 * The decided result of a match. `scores` are in slot order, null when the match was not played. A draw (round
 * robin, Swiss and group stages only) has `isDraw` true and null winner and loser.
 */
export interface MatchOutcomeInput {
  status: 'COMPLETED' | 'RESOLVED';
  winnerId: string | null;
  loserId: string | null;
  isDraw?: boolean;
  scores: [number, number] | null;
  resultType: ResultType;
  /** Per-game scores (R25.2), when reported. */
  games?: GameScore[] | undefined;
  /** What decided a drawn score (R25.4), when reported. */
  decider?: Decider | undefined;
}

/** Participant statuses that forfeit every match still to play. */
const FORFEITED = new Set<string>(FORFEIT_STATUSES);

/** Extra `data` fields of the completion event (e.g. the reason and the resolver of a resolution). */
export type CompletionEventExtras = Record<string, unknown>;

/**
 * Completes a match inside the caller's transaction and advances the bracket (R8.8,
 * R8.11, R5.12): writes the result (a draw in pool formats) with a versioned update, appends `history`,
 * records one event, `match.completed` for status COMPLETED or `match.resolved` for RESOLVED (data: matchId,
 * tournamentId, stageId, status, winnerId, loserId, isDraw, resultType, scores, games and decider when given
 * (R25.2, R25.4), plus `extras`), moves the winner
 * to `next.winner` and the loser to `next.loser` (losers bracket,
 * third-place match, grand-final reset), and lets the stage react (stage-completion.ts: placements, elimination,
 * next Swiss round, next stage, tournament completion). A first grand final won by the winners-bracket champion
 * closes the reset as NOT_NEEDED instead of filling it.
 * @throws AppError 409 CONFLICT when the match changed concurrently.
 */
export async function completeMatch(
  ctx: WriteContext,
  row: MatchRow,
  outcome: MatchOutcomeInput,
  history: HistoryInput,
  extras: CompletionEventExtras = {},
): Promise<MatchRow> {
  const updated = await updateMatchVersioned(
    ctx.db,
    row,
    {
      status: outcome.status,
      winner_id: outcome.winnerId,
      loser_id: outcome.loserId,
      is_draw: outcome.isDraw ? 1 : 0,
      score1: outcome.scores?.[0] ?? null,
      score2: outcome.scores?.[1] ?? null,
      result_type: outcome.resultType,
      ...seriesColumns(outcome),
      completed_at: ctx.now,
    },
    ctx.now,
  );
  await appendMatchHistory(ctx.db, row.id, history, ctx.now);
  const scores =
    outcome.scores === null
      ? null
      : [
          { participantId: row.participant1_id, score: outcome.scores[0] },
          { participantId: row.participant2_id, score: outcome.scores[1] },
        ];
  await writeEvents(ctx.db, ctx.sink, [
    {
      projectId: ctx.tournament.project_id,
      type: outcome.status === 'RESOLVED' ? 'match.resolved' : 'match.completed',
      subjectId: row.id,
      data: {
        matchId: row.id,
        tournamentId: row.tournament_id,
        stageId: row.stage_id,
        status: outcome.status,
        winnerId: outcome.winnerId,
        loserId: outcome.loserId,
        isDraw: outcome.isDraw === true,
        resultType: outcome.resultType,
        scores,
        ...seriesData(outcome),
        ...extras,
      },
    },
  ]);
  await advanceFrom(ctx, updated);
  return updated;
}

/**
 * Applies core's advancement after a completed match (`advanceCompletedMatch`: the winner to `next.winner`, the
 * loser to `next.loser`, or a grand-final reset closed as NOT_NEEDED), each filled match completing at once when a
 * side has forfeited, then lets the stage react (eliminating the participants who leave the stage: a loser with no
 * match to go to, the winner of a placement match).
 */
async function advanceFrom(ctx: WriteContext, match: MatchRow): Promise<void> {
  const advance = advanceCompletedMatch(toBracketMatch(match));
  for (const patch of advance.patches) await applyCompletionPatch(ctx, patch);
  await afterMatchCompleted(ctx, match, [advance.eliminated, advance.placedWinner].filter((id): id is string => id !== null));
}

/**
 * Writes one of core's completion patches to the match it names, in one conditional `UPDATE ... RETURNING` (no
 * read first; the tournament's row lock orders the writes, R8.8, R8.22). A side placed into a match completes it as a
 * walkover when a side has forfeited (see {@link completeIfForfeited}); a reset closed as not needed gets no
 * history entry and no event (nothing was played), and is left alone when already final.
 */
async function applyCompletionPatch(ctx: WriteContext, patch: AdvancementPatch): Promise<void> {
  if (patch.type === 'CLOSE_NOT_NEEDED') {
    await updateMatchById(ctx.db, patch.matchId, patchColumns(patch, ctx.now), ctx.now, ['COMPLETED', 'RESOLVED']);
    return;
  }
  const updated = await updateMatchById(ctx.db, patch.matchId, patchColumns(patch, ctx.now), ctx.now);
  if (!updated) throw new Error(`advancement target match ${patch.matchId} is missing`);
  await completeIfForfeited(ctx, updated);
}

/**
 * When both sides of a SCHEDULED match are known and one of them has forfeited (DISQUALIFIED or WITHDRAWN), completes
 * it at once as core's `forfeitOutcome` says: a WALKOVER for the other side; when both have, a DOUBLE_FORFEIT won by
 * the better seed (so the bracket can still finish). Returns true when it completed the match.
 */
export async function completeIfForfeited(ctx: WriteContext, updated: MatchRow): Promise<boolean> {
  const { participant1_id: a, participant2_id: b } = updated;
  if (a === null || b === null || updated.status !== 'SCHEDULED') return false;
  const sides = await ctx.db.selectFrom('participants').select(['id', 'status', 'seed']).where('id', 'in', [a, b]).execute();
  const side = (id: string) => {
    const found = sides.find((s) => s.id === id);
    return { participantId: id, seed: found?.seed ?? null, forfeited: FORFEITED.has(found?.status ?? '') };
  };
  const outcome = forfeitOutcome(side(a), side(b));
  if (outcome === null) return false;
  const { winnerId, loserId, resultType } = outcome;
  await completeMatch(
    ctx,
    updated,
    { status: 'COMPLETED', winnerId, loserId, scores: null, resultType },
    { type: 'WALKOVER', actorUserId: null, data: { winnerId, loserId, resultType, reason: 'opponent forfeited (disqualified or withdrawn)' } },
  );
  return true;
}
