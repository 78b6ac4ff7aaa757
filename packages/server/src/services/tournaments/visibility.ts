import type { AuthContext } from '../../auth/auth-context';
import { notFound } from '../../errors/app-error';
import { MANAGER_ROLES, type AccessService, type ProjectActor } from '../access';
import type { Db } from '../../db/db';
import { findTournamentRow } from './tournament-reader';
import type { TournamentRow } from '../../db/rows';

/**
 * Whether the caller may see the project's unpublished (DRAFT) tournaments: any API key of the project, or
 * a user with any staff role in the project's organization (docs/decisions.md "Tournament visibility").
 */
export async function canSeeUnpublished(access: AccessService, auth: AuthContext, projectId: string): Promise<boolean> {
  if (auth.kind === 'apiKey') return auth.projectId === projectId;
  if (auth.kind === 'user') return (await access.roleInProject(auth.userId, projectId)) !== null;
  return false;
}

/**
 * The tournament `id` as the caller may see it: public from PUBLISHED on, a DRAFT only for the project's keys
 * and staff. @throws AppError 404 NOT_FOUND for an unknown or invisible tournament.
 */
export async function requireVisibleTournament(db: Db, access: AccessService, auth: AuthContext, id: string): Promise<TournamentRow> {
  return requireVisibleRow(access, auth, await findTournamentRow(db, id));
}

/**
 * `row` (a tournament read by id, undefined when there is none) when the caller may see it, as
 * {@link requireVisibleTournament}. @throws AppError 404 NOT_FOUND for no row or an invisible one.
 */
export async function requireVisibleRow<Row extends Pick<TournamentRow, 'status' | 'project_id'>>(
  access: AccessService,
  auth: AuthContext,
  row: Row | undefined,
): Promise<Row> {
  if (!row) throw notFound('tournament');
  if (row.status === 'DRAFT' && !(await canSeeUnpublished(access, auth, row.project_id))) throw notFound('tournament');
  return row;
}

/**
 * The tournament `id` for an organizer operation (R1.11, R4.4, R4.5): a key of its project with
 * manage:tournaments, or staff OWNER/ADMIN/ORGANIZER of its organization.
 * @throws AppError 401 anonymous, 404 unknown / invisible / another project's key, 403 INSUFFICIENT_SCOPE or FORBIDDEN.
 */
export async function requireManagedTournament(
  db: Db,
  access: AccessService,
  auth: AuthContext,
  id: string,
): Promise<{ row: TournamentRow; actor: ProjectActor }> {
  access.requireAuthenticated(auth);
  const row = await requireVisibleTournament(db, access, auth, id);
  const actor = await access.requireProject(auth, row.project_id, {
    scope: 'manage:tournaments',
    roles: MANAGER_ROLES,
    resource: 'tournament',
  });
  return { row, actor };
}
