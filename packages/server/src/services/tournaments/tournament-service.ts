import { canTransitionTournament, tournamentTransitionRefusal } from '@tourney/core';
import type { AuthContext, StaffRole } from '../../auth/auth-context';
import { AppError, invalidField, notFound } from '../../errors/app-error';
import { pageOfList, toPage, withTotalCap } from '../../db/page-query';
import { newId } from '../../ids';
import { MANAGER_ROLES } from '../access';
import type { Page, PageQuery } from '../../db/page-query';
import type {
  Bracket,
  Match,
  ScheduleQuery,
  Stage,
  Tournament,
  TournamentCloneRequest,
  TournamentCreate,
  TournamentListQuery,
  TournamentUpdate,
} from '../../contract-types';
import { readBracket } from '../brackets/bracket-reader';
import { cloneBody, cloneRefusal } from './tournament-clone';
import { BracketCache } from '../brackets/bracket-cache';
import { readLiveSeq } from '../live/live-seq';
import { readMatches } from '../matches/match-reader';
import { querySchedulePage } from '../matches/schedule-query';
import { applySimpleTransition, type SimpleTransition } from './status-transitions';
import {
  DEFAULT_CHECK_IN_OPENS_MINUTES_BEFORE,
  newStageRows,
  toStoredInstant,
  toStoredInstantOrNull,
  validateCheckInWindow,
  validateDates,
} from './tournament-input';
import { withTrimmedNames } from './tournament-names';
import { applyTournamentUpdate } from './tournament-update';
import { queryTournamentPage } from './tournament-list-query';
import { toStage, toTournament } from './tournament-mapper';
import { findStageRows, findTournamentDetails, findTournamentRow, readTournament, readTournaments } from './tournament-reader';
import { checkStagePlan, planIssuesAtCreate } from '../stages/stage-plan';
import { runTournamentStart, STARTABLE_STATUSES } from './tournament-start';
import { lockTournamentPlaces } from '../participants/capacity';
import { requireManagedTournament, requireVisibleRow, requireVisibleTournament } from './visibility';
import { DomainService } from '../domain-service';
import type { Db } from '../../db/db';
import type { TournamentRow } from '../../db/rows';
import type { WriteContext } from '../matches/write-context';

/**
 * The tournament `id` as `db` (an open write transaction) sees it, to answer a write with before it commits (R18.18).
 * @throws AppError 404 when it is not there.
 */
async function readBack(db: Db, id: string): Promise<Tournament> {
  const row = await findTournamentRow(db, id);
  if (!row) throw notFound('tournament');
  return readTournament(db, row);
}

/** Every staff role: any staff member may list the project's tournaments. */
const ANY_STAFF: readonly StaffRole[] = ['OWNER', 'ADMIN', 'ORGANIZER', 'MODERATOR'];

/** Why a user token needs `projectId` on listTournaments, and where a player goes instead (R26.2). */
const PROJECT_ID_FOR_STAFF =
  "is required with a user access token (a project's tournaments, drafts included, are listed for its staff); " +
  'to find tournaments to play use GET /tournaments/public, and GET /users/me/tournaments for your own';

/**
 * Tournaments: create, read, update, delete, list, the lifecycle (publish, registration open/close, start),
 * stages, bracket and schedule (R5.1 to R5.16).
 * Every write runs in one transaction together with its events:
 * - `tournament.published`, `tournament.registration_opened`, `tournament.registration_closed`
 *   (data: tournamentId, status, previousStatus);
 * - `tournament.started` (data: tournamentId, status, stageId, participantCount, matchCount);
 * - `tournament.updated` by an update that changes a field (data: tournamentId, status, changed: the field names);
 * - `tournament.completed` is written by match completion (see tournaments/stage-completion.ts).
 * "Org" operations accept a key of the tournament's project with manage:tournaments or staff
 * OWNER/ADMIN/ORGANIZER; a DRAFT is invisible (404) to everyone else.
 */
export class TournamentService extends DomainService {
  readonly #brackets = new BracketCache(this.deps.config.bracketCacheRows);

  /**
   * Runs `write` in a transaction holding `tournament`'s lock and answers the tournament as that transaction leaves it,
   * read with the transaction's handle before it commits (R18.18): a write that committed always has its answer,
   * which a second read on another connection after the commit could fail to give (and a retry would repeat the write).
   */
  private async writeAndAnswer(tournament: TournamentRow, write: (ctx: WriteContext) => Promise<void>): Promise<Tournament> {
    let answer: Tournament | undefined;
    await this.inTournamentTransaction(tournament, async (ctx) => {
      await write(ctx);
      answer = await readBack(ctx.db, tournament.id);
    });
    return answer!;
  }

