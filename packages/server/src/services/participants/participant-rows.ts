import type { Db } from '../../db/db';
import type { ParticipantRow } from '../../db/rows';
import { AppError, notFound } from '../../errors/app-error';
import { FORFEIT_STATUSES } from './participant-status';

/** The participant `participantId` of the tournament, read through `db` (the app's handle or a transaction). @throws AppError 404. */
export async function findParticipantRow(db: Db, tournamentId: string, participantId: string): Promise<ParticipantRow> {
  const row = await db
    .selectFrom('participants')
    .selectAll()
    .where('id', '=', participantId)
    .where('tournament_id', '=', tournamentId)
    .executeTakeFirst();
  if (!row) throw notFound('participant');
  return row;
}

/**
 * The entry of the tournament that `userId` is a member of (their own, or their team's), as a participants row.
 * @throws AppError 404 NOT_FOUND when they have none.
 */
export async function findOwnEntry(db: Db, tournamentId: string, userId: string): Promise<ParticipantRow> {
  const row = await db
    .selectFrom('participants as p')
    .innerJoin('participant_members as pm', 'pm.participant_id', 'p.id')
    .selectAll('p')
    .where('pm.tournament_id', '=', tournamentId)
    .where('pm.user_id', '=', userId)
    .executeTakeFirst();
  if (!row) throw new AppError('NOT_FOUND', 'participant not found: you are not registered in this tournament');
  return row;
}

/**
 * The ids of a tournament's participants who are out by an organizer's or their own decision (DISQUALIFIED or
 * WITHDRAWN: `FORFEIT_STATUSES`): they never qualify (R7.15), are not paired again (R7.10) and are no champions.
 */
export async function forfeitedParticipantIds(db: Db, tournamentId: string): Promise<Set<string>> {
  const rows = await db
    .selectFrom('participants')
    .select('id')
    .where('tournament_id', '=', tournamentId)
    .where('status', 'in', [...FORFEIT_STATUSES])
    .execute();
  return new Set(rows.map((r) => r.id));
}
