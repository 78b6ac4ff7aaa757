import { formatTraits } from '@tourney/core';
import { AppError } from '../../errors/app-error';
import { chunks } from '../../db/chunks';
import { writeEvents } from '../events';
import { hasOpenMatch } from '../stages/open-matches';
import { afterMatchCompleted, writeFinalStanding } from '../stages/stage-completion';
import { readStageEntrants } from '../stages/stage-entrants';
import { resyncEliminationStatuses } from '../stages/stage-revision';
import { findTournamentRow } from '../tournaments/tournament-reader';
import type { Db } from '../../db/db';
import type { MatchRow, StageRow } from '../../db/rows';
import type { WriteContext } from './write-context';

/** Event recorded when a correction takes a COMPLETED tournament back to ONGOING (data as `TournamentEventData`). */
export const TOURNAMENT_REOPENED = 'tournament.reopened';

/** True when `stage` is the tournament's last stage and an elimination format: its statuses follow the bracket live (R7.16). */
function isLastElimination(stage: StageRow, stages: readonly StageRow[]): boolean {
  return !stages.some((s) => s.number > stage.number) && formatTraits(stage.format).isElimination;
}

/**
 * Refuses a correction of a match of a COMPLETED tournament whose results must stay final (R8.13), read under the
 * tournament's lock (the lock classify takes before it reads the awards, so a classification and a correction never
 * pass each other):
 * - 409 TOURNAMENT_LOCKED when a stage after the match's stage was started: its entrants came from these results,
 *   and a completed tournament's earlier stages are not reopened (one detail, path `path.id`, naming both stages);
 * - 409 CONFLICT naming every circuit (id, name, season) the tournament is classified in: its circuit points were
 *   awarded from these results, so the organizer unclassifies it first (`DELETE /circuits/{id}/tournaments/{id}`).
 *   One detail per classification, path `path.id` (the corrected match).
 */
export async function assertCorrectableAfterCompletion(db: Db, stage: StageRow, stages: readonly StageRow[]): Promise<void> {
  const later = stages.find((s) => s.number > stage.number && s.status !== 'PENDING');
  if (later) {
    throw new AppError(
      'TOURNAMENT_LOCKED',
      `the tournament is COMPLETED and stage ${later.number} was played from the results of stage ${stage.number}: they are final`,
      { details: [{ path: 'path.id', message: `the match is in stage ${stage.number} (${stage.id}); stage ${later.number} (${later.id}) was played from its results` }] },
    );
  }
  const classified = await db
    .selectFrom('circuit_classifications as cc')
    .innerJoin('circuits as c', 'c.id', 'cc.circuit_id')
    .innerJoin('circuit_seasons as s', 's.id', 'cc.season_id')
    .select(['c.id as circuitId', 'c.name as circuitName', 's.number as seasonNumber'])
    .where('cc.tournament_id', '=', stage.tournament_id)
    .orderBy('c.name')
    .orderBy('c.id')
    .execute();
  if (classified.length === 0) return;
  const named = classified.map((c) => `"${c.circuitName}" (${c.circuitId})`).join(', ');
  throw new AppError(
    'CONFLICT',
    `the tournament is classified in circuit ${named}, whose points come from its results: unclassify it there first, then correct the result`,
    {
      details: classified.map((c) => ({
        path: 'path.id',
        message: `the tournament is classified in circuit ${c.circuitId} ("${c.circuitName}"), season ${c.seasonNumber}`,
      })),
    },
  );
}

/**
 * Opens a COMPLETED tournament for a correction of its last played stage (R8.13), inside the correction's transaction:
 * the stage and the tournament become ONGOING again (`completedAt` kept until {@link finishCompletedCorrection}
 * decides), so the correction runs exactly as in an ONGOING tournament (rewiring, cascade, walkovers and a completion
 * they cause). A stage whose statuses wait for its completion (a pool format, or an elimination stage before a stage
 * that never started) gets its entrants back as in play: ELIMINATED ones ACTIVE, placements cleared; the last stage
 * of an elimination format keeps them, as they follow the bracket (resynchronised afterwards).
 */
export async function reopenForCorrection(ctx: WriteContext, stage: StageRow, stages: readonly StageRow[]): Promise<FinalStanding> {
  const { db } = ctx;
  const before = await readFinalStanding(db, stage.tournament_id);
  await db.updateTable('stages').set({ status: 'ONGOING' }).where('id', '=', stage.id).execute();
  await db.updateTable('tournaments').set({ status: 'ONGOING' }).where('id', '=', stage.tournament_id).execute();
  if (isLastElimination(stage, stages)) return before;
  const ids = (await readStageEntrants(db, stage.id)).map((e) => e.id);
  for (const chunk of chunks(ids)) {
    await db.updateTable('participants').set({ final_placement: null, placement_range: null }).where('id', 'in', chunk).execute();
    await db.updateTable('participants').set({ status: 'ACTIVE' }).where('id', 'in', chunk).where('status', '=', 'ELIMINATED').execute();
  }
  return before;
}

