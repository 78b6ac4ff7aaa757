import { TOURNAMENT_STATUSES_BEFORE_START } from '@tourney/core';
import type { Db } from '../../db/db';
import type { ParticipantRow } from '../../db/rows';
import { AppError } from '../../errors/app-error';
import { writeEvents, type EventSink } from '../events';
import { placesTaken, type LockedTournament } from './capacity';

/** Tournament statuses before the start: only then does a place that comes free go to the waitlist (R6.14). */
const BEFORE_START: readonly string[] = TOURNAMENT_STATUSES_BEFORE_START;

/** How many entries of the tournament are WAITLISTED. */
async function waitlistLength(db: Db, tournamentId: string): Promise<number> {
  const row = await db
    .selectFrom('participants')
    .select((eb) => eb.fn.countAll<number>().as('count'))
    .where('tournament_id', '=', tournamentId)
    .where('status', '=', 'WAITLISTED')
    .executeTakeFirstOrThrow();
  return Number(row.count);
}

/** How a new entry is written: with a place, or in the waitlist line at `waitlistOrder`. */
export type EntryPlace = { status: 'REGISTERED'; waitlistOrder: null } | { status: 'WAITLISTED'; waitlistOrder: number };

/**
 * Where a new self-registered entry goes (participateInTournament, R6.1, R6.14): REGISTERED while fewer than
 * `max_participants` entries hold a place, else WAITLISTED, at the end of the line, while fewer than
 * `waitlist_capacity` entries wait. Call it after lockTournamentPlaces, in the transaction that then writes the entry,
 * so the counts, the line and the write agree however many players register at once, on every server process.
 * @throws AppError 409 TOURNAMENT_FULL when there is neither a place nor room on the waitlist.
 */
export async function entryPlaceFor(db: Db, tournament: LockedTournament): Promise<EntryPlace> {
  if ((await placesTaken(db, tournament.id)) < tournament.max_participants) return { status: 'REGISTERED', waitlistOrder: null };
  if (tournament.waitlist_capacity > 0 && (await waitlistLength(db, tournament.id)) < tournament.waitlist_capacity) {
    const last = await db
      .selectFrom('participants')
      .select((eb) => eb.fn.max('waitlist_order').as('last'))
      .where('tournament_id', '=', tournament.id)
      .executeTakeFirst();
    return { status: 'WAITLISTED', waitlistOrder: Number(last?.last ?? 0) + 1 };
  }
  const waitlist = tournament.waitlist_capacity > 0 ? ` and its waitlist too (${tournament.waitlist_capacity})` : '';
  throw new AppError('TOURNAMENT_FULL', `the tournament is full (${tournament.max_participants} participants)${waitlist}`);
}

/**
 * Gives the places free in a tournament that has not started to the first entries of its waitlist (R6.14), in line
 * by `waitlist_order`: each becomes REGISTERED and records `participant.registered` with previousStatus
 * WAITLISTED, userId null (nobody acted: a place came free) and its members as memberUserIds, so webhook
 * subscribers, the live stream and the players' notifications (R15.1) follow. Call it under the tournament's lock
 * (lockTournamentPlaces) in every transaction that may free a place or add places before the start: a withdrawal,
 * a removal, an account deletion, a higher `maxParticipants`. Nothing happens once the tournament has started, or
 * while every place is held. Returns the ids of the promoted entries, in line order.
 */
export async function fillPlacesFromWaitlist(db: Db, sink: EventSink, tournamentId: string): Promise<string[]> {
  const t = await db
    .selectFrom('tournaments')
    .select(['id', 'project_id', 'status', 'max_participants', 'waitlist_capacity'])
    .where('id', '=', tournamentId)
    .executeTakeFirst();
  if (!t || t.waitlist_capacity === 0 || !BEFORE_START.includes(t.status)) return [];
  const free = t.max_participants - (await placesTaken(db, t.id));
  if (free <= 0) return [];
  const first = await db
    .selectFrom('participants')
    .select('id')
    .where('tournament_id', '=', t.id)
    .where('status', '=', 'WAITLISTED')
    .orderBy('waitlist_order')
    .limit(free)
    .execute();
  const ids = first.map((p) => p.id);
  if (ids.length === 0) return [];
  await db.updateTable('participants').set({ status: 'REGISTERED' }).where('id', 'in', ids).execute();
  const members = await db.selectFrom('participant_members').select(['participant_id', 'user_id']).where('participant_id', 'in', ids).execute();
  await writeEvents(
    db,
    sink,
    ids.map((participantId) => ({
      projectId: t.project_id,
      type: 'participant.registered',
      subjectId: participantId,
      data: {
        tournamentId: t.id,
        participantId,
        status: 'REGISTERED',
        previousStatus: 'WAITLISTED',
        userId: null,
        memberUserIds: members.filter((m) => m.participant_id === participantId).map((m) => m.user_id),
      },
    })),
  );
  return ids;
}

/**
 * The place in line of each WAITLISTED row among `rows` (1 = next to get a place), by participant id, while its
 * tournament has not started (after the start no place comes free: the line is over and shows no positions); rows in
 * other statuses are absent. One query per tournament the waiting rows belong to (a page of one tournament: one).
 */
export async function waitlistPositions(db: Db, rows: readonly Pick<ParticipantRow, 'id' | 'tournament_id' | 'status'>[]): Promise<Map<string, number>> {
  const out = new Map<string, number>();
  const tournaments = [...new Set(rows.filter((r) => r.status === 'WAITLISTED').map((r) => r.tournament_id))];
  for (const tournamentId of tournaments) {
    const line = await db
      .selectFrom('participants as p')
      .innerJoin('tournaments as t', 't.id', 'p.tournament_id')
      .select('p.id')
      .where('p.tournament_id', '=', tournamentId)
      .where('p.status', '=', 'WAITLISTED')
      .where('t.status', 'in', BEFORE_START)
      .orderBy('p.waitlist_order')
      .execute();
    line.forEach((p, i) => out.set(p.id, i + 1));
  }
  return out;
}
