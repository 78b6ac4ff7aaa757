import { formatTraits, isDomainError, TOURNAMENT_TRANSITIONS, type Entrant, type Placement, type StageGeneration } from '@tourney/core';
import { writeEvents } from '../events';
import { caseById } from '../../db/case-by-id';
import { chunks } from '../../db/chunks';
import { readStageQualifiers } from './qualifiers';
import { readStageEntrants } from './stage-entrants';
import { hasOpenMatch } from './open-matches';
import { generateNextRound, planStage, writeStage } from './stage-generation';
import { placementsDecidedBy, placementsOfEliminated, readStagePlacements, readTournamentPlacements } from './stage-placements';
import { findStageRows } from '../tournaments/tournament-reader';
import type { WriteContext } from '../matches/write-context';
import type { MatchRow, StageRow } from '../../db/rows';

/** Writes placements (`final_placement`, `placement_range`) to the participants they name, in chunks. */
export async function writePlacements(ctx: WriteContext, placements: readonly Placement[]): Promise<void> {
  for (const chunk of chunks(placements)) {
    await ctx.db
      .updateTable('participants')
      .set({
        final_placement: caseById(chunk.map((p) => ({ id: p.participantId, value: p.placement })), 'INTEGER'),
        placement_range: caseById(chunk.map((p) => ({ id: p.participantId, value: p.placementRange })), 'TEXT'),
      })
      .where('id', 'in', chunk.map((p) => p.participantId))
      .execute();
  }
}

/** Sets `status` on the listed participants whose status is currently `from`, in chunks. */
async function setStatus(ctx: WriteContext, ids: readonly string[], from: string, to: string): Promise<void> {
  for (const chunk of chunks(ids)) {
    await ctx.db.updateTable('participants').set({ status: to }).where('id', 'in', chunk).where('status', '=', from).execute();
  }
}

/**
 * Runs after every match completion of a stage, inside the caller's transaction (R7.1, R7.15,
 * R7.16, R5.12):
 * - in the last stage of an elimination format (core `formatTraits`), the participants who leave the bracket
 *   (`leaving`: a loser with no losers-bracket, third-place or reset match to go to, the winner of a third-place or
 *   play-off match) become ELIMINATED when ACTIVE, and the placements this match decides
 *   are written (`final_placement`, `placement_range`), so an eliminated participant receives theirs at once
 *   (in earlier stages and in pool formats statuses and placements wait for the stage to complete);
 * - once no match of the stage is open: a stage generated round by round (Swiss) pairs its next round if it has
 *   one; otherwise the stage
 *   completes (see {@link completeStage}). A single elimination that stops at its qualifiers (`stopAtQualifiers`,
 *   R7.20) has no match after the round that leaves `advanceCount` unbeaten, so it completes as that round is decided.
 * Does nothing while matches remain or when the stage is not ONGOING.
 */
export async function afterMatchCompleted(ctx: WriteContext, match: MatchRow, leaving: readonly string[]): Promise<void> {
  const { db } = ctx;
  // The tournament's stages in one read, the match's own among them.
  const stages = await findStageRows(db, match.tournament_id);
  const stage = stages.find((s) => s.id === match.stage_id);
  if (!stage || stage.status !== 'ONGOING') return;
  const isLast = !stages.some((s) => s.number > stage.number);
  const traits = formatTraits(stage.format);
  if (isLast && traits.isElimination) {
    if (leaving.length > 0) await setStatus(ctx, leaving, 'ACTIVE', 'ELIMINATED');
    await writePlacements(ctx, await placementsDecidedBy(db, stage, match));
  }
  if (await hasOpenMatch(db, stage.id)) return;
  if (traits.generatedRoundByRound && (await generateNextRound(ctx, stage))) return;
  await completeStage(ctx, stage, stages);
}

/**
 * Completes a stage whose every match is final:
 * - the stage becomes COMPLETED;
 * - when a next stage exists, its qualifiers (core `selectQualifiers`: `advanceCount` or the format's default;
 *   disqualified and withdrawn entrants never qualify) are seeded into it by stage result and its matches are
 *   generated; the others become ELIMINATED with their tournament placements (after the places the later stages
 *   fill), qualifiers are ACTIVE;
 * - otherwise (last stage, or fewer than two qualifiers left or a next stage that cannot be generated for them)
 *   the tournament completes: every placement is recomputed (core `computeTournamentPlacements`), the champions
 *   (placement 1, several when first place is shared) keep status ACTIVE, every other ACTIVE participant becomes
 *   ELIMINATED, status COMPLETED with `completedAt`, event `tournament.completed` (data: tournamentId, status,
 *   stageId, championId: the champion, null when first place is shared; championIds: every holder of first place).
 */
