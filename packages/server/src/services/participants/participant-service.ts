import { TOURNAMENT_STATUSES_BEFORE_START } from '@tourney/core';
import { sql } from 'kysely';
import type { AuthContext } from '../../auth/auth-context';
import { AppError } from '../../errors/app-error';
import { queryPage, toPage, withTotalCap } from '../../db/page-query';
import { newId } from '../../ids';
import { writeEvents } from '../events';
import type { Page } from '../../db/page-query';
import type {
  Participant,
  ParticipantListQuery,
  ParticipantStatus,
  ParticipantUpdate,
  ParticipateRequest,
} from '../../contract-types';
import { forfeitParticipant } from './forfeit';
import { writeParticipantRemovalEvent, writeParticipantRemovedEvent, writeParticipantStatusEvent } from './participant-events';
import { readParticipants } from './participant-mapper';
import { pickFreeName, readHeldNames } from './participant-names';
import { renameParticipant } from './participant-rename';
import { storedNameIfSent } from '../stored-name';
import { assertNotRegistered, resolveSelfEntry } from './self-entry';
import { findOwnEntry, findParticipantRow } from './participant-rows';
import { assertPlaceAvailable, lockTournamentPlaces } from './capacity';
import { entryPlaceFor, fillPlacesFromWaitlist } from './waitlist';
import { checkParticipantStatusChange, DISQUALIFIABLE_WHILE_ONGOING, ENTERING_STATUSES, PLACE_HOLDING_STATUSES } from './participant-status';
import { isUniqueViolation } from '../../db/unique-violation';
import { requireManagedTournament, requireVisibleTournament } from '../tournaments/visibility';
import { applyDueRegistrationSteps, registrationStepDue } from '../tournaments/registration-schedule';
import { DomainService } from '../domain-service';
import type { ParticipantRow } from '../../db/rows';

/** Tournament statuses before the start (core's tournament status table). */
const BEFORE_START: readonly string[] = TOURNAMENT_STATUSES_BEFORE_START;

/** 409 TOURNAMENT_LOCKED naming `body.<field>`, a participant field fixed once the tournament has started (R6.5, R27.10). */
function lockedOnceStarted(field: 'seed' | 'rating', status: string): AppError {
  return new AppError('TOURNAMENT_LOCKED', `body.${field} cannot change once the tournament is ${status}`, {
    details: [{ path: `body.${field}`, message: `locked once the tournament is ${status}` }],
  });
}

/**
 * Participants of tournaments (R6.1 to R6.14): registration (solo or team), the waitlist of a full tournament,
 * check-in, listing, organizer updates of name, seed and status, removal and disqualification. Writes run in one
 * transaction with their events:
 * - `participant.registered` (data: tournamentId, participantId, status, userId, memberUserIds), also for an entry
 *   that takes a place from the waitlist (previousStatus WAITLISTED, userId null; waitlist.ts);
 * - `participant.waitlisted` (data as registered, status WAITLISTED) for an entry that joins the waitlist;
 * - `participant.checked_in` (data: tournamentId, participantId, status, userId);
 * - `participant.disqualified` / `participant.withdrawn` when an organizer sets those statuses (PATCH or DELETE
 *   once started; data: tournamentId, participantId, status, previousStatus, userId of the organizer or null), and
 *   `participant.withdrawn` when a member withdraws the entry (userId: that player, R6.12);
 *   in a running tournament `match.completed` follows for each walkover (and `tournament.completed` when that
 *   ends it);
 * - `participant.removed` when an organizer deletes a participant before the start (data: tournamentId, participantId,
 *   previousStatus, userId of the organizer or null, R11.12);
 * - `participant.renamed` (live stream only, not a webhook event) when an organizer renames an entry (R6.13).
 */
export class ParticipantService extends DomainService {
  private findParticipant(tournamentId: string, participantId: string): Promise<ParticipantRow> {
    return findParticipantRow(this.db, tournamentId, participantId);
  }

