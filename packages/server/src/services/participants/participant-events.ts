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

/**
 * Records an organizer's other status change before the start (updateParticipant, R6.10, R11.4): to CHECKED_IN,
 * `participant.checked_in`; back to REGISTERED (a reinstatement of a withdrawn or disqualified entry, or a check-in
 * undone), `participant.registered` with the entry's users as memberUserIds. Data as for the removals: status (the
 * new one), previousStatus, userId of the organizer (null for an API key). Webhook subscribers, the live stream and
 * open pages so follow every change of the roster.
 */
export async function writeParticipantStatusEvent(
  ctx: Pick<WriteContext, 'db' | 'sink' | 'tournament'>,
  participantId: string,
  status: 'REGISTERED' | 'CHECKED_IN',
  previousStatus: string,
  actorUserId: string | null,
): Promise<void> {
  const data: Record<string, unknown> = { tournamentId: ctx.tournament.id, participantId, status, previousStatus, userId: actorUserId };
  if (status === 'REGISTERED') {
    const members = await ctx.db.selectFrom('participant_members').select('user_id').where('participant_id', '=', participantId).execute();
    data.memberUserIds = members.map((m) => m.user_id);
  }
  await writeEvents(ctx.db, ctx.sink, [
    {
      projectId: ctx.tournament.project_id,
      type: status === 'REGISTERED' ? 'participant.registered' : 'participant.checked_in',
      subjectId: participantId,
      data,
    },
  ]);
}

