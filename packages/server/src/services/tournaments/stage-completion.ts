import type { Placement } from '@tourney/core';
import { writeEvents } from '../events';
import { caseById } from './case-by-id';
import { chunks } from './chunks';
import type { MatchRow } from './match-mapper';
import { computeStagePlacements } from './stage-placements';
import type { WriteContext } from './write-context';

/** Match statuses that are not final (stage completion waits for none of them to remain). */
const OPEN_STATUSES = ['SCHEDULED', 'IN_PROGRESS', 'PENDING_RESULT', 'DISPUTED'];

/** Writes placements (`final_placement`, `placement_range`) to the participants they name, in chunks. */
async function writePlacements(ctx: WriteContext, placements: readonly Placement[]): Promise<void> {
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

/**
 * Runs after every match completion of a stage, inside the caller's transaction (DESIGN "Tournament and match
 * lifecycle"):
 * - the placements this match decides (core) are written to the entrants (`final_placement`,
 *   `placement_range`), so an eliminated participant receives theirs on elimination;
 * once every match of the stage is COMPLETED or RESOLVED:
 * - the champion (placement 1) keeps status ACTIVE, every other ACTIVE entrant becomes ELIMINATED
 *   (DISQUALIFIED and WITHDRAWN entrants keep their status);
 * - the stage becomes COMPLETED; when it is the last stage the tournament becomes COMPLETED with
 *   `completedAt` and the event `tournament.completed` (data: tournamentId, status, stageId, championId).
 * Does nothing while matches remain or when the stage is not ONGOING. Seeding a next stage is not built yet
 * (only single-stage tournaments start, see stage-placements.ts).
 */
export async function afterMatchCompleted(ctx: WriteContext, match: MatchRow): Promise<void> {
  const { db } = ctx;
  const stageId = match.stage_id;
  const stage = await db.selectFrom('stages').selectAll().where('id', '=', stageId).executeTakeFirst();
  if (!stage || stage.status !== 'ONGOING') return;
  const decided = await computeStagePlacements(db, stage, [{ key: match.key, winnerId: match.winner_id, loserId: match.loser_id }]);
  await writePlacements(ctx, decided);
  const open = await db
    .selectFrom('matches')
    .select((eb) => eb.fn.countAll<number>().as('count'))
    .where('tournament_id', '=', stage.tournament_id)
    .where('status', 'in', OPEN_STATUSES)
    .where('stage_id', '=', stageId)
    .executeTakeFirstOrThrow();
  if (Number(open.count) > 0) return;

  // Last match: recompute every placement from all outcomes (also fixes any earlier partial write).
  const placements = await computeStagePlacements(db, stage);
  await writePlacements(ctx, placements);

  const championId = placements.find((p) => p.placement === 1)?.participantId ?? null;
  let eliminate = db
    .updateTable('participants')
    .set({ status: 'ELIMINATED' })
    .where('tournament_id', '=', stage.tournament_id)
    .where('status', '=', 'ACTIVE');
  if (championId !== null) eliminate = eliminate.where('id', '!=', championId);
  await eliminate.execute();
  await db.updateTable('stages').set({ status: 'COMPLETED' }).where('id', '=', stageId).execute();

  const later = await db
    .selectFrom('stages')
    .select('id')
    .where('tournament_id', '=', stage.tournament_id)
    .where('number', '>', stage.number)
    .executeTakeFirst();
  if (later) return;
  await db
    .updateTable('tournaments')
    .set({ status: 'COMPLETED', completed_at: ctx.now, updated_at: ctx.now })
    .where('id', '=', stage.tournament_id)
    .execute();
  await writeEvents(db, ctx.sink, [
    {
      projectId: ctx.tournament.project_id,
      type: 'tournament.completed',
      subjectId: stage.tournament_id,
      data: { tournamentId: stage.tournament_id, status: 'COMPLETED', stageId, championId },
    },
  ]);
}