  private async read(tournamentId: string, participantId: string): Promise<Participant> {
    const row = await this.findParticipant(tournamentId, participantId);
    const [participant] = await readParticipants(this.db, [row]);
    return participant as Participant;
  }

  /**
   * Registers the calling user (teamSize 1) or the caller's team (teamSize > 1: `team.memberUserIds` lists
   * exactly teamSize distinct existing users including the caller) while registration is open. Names are unique in
   * the tournament against every participant's name and team name, trimmed, in any case (R24.1, R9.15; checked
   * under the tournament's lock): a solo player is named by their display name, else (none, or held) their
   * username; a team by `team.name`, trimmed. One participant_members row per member.
   * A PUBLISHED tournament whose `registrationOpensAt` has passed opens first, as the registration schedule would
   * (R5.11, tournaments/registration-schedule.ts). Once `maxParticipants` entries hold a place the entry joins the
   * waitlist while it has room (WAITLISTED, `participant.waitlisted`; R6.14).
   * @throws AppError 409 REGISTRATION_CLOSED (status not REGISTRATION_OPEN, or registrationClosesAt passed),
   *   400 naming `body.team` / `body.team.memberUserIds` / `body.team.name`, 409 ALREADY_REGISTERED naming who
   *   (saying so when they are withdrawn or waitlisted), 409 TOURNAMENT_FULL (no place, no room on the waitlist), 409 CONFLICT naming `body.team.name` when the team
   *   name is taken, or without a field when a solo player's display name and username are both taken.
   */
  async participate(auth: AuthContext, tournamentId: string, input: ParticipateRequest | undefined): Promise<Participant> {
    const userId = this.access.requireUser(auth);
    const now = this.deps.clock.now().toISOString();
    // The clock decides, not the schedule's next run (R5.11): a registration due to open or close moves first, as the
    // schedule would move it (same transitions and events), and the entry is then judged on the moved tournament.
    let t = await requireVisibleTournament(this.db, this.access, auth, tournamentId);
    if (registrationStepDue(t, now)) {
      await applyDueRegistrationSteps(this.deps, t, now);
      t = await requireVisibleTournament(this.db, this.access, auth, tournamentId);
    }
    if (t.status !== 'REGISTRATION_OPEN') {
      const opens = t.status === 'PUBLISHED' && t.registration_opens_at !== null ? `; it opens at ${t.registration_opens_at}` : '';
      throw new AppError('REGISTRATION_CLOSED', `registration is not open (the tournament is ${t.status})${opens}`);
    }
    if (t.registration_closes_at !== null && now >= t.registration_closes_at) {
      throw new AppError('REGISTRATION_CLOSED', `registration closed at ${t.registration_closes_at}`);
    }
    const { memberIds, names, teamName } = await resolveSelfEntry(this.db, t, userId, input?.team);
    await assertNotRegistered(this.db, t.id, memberIds, userId);

    const participantId = newId();
    try {
      await this.db.transaction().execute(async (trx) => {
        // Under the tournament's lock: registration may have closed, or places filled, since the checks above.
        const locked = await lockTournamentPlaces(trx, this.deps.dialect, t.id);
        if (locked.status !== 'REGISTRATION_OPEN') {
          throw new AppError('REGISTRATION_CLOSED', `registration is not open (the tournament is ${locked.status})`);
        }
        const { status, waitlistOrder } = await entryPlaceFor(trx, locked);
        // Stamped under the lock: entry times follow the order the entries are written in, as the line does (R6.14),
        // whatever this request waited for the lock.
        const registeredAt = this.deps.clock.now().toISOString();
        // A member registered meanwhile is told so, before any name of theirs is found taken.
        await assertNotRegistered(trx, t.id, memberIds, userId);
        // A team is known by its name in circuits (R9.15): two teams of one name would be one competitor.
        const name = pickFreeName(await readHeldNames(trx, t.id), names, teamName !== null);
        await trx
          .insertInto('participants')
          .values({
            id: participantId,
            tournament_id: t.id,
            user_id: userId,
            name,
            seed: null,
            status,
            team_name: teamName,
            registered_at: registeredAt,
            checked_in_at: null,
            final_placement: null,
            placement_range: null,
            waitlist_order: waitlistOrder,
          })
          .execute();
        await trx
          .insertInto('participant_members')
          .values(memberIds.map((m) => ({ participant_id: participantId, tournament_id: t.id, user_id: m })))
          .execute();
        await writeEvents(trx, this.deps, [
          {
            projectId: t.project_id,
            type: status === 'WAITLISTED' ? 'participant.waitlisted' : 'participant.registered',
            subjectId: participantId,
            data: { tournamentId: t.id, participantId, status, userId, memberUserIds: memberIds },
          },
        ]);
      });
    } catch (error) {
      if (isUniqueViolation(error)) await assertNotRegistered(this.db, t.id, memberIds, userId);
      throw error;
    }
    return this.read(t.id, participantId);
  }

