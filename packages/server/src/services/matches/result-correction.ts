import { formatTraits, type ValidatedResult } from '@tourney/core';
import type { MatchCorrection, MatchCorrectionRequest } from '../../contract-types';
import { AppError } from '../../errors/app-error';
import { writeEvents, type DomainEvent } from '../events';
import { completeIfForfeited } from './match-completion';
import { assertCorrectableAfterCompletion, finishCompletedCorrection, reopenForCorrection, type FinalStanding } from './completed-correction';
import { appendMatchHistory } from './match-history';
import { findMatchRow } from './match-reader';
import { updateMatchVersioned } from './match-write';
import { afterMatchCompleted } from '../stages/stage-completion';
import { findStageRows, findTournamentRow } from '../tournaments/tournament-reader';
import type { WriteContext } from './write-context';
import { rewireCorrection, type RewireOutcome } from '../brackets/bracket-rewire';
import { matchEventIds, resultOf } from './event-data';
import { seriesColumns } from './series';
import { qualifiersBeforeCorrection, removeLaterSwissRounds, resyncEliminationStatuses, reviseLaterStages } from '../stages/stage-revision';
import type { MatchRow, StageRow, TournamentRow } from '../../db/rows';

/** Live event of a COMPLETED stage a correction took back to play (R8.13). */
export const STAGE_REOPENED = 'stage.reopened';

/** What a correction did beyond the corrected match: the id lists of the contract's MatchCorrection. */
export type CorrectionOutcome = Omit<MatchCorrection, 'match'>;

/**
 * Checks that a match may be corrected (R8.13), before any write: the tournament is ONGOING or COMPLETED (409
 * INVALID_STATE otherwise; what a COMPLETED one refuses is checked under its lock, see completed-correction.ts), the
 * match is COMPLETED or RESOLVED (409 INVALID_TRANSITION otherwise: resolve it instead) and was decided by play (409
 * INVALID_TRANSITION for byes, walkovers, double forfeits and unneeded resets).
 */
export function checkCorrectable(row: MatchRow, tournament: TournamentRow): void {
  if (tournament.status !== 'ONGOING' && tournament.status !== 'COMPLETED') {
    throw new AppError('INVALID_STATE', `results can be corrected only once the tournament started (it is ${tournament.status})`);
  }
  if (row.status !== 'COMPLETED' && row.status !== 'RESOLVED') {
    throw new AppError('INVALID_TRANSITION', `only a COMPLETED or RESOLVED match can be corrected (it is ${row.status}); resolve it instead`);
  }
  if (row.result_type !== 'NORMAL') {
    throw new AppError('INVALID_TRANSITION', `a ${String(row.result_type)} result cannot be corrected, only a played one (NORMAL)`);
  }
}

/** True when the corrected result equals the current one (winner, draw, scores, games and decider: R25.2, R25.4). */
export function sameResult(row: MatchRow, result: ValidatedResult): boolean {
  const series = seriesColumns(result);
  return (
    row.winner_id === result.winnerId &&
    (row.is_draw === 1) === result.isDraw &&
    row.score1 === result.scores[0].score &&
    row.score2 === result.scores[1].score &&
    row.games === series.games &&
    row.decider === series.decider
  );
}

/** 409 CONFLICT naming every later match a correction would reset or delete, one detail per match. */
function dependentsConflict(blocking: readonly MatchRow[]): AppError {
  const unique = [...new Map(blocking.map((m) => [m.id, m])).values()];
  return new AppError(
    'CONFLICT',
    `${unique.length} later match(es) depend on this result and were already played or paired; send cascade: true to reset them`,
    {
      details: unique.map((m) => ({
        path: 'body.cascade',
        message: `match ${m.id} (${m.bracket} round ${m.round} #${m.number}, ${m.status}) depends on this result`,
      })),
    },
  );
}

