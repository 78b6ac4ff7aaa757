import type { AuthContext, Scope, StaffRole } from '../../auth/auth-context';
import { notFound } from '../../errors/app-error';
import { MANAGER_ROLES, type AccessService, type ProjectActor } from '../access';
import type { Db } from '../../db/db';
import { findCircuitRow } from './circuit-reader';
import type { CircuitRow } from '../../db/rows';

/** Every staff role: any staff member may read the project's circuits and analytics. */
export const READER_ROLES: readonly StaffRole[] = ['OWNER', 'ADMIN', 'ORGANIZER', 'MODERATOR'];

/** What an operation on one circuit needs: the key scope and the staff roles for users. */
export interface CircuitRequirement {
  scope: Scope;
  roles: readonly StaffRole[];
}

/** Reads (R9.4): a key of the project with read:circuits, or any staff member. */
export const READ_CIRCUITS: CircuitRequirement = { scope: 'read:circuits', roles: READER_ROLES };
/** Writes (R9.4): a key with manage:circuits, or staff OWNER/ADMIN/ORGANIZER. */
export const MANAGE_CIRCUITS: CircuitRequirement = { scope: 'manage:circuits', roles: MANAGER_ROLES };
/** Analytics (R17.3): a key with read:analytics, or any staff member. */
export const READ_ANALYTICS: CircuitRequirement = { scope: 'read:analytics', roles: READER_ROLES };

/**
 * The circuit `id` for a caller of its project meeting `req` (R9.4, R4.4, R4.5).
 * @throws AppError 401 anonymous; 404 unknown circuit or another project's key; 403 INSUFFICIENT_SCOPE (key without
 *   the scope) or FORBIDDEN (user without one of the roles).
 */
export async function requireCircuit(
  db: Db,
  access: AccessService,
  auth: AuthContext,
  id: string,
  req: CircuitRequirement,
): Promise<{ row: CircuitRow; actor: ProjectActor }> {
  access.requireAuthenticated(auth);
  const row = await findCircuitRow(db, id);
  if (!row) throw notFound('circuit');
  // A DRAFT circuit is not public: to a user who is not staff it does not exist (404, not 403).
  if (auth.kind === 'user' && row.status === 'DRAFT' && (await access.roleInProject(auth.userId, row.project_id)) === null) {
    throw notFound('circuit');
  }
  const actor = await access.requireProject(auth, row.project_id, { ...req, resource: 'circuit' });
  return { row, actor };
}
