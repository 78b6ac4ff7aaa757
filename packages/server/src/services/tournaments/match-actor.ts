import type { MatchActor } from '@tourney/core';
import { ApiError } from '../../http/errors';
import { MANAGER_ROLES, type AccessService } from '../access';
import type { MatchRow } from './match-mapper';
import type { TournamentRow } from './tournament-mapper';
import type { Db } from './tournament-reader';

/**
 * Who a user is on a match (spec 3.2, 4.4): a participant when a participant_members row links them to one of
 * the two sides (a participant takes precedence over an organizer role), else an organizer when `allowOrganizer`
 * and they are staff OWNER/ADMIN/ORGANIZER of the tournament's project's organization.
 * @throws ApiError 403 NOT_MATCH_PARTICIPANT otherwise.
 */
export async function resolveMatchActor(
  db: Db,
  access: AccessService,
  userId: string,
  match: MatchRow,
  tournament: TournamentRow,
  allowOrganizer: boolean,
): Promise<MatchActor> {
  const sides = [match.participant1_id, match.participant2_id].filter((id): id is string => id !== null);
  if (sides.length > 0) {
    const link = await db
      .selectFrom('participant_members')
      .select('participant_id')
      .where('user_id', '=', userId)
      .where('tournament_id', '=', tournament.id)
      .where('participant_id', 'in', sides)
      .executeTakeFirst();
    if (link) return { kind: 'participant', participantId: link.participant_id };
  }
  if (allowOrganizer) {
    const role = await access.roleInProject(userId, tournament.project_id);
    if (role !== null && MANAGER_ROLES.includes(role)) return { kind: 'organizer' };
  }
  const who = allowOrganizer ? 'participants of this match or organizers of the tournament' : 'participants of this match';
  throw new ApiError('NOT_MATCH_PARTICIPANT', `only ${who} may do this`);
}