  /**
   * Checks in the caller's participant (any member of a team may). With `checkInRequired` only inside
   * [startDate - checkInOpensMinutesBefore, startDate); without it at any time before the start. Checking in
   * again returns the participant unchanged.
   * @throws AppError 404 when the caller is not registered; 409 INVALID_STATE outside the window (saying when it
   *   opens), after the start, or for a WITHDRAWN/DISQUALIFIED participant, or a WAITLISTED one (no place yet, R6.14).
   */
  async checkIn(auth: AuthContext, tournamentId: string): Promise<Participant> {
    const userId = this.access.requireUser(auth);
    const t = await requireVisibleTournament(this.db, this.access, auth, tournamentId);
    const row = await findOwnEntry(this.db, t.id, userId);
    if (!BEFORE_START.includes(t.status)) {
      throw new AppError('INVALID_STATE', `check-in is closed: the tournament is ${t.status}`);
    }
    const nowDate = this.deps.clock.now();
    const now = nowDate.toISOString();
    if (t.check_in_required === 1) {
      const start = new Date(t.start_date);
      const opens = new Date(start.getTime() - t.check_in_opens_minutes_before * 60_000);
      if (nowDate < opens) throw new AppError('INVALID_STATE', `check-in is not open yet: it opens at ${opens.toISOString()}`);
      if (nowDate >= start) throw new AppError('INVALID_STATE', `check-in closed at the start, ${t.start_date}`);
    }
    if (row.status === 'CHECKED_IN') return this.read(t.id, row.id);
    if (row.status === 'WAITLISTED') {
      throw new AppError('INVALID_STATE', 'your entry is on the waitlist: it can check in once a place comes free for it');
    }
    if (row.status !== 'REGISTERED') throw new AppError('INVALID_STATE', `a ${row.status} participant cannot check in`);
    await this.db.transaction().execute(async (trx) => {
      const result = await trx
        .updateTable('participants')
        .set({ status: 'CHECKED_IN', checked_in_at: now })
        .where('id', '=', row.id)
        .where('status', '=', 'REGISTERED')
        .executeTakeFirst();
      if (Number(result.numUpdatedRows) === 0) return;
      await writeEvents(trx, this.deps, [
        {
          projectId: t.project_id,
          type: 'participant.checked_in',
          subjectId: row.id,
          data: { tournamentId: t.id, participantId: row.id, status: 'CHECKED_IN', userId },
        },
      ]);
    });
    return this.read(t.id, row.id);
  }

