import { writeEvents } from '../events';
import type { WriteContext } from '../matches/write-context';

/** Participant statuses whose change an organizer's action records as an event. */
export type RemovalStatus = 'DISQUALIFIED' | 'WITHDRAWN';

/**
 * Records `participant.disqualified` or `participant.withdrawn` inside the caller's transaction (issue 4): data
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
