import { eliminatedParticipants, isDomainError, type Entrant } from '@tourney/core';
import { toBracketMatch } from '../brackets/advancement-rows';
import { chunks } from '../../db/chunks';
import { writeEvents } from '../events';
import { forfeitedParticipantIds } from '../participants/participant-rows';
import { readStageQualifiers } from './qualifiers';
import { writePlacements } from './stage-completion';
import { readStageEntrants } from './stage-entrants';
import { hasOpenMatch } from './open-matches';
import { placementsOfEliminated, readStagePlacements } from './stage-placements';
import type { WriteContext } from '../matches/write-context';
import { isPlayed } from '../brackets/bracket-rewire';
import type { MatchRow, StageRow } from '../../db/rows';

/** What a revision of later rounds or stages did: matches it deleted, and those of them that had been played or paired. */
export interface RevisionResult {
  /** Deleted matches (they will be generated again from the corrected results). */
  removed: MatchRow[];
  /** Deleted matches the correction must name in its 409 unless it cascades. */
  blocking: MatchRow[];
}

/** Live event of a later stage a correction took back to PENDING, its matches and entrants deleted (R8.18). */
export const STAGE_RESET = 'stage.reset';

const NOTHING: RevisionResult = { removed: [], blocking: [] };

/** Deletes matches by id (their history goes with them: match_history cascades), in chunks. */
async function deleteMatches(ctx: WriteContext, ids: readonly string[]): Promise<void> {
  for (const chunk of chunks(ids)) await ctx.db.deleteFrom('matches').where('id', 'in', chunk).execute();
}

/**
 * Swiss (R8.17): a corrected winner or draw in round `round` changes the pairings of every later round, so every
 * match of a later round (played or only paired, byes included) is deleted; all of them block a correction without
 * cascade. The stage then pairs the next round again once `round` is complete (stage-completion.ts).
 */
export async function removeLaterSwissRounds(ctx: WriteContext, stage: StageRow, round: number): Promise<RevisionResult> {
  const later = await ctx.db.selectFrom('matches').selectAll().where('stage_id', '=', stage.id).where('round', '>', round).execute();
  if (later.length === 0) return NOTHING;
  await deleteMatches(ctx, later.map((m) => m.id));
  return { removed: later, blocking: later };
}

/** A slot map (R23.1) that no longer finds its qualifiers reads as different qualifiers: the later stages are revised. */
function noQualifiers(error: unknown): null {
  if (isDomainError(error)) return null;
  throw error;
}

/** True when both lists hold the same participants with the same seeds. */
function sameEntrants(a: readonly { id: string; seed: number }[], b: readonly { id: string; seed: number }[]): boolean {
  if (a.length !== b.length) return false;
  const seeds = new Map(b.map((e) => [e.id, e.seed]));
  return a.every((e) => seeds.get(e.id) === e.seed);
}

/**
 * The qualifiers `stage`'s results give the generated stage `next` (R8.18), next to the entrants `next` holds: the
 * participants left out are those disqualified or withdrawn before `next` was generated (not among its entrants); one
 * who forfeited in `next` is still its entrant and still counts here, so a correction that changes nothing for the
 * next stage finds its entrants again rather than the stand-in R7.15 would pick today.
 */
async function qualifiersAsSeeded(db: WriteContext['db'], stage: StageRow, next: StageRow): Promise<{ qualifiers: Entrant[] | null; seeded: Entrant[] }> {
  const [seeded, forfeited] = await Promise.all([readStageEntrants(db, next.id), forfeitedParticipantIds(db, stage.tournament_id)]);
  const entered = new Set(seeded.map((e) => e.id));
  const excluded = new Set([...forfeited].filter((id) => !entered.has(id)));
  const qualifiers = await readStageQualifiers(db, stage, next, excluded).catch(noQualifiers);
  return { qualifiers, seeded };
}

/**
 * The qualifiers a COMPLETED stage gives the next one as its results stand, read before a correction changes them
 * (R8.18, `qualifiersAsSeeded`): the list `reviseLaterStages` compares the corrected qualifiers with. Null when the
 * next stage is not generated (nothing to keep) or its slot map no longer finds its qualifiers.
 */
export async function qualifiersBeforeCorrection(ctx: WriteContext, stage: StageRow, stages: readonly StageRow[]): Promise<Entrant[] | null> {
  const next = stages.find((s) => s.number === stage.number + 1);
  if (stage.status !== 'COMPLETED' || !next || next.status === 'PENDING') return null;
  return (await qualifiersAsSeeded(ctx.db, stage, next)).qualifiers;
}