  /**
   * A member of an entry (a solo player, or any member of a team) withdraws it before the start, or a WAITLISTED entry
   * at any time (withdrawFromTournament, R6.12): it becomes WITHDRAWN, loses its seed (as setParticipantSeeds does, R24.6) and
   * frees its place (R6.11), which the first entry of the waitlist takes (R6.14; a WAITLISTED entry withdrawn so
   * leaves the waitlist), and `participant.withdrawn` is recorded with the player as `userId` (R6.10). Decided
   * under the tournament's lock on the tournament and entry as they are then, so a start committed meanwhile wins.
   * Withdrawing again returns the participant unchanged; only an organizer reinstates it (updateParticipant).
   * @throws AppError 404 when the caller has no entry in the tournament; 409 INVALID_STATE once the tournament is
   *   ONGOING or COMPLETED (an organizer withdraws or disqualifies then) or for a DISQUALIFIED participant.
   */
  async withdraw(auth: AuthContext, tournamentId: string): Promise<Participant> {
    const userId = this.access.requireUser(auth);
    const t = await requireVisibleTournament(this.db, this.access, auth, tournamentId);
    const now = this.deps.clock.now().toISOString();
    const participantId = await this.db.transaction().execute(async (trx) => {
      const locked = await lockTournamentPlaces(trx, this.deps.dialect, t.id);
      const row = await findOwnEntry(trx, t.id, userId);
      // A waiting entry holds no place and plays no match: it may leave the line at any time (R6.14).
      if (!BEFORE_START.includes(locked.status) && row.status !== 'WAITLISTED') {
        throw new AppError('INVALID_STATE', `you cannot withdraw once the tournament is ${locked.status}: an organizer can withdraw or disqualify you`);
      }
      if (row.status === 'WITHDRAWN') return row.id;
      if (!(ENTERING_STATUSES as readonly string[]).includes(row.status) && row.status !== 'WAITLISTED') {
        throw new AppError('INVALID_STATE', `a ${row.status} participant cannot withdraw`);
      }
      await trx.updateTable('participants').set({ status: 'WITHDRAWN', seed: null }).where('id', '=', row.id).execute();
      const ctx = { db: trx, sink: this.deps, tournament: { ...t, status: locked.status }, now, dialect: this.deps.dialect };
      await writeParticipantRemovalEvent(ctx, row.id, 'WITHDRAWN', row.status, userId);
      await fillPlacesFromWaitlist(trx, this.deps, t.id);
      return row.id;
    });
    return this.read(t.id, participantId);
  }

  /** A page of a visible tournament's participants by seed (unseeded last), then place in the waitlist line, then registration time. */
  async list(auth: AuthContext, tournamentId: string, query: ParticipantListQuery): Promise<Page<Participant>> {
    const t = await requireVisibleTournament(this.db, this.access, auth, tournamentId);
    let base = this.db.selectFrom('participants').where('tournament_id', '=', t.id);
    if (query.status !== undefined) base = base.where('status', '=', query.status);
    const { rows, total, capped } = await queryPage(base, withTotalCap(query, this.deps.config.listTotalCap), (b) =>
      b
        .selectAll()
        .orderBy(sql`seed is null`)
        .orderBy('seed')
        // Entries that waited come in line order after those that never did (R6.14), then by entry time.
        .orderBy(sql`coalesce(waitlist_order, 0)`)
        .orderBy('registered_at')
        .orderBy('id'),
    );
    return toPage(await readParticipants(this.db, rows), query, total, capped);
  }

  /** One participant of a visible tournament. @throws AppError 404. */
  async get(auth: AuthContext, tournamentId: string, participantId: string): Promise<Participant> {
    const t = await requireVisibleTournament(this.db, this.access, auth, tournamentId);
    return this.read(t.id, participantId);
  }

