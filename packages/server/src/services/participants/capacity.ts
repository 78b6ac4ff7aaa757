import { AppError } from '../../errors/app-error';
import { PLACE_HOLDING_STATUSES } from './participant-status';
import type { TournamentRow } from '../tournaments/tournament-mapper';
import type { Db } from '../../db/db';

/**
 * Refuses one more place-holding participant (every status but WITHDRAWN) once `maxParticipants` hold a place.
 * Call it with the transaction that then adds or reinstates the participant, so the count and the write agree.
 * @throws AppError 409 TOURNAMENT_FULL.
 */
export async function assertPlaceAvailable(db: Db, tournament: Pick<TournamentRow, 'id' | 'max_participants'>): Promise<void> {
  const taken = await db
    .selectFrom('participants')
    .select((eb) => eb.fn.countAll<number>().as('count'))
    .where('tournament_id', '=', tournament.id)
    .where('status', 'in', PLACE_HOLDING_STATUSES)
    .executeTakeFirstOrThrow();
  if (Number(taken.count) >= tournament.max_participants) {
    throw new AppError('TOURNAMENT_FULL', `the tournament is full (${tournament.max_participants} participants)`);
  }
}