  /**
   * Creates a DRAFT tournament with its stages (numbered 1..n, PENDING) in the caller's project (key) or in
   * `input.projectId` (staff OWNER/ADMIN/ORGANIZER). Instants are stored normalized to UTC. The stage plan is
   * checked with maxParticipants as the entrants of stage 1 (tournaments/stage-plan.ts).
   * @throws AppError 400 naming `body.projectId` (bearer without it), `body.name` or `body.stages[i].name` (blank,
   *   R5.2), a date field out of order,
   *   `body.checkInOpensMinutesBefore` (0 with checkInRequired: an empty check-in window, R6.3) or a stage setting
   *   (`body.stages[i].settings.<field>`, e.g. a missing `advanceCount` between stages); 404 unknown project.
   */
  async create(auth: AuthContext, body: TournamentCreate): Promise<Tournament> {
    const { projectId } = await this.access.resolveProjectForCreate(auth, body.projectId, {
      scope: 'manage:tournaments',
      roles: MANAGER_ROLES,
      resource: 'project',
    });
    // Names are stored trimmed; blank ones are 400 naming body.name / body.stages[i].name (R5.2).
    const input = withTrimmedNames(body);
    const dates = {
      startDate: toStoredInstant(input.startDate),
      registrationOpensAt: toStoredInstantOrNull(input.registrationOpensAt),
      registrationClosesAt: toStoredInstantOrNull(input.registrationClosesAt),
    };
    validateDates(dates);
    const checkInMinutes = input.checkInOpensMinutesBefore ?? DEFAULT_CHECK_IN_OPENS_MINUTES_BEFORE;
    validateCheckInWindow(input.checkInRequired === true, checkInMinutes);
    const issues = checkStagePlan(input.stages, input.maxParticipants, false);
    if (issues.length > 0) throw planIssuesAtCreate(issues);
    const now = this.now();
    const id = newId();
    return this.db.transaction().execute(async (trx) => {
      await trx
        .insertInto('tournaments')
        .values({
          id,
          project_id: projectId,
          name: input.name,
          description: input.description ?? null,
          discipline_id: input.disciplineId,
          status: 'DRAFT',
          max_participants: input.maxParticipants,
          team_size: input.teamSize ?? 1,
          start_date: dates.startDate,
          registration_opens_at: dates.registrationOpensAt,
          registration_closes_at: dates.registrationClosesAt,
          check_in_required: input.checkInRequired ? 1 : 0,
          check_in_opens_minutes_before: checkInMinutes,
          waitlist_capacity: input.waitlistCapacity ?? 0,
          created_at: now,
          updated_at: now,
          published_at: null,
          started_at: null,
          completed_at: null,
        })
        .execute();
      await trx.insertInto('stages').values(newStageRows(id, input.stages, now)).execute();
      // The answer is read before the commit (R18.18): a created tournament is always answered.
      return readBack(trx, id);
    });
  }

  /** The tournament with stages and participant counts; public from PUBLISHED on. @throws AppError 404. */
  async get(auth: AuthContext, id: string): Promise<Tournament> {
    // One statement: the row, its stages and its participant counts (R18.7).
    const found = await findTournamentDetails(this.db, this.deps.dialect, id);
    if (!found) throw notFound('tournament');
    return toTournament(await requireVisibleRow(this.access, auth, found.row), found.stages, found.counts);
  }

  /**
   * Copies tournament `id` (any status) into a new DRAFT of its project (cloneTournament, R5.17): its settings and
   * stages, not its participants, matches or group draw; named and started as `body` says, the registration instants
   * and stage starts moved with the start (tournament-clone.ts). The copy is created as createTournament creates, with
   * the same checks and rights (the caller must manage the original and may create tournaments in its project).
   * @throws AppError 404 when the original is not visible to the caller, 403 when the caller may not manage it, 400
   *   naming `body.name` (blank) or `body.startDate` (it moves an instant outside the years 0000 to 9999), 409
   *   CONFLICT naming `original.<field>` when the original's stored settings fail today's checks (tournament-clone.ts).
   */
  async clone(auth: AuthContext, id: string, body: TournamentCloneRequest | undefined): Promise<Tournament> {
    const { row } = await requireManagedTournament(this.db, this.access, auth, id);
    const copy = cloneBody(row, await findStageRows(this.db, row.id), body ?? {});
    try {
      return await this.create(auth, copy);
    } catch (error) {
      throw cloneRefusal(error);
    }
  }

