import { writeEvents } from '../events';
import type { WriteContext } from '../matches/write-context';

/** Participant statuses whose change an organizer's action records as an event. */
export type RemovalStatus = 'DISQUALIFIED' | 'WITHDRAWN';

/**
 * Records `participant.disqualified` or `participant.withdrawn` inside the caller's transaction (R6.10): data
 * tournamentId, participantId, status (the new one), previousStatus, userId (the organizer who acted; null for an
 * API key). The walkovers it causes are recorded as their own `match.completed` events.
 */
export async function writeParticipantRemovalEvent(
  ctx: WriteContext,
  participantId: string,
  status: RemovalStatus,
  previousStatus: string,
  actorUserId: string | null,
): Promise<void> {
  await writeEvents(ctx.db, ctx.sink, [
    {
      projectId: ctx.tournament.project_id,
      type: status === 'DISQUALIFIED' ? 'participant.disqualified' : 'participant.withdrawn',
      subjectId: participantId,
      data: { tournamentId: ctx.tournament.id, participantId, status, previousStatus, userId: actorUserId },
    },
  ]);
}

/**
 * Records `participant.removed` inside the caller's transaction when an organizer deletes a participant before the
 * start (removeParticipant, R11.12): data tournamentId, participantId, previousStatus (the status it had) and userId
 * (the organizer; null for an API key, as for `participant.disqualified`, R6.10). The entry no longer exists, so the
 * event carries no current status.
 */
export async function writeParticipantRemovedEvent(
  ctx: Pick<WriteContext, 'db' | 'sink' | 'tournament'>,
  participantId: string,
  previousStatus: string,
  actorUserId: string | null,
): Promise<void> {
  await writeEvents(ctx.db, ctx.sink, [
    {
      projectId: ctx.tournament.project_id,
      type: 'participant.removed',
      subjectId: participantId,
      data: { tournamentId: ctx.tournament.id, participantId, previousStatus, userId: actorUserId },
    },
  ]);
}
