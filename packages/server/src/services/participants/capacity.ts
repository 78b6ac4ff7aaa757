import { AppError } from '../../errors/app-error';
import { PLACE_HOLDING_STATUSES } from './participant-status';
import type { Db } from '../../db/db';
import type { DatabaseDialect } from '../../db/dialect';
import type { TournamentRow } from '../../db/rows';

/** The tournament's fields as they are under the lock taken by lockTournamentPlaces. */
export type LockedTournament = Pick<TournamentRow, 'id' | 'status' | 'max_participants' | 'waitlist_capacity'>;

/**
 * Call first in the write transaction that adds, reinstates or reseeds participants of a tournament: locks the
 * tournament's row, so that such transactions on one tournament run one after the other with several writers (on
 * SQLite the write transaction already holds the database's lock; on PostgreSQL READ COMMITTED the row lock makes
 * a concurrent one wait, and every later read of this transaction sees what it committed). Returns the tournament
 * as it is now. @throws AppError 404 when the tournament was deleted meanwhile.
 */
export async function lockTournamentPlaces(db: Db, dialect: DatabaseDialect, tournamentId: string): Promise<LockedTournament> {
  await dialect.lockRows(db, 'tournaments', [tournamentId]);
  const row = await db
    .selectFrom('tournaments')
    .select(['id', 'status', 'max_participants', 'waitlist_capacity'])
    .where('id', '=', tournamentId)
    .executeTakeFirst();
  if (!row) throw new AppError('NOT_FOUND', 'tournament not found');
  return row;
}

/**
 * Refuses one more place-holding participant (every status but WITHDRAWN and WAITLISTED) once `maxParticipants`
 * hold a place: an organizer's entry or reinstatement, which never goes to the waitlist (R6.11, R6.14; a player's
 * own entry takes waitlist.ts `entryPlaceFor`). Call it after lockTournamentPlaces, in the transaction that then
 * adds or reinstates the participant, so that the count and the write agree however many requests register at once.
 * `hint` is appended to the message (what the caller can do instead).
 * @throws AppError 409 TOURNAMENT_FULL.
 */
export async function assertPlaceAvailable(db: Db, tournament: Pick<LockedTournament, 'id' | 'max_participants'>, hint = ''): Promise<void> {
  if ((await placesTaken(db, tournament.id)) >= tournament.max_participants) {
    throw new AppError('TOURNAMENT_FULL', `the tournament is full (${tournament.max_participants} participants)${hint}`);
  }
}

/** How many participants of the tournament hold a place (every status in PLACE_HOLDING_STATUSES, R6.11). */
export async function placesTaken(db: Db, tournamentId: string): Promise<number> {
  const row = await db
    .selectFrom('participants')
    .select((eb) => eb.fn.countAll<number>().as('count'))
    .where('tournament_id', '=', tournamentId)
    .where('status', 'in', PLACE_HOLDING_STATUSES)
    .executeTakeFirstOrThrow();
  return Number(row.count);
}