  /**
   * Partial update (PUT = partial, docs/decisions.md). Once ONGOING, changing stages, teamSize or
   * maxParticipants is 409 TOURNAMENT_LOCKED naming the field (sending the current value is accepted); name,
   * description, disciplineId, dates and check-in settings stay editable. Once COMPLETED only name and
   * description may change. Before the start: maxParticipants below the places taken, or a teamSize change while
   * participants are registered, is 409 CONFLICT naming the field; new stages replace the old ones by number
   * (ids of kept numbers are kept; a kept stage whose format changes loses its draw, R23.3). A blank name or stage
   * name (R5.2), dates out of order, a change of the check-in settings leaving a required check-in without a window
   * (checkInOpensMinutesBefore 0, R6.3) or a stage plan that does not fit the resulting maxParticipants: 400 naming
   * the field. Records `tournament.updated` naming the fields that changed, none when nothing did (R11.11).
   */
  async update(auth: AuthContext, id: string, body: TournamentUpdate): Promise<Tournament> {
    await requireManagedTournament(this.db, this.access, auth, id);
    // Names are stored trimmed; blank ones are 400 naming body.name / body.stages[i].name (R5.2).
    const input = withTrimmedNames(body);
    return this.db.transaction().execute(async (trx) => {
      await applyTournamentUpdate(trx, this.deps, id, input);
      return readBack(trx, id);
    });
  }

  /**
   * Deletes a tournament with its stages, participants, matches and match history (204).
   * @throws AppError 409 INVALID_STATE while it is ONGOING.
   */
  async remove(auth: AuthContext, id: string): Promise<void> {
    const { row } = await requireManagedTournament(this.db, this.access, auth, id);
    const ongoing = () => new AppError('INVALID_STATE', 'an ONGOING tournament cannot be deleted');
    if (row.status === 'ONGOING') throw ongoing();
    await this.db.transaction().execute(async (trx) => {
      // The tournament's lock first, as the start and every tournament-wide write take it before its children's rows:
      // a start committed meanwhile is seen (409), and the two never wait on each other's rows (R18.12).
      const locked = await lockTournamentPlaces(trx, this.deps.dialect, id);
      if (locked.status === 'ONGOING') throw ongoing();
      const matchIds = trx.selectFrom('matches').select('id').where('tournament_id', '=', id);
      await trx.deleteFrom('match_history').where('match_id', 'in', matchIds).execute();
      await trx.deleteFrom('matches').where('tournament_id', '=', id).execute();
      await trx.deleteFrom('participant_members').where('tournament_id', '=', id).execute();
      await trx.deleteFrom('participants').where('tournament_id', '=', id).execute();
      await trx.deleteFrom('stages').where('tournament_id', '=', id).execute();
      const result = await trx.deleteFrom('tournaments').where('id', '=', id).where('status', '!=', 'ONGOING').executeTakeFirst();
      if (Number(result.numDeletedRows) === 0) throw ongoing();
    });
  }

  /**
   * Lists a project's tournaments (R5.14, R3.2): an API key lists its own project; a bearer caller must name
   * `projectId` (400 `query.projectId` otherwise, naming the player operations, R26.2) and be staff of its organization.
   */
  async list(auth: AuthContext, query: TournamentListQuery): Promise<Page<Tournament>> {
    if (auth.kind === 'user' && query.projectId === undefined) {
      // A player's way in (R26.2): the public list and her own tournaments, named in the refusal.
      throw invalidField('query.projectId', PROJECT_ID_FOR_STAFF);
    }
    const projectId = await this.access.resolveProjectToList(auth, query.projectId, { roles: ANY_STAFF, resource: 'project' });
    const { rows, total, capped } = await queryTournamentPage(this.db, projectId, withTotalCap(query, this.deps.config.listTotalCap));
    return toPage(await readTournaments(this.db, rows), query, total, capped);
  }

  private async transition(auth: AuthContext, id: string, transition: SimpleTransition): Promise<Tournament> {
    const { row } = await requireManagedTournament(this.db, this.access, auth, id);
    return this.writeAndAnswer(row, (ctx) => applySimpleTransition(ctx, transition));
  }

  /** DRAFT -> PUBLISHED (R5.8), making it public (R4.6). @throws AppError 409 INVALID_STATE from another status. */
  publish(auth: AuthContext, id: string): Promise<Tournament> {
    return this.transition(auth, id, 'publish');
  }

