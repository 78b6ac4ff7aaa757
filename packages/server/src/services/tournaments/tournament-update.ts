import type { Transaction } from 'kysely';
import { TOURNAMENT_STATUSES_STRUCTURE_LOCKED } from '@tourney/core';
import type { ParticipantCounts, TournamentUpdate } from '../../contract-types';
import type { Database } from '../../db/schema';
import type { AppDeps } from '../../deps';
import { AppError, notFound } from '../../errors/app-error';
import { lockTournamentPlaces } from '../participants/capacity';
import { fillPlacesFromWaitlist } from '../participants/waitlist';
import { checkStagePlan, planIssuesAtCreate } from '../stages/stage-plan';
import { lockedField, newStageRows, sameStages, toStoredInstant, toStoredInstantOrNull, validateCheckInWindow, validateDates } from './tournament-input';
import { holdingPlaces } from './tournament-mapper';
import { countParticipants, findStageRows, findTournamentRow } from './tournament-reader';
import { writeTournamentUpdatedEvent } from './tournament-update-event';

/** Statuses in which structural fields are locked (R5.6; core's tournament status table: from the start on). */
const LOCKED_STATUSES: readonly string[] = TOURNAMENT_STATUSES_STRUCTURE_LOCKED;

/** Fields of TournamentUpdate besides name and description. */
type LockableField =
  | 'stages'
  | 'teamSize'
  | 'maxParticipants'
  | 'disciplineId'
  | 'startDate'
  | 'registrationOpensAt'
  | 'registrationClosesAt'
  | 'checkInRequired'
  | 'checkInOpensMinutesBefore'
  | 'waitlistCapacity';

/** Locked once ONGOING (R5.6: structural settings; the waitlist's room, R6.14). */
const STRUCTURAL_FIELDS: readonly LockableField[] = ['stages', 'teamSize', 'maxParticipants', 'waitlistCapacity'];

/** Locked once COMPLETED: everything but name and description (openapi `TournamentUpdate`). */
const COMPLETED_LOCKED: readonly LockableField[] = [
  'stages',
  'teamSize',
  'maxParticipants',
  'disciplineId',
  'startDate',
  'registrationOpensAt',
  'registrationClosesAt',
  'checkInRequired',
  'checkInOpensMinutesBefore',
  'waitlistCapacity',
];

/**
 * Applies a tournament update (updateTournament, R5.5, R5.6) inside `trx`, `input` with its names already trimmed:
 * takes the tournament's places lock, reads the row under it, refuses a change of a locked field (409
 * TOURNAMENT_LOCKED naming it), a maxParticipants below the places taken, a waitlistCapacity below the entries
 * waiting or a teamSize change with participants registered (409 CONFLICT naming the field), dates out of order, an empty check-in window or a stage plan that does
 * not fit (400 naming the field); writes the row (compare-and-set on the status for structural changes), replaces the
 * stages by number (a kept stage whose format changes loses its draw, R23.3) and records `tournament.updated` naming
 * the fields that changed (R11.11); new places (a higher maxParticipants) go to the first entries of the waitlist at
 * once (R6.14).
 * @throws AppError 404 NOT_FOUND when the tournament is gone.
 */
