import { checkDraw, drawSeeds, groupCountOf, seedingSetting, seedsByRating, TOURNAMENT_TRANSITIONS, type Entrant } from '@tourney/core';
import { effectiveSettings } from '../stages/stage-settings';
import { parseGroupDraw } from '../stages/group-draw';
import { AppError } from '../../errors/app-error';
import { transitionRefused } from './status-transitions';
import { writeEvents } from '../events';
import { sql } from 'kysely';
import { chunks } from '../../db/chunks';
import { assignSeeds } from '../stages/seeding';
import { planStage, writeStage } from '../stages/stage-generation';
import { checkStagePlan, planIssuesAtStart } from '../stages/stage-plan';
import type { WriteContext } from '../matches/write-context';
import type { StageRow } from '../../db/rows';

/** Entrants seeded per UPDATE statement at the start: 2 parameters each, within SQLite's 32,766 and PostgreSQL's 65,535. */
const SEED_UPDATE_CHUNK = 8000;

/** Tournament statuses from which start is accepted (R5.9; core `TOURNAMENT_TRANSITIONS.start`). */
export const STARTABLE_STATUSES: readonly string[] = TOURNAMENT_TRANSITIONS.start.from;

/**
 * Starts a tournament inside the caller's transaction (R5.9, R5.10):
 * 1. claims the start: status PUBLISHED | REGISTRATION_OPEN | REGISTRATION_CLOSED -> ONGOING (else 409 INVALID_STATE
 *    naming the status it has now, or 404 NOT_FOUND when it was deleted meanwhile);
 * 2. eligible participants are the CHECKED_IN ones when check-in is required, else REGISTERED and CHECKED_IN;
 *    fewer than 2 -> 409 NOT_ENOUGH_PARTICIPANTS (the transaction rolls back);
 * 3. seeds them (explicit seed first, then registration order; with stage 1 `seeding` RATING by rating descending,
 *    core `seedsByRating`, R27.10; or, when stage 1 is GROUPS with an explicit draw, by the draw:
 *    core `drawSeeds`, R23.3, 409 CONFLICT when the participants entering are not exactly those drawn) as 1..N and makes them ACTIVE; REGISTERED
 *    participants who did not check in become NO_SHOW; everyone not entering loses any seed;
 * 4. checks the stage plan against the N entrants (every stage's settings and qualifier counts, stage by stage:
 *    409 NOT_ENOUGH_PARTICIPANTS or CONFLICT naming `stages[i].settings.<field>`, see stage-plan.ts);
 * 5. generates stage 1 with core (any format), records its entrants with their seeds and inserts its matches with
 *    the dialect's bulk insert (`ctx.dialect.insertRows`, R7.19), scheduled `start + (play round - 1) * roundIntervalMinutes` (+ k * matchIntervalMinutes for
 *    the k-th match of a round; start = the stage's startsAt, else the tournament's startDate: R25.6, R25.7); the stage becomes ONGOING
 *    (later stages are generated when the stage before them completes, stage-completion.ts);
 * 6. records `tournament.started` (data: tournamentId, status, stageId, participantCount, matchCount).
 */
export async function runTournamentStart(ctx: WriteContext, stages: readonly StageRow[]): Promise<void> {
  const { db, tournament, now } = ctx;
  const claimed = await db
    .updateTable('tournaments')
    .set({ status: TOURNAMENT_TRANSITIONS.start.to, started_at: now, updated_at: now })
    .where('id', '=', tournament.id)
    .where('status', 'in', [...STARTABLE_STATUSES])
    .executeTakeFirst();
  if (Number(claimed.numUpdatedRows) === 0) throw await transitionRefused(ctx, 'start');

  const checkInRequired = tournament.check_in_required === 1;
  const eligibleStatuses = checkInRequired ? ['CHECKED_IN'] : ['REGISTERED', 'CHECKED_IN'];
  const candidates = await db
    .selectFrom('participants')
    .select(['id', 'seed', 'rating', 'registered_at as registeredAt'])
    .where('tournament_id', '=', tournament.id)
    .where('status', 'in', eligibleStatuses)
    .execute();
  if (candidates.length < 2) {
    const who = checkInRequired ? 'checked-in participants' : 'registered participants';
    throw new AppError('NOT_ENOUGH_PARTICIPANTS', `at least 2 ${who} are needed to start (there are ${candidates.length})`);
  }
  // A draw counts only on a GROUPS stage 1 (R23.3): a stored draw of a stage of another format is never used.
  const entrants = stages[0]?.group_draw && stages[0].format === 'GROUPS'
    ? drawnEntrants(stages[0], candidates.map((c) => c.id))
    : stages[0] && seedingSetting(effectiveSettings(stages[0].format, stages[0].settings)) === 'RATING'
      ? seedsByRating(candidates.map((c) => ({ id: c.id, rating: c.rating === null ? null : Number(c.rating), registeredAt: c.registeredAt })))
      : assignSeeds(candidates);
  for (const chunk of chunks(entrants, SEED_UPDATE_CHUNK)) {
    // One UPDATE ... FROM (VALUES (id, seed), ...) per chunk: each row finds its value by a join, where a
    // CASE over the chunk's ids would compare every row with every id.
    const values = sql.join(chunk.map((e) => sql`(${e.id}, CAST(${e.seed} AS INTEGER))`));
    await sql`UPDATE participants SET seed = v.column2, status = 'ACTIVE' FROM (VALUES ${values}) AS v WHERE participants.id = v.column1`.execute(db);
  }
  if (checkInRequired) {
    await db
      .updateTable('participants')
      .set({ status: 'NO_SHOW' })
      .where('tournament_id', '=', tournament.id)
      .where('status', '=', 'REGISTERED')
      .execute();
  }
  await db
    .updateTable('participants')
    .set({ seed: null })
    .where('tournament_id', '=', tournament.id)
    .where('status', '!=', 'ACTIVE')
    .where('seed', 'is not', null)
    .execute();

  const issues = checkStagePlan(stages, entrants.length, true);
  if (issues.length > 0) throw planIssuesAtStart(issues, entrants.length);
  const stage = stages[0] as StageRow;
  const matchCount = await writeStage(ctx, stage, planStage(stage, entrants), tournament.start_date);
  await writeEvents(db, ctx.sink, [
    {
      projectId: tournament.project_id,
      type: 'tournament.started',
      subjectId: tournament.id,
      data: { tournamentId: tournament.id, status: 'ONGOING', stageId: stage.id, participantCount: entrants.length, matchCount },
    },
  ]);
}

/**
 * The entrants of a stage 1 with an explicit draw (R23.3): seeds from core `drawSeeds`.
 * @throws AppError 409 CONFLICT (details `groups...`) when the participants entering are not exactly those drawn
 *   or the draw no longer fits the stage's groups.
 */
function drawnEntrants(stage: StageRow, ids: readonly string[]): Entrant[] {
  const draw = parseGroupDraw(stage.group_draw);
  const issues = checkDraw(draw, ids, groupCountOf(effectiveSettings(stage.format, stage.settings), ids.length));
  if (issues.length > 0) {
    const first = issues[0] as { path: string; message: string };
    throw new AppError('CONFLICT', `the draw of stage 1 does not fit the participants entering: ${first.path} ${first.message}; set the draw again`, {
      details: issues,
    });
  }
  return drawSeeds(draw);
}
