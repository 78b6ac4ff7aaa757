import { isGrandFinalResetNeeded } from '@tourney/core';
import { writeEvents } from '../events';
import { appendMatchHistory, type HistoryInput } from './match-history';
import type { MatchRow } from './match-mapper';
import { findMatchRow } from './match-reader';
import { updateMatchVersioned } from './match-write';
import { FORFEIT_STATUSES } from '../participants/participant-status';
import { afterMatchCompleted } from '../stages/stage-completion';
import type { WriteContext } from './write-context';

/**
 * How a match was decided (contract `Match.resultType`): NOT_NEEDED marks a grand-final reset closed without
 * play because the winners-bracket champion won the first grand final.
 */
export type ResultType = 'NORMAL' | 'BYE' | 'WALKOVER' | 'DOUBLE_FORFEIT' | 'NOT_NEEDED';

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
}

/** Participant statuses that forfeit every match still to play. */
const FORFEITED = new Set<string>(FORFEIT_STATUSES);

/** Extra `data` fields of the completion event (e.g. the reason and the resolver of a resolution). */
export type CompletionEventExtras = Record<string, unknown>;

/**
 * Completes a match inside the caller's transaction and advances the bracket (spec 3.2, DESIGN "Tournament
 * and match lifecycle"): writes the result (a draw in pool formats) with a versioned update, appends `history`,
 * records one event, `match.completed` for status COMPLETED or `match.resolved` for RESOLVED (data: matchId,
 * tournamentId, stageId, status, winnerId, loserId, isDraw, resultType, scores, plus `extras`), moves the winner
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
        ...extras,
      },
    },
  ]);
  await advanceFrom(ctx, updated);
  return updated;
}

/**
 * Moves the winner and loser of a completed match along its advancement paths, then lets the stage react. The
 * loser "leaves" when it has no path (or the grand-final reset it would play is not needed).
 */
async function advanceFrom(ctx: WriteContext, match: MatchRow): Promise<void> {
  const { winner_id: winnerId, loser_id: loserId } = match;
  const isFirstGrandFinal = match.bracket === 'GRAND_FINAL' && match.round === 1 && match.next_winner_match_id !== null;
  if (isFirstGrandFinal && !isGrandFinalResetNeeded([match.participant1_id, match.participant2_id], winnerId)) {
    await closeUnneededReset(ctx, match.next_winner_match_id as string);
    await afterMatchCompleted(ctx, match, loserId !== null);
    return;
  }
  if (winnerId !== null && match.next_winner_match_id !== null && match.next_winner_slot !== null) {
    await placeIntoSlot(ctx, match.next_winner_match_id, match.next_winner_slot, winnerId);
  }
  const loserMoves = loserId !== null && match.next_loser_match_id !== null && match.next_loser_slot !== null;
  if (loserMoves) await placeIntoSlot(ctx, match.next_loser_match_id as string, match.next_loser_slot as number, loserId as string);
  await afterMatchCompleted(ctx, match, loserId !== null && !loserMoves);
}

/**
 * Closes the grand-final reset without play (the winners-bracket champion won the first grand final): status
 * COMPLETED, resultType NOT_NEEDED, no sides, no winner; no history entry and no event (nothing was played).
 */
async function closeUnneededReset(ctx: WriteContext, resetId: string): Promise<void> {
  const reset = await findMatchRow(ctx.db, resetId);
  if (!reset || reset.status === 'COMPLETED' || reset.status === 'RESOLVED') return;
  await updateMatchVersioned(ctx.db, reset, { status: 'COMPLETED', result_type: 'NOT_NEEDED', completed_at: ctx.now }, ctx.now);
}

/**
 * Puts a participant into slot 1 or 2 of a match, then completes it as a walkover when a side has forfeited
 * (see {@link completeIfForfeited}).
 */
async function placeIntoSlot(ctx: WriteContext, matchId: string, slot: number, participantId: string): Promise<void> {
  const row = await findMatchRow(ctx.db, matchId);
  if (!row) throw new Error(`advancement target match ${matchId} is missing`);
  const updated = await updateMatchVersioned(
    ctx.db,
    row,
    slot === 1 ? { participant1_id: participantId } : { participant2_id: participantId },
    ctx.now,
  );
  await completeIfForfeited(ctx, updated);
}

/**
 * When both sides of a SCHEDULED match are known and one of them has forfeited (DISQUALIFIED or WITHDRAWN), completes
 * it at once as a WALKOVER for the other side; when both have, as a DOUBLE_FORFEIT won by the better seed (so the
 * bracket can still finish). Returns true when it completed the match.
 */
export async function completeIfForfeited(ctx: WriteContext, updated: MatchRow): Promise<boolean> {
  const { participant1_id: a, participant2_id: b } = updated;
  if (a === null || b === null || updated.status !== 'SCHEDULED') return false;
  const sides = await ctx.db.selectFrom('participants').select(['id', 'status', 'seed']).where('id', 'in', [a, b]).execute();
  const sideA = sides.find((s) => s.id === a);
  const sideB = sides.find((s) => s.id === b);
  const outA = FORFEITED.has(sideA?.status ?? '');
  const outB = FORFEITED.has(sideB?.status ?? '');
  if (!outA && !outB) return false;
  let winnerId: string;
  let resultType: ResultType = 'WALKOVER';
  if (outA && outB) {
    resultType = 'DOUBLE_FORFEIT';
    winnerId = (sideA?.seed ?? Number.MAX_SAFE_INTEGER) <= (sideB?.seed ?? Number.MAX_SAFE_INTEGER) ? a : b;
  } else {
    winnerId = outA ? b : a;
  }
  const loserId = winnerId === a ? b : a;
  await completeMatch(
    ctx,
    updated,
    { status: 'COMPLETED', winnerId, loserId, scores: null, resultType },
    { type: 'WALKOVER', actorUserId: null, data: { winnerId, loserId, resultType, reason: 'opponent forfeited (disqualified or withdrawn)' } },
  );
  return true;
}