  /**
   * PUBLISHED or REGISTRATION_CLOSED (registration reopens before the start) -> REGISTRATION_OPEN (R5.8). A
   * registration whose `registrationClosesAt` has passed would refuse every entry and be closed again by the schedule,
   * so it is not opened (R5.11).
   * @throws AppError 409 INVALID_STATE from another status; 409 CONFLICT naming `registrationClosesAt` when it has
   *   passed (checked under the tournament's lock: an update moving it commits before or after, never between).
   */
  async openRegistration(auth: AuthContext, id: string): Promise<Tournament> {
    const { row } = await requireManagedTournament(this.db, this.access, auth, id);
    return this.writeAndAnswer(row, async (ctx) => {
      const current = await findTournamentRow(ctx.db, id);
      if (!current) throw notFound('tournament');
      const closes = current.registration_closes_at;
      if (canTransitionTournament('openRegistration', current.status) && closes !== null && closes <= ctx.now) {
        const message = `registrationClosesAt (${closes}) has passed: move it later, or clear it, with PUT /tournaments/${id} before opening registration`;
        throw new AppError('CONFLICT', message, { details: [{ path: 'registrationClosesAt', message }] });
      }
      await applySimpleTransition(ctx, 'openRegistration');
    });
  }

  /** REGISTRATION_OPEN -> REGISTRATION_CLOSED. @throws AppError 409 INVALID_STATE from another status. */
  closeRegistration(auth: AuthContext, id: string): Promise<Tournament> {
    return this.transition(auth, id, 'closeRegistration');
  }

  /**
   * Starts the tournament and builds stage 1 of any format (see tournaments/tournament-start.ts).
   * @throws AppError 409 INVALID_STATE (not startable), 409 NOT_ENOUGH_PARTICIPANTS (fewer than 2, or too few for
   *   the stage plan), 409 CONFLICT (a plan the entrants cannot play, e.g. a round robin over 2048).
   */
  async start(auth: AuthContext, id: string): Promise<Tournament> {
    const { row } = await requireManagedTournament(this.db, this.access, auth, id);
    if (!STARTABLE_STATUSES.includes(row.status)) throw new AppError('INVALID_STATE', tournamentTransitionRefusal('start', row.status));
    // The stage plan is read under the tournament's lock: an update of the stages committed meanwhile is the plan.
    return this.writeAndAnswer(row, async (ctx) => runTournamentStart(ctx, await findStageRows(ctx.db, id)));
  }

  /**
   * One page of the stages of a visible tournament, by number (R3.3). A tournament has at most 8 stages, read whole,
   * so the page is cut from them and the total is exact.
   */
  async listStages(auth: AuthContext, id: string, window: PageQuery): Promise<Page<Stage>> {
    const row = await requireVisibleTournament(this.db, this.access, auth, id);
    return pageOfList((await findStageRows(this.db, row.id)).map(toStage), window);
  }

  /**
   * The bracket (brackets/bracket-reader.ts), built once per change of the tournament (R18.17): the tournament's live
   * stream number is read first, then the tournament; a bracket this process built at that number is answered as it
   * is (deeply frozen, shared by its readers), else the bracket is read and kept under that number.
   * @throws AppError 404 NOT_FOUND when the caller may not see the tournament, 409 INVALID_STATE before the start.
   */
  async getBracket(auth: AuthContext, id: string): Promise<Bracket> {
    // The number before the rows: a change committed between the two reads makes the rows newer than the number,
    // never older, so the bracket kept under it holds at least every change up to it.
    const seq = await readLiveSeq(this.db, id);
    const row = await requireVisibleTournament(this.db, this.access, auth, id);
    if (row.status !== 'ONGOING' && row.status !== 'COMPLETED') {
      throw new AppError('INVALID_STATE', `the bracket exists once the tournament has started (it is ${row.status})`);
    }
    return this.#brackets.get(row.id, seq) ?? this.#brackets.keep(row.id, seq, await readBracket(this.db, row));
  }

  /**
   * A page of the tournament's matches in play order (empty before the start), filtered by stage number, group,
   * round, status and participant (R25.8), without their history (R25.9).
   */
  async getSchedule(auth: AuthContext, id: string, query: ScheduleQuery): Promise<Page<Match>> {
    const row = await requireVisibleTournament(this.db, this.access, auth, id);
    const { rows, total, capped } = await querySchedulePage(this.db, row.id, withTotalCap(query, this.deps.config.listTotalCap));
    return toPage(await readMatches(this.db, row.id, rows, { history: false }), query, total, capped);
  }
}