export async function applyTournamentUpdate(trx: Transaction<Database>, deps: AppDeps, id: string, input: TournamentUpdate): Promise<void> {
  // Every check reads the tournament as it is under its lock (registrations, the start and other updates take it
  // too), and the row is written back from that read: no concurrent change is undone or checked stale (R18.12).
  await lockTournamentPlaces(trx, deps.dialect, id);
  const row = await findTournamentRow(trx, id);
  if (!row) throw notFound('tournament');
  const stageRows = input.stages !== undefined ? await findStageRows(trx, id) : [];
  const dates = {
    startDate: input.startDate !== undefined ? toStoredInstant(input.startDate) : row.start_date,
    registrationOpensAt:
      input.registrationOpensAt !== undefined ? toStoredInstantOrNull(input.registrationOpensAt) : row.registration_opens_at,
    registrationClosesAt:
      input.registrationClosesAt !== undefined ? toStoredInstantOrNull(input.registrationClosesAt) : row.registration_closes_at,
  };
  const checkIn = input.checkInRequired === undefined ? row.check_in_required : input.checkInRequired ? 1 : 0;
  const stagesChange = input.stages !== undefined && !sameStages(stageRows, input.stages);
  const teamSizeChange = input.teamSize !== undefined && input.teamSize !== row.team_size;
  const maxChange = input.maxParticipants !== undefined && input.maxParticipants !== row.max_participants;
  const waitlistChange = input.waitlistCapacity !== undefined && input.waitlistCapacity !== row.waitlist_capacity;
  const changed: Record<LockableField, boolean> = {
    stages: stagesChange,
    teamSize: teamSizeChange,
    maxParticipants: maxChange,
    disciplineId: input.disciplineId !== undefined && input.disciplineId !== row.discipline_id,
    startDate: dates.startDate !== row.start_date,
    registrationOpensAt: dates.registrationOpensAt !== row.registration_opens_at,
    registrationClosesAt: dates.registrationClosesAt !== row.registration_closes_at,
    checkInRequired: checkIn !== row.check_in_required,
    checkInOpensMinutesBefore:
      input.checkInOpensMinutesBefore !== undefined && input.checkInOpensMinutesBefore !== row.check_in_opens_minutes_before,
    waitlistCapacity: waitlistChange,
  };
  const lockedNow = row.status === 'COMPLETED' ? COMPLETED_LOCKED : row.status === 'ONGOING' ? STRUCTURAL_FIELDS : [];
  const violation = lockedNow.find((field) => changed[field]);
  if (violation) throw lockedField(violation, row.status);
  const checkRegistered = (counts: Required<ParticipantCounts>) => {
    const taken = holdingPlaces(counts);
    if (maxChange && (input.maxParticipants as number) < taken) {
      throw new AppError('CONFLICT', `body.maxParticipants cannot be below the ${taken} places already taken`, {
        details: [{ path: 'body.maxParticipants', message: `must be at least ${taken}` }],
      });
    }
    const registered = Object.values(counts).reduce((a, b) => a + b, 0);
    if (teamSizeChange && registered > 0) {
      throw new AppError('CONFLICT', 'body.teamSize cannot change while participants are registered', {
        details: [{ path: 'body.teamSize', message: 'cannot change while participants are registered' }],
      });
    }
    if (waitlistChange && (input.waitlistCapacity as number) < counts.waitlisted) {
      throw new AppError('CONFLICT', `body.waitlistCapacity cannot be below the ${counts.waitlisted} entries on the waitlist`, {
        details: [{ path: 'body.waitlistCapacity', message: `must be at least ${counts.waitlisted}` }],
      });
    }
  };
  const countsMatter = !LOCKED_STATUSES.includes(row.status) && (teamSizeChange || maxChange || waitlistChange);
  if (countsMatter) checkRegistered(await countParticipants(trx, id));
  validateDates(dates);
  if (changed.checkInRequired || changed.checkInOpensMinutesBefore) {
    // Only a change is checked, as locked fields refuse only real changes: a stored empty window stays readable.
    validateCheckInWindow(checkIn === 1, input.checkInOpensMinutesBefore ?? row.check_in_opens_minutes_before);
  }
  if (stagesChange || maxChange) {
    const plan = input.stages ?? (await findStageRows(trx, id));
    const issues = checkStagePlan(plan, input.maxParticipants ?? row.max_participants, false);
    if (issues.length > 0) throw planIssuesAtCreate(issues);
  }
  const structural = stagesChange || teamSizeChange || maxChange || waitlistChange;
  const now = deps.clock.now().toISOString();
  let update = trx
    .updateTable('tournaments')
    .set({
      name: input.name ?? row.name,
      description: input.description !== undefined ? input.description : row.description,
      discipline_id: input.disciplineId ?? row.discipline_id,
      max_participants: input.maxParticipants ?? row.max_participants,
      team_size: input.teamSize ?? row.team_size,
      start_date: dates.startDate,
      registration_opens_at: dates.registrationOpensAt,
      registration_closes_at: dates.registrationClosesAt,
      check_in_required: checkIn,
      check_in_opens_minutes_before: input.checkInOpensMinutesBefore ?? row.check_in_opens_minutes_before,
      waitlist_capacity: input.waitlistCapacity ?? row.waitlist_capacity,
      updated_at: now,
    })
    .where('id', '=', id);
  if (structural) update = update.where('status', 'not in', [...LOCKED_STATUSES]);
  const result = await update.executeTakeFirst();
  if (Number(result.numUpdatedRows) === 0) {
    throw new AppError('TOURNAMENT_LOCKED', 'the tournament started meanwhile; its structure is locked');
  }
  if (stagesChange && input.stages) {
    const fresh = newStageRows(id, input.stages, now);
    for (const stage of fresh) {
      const existing = stageRows.find((s) => s.number === stage.number);
      if (existing) {
        // A draw belongs to a GROUPS stage (R23.3): a stage whose format changes loses it (stage-plan decision in
        // docs/decisions.md, "The draw and knockout slot maps"); new settings keep it, checked again at start.
        const draw = existing.format !== stage.format ? { group_draw: null } : {};
        await trx
          .updateTable('stages')
          .set({ name: stage.name, format: stage.format, settings: stage.settings, ...draw })
          .where('id', '=', existing.id)
          .execute();
      } else {
        await trx.insertInto('stages').values(stage).execute();
      }
    }
    await trx.deleteFrom('stages').where('tournament_id', '=', id).where('number', '>', fresh.length).execute();
  }
  // The fields that changed, against the row read under the lock: none (every value sent is the current one), no event.
  await writeTournamentUpdatedEvent(trx, deps, row, {
    ...changed,
    name: input.name !== undefined && input.name !== row.name,
    description: input.description !== undefined && input.description !== row.description,
  });
  if (maxChange) await fillPlacesFromWaitlist(trx, deps, id);
}
