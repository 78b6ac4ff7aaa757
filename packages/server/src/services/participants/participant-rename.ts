import { AppError } from '../../errors/app-error';
import type { ParticipantRow } from '../../db/rows';
import { writeEvents } from '../events';
import type { WriteContext } from '../matches/write-context';
import { nameClash, nameKey, readHeldNames } from './participant-names';

/**
 * Live stream event of a rename (R6.13). Not a webhook event type (openapi `WebhookEventType`; webhooks never deliver
 * it): it exists so that the change moves the tournament's live stream, as every change of its participants does
 * (R28.2), and open pages redraw and cached brackets are rebuilt (R18.17), like `stage.reset`.
 */
export const PARTICIPANT_RENAMED = 'participant.renamed';

/**
 * Renames a participant (updateParticipant `name`, R6.13) inside the caller's transaction, which holds the
 * tournament's lock (lockTournamentPlaces, as registration does): `name` (already trimmed and checked non-blank)
 * becomes the entry's name, and a team entry's team name too when the two were the same name (a team is shown and
 * known by its name, R9.15); a team name of its own is kept.
 * The same name again (exactly) changes nothing and records nothing. Names are unique in the tournament as
 * registration compares them (R24.1: every other participant's name and team name, trimmed, in any case), so two
 * renames to one name sent at once leave exactly one done. Records the live event `participant.renamed` (data
 * tournamentId, participantId, name, previousName, userId: the organizer, null for an API key).
 * `p` is the participant as read under the lock; `tournament.status` the status read under it.
 * @throws AppError 409 TOURNAMENT_LOCKED naming `body.name` once the tournament is COMPLETED (its results and
 *   circuit points carry the names), 409 CONFLICT naming `body.name` when another participant holds the name.
 */
export async function renameParticipant(ctx: WriteContext, p: ParticipantRow, name: string, actorUserId: string | null): Promise<void> {
  // A team keeps its own name when the entry is shown by another one: circuits know a team by its team name (R9.15),
  // so a typo fixed in the entry's name must not make it another competitor.
  const teamName = p.team_name === null || nameKey(p.team_name) !== nameKey(p.name) ? p.team_name : name;
  if (name === p.name && teamName === p.team_name) return;
  const { db, tournament } = ctx;
  if (tournament.status === 'COMPLETED') {
    throw new AppError('TOURNAMENT_LOCKED', 'body.name cannot change once the tournament is COMPLETED', {
      details: [{ path: 'body.name', message: 'locked once the tournament is COMPLETED' }],
    });
  }
  const clash = nameClash(await readHeldNames(db, tournament.id, p.id), name);
  if (clash !== undefined) throw new AppError('CONFLICT', `body.name: ${clash}`, { details: [{ path: 'body.name', message: clash }] });
  await db.updateTable('participants').set({ name, team_name: teamName }).where('id', '=', p.id).execute();
  await writeEvents(db, ctx.sink, [
    {
      projectId: tournament.project_id,
      type: PARTICIPANT_RENAMED,
      subjectId: p.id,
      data: { tournamentId: tournament.id, participantId: p.id, name, previousName: p.name, userId: actorUserId },
    },
  ]);
}
