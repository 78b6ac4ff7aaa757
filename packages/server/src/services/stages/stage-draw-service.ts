import { checkDraw, groupCountOf, groupNamesOf, seedsFromSlots, TOURNAMENT_STATUSES_STRUCTURE_LOCKED, type Entrant, type StageFormat } from '@tourney/core';
import type { AuthContext } from '../../auth/auth-context';
import type { StageGroups, StageGroupsInput, StageSeeding, StageSeedingInput } from '../../contract-types';
import { AppError } from '../../errors/app-error';
import { DomainService } from '../domain-service';
import { findStageRows } from '../tournaments/tournament-reader';
import { requireManagedTournament, requireVisibleTournament } from '../tournaments/visibility';
import { generatedGroups, parseGroupDraw } from './group-draw';
import { readStageEntrants } from './stage-entrants';
import { planStage, writeStage } from './stage-generation';
import { effectiveSettings } from './stage-settings';
import type { StageRow } from '../../db/rows';
import type { Db } from '../../db/db';
import { ENTERING_STATUSES } from '../participants/participant-status';

/** The stage numbered `stageNumber` of a tournament. @throws AppError 404 NOT_FOUND. */
async function requireStage(db: Db, tournamentId: string, stageNumber: number): Promise<StageRow> {
  const stage = (await findStageRows(db, tournamentId)).find((s) => s.number === stageNumber);
  if (!stage) throw new AppError('NOT_FOUND', `stage ${stageNumber} not found`);
  return stage;
}

function requireGroupStage(stage: StageRow): void {
  if (stage.format !== 'GROUPS') throw new AppError('CONFLICT', `stage ${stage.number} is ${stage.format}, not GROUPS: it has no groups`);
}

function badBody(issues: readonly { path: string; message: string }[]): AppError {
  const first = issues[0] as { path: string; message: string };
  return new AppError('VALIDATION_ERROR', `body.${first.path} ${first.message}`, { details: issues.map((i) => ({ path: `body.${i.path}`, message: i.message })) });
}

/**
 * The draw and seeding of stages (R23.3, R23.4): the groups of a group stage (getStageGroups), an explicit draw of
 * stage 1 before the start (setStageGroups), and the seeding of a later stage edited before its first match
 * (setStageSeeding).
 */
export class StageDrawService extends DomainService {
  /**
   * The groups of a GROUPS stage (getStageGroups, R23.2, R23.3): once generated the groups as played (from the
   * stage seeds, split as generation did), before that the explicit draw or none; names from `groupNames`.
   * @throws AppError 404 (tournament or stage), 409 CONFLICT for a stage of another format.
   */
  async getGroups(auth: AuthContext, id: string, stageNumber: number): Promise<StageGroups> {
    const row = await requireVisibleTournament(this.db, this.access, auth, id);
    const stage = await requireStage(this.db, row.id, stageNumber);
    requireGroupStage(stage);
    const settings = effectiveSettings(stage.format, stage.settings);
    const entrants = await readStageEntrants(this.db, stage.id);
    const groups = entrants.length > 0 ? generatedGroups(entrants, groupCountOf(settings, entrants.length)) : parseGroupDraw(stage.group_draw);
    const names = groups.length > 0 ? groupNamesOf(settings, groups.length) : [];
    return {
      stageNumber,
      drawn: stage.group_draw !== null,
      groups: groups.map((participantIds, i) => ({ number: i + 1, name: names[i] as string, participantIds })),
    };
  }

