import type { MatchActor } from '@tourney/core';
import { AppError } from '../../errors/app-error';
import { MANAGER_ROLES, type AccessService } from '../access';
import type { Db } from '../../db/db';
import type { MatchRow, TournamentRow } from '../../db/rows';

/** The participant of `match` the user acts for (a participant_members row on one of its sides), or null. */
async function participantOf(db: Db, userId: string, match: MatchRow, tournamentId: string): Promise<string | null> {
  const sides = [match.participant1_id, match.participant2_id].filter((id): id is string => id !== null);
  if (sides.length === 0) return null;
  const link = await db
    .selectFrom('participant_members')
    .select('participant_id')
    .where('user_id', '=', userId)
    .where('tournament_id', '=', tournamentId)
    .where('participant_id', 'in', sides)
    .executeTakeFirst();
  return link?.participant_id ?? null;
}

/**
 * Who a user is on a match (R8.4): a participant when a participant_members row links them to one of
 * the two sides (a participant takes precedence over an organizer role), else an organizer when `allowOrganizer`
 * and they are staff OWNER/ADMIN/ORGANIZER of the tournament's project's organization.
 * @throws AppError 403 NOT_MATCH_PARTICIPANT otherwise.
 */
export async function resolveMatchActor(
  db: Db,
  access: AccessService,
  userId: string,
  match: MatchRow,
  tournament: TournamentRow,
  allowOrganizer: boolean,
): Promise<MatchActor> {
  const participantId = await participantOf(db, userId, match, tournament.id);
  if (participantId !== null) return { kind: 'participant', participantId };
  if (allowOrganizer) {
    const role = await access.roleInProject(userId, tournament.project_id);
    if (role !== null && MANAGER_ROLES.includes(role)) return { kind: 'organizer' };
  }
  const who = allowOrganizer ? 'participants of this match or organizers of the tournament' : 'participants of this match';
  throw new AppError('NOT_MATCH_PARTICIPANT', `only ${who} may do this`);
}

/**
 * Who a user is for a staff action on a match (resolve, correct, reschedule; R8.5): a participant of the
 * match first (a player never referees their own match, whatever their staff role), else an organizer (staff
 * OWNER/ADMIN/ORGANIZER) or, when `allowModerator`, a moderator (staff MODERATOR) of the tournament's organization.
 * @throws AppError 403 FORBIDDEN for a participant of the match, a moderator where none is allowed, or anyone else.
 */
export async function resolveStaffActor(
  db: Db,
  access: AccessService,
  userId: string,
  match: MatchRow,
  tournament: TournamentRow,
  allowModerator: boolean,
): Promise<Exclude<MatchActor, { kind: 'participant' }>> {
  const who = allowModerator ? 'organizers or moderators of the tournament' : 'organizers of the tournament';
  if ((await participantOf(db, userId, match, tournament.id)) !== null) {
    throw new AppError('FORBIDDEN', `a participant of the match may not do this: only ${who} may`);
  }
  const role = await access.roleInProject(userId, tournament.project_id);
  if (role !== null && MANAGER_ROLES.includes(role)) return { kind: 'organizer' };
  if (role === 'MODERATOR' && allowModerator) return { kind: 'moderator' };
  throw new AppError('FORBIDDEN', `only ${who} may do this`);
}