  /**
   * Organizer update of seed, rating and status (R6.5, R6.6, R27.10). Seeds and ratings: before the start only (409
   * TOURNAMENT_LOCKED naming `body.seed` / `body.rating` after, unless unchanged), null clears; seeds unique within
   * the tournament (409 CONFLICT naming the holder) and held by REGISTERED and CHECKED_IN participants only: one
   * made WITHDRAWN or DISQUALIFIED before the start loses its seed, as with setParticipantSeeds (R24.6), and a seed
   * for one is 409 INVALID_STATE naming `body.seed`. Status: see participant-status.ts; reinstating a WITHDRAWN
   * participant or giving a WAITLISTED one a place needs a free place (409 TOURNAMENT_FULL), a DISQUALIFIED one kept
   * theirs (R6.11), and a place freed before the start goes to the first entry of the waitlist (R6.14); DISQUALIFIED or
   * WITHDRAWN while ONGOING forfeits their open matches (walkovers). Name: trimmed, not blank (400 naming
   * `body.name`), renames the entry (and a team entry's team) in any status before COMPLETED, unique in the tournament
   * as registration compares names (409 CONFLICT naming `body.name`; participant-rename.ts, R6.13). Every rule is
   * checked against the tournament and the participant as they are under the tournament's lock, so a start, a result
   * or another change committed meanwhile is seen (R18.12).
   */
  async update(auth: AuthContext, tournamentId: string, participantId: string, input: ParticipantUpdate): Promise<Participant> {
    const name = storedNameIfSent(input.name, 'body.name');
    const { row: managed, actor } = await requireManagedTournament(this.db, this.access, auth, tournamentId);
    await this.findParticipant(managed.id, participantId);
    const now = this.deps.clock.now().toISOString();
    await this.db.transaction().execute(async (trx) => {
      // Seeds are unique, places counted and matches forfeited per tournament: one such change of a tournament at a
      // time, decided on what it is now.
      const locked = await lockTournamentPlaces(trx, this.deps.dialect, managed.id);
      const t = { ...managed, status: locked.status, max_participants: locked.max_participants };
      const p = await findParticipantRow(trx, t.id, participantId);
      const from = p.status as ParticipantStatus;
      const rating = p.rating === null ? null : Number(p.rating);
      const beforeStart = BEFORE_START.includes(t.status);
      if (input.seed !== undefined && input.seed !== p.seed && !beforeStart) throw lockedOnceStarted('seed', t.status);
      if (input.rating !== undefined && input.rating !== rating && !beforeStart) throw lockedOnceStarted('rating', t.status);
      const actorUserId = actor.kind === 'user' ? actor.userId : null;
      if (name !== undefined) await renameParticipant({ db: trx, sink: this.deps, tournament: t, now, dialect: this.deps.dialect }, p, name, actorUserId);
      const to = input.status;
      const statusChange = to !== undefined && to !== from;
      if (statusChange) checkParticipantStatusChange(t.status, from, to);
      // Before the start only REGISTERED and CHECKED_IN participants hold seeds (R24.6): the others' seeds are free.
      const seedless = beforeStart && !(ENTERING_STATUSES as readonly string[]).includes(to ?? from);
      if (seedless && input.seed !== undefined && input.seed !== null) {
        throw new AppError('INVALID_STATE', `body.seed: a ${to ?? from} participant holds no seed`, {
          details: [{ path: 'body.seed', message: `a ${to ?? from} participant holds no seed` }],
        });
      }
      if (input.seed !== undefined && input.seed !== null && input.seed !== p.seed) {
        const holder = await trx
          .selectFrom('participants')
          .select(['id', 'name'])
          .where('tournament_id', '=', t.id)
          .where('seed', '=', input.seed)
          .where('id', '!=', p.id)
          .executeTakeFirst();
        if (holder) {
          throw new AppError('CONFLICT', `seed ${input.seed} is already held by ${holder.name} (${holder.id})`, {
            details: [{ path: 'body.seed', message: `already held by participant ${holder.id}` }],
          });
        }
      }
      if (statusChange && t.status === 'ONGOING') {
        await forfeitParticipant(
          { db: trx, sink: this.deps, tournament: t, now, dialect: this.deps.dialect },
          p.id,
          to as 'DISQUALIFIED' | 'WITHDRAWN',
          actorUserId,
        );
        return;
      }
      if (statusChange && !PLACE_HOLDING_STATUSES.includes(from) && PLACE_HOLDING_STATUSES.includes(to)) {
        // A place that comes free goes to the waitlist at once (R6.14): the way to give a waiting entry one is a new place.
        const hint = from === 'WAITLISTED' ? ': raise maxParticipants, and the new place goes to the first in line' : '';
        await assertPlaceAvailable(trx, locked, hint);
      }
      await trx
        .updateTable('participants')
        .set({
          seed: seedless ? null : input.seed !== undefined ? input.seed : p.seed,
          rating: input.rating !== undefined ? input.rating : p.rating,
          status: to ?? from,
          checked_in_at: statusChange ? (to === 'CHECKED_IN' ? now : to === 'REGISTERED' ? null : p.checked_in_at) : p.checked_in_at,
        })
        .where('id', '=', p.id)
        .execute();
      if (statusChange && (to === 'DISQUALIFIED' || to === 'WITHDRAWN')) {
        await writeParticipantRemovalEvent({ db: trx, sink: this.deps, tournament: t, now, dialect: this.deps.dialect }, p.id, to, from, actorUserId);
      } else if (statusChange && (to === 'REGISTERED' || to === 'CHECKED_IN')) {
        await writeParticipantStatusEvent({ db: trx, sink: this.deps, tournament: t }, p.id, to, from, actorUserId);
      }
      // A change that gave up a place (to WITHDRAWN) hands it to the first in line (R6.14).
      if (statusChange && PLACE_HOLDING_STATUSES.includes(from) && !PLACE_HOLDING_STATUSES.includes(to)) await fillPlacesFromWaitlist(trx, this.deps, t.id);
    });
    return this.read(managed.id, participantId);
  }