/** A tournament's final standing as stored: each participant's placement and range, by participant id. */
export type FinalStanding = ReadonlyMap<string, string>;

/** The placements of a tournament's participants (`placement|range`, empty when unplaced), by participant id. */
async function readFinalStanding(db: Db, tournamentId: string): Promise<FinalStanding> {
  const rows = await db.selectFrom('participants').select(['id', 'final_placement', 'placement_range']).where('tournament_id', '=', tournamentId).execute();
  return new Map(rows.map((r) => [r.id, `${r.final_placement ?? ''}|${r.placement_range ?? ''}`]));
}

/** Whether two final standings differ for any participant. */
function standingChanged(before: FinalStanding, after: FinalStanding): boolean {
  if (before.size !== after.size) return true;
  for (const [id, place] of after) if (before.get(id) !== place) return true;
  return false;
}

/**
 * Ends a correction of a COMPLETED tournament (after {@link reopenForCorrection} and the correction itself), R8.13,
 * R5.12:
 * - when walkovers it caused already completed the tournament again, nothing more (that completion recorded
 *   `tournament.completed`);
 * - a Swiss stage whose later rounds were removed (`roundsRemoved`) pairs its next round again (or completes);
 * - when the stage now has a match to play (a cascade reset it, a grand-final reset became needed, a round was
 *   paired), the tournament stays ONGOING: `completedAt` cleared, statuses and placements of a last elimination
 *   stage follow the bracket, event `tournament.reopened` (data tournamentId, status ONGOING, previousStatus
 *   COMPLETED, stageId); it completes again, with `tournament.completed`, when its last match is decided;
 * - otherwise it is COMPLETED again at once with its `completedAt` unchanged: every placement is recomputed and the
 *   champions are the new holders of place 1 (ACTIVE: the bracket's statuses, or the stage's entrants made ACTIVE by
 *   the reopening), everyone else ELIMINATED. When any placement differs from `before` (the standing read by
 *   {@link reopenForCorrection}), `tournament.completed` is recorded again with the new champions (R11.14), so that
 *   whoever acted on the first one (prizes, ladders, the players' placement notices) learns the final standing; a
 *   correction that moves no one (a score-only change) records none.
 */
export async function finishCompletedCorrection(
  ctx: WriteContext,
  stage: StageRow,
  stages: readonly StageRow[],
  corrected: MatchRow,
  roundsRemoved: boolean,
  before: FinalStanding,
): Promise<void> {
  const { db } = ctx;
  const completedAgain = async () => (await findTournamentRow(db, stage.tournament_id))?.status === 'COMPLETED';
  if (await completedAgain()) return;
  if (roundsRemoved) {
    await afterMatchCompleted(ctx, corrected, []);
    if (await completedAgain()) return;
  }
  if (isLastElimination(stage, stages)) await resyncEliminationStatuses(ctx, stage);
  if (await hasOpenMatch(db, stage.id)) {
    await db.updateTable('tournaments').set({ completed_at: null, updated_at: ctx.now }).where('id', '=', stage.tournament_id).execute();
    await writeEvents(db, ctx.sink, [
      {
        projectId: ctx.tournament.project_id,
        type: TOURNAMENT_REOPENED,
        subjectId: stage.tournament_id,
        data: { tournamentId: stage.tournament_id, status: 'ONGOING', previousStatus: 'COMPLETED', stageId: stage.id },
      },
    ]);
    return;
  }
  await db.updateTable('stages').set({ status: 'COMPLETED' }).where('id', '=', stage.id).execute();
  await db.updateTable('tournaments').set({ status: 'COMPLETED', updated_at: ctx.now }).where('id', '=', stage.tournament_id).execute();
  const { championId, championIds } = await writeFinalStanding(ctx, stage.tournament_id, stages);
  if (!standingChanged(before, await readFinalStanding(db, stage.tournament_id))) return;
  const lastStage = stages.reduce((last, s) => (s.number > last.number ? s : last), stage);
  await writeEvents(db, ctx.sink, [
    {
      projectId: ctx.tournament.project_id,
      type: 'tournament.completed',
      subjectId: stage.tournament_id,
      data: { tournamentId: stage.tournament_id, status: 'COMPLETED', stageId: lastStage.id, championId, championIds },
    },
  ]);
}