/**
 * Corrects the result of a COMPLETED or RESOLVED match inside the caller's transaction (R8.13 to R8.18), after
 * {@link checkCorrectable}. `row` is the match as read before the transaction (a concurrent change is a 409 CONFLICT).
 * 0. In a COMPLETED tournament (`ctx.tournament`, its status as read under the lock) the correction is refused when
 *    a later stage was started or the tournament is classified in a circuit, else the match's stage and the
 *    tournament are opened again for it (completed-correction.ts), so every step below runs as in an ONGOING one.
 * 1. The new result is written (status unchanged, resultType NORMAL).
 * 2. When the winner (or draw) changed in an elimination stage (core `formatTraits`), the corrected participants
 *    move along the advancement paths (core `rewireCorrectedMatch`, written by bracket-rewire.ts): SCHEDULED matches
 *    get the right sides, played ones are reset.
 * 3. A stage generated round by round (Swiss): every later round is deleted (paired from the old results); round
 *    robin and groups need nothing, their standings are computed from the results.
 * 4. A stage that had completed and seeded the next one keeps it when nothing changes for the next stage, else the
 *    later stages are taken back (stage-revision.ts).
 * 5. Without `cascade`, any reset or deleted match that was played (Swiss: any later-round match) makes it a 409
 *    CONFLICT naming them, and the transaction rolls back.
 * 6. Matches whose new sides include a forfeited participant complete as walkovers; the stage reacts as after a
 *    completion (next Swiss round, stage completion and next stage); statuses and placements of the last
 *    elimination stage are recomputed.
 *    In a tournament that was COMPLETED: the tournament stays ONGOING when the stage has a match to play again
 *    (event `tournament.reopened`), else it is COMPLETED again with every placement and the champions recomputed.
 * 7. History CORRECTED on the match (previous and new result, reason, what was rewired, reset and removed) and one
 *    event `match.result_corrected`, written before the events of its effects (collected in `sink.deferred` while
 *    they ran): `stage.reopened` when the match's COMPLETED stage went back to play, then in the order they
 *    happened `match.reset` per reset match (step 2), `stage.reset` per later stage taken back, walkovers, pairings,
 *    completions and `tournament.reopened`, so a consumer reading events in order meets the cause first (R8.13).
 */
