import type { TournamentUpdate } from '../../contract-types';
import type { TournamentRow } from '../../db/rows';
import { writeEvents, type EventDb, type EventSink } from '../events';

/** A field of updateTournament's body (`TournamentUpdate`). */
export type TournamentUpdateField = keyof TournamentUpdate & string;

/** Every field of `TournamentUpdate`, in the contract's order: the order `changed` lists them in (R11.11). */
export const TOURNAMENT_UPDATE_FIELDS: readonly TournamentUpdateField[] = [
  'name',
  'description',
  'disciplineId',
  'maxParticipants',
  'teamSize',
  'startDate',
  'stages',
  'registrationOpensAt',
  'registrationClosesAt',
  'checkInRequired',
  'checkInOpensMinutesBefore',
  'waitlistCapacity',
];

/**
 * Records `tournament.updated` inside the caller's transaction (updateTournament, R11.11), with data `tournamentId`,
 * `status` (the tournament's, which an update never changes) and `changed`: the fields whose stored value differs
 * from before, in {@link TOURNAMENT_UPDATE_FIELDS} order (names only, never values). Nothing is recorded when no field
 * changed, so an update sending the values the tournament already has reaches no webhook and no live stream.
 * `tournament` is the row as read under the tournament's lock, before the update.
 */
export async function writeTournamentUpdatedEvent(
  db: EventDb,
  sink: EventSink,
  tournament: Pick<TournamentRow, 'id' | 'project_id' | 'status'>,
  changed: Readonly<Record<TournamentUpdateField, boolean>>,
): Promise<void> {
  const fields = TOURNAMENT_UPDATE_FIELDS.filter((field) => changed[field]);
  if (fields.length === 0) return;
  await writeEvents(db, sink, [
    {
      projectId: tournament.project_id,
      type: 'tournament.updated',
      subjectId: tournament.id,
      data: { tournamentId: tournament.id, status: tournament.status, changed: fields },
    },
  ]);
}
