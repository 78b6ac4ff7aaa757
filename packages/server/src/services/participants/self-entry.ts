import type { ParticipateRequest } from '../../contract-types';
import type { Db } from '../../db/db';
import type { TournamentRow } from '../../db/rows';
import { AppError, invalidField } from '../../errors/app-error';
import { isBlankName } from '../stored-name';

/** A player's own entry before it is written: its members, the names it may take (in order) and its team name. */
export interface SelfEntry {
  memberIds: string[];
  names: string[];
  teamName: string | null;
}

/**
 * Members, names and team name of a player's own new entry (participateInTournament, R6.1, R6.2); validates the
 * team against the tournament's teamSize. `names` are the names it may take, in order of preference: the team name,
 * or a solo player's display name (trimmed; a blank one stored before display names were trimmed counts as none,
 * R14.7) then username.
 * @throws AppError 400 naming `body.team`, `body.team.memberUserIds` or `body.team.name`; 401 when the caller is gone.
 */
export async function resolveSelfEntry(db: Db, t: TournamentRow, userId: string, team: ParticipateRequest['team']): Promise<SelfEntry> {
  if (t.team_size === 1) {
    if (team !== undefined) throw invalidField('body.team', 'is only accepted by team tournaments (teamSize > 1)');
    const user = await db.selectFrom('users').select(['username', 'display_name']).where('id', '=', userId).executeTakeFirst();
    if (!user) throw new AppError('UNAUTHORIZED', 'the calling user no longer exists');
    const shown = user.display_name?.trim() || undefined;
    return { memberIds: [userId], names: shown !== undefined ? [shown, user.username] : [user.username], teamName: null };
  }
  if (team === undefined) throw invalidField('body.team', `is required: this tournament is played by teams of ${t.team_size}`);
  const ids = team.memberUserIds;
  const field = 'body.team.memberUserIds';
  if (new Set(ids).size !== ids.length) throw invalidField(field, 'must not list a user twice');
  if (!ids.includes(userId)) throw invalidField(field, 'must include the registering user');
  if (ids.length !== t.team_size) throw invalidField(field, `must list exactly ${t.team_size} users (teamSize), got ${ids.length}`);
  const found = await db.selectFrom('users').select('id').where('id', 'in', ids).execute();
  const known = new Set(found.map((u) => u.id));
  const unknown = ids.filter((id) => !known.has(id));
  if (unknown.length > 0) throw invalidField(field, `unknown users: ${unknown.join(', ')}`);
  const teamName = team.name.trim();
  if (isBlankName(teamName)) throw invalidField('body.team.name', 'must not be blank');
  return { memberIds: ids, names: [teamName], teamName };
}

/**
 * Refuses members already in the tournament (R6.1).
 * @throws AppError 409 ALREADY_REGISTERED naming the members already in the tournament (a WAITLISTED entry's as
 *   waitlisted, R6.14); a member of a WITHDRAWN
 *   entry (withdrawn by an organizer or by a member) is named as withdrawn, with who can undo it: an organizer
 *   reinstates the entry (updateParticipant) or removes it (removeParticipant, which frees its members). Read
 *   through `db`: the app's handle, or the registering transaction under the tournament's lock.
 */
export async function assertNotRegistered(db: Db, tournamentId: string, memberIds: readonly string[], callerId: string): Promise<void> {
  const existing = await db
    .selectFrom('participant_members as pm')
    .innerJoin('users as u', 'u.id', 'pm.user_id')
    .innerJoin('participants as p', 'p.id', 'pm.participant_id')
    .select(['pm.user_id', 'u.username', 'p.status'])
    .where('pm.tournament_id', '=', tournamentId)
    .where('pm.user_id', 'in', memberIds)
    .execute();
  if (existing.length === 0) return;
  const withdrawn = existing.some((e) => e.status === 'WITHDRAWN');
  const undo = 'an organizer can reinstate the withdrawn entry, or remove it to free its members';
  if (existing.length === 1 && existing[0]?.user_id === callerId && memberIds.length === 1) {
    const status = existing[0].status;
    throw new AppError(
      'ALREADY_REGISTERED',
      withdrawn
        ? `you were withdrawn from this tournament: ${undo}`
        : status === 'WAITLISTED'
          ? "you are already on this tournament's waitlist"
          : 'you are already registered in this tournament',
    );
  }
  const marks: Record<string, string> = { WITHDRAWN: ' (withdrawn)', WAITLISTED: ' (waitlisted)' };
  const who = existing.map((e) => `${e.username}${marks[e.status] ?? ''}`).join(', ');
  throw new AppError('ALREADY_REGISTERED', `already registered in this tournament: ${who}${withdrawn ? `; ${undo}` : ''}`, {
    details: [{ path: 'body.team.memberUserIds', message: `already registered: ${existing.map((e) => e.user_id).join(', ')}` }],
  });
}