  /**
   * Removes a participant (R6.7): before the start the participant and its members are deleted and
   * `participant.removed` is recorded (R11.12), and the place it held goes to the first entry of the waitlist
   * (R6.14); so is a WAITLISTED entry once started (it never played); while ONGOING an
   * ACTIVE or ELIMINATED participant becomes DISQUALIFIED and its open matches are walkovers for the opponents, and
   * one already out (DISQUALIFIED, WITHDRAWN, NO_SHOW) is left as is. Decided under the tournament's lock on the
   * tournament and participant as they are then, so a start committed meanwhile turns a deletion into a
   * disqualification, and removals sent at once record one disqualification (R18.12).
   * @throws AppError 409 INVALID_STATE once the tournament is COMPLETED, 404 when the participant is gone.
   */
  async remove(auth: AuthContext, tournamentId: string, participantId: string): Promise<void> {
    const { row: managed, actor } = await requireManagedTournament(this.db, this.access, auth, tournamentId);
    await this.findParticipant(managed.id, participantId);
    const now = this.deps.clock.now().toISOString();
    await this.db.transaction().execute(async (trx) => {
      const locked = await lockTournamentPlaces(trx, this.deps.dialect, managed.id);
      const t = { ...managed, status: locked.status, max_participants: locked.max_participants };
      const p = await findParticipantRow(trx, t.id, participantId);
      if (t.status === 'COMPLETED') throw new AppError('INVALID_STATE', 'participants of a COMPLETED tournament cannot be removed');
      // Before the start, or an entry that waited in vain (it never played, R6.14): the entry goes.
      if (t.status !== 'ONGOING' || p.status === 'WAITLISTED') {
        await trx.deleteFrom('participant_members').where('participant_id', '=', p.id).execute();
        await trx.deleteFrom('participants').where('id', '=', p.id).execute();
        await writeParticipantRemovedEvent({ db: trx, sink: this.deps, tournament: t }, p.id, p.status, actor.kind === 'user' ? actor.userId : null);
        await fillPlacesFromWaitlist(trx, this.deps, t.id);
        return;
      }
      if (!DISQUALIFIABLE_WHILE_ONGOING.includes(p.status as ParticipantStatus)) return;
      await forfeitParticipant({ db: trx, sink: this.deps, tournament: t, now, dialect: this.deps.dialect }, p.id, 'DISQUALIFIED', actor.kind === 'user' ? actor.userId : null);
    });
  }
}