  /**
   * Sets (or with no groups clears) the explicit draw of stage 1 (setStageGroups, R23.3, R23.5): every registered or
   * checked-in participant exactly once, `groupCount` groups of the sizes the stage has for them (core `checkDraw`).
   * @throws AppError 400 VALIDATION_ERROR naming `body.groups...` (nothing written); 404; 409 CONFLICT for a stage
   *   other than 1 or not GROUPS, 409 INVALID_STATE once the tournament has started.
   */
  async setGroups(auth: AuthContext, id: string, stageNumber: number, input: StageGroupsInput): Promise<StageGroups> {
    const { row } = await requireManagedTournament(this.db, this.access, auth, id);
    const stage = await requireStage(this.db, row.id, stageNumber);
    requireGroupStage(stage);
    if (stage.number !== 1) throw new AppError('CONFLICT', 'a draw applies to stage 1 only: later stages take their entrants from the stage before');
    const groups = input.groups.map((g) => g.participantIds);
    await this.inTournamentTransaction(row, async (ctx) => {
      const current = await ctx.db.selectFrom('tournaments').select('status').where('id', '=', row.id).executeTakeFirstOrThrow();
      if ((TOURNAMENT_STATUSES_STRUCTURE_LOCKED as readonly string[]).includes(current.status)) {
        throw new AppError('INVALID_STATE', `the draw can be set until the tournament starts (it is ${current.status})`);
      }
      // The stage as it is under the tournament's lock: an update of the stages committed meanwhile may have changed
      // its format or settings (and dropped the draw of a stage no longer GROUPS).
      const locked = await requireStage(ctx.db, row.id, stageNumber);
      requireGroupStage(locked);
      if (groups.length > 0) {
        const ids = (
          await ctx.db.selectFrom('participants').select('id').where('tournament_id', '=', row.id).where('status', 'in', ENTERING_STATUSES).execute()
        ).map((p) => p.id);
        const count = groupCountOf(effectiveSettings(locked.format, locked.settings), ids.length);
        if (count > Math.floor(ids.length / 2)) {
          throw badBody([{ path: 'groups', message: `${count} groups need at least ${2 * count} participants (there are ${ids.length})` }]);
        }
        const issues = checkDraw(groups, ids, count);
        if (issues.length > 0) throw badBody(issues);
      }
      await ctx.db
        .updateTable('stages')
        .set({ group_draw: groups.length > 0 ? JSON.stringify(groups) : null })
        .where('id', '=', locked.id)
        .execute();
    });
    return this.getGroups(auth, id, stageNumber);
  }

  /**
   * Re-seeds a generated stage after the first before its first match (setStageSeeding, R23.4): `participantIds`
   * are exactly its entrants in seed order or slot order (core `seedsFromSlots`); its matches are deleted and
   * generated again, round 1 scheduled when it was.
   * @throws AppError 400 VALIDATION_ERROR naming `body.participantIds` (nothing written); 404; 409 CONFLICT for stage
   *   1, a stage not generated or completed, or one with a match started, reported or played.
   */
  async setSeeding(auth: AuthContext, id: string, stageNumber: number, input: StageSeedingInput): Promise<StageSeeding> {
    const { row } = await requireManagedTournament(this.db, this.access, auth, id);
    const stage = await requireStage(this.db, row.id, stageNumber);
    if (stage.number === 1) throw new AppError('CONFLICT', 'stage 1 is seeded from the participants\' seeds at start: set those instead');
    let entrants: Entrant[] = [];
    await this.inTournamentTransaction(row, async (ctx) => {
      const { db } = ctx;
      const current = await db.selectFrom('stages').selectAll().where('id', '=', stage.id).executeTakeFirstOrThrow();
      if (current.status !== 'ONGOING') throw new AppError('CONFLICT', `stage ${stageNumber} is ${current.status}: its seeding can be edited once it is generated and before its first match`);
      const seeded = await readStageEntrants(db, stage.id);
      const matches = await db.selectFrom('matches').select(['status', 'result_type', 'started_at', 'scheduled_at']).where('stage_id', '=', stage.id).execute();
      if (matches.some((m) => m.result_type !== 'BYE' && (m.status !== 'SCHEDULED' || m.started_at !== null))) {
        throw new AppError('CONFLICT', `a match of stage ${stageNumber} has started: its seeding is fixed`);
      }
      const ids = input.participantIds;
      const known = new Set(seeded.map((e) => e.id));
      const issues: { path: string; message: string }[] = [];
      const seen = new Set<string>();
      ids.forEach((pid, i) => {
        if (!known.has(pid)) issues.push({ path: `participantIds[${i}]`, message: `${pid} is not an entrant of stage ${stageNumber}` });
        else if (seen.has(pid)) issues.push({ path: `participantIds[${i}]`, message: `${pid} is listed twice` });
        seen.add(pid);
      });
      const missing = seeded.filter((e) => !seen.has(e.id)).map((e) => e.id);
      if (missing.length > 0) issues.push({ path: 'participantIds', message: `leaves out ${missing.length} entrant(s): ${missing.slice(0, 5).join(', ')}` });
      if (issues.length > 0) throw badBody(issues);
      entrants =
        input.order === 'SLOT'
          ? seedsFromSlots(current.format as StageFormat, ids, effectiveSettings(current.format, current.settings))
          : ids.map((pid, i) => ({ id: pid, seed: i + 1 }));
      const generated = planStage(current, entrants);
      const firstAt = matches.map((m) => m.scheduled_at).filter((at): at is string => at !== null).sort()[0] ?? ctx.now;
      await db.deleteFrom('matches').where('stage_id', '=', stage.id).execute();
      await db.deleteFrom('stage_entrants').where('stage_id', '=', stage.id).execute();
      await writeStage(ctx, current, generated, firstAt);
    });
    return { stageNumber, entrants: entrants.map((e) => ({ participantId: e.id, seed: e.seed })) };
  }
}