/**
 * A correction in a stage that had COMPLETED and seeded the next one (R8.18). When the stage still is complete
 * (no match reopened, no Swiss round removed: `reopened` false) and yields the same qualifiers with the same seeds
 * (as the next stage holds them, or as the results gave them before the correction, `before`: an organizer's own
 * seeding of the next stage, R23.4, is kept by a correction that changes nothing for it), only the placements of its
 * eliminated participants are written again. Otherwise every later generated stage is
 * taken back: its matches and
 * entrants are deleted (played ones block a correction without cascade), it returns to PENDING (live event
 * `stage.reset`: data tournamentId, stageId, stageNumber, status PENDING, previousStatus), this stage to ONGOING,
 * its entrants' placements are cleared and the eliminated ones become ACTIVE again; completing the stage again (the
 * caller's next step) seeds the next stage from the corrected results.
 */
export async function reviseLaterStages(
  ctx: WriteContext,
  stage: StageRow,
  stages: readonly StageRow[],
  reopened: boolean,
  before: readonly Entrant[] | null,
): Promise<RevisionResult> {
  const { db } = ctx;
  const later = stages.filter((s) => s.number > stage.number && s.status !== 'PENDING');
  const next = later.find((s) => s.number === stage.number + 1);
  if (!next) return NOTHING;
  const open = await hasOpenMatch(db, stage.id);
  if (!open && !reopened) {
    const { qualifiers, seeded } = await qualifiersAsSeeded(db, stage, next);
    if (qualifiers !== null && (sameEntrants(qualifiers, seeded) || (before !== null && sameEntrants(qualifiers, before)))) {
      const entrants = await readStageEntrants(db, stage.id);
      const placements = await readStagePlacements(db, stage, entrants);
      // The next stage's own entrants (the same participants, perhaps in an organizer's order, R23.4).
      await writePlacements(ctx, placementsOfEliminated(placements, seeded.map((e) => e.id)));
      return NOTHING;
    }
  }
  const laterIds = later.map((s) => s.id);
  const removed = await db.selectFrom('matches').selectAll().where('stage_id', 'in', laterIds).execute();
  await deleteMatches(ctx, removed.map((m) => m.id));
  await db.deleteFrom('stage_entrants').where('stage_id', 'in', laterIds).execute();
  await db.updateTable('stages').set({ status: 'PENDING' }).where('id', 'in', laterIds).execute();
  await db.updateTable('stages').set({ status: 'ONGOING' }).where('id', '=', stage.id).execute();
  await writeEvents(
    db,
    ctx.sink,
    later.map((s) => ({
      projectId: ctx.tournament.project_id,
      type: STAGE_RESET,
      subjectId: s.id,
      data: { tournamentId: s.tournament_id, stageId: s.id, stageNumber: s.number, status: 'PENDING', previousStatus: s.status },
    })),
  );
  const entrantIds = (await readStageEntrants(db, stage.id)).map((e) => e.id);
  for (const chunk of chunks(entrantIds)) {
    await db.updateTable('participants').set({ final_placement: null, placement_range: null }).where('id', 'in', chunk).execute();
    await db.updateTable('participants').set({ status: 'ACTIVE' }).where('id', 'in', chunk).where('status', '=', 'ELIMINATED').execute();
  }
  return { removed, blocking: removed.filter(isPlayed) };
}

/**
 * Statuses and placements of the last stage of an elimination format after a correction moved participants
 * (R8.14, R7.16): a participant is ELIMINATED exactly when they lost a decided match whose loser leaves the stage (no
 * `next.loser`, or a grand-final reset closed as NOT_NEEDED; core `eliminatedParticipants`), ACTIVE otherwise (forfeited participants keep their
 * status); placements are core's for the results so far (`readStagePlacements`), cleared for entrants not placed.
 */
export async function resyncEliminationStatuses(ctx: WriteContext, stage: StageRow): Promise<void> {
  const { db } = ctx;
  const [rows, entrants] = await Promise.all([
    db.selectFrom('matches').selectAll().where('stage_id', '=', stage.id).execute(),
    readStageEntrants(db, stage.id),
  ]);
  const out = eliminatedParticipants(new Map(rows.map((r) => [r.id, toBracketMatch(r)])));
  const ids = entrants.map((e) => e.id);
  const eliminated = ids.filter((id) => out.has(id));
  const active = ids.filter((id) => !out.has(id));
  for (const chunk of chunks(eliminated)) {
    await db.updateTable('participants').set({ status: 'ELIMINATED' }).where('id', 'in', chunk).where('status', '=', 'ACTIVE').execute();
  }
  for (const chunk of chunks(active)) {
    await db.updateTable('participants').set({ status: 'ACTIVE' }).where('id', 'in', chunk).where('status', '=', 'ELIMINATED').execute();
  }
  const placements = await readStagePlacements(db, stage, entrants);
  const placed = new Set(placements.map((p) => p.participantId));
  const unplaced = ids.filter((id) => !placed.has(id));
  for (const chunk of chunks(unplaced)) {
    await db.updateTable('participants').set({ final_placement: null, placement_range: null }).where('id', 'in', chunk).execute();
  }
  await writePlacements(ctx, placements);
}