export async function applyCorrection(
  outer: WriteContext,
  row: MatchRow,
  result: ValidatedResult,
  input: MatchCorrectionRequest,
  actorUserId: string,
): Promise<CorrectionOutcome> {
  const effects: DomainEvent[] = [];
  const ctx: WriteContext = { ...outer, sink: { clock: outer.sink.clock, eventSubscribers: outer.sink.eventSubscribers, deferred: effects } };
  const { db } = ctx;
  const stages = await findStageRows(db, row.tournament_id);
  const stage = stages.find((s) => s.id === row.stage_id);
  if (!stage) throw new Error(`stage ${row.stage_id} of match ${row.id} is missing`);
  const wasCompleted = ctx.tournament.status === 'COMPLETED';
  let standingBefore: FinalStanding | null = null;
  if (wasCompleted) {
    await assertCorrectableAfterCompletion(db, stage, stages);
    standingBefore = await reopenForCorrection(ctx, stage, stages);
  }
  // What the next stage was seeded from, before the new result changes it (R8.18: kept when the correction changes nothing for it).
  const qualifiersBefore = !wasCompleted ? await qualifiersBeforeCorrection(ctx, stage, stages) : null;
  const [score1, score2] = [result.scores[0].score, result.scores[1].score];
  const updated = await updateMatchVersioned(
    db,
    row,
    { winner_id: result.winnerId, loser_id: result.loserId, is_draw: result.isDraw ? 1 : 0, score1, score2, result_type: 'NORMAL', ...seriesColumns(result) },
    ctx.now,
  );
  const outcomeChanged = row.winner_id !== result.winnerId || (row.is_draw === 1) !== result.isDraw;
  const blocking: MatchRow[] = [];
  const removed: MatchRow[] = [];
  let touched: string[] = [];
  let rewire: RewireOutcome | null = null;
  const traits = formatTraits(stage.format);

  if (outcomeChanged && traits.isElimination) {
    const rows = new Map((await db.selectFrom('matches').selectAll().where('stage_id', '=', stage.id).execute()).map((r) => [r.id, r]));
    rewire = await rewireCorrection(ctx, rows, updated, row.winner_id, { correctedMatchId: row.id, reason: input.reason, actorUserId });
    blocking.push(...rewire.reset);
    touched = rewire.touched;
  }
  let reopened = false;
  if (outcomeChanged && traits.generatedRoundByRound) {
    const swiss = await removeLaterSwissRounds(ctx, stage, row.round);
    blocking.push(...swiss.blocking);
    removed.push(...swiss.removed);
    reopened = swiss.removed.length > 0;
  }
  if (stage.status === 'COMPLETED' && !wasCompleted) {
    const later = await reviseLaterStages(ctx, stage, stages, reopened, qualifiersBefore);
    blocking.push(...later.blocking);
    removed.push(...later.removed);
  }
  if (blocking.length > 0 && input.cascade !== true) throw dependentsConflict(blocking);

  for (const id of touched) {
    const fresh = await findMatchRow(db, id);
    if (fresh) await completeIfForfeited(ctx, fresh);
  }
  if (standingBefore !== null) {
    await finishCompletedCorrection(ctx, stage, stages, updated, reopened, standingBefore);
  } else {
    const freshStage = await db.selectFrom('stages').select('status').where('id', '=', stage.id).executeTakeFirst();
    if (freshStage?.status === 'ONGOING') await afterMatchCompleted(ctx, updated, []);
    const tournament = await findTournamentRow(db, row.tournament_id);
    const isLast = !stages.some((s) => s.number > stage.number);
    if (tournament?.status === 'ONGOING' && isLast && traits.isElimination) {
      await resyncEliminationStatuses(ctx, stage);
    }
  }

  const removedIds = new Set(removed.map((m) => m.id));
  const resetIds = new Set((rewire?.reset ?? []).map((m) => m.id));
  const outcome: CorrectionOutcome = {
    rewiredMatchIds: [...(rewire?.rewired ?? [])].filter((id) => !resetIds.has(id)),
    resetMatchIds: [...resetIds].filter((id) => !removedIds.has(id)),
    removedMatchIds: [...removedIds],
  };
  const previous = resultOf(row);
  const current = resultOf({ ...updated });
  await appendMatchHistory(
    db,
    row.id,
    { type: 'CORRECTED', actorUserId, data: { previous, result: current, reason: input.reason, cascade: input.cascade === true, ...outcome } },
    ctx.now,
  );
  const stageEvents = await stageReopenedEvent(ctx, stage, effects);
  await writeEvents(db, outer.sink, [
    {
      projectId: ctx.tournament.project_id,
      type: 'match.result_corrected',
      subjectId: row.id,
      data: {
        ...matchEventIds(row),
        status: row.status,
        winnerId: current.winnerId,
        loserId: current.loserId,
        isDraw: current.isDraw,
        resultType: current.resultType,
        scores: current.scores,
        previous,
        reason: input.reason,
        correctedBy: actorUserId,
        ...outcome,
      },
    },
    ...stageEvents,
    ...effects,
  ]);
  return outcome;
}

/**
 * The live event `stage.reopened` (data tournamentId, stageId, stageNumber, status ONGOING, previousStatus COMPLETED)
 * when the correction took the match's COMPLETED stage back to play (R8.13, R8.18): it is ONGOING afterwards, or its
 * effects completed it again (a `stage.completed` among them). None when it was not COMPLETED or is again without
 * having been visibly reopened (a score-only correction of a finished stage).
 */
async function stageReopenedEvent(ctx: WriteContext, stage: StageRow, effects: readonly DomainEvent[]): Promise<DomainEvent[]> {
  if (stage.status !== 'COMPLETED') return [];
  const now = await ctx.db.selectFrom('stages').select('status').where('id', '=', stage.id).executeTakeFirst();
  const completedAgain = effects.some((e) => e.type === 'stage.completed' && e.subjectId === stage.id);
  if (now?.status !== 'ONGOING' && !completedAgain) return [];
  return [
    {
      projectId: ctx.tournament.project_id,
      type: STAGE_REOPENED,
      subjectId: stage.id,
      data: { tournamentId: stage.tournament_id, stageId: stage.id, stageNumber: stage.number, status: 'ONGOING', previousStatus: 'COMPLETED' },
    },
  ];
}