async function completeStage(ctx: WriteContext, stage: StageRow, stages: readonly StageRow[]): Promise<void> {
  const { db } = ctx;
  const claimed = await db.updateTable('stages').set({ status: 'COMPLETED' }).where('id', '=', stage.id).where('status', '=', 'ONGOING').executeTakeFirst();
  if (Number(claimed.numUpdatedRows) === 0) return;
  // For live streams (R28.1); not a webhook event type, so never delivered to subscriptions.
  await writeEvents(db, ctx.sink, [
    { projectId: ctx.tournament.project_id, type: 'stage.completed', subjectId: stage.id, data: { tournamentId: stage.tournament_id, stageId: stage.id, stageNumber: stage.number, status: 'COMPLETED' } },
  ]);

  const next = stages.find((s) => s.number === stage.number + 1);
  if (next && (await seedNextStage(ctx, stage, next))) return;

  const { championId, championIds } = await writeFinalStanding(ctx, stage.tournament_id, stages);
  const complete = TOURNAMENT_TRANSITIONS.complete;
  await db
    .updateTable('tournaments')
    .set({ status: complete.to, completed_at: ctx.now, updated_at: ctx.now })
    .where('id', '=', stage.tournament_id)
    .execute();
  await writeEvents(db, ctx.sink, [
    {
      projectId: ctx.tournament.project_id,
      type: complete.event,
      subjectId: stage.tournament_id,
      data: { tournamentId: stage.tournament_id, status: complete.to, stageId: stage.id, championId, championIds },
    },
  ]);
}

/** The champions of a completed tournament: every holder of place 1, and the one champion (null when first place is shared). */
export interface Champions {
  championId: string | null;
  championIds: string[];
}

/**
 * Writes the final standing of a tournament whose last stage is complete (R5.12, R7.12, R7.16): every placement is
 * recomputed (`readTournamentPlacements`: champions are among those still in while anyone is), the holders of place
 * 1 are the champions and are ACTIVE (an ELIMINATED one, put back in first place by a correction or by forfeits, is
 * ACTIVE again; a disqualified or withdrawn one keeps that status), and every other ACTIVE participant becomes
 * ELIMINATED. Returns the champions.
 */
export async function writeFinalStanding(ctx: WriteContext, tournamentId: string, stages: readonly StageRow[]): Promise<Champions> {
  const { db } = ctx;
  const placements = await readTournamentPlacements(db, stages);
  await writePlacements(ctx, placements);
  // Everyone sharing first place (an all-drawn round robin, a pool stage that ends the tournament) is a champion.
  const championIds = placements.filter((p) => p.placement === 1).map((p) => p.participantId);
  const championId = championIds.length === 1 ? championIds[0]! : null;
  let eliminate = db.updateTable('participants').set({ status: 'ELIMINATED' }).where('tournament_id', '=', tournamentId).where('status', '=', 'ACTIVE');
  if (championIds.length > 0) eliminate = eliminate.where('id', 'not in', championIds);
  await eliminate.execute();
  for (const chunk of chunks(championIds)) {
    await db.updateTable('participants').set({ status: 'ACTIVE' }).where('id', 'in', chunk).where('status', '=', 'ELIMINATED').execute();
  }
  return { championId, championIds };
}

/**
 * Seeds the qualifiers of `stage` into `next` (by `next`'s slot map when it has one, R23.1) and generates it
 * (scheduled from now). Returns false, writing nothing, when fewer than two qualifiers remain, a slot map names
 * a position disqualifications emptied, or core cannot generate the next stage for them (only possible after
 * disqualifications): the tournament then ends with `stage`.
 */
async function seedNextStage(ctx: WriteContext, stage: StageRow, next: StageRow): Promise<boolean> {
  let qualifiers: Entrant[];
  let generated: StageGeneration;
  try {
    qualifiers = await readStageQualifiers(ctx.db, stage, next);
    if (qualifiers.length < 2) return false;
    generated = planStage(next, qualifiers);
  } catch (error) {
    if (isDomainError(error)) return false;
    throw error;
  }
  const ids = qualifiers.map((q) => q.id);
  const qualified = new Set(ids);
  const entrants = await readStageEntrants(ctx.db, stage.id);
  const out = entrants.map((e) => e.id).filter((id) => !qualified.has(id));
  await writePlacements(ctx, placementsOfEliminated(await readStagePlacements(ctx.db, stage, entrants), ids));
  await setStatus(ctx, out, 'ACTIVE', 'ELIMINATED');
  await setStatus(ctx, ids, 'ELIMINATED', 'ACTIVE');
  await writeStage(ctx, next, generated, ctx.now);
  return true;
}
