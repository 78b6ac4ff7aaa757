import type { Selectable } from 'kysely';
import type { StaffRole } from '../../auth/auth-context';
import type { Db } from '../../db/db';
import type { StaffInvitationsTable } from '../../db/schema';
import { AppError, notFound } from '../../errors/app-error';

/**
 * Whether a staff member of `role` (null: not staff) may give `granted` to someone, by an invitation or a change of
 * role (R13.5, R13.11): an OWNER any role, an ADMIN any role but OWNER, others none.
 */
export function mayGrant(role: StaffRole | null, granted: StaffRole): boolean {
  if (role === 'OWNER') return true;
  return role === 'ADMIN' && granted !== 'OWNER';
}

/**
 * Who may remove a staff member: an OWNER anyone, an ADMIN anyone but an OWNER, anyone themself (R13.8).
 * @throws AppError 403 FORBIDDEN when `callerRole` (null: not staff) may not, 404 when `target` is unknown.
 */
export function assertMayRemove(callerRole: StaffRole | null, target: { user_id: string; role: string } | undefined, callerId: string): void {
  if (!callerRole) throw new AppError('FORBIDDEN', 'you are not staff of this organization');
  if (!target) throw notFound('staff member');
  if (target.user_id === callerId || callerRole === 'OWNER' || (callerRole === 'ADMIN' && target.role !== 'OWNER')) return;
  throw new AppError(
    'FORBIDDEN',
    callerRole === 'ADMIN' ? 'an ADMIN cannot remove an OWNER' : 'you need one of the roles OWNER, ADMIN in this organization to remove staff',
  );
}

/**
 * Who may give `target` the role `role` (R13.11): an OWNER anyone any role, an ADMIN anyone but an OWNER any role but
 * OWNER; the last OWNER keeps the role (checked by the caller, who counts OWNERs under the organization's lock).
 * @throws AppError 403 FORBIDDEN when `callerRole` (null: not staff) may not, 404 when `target` is unknown.
 */
export function assertMayChangeRole(callerRole: StaffRole | null, target: { role: string } | undefined, role: StaffRole): void {
  if (!callerRole) throw new AppError('FORBIDDEN', 'you are not staff of this organization');
  if (!target) throw notFound('staff member');
  if (callerRole !== 'OWNER' && callerRole !== 'ADMIN') {
    throw new AppError('FORBIDDEN', 'you need one of the roles OWNER, ADMIN in this organization to change roles');
  }
  if (callerRole === 'ADMIN' && target.role === 'OWNER') throw new AppError('FORBIDDEN', "an ADMIN cannot change an OWNER's role");
  if (!mayGrant(callerRole, role)) throw new AppError('FORBIDDEN', 'only an OWNER may make someone OWNER');
}

/**
 * Revokes, at `now`, the pending invitations of the organization that `userId` sent and that `role` (null: no longer
 * staff) could not send, inside the caller's transaction under the organization's lock (R13.12): a member removed or
 * demoted takes back what they offered beyond their new reach.
 */
export async function revokeInvitationsBeyond(db: Db, organizationId: string, userId: string, role: StaffRole | null, now: string): Promise<void> {
  const beyond = (['OWNER', 'ADMIN', 'ORGANIZER', 'MODERATOR'] as const).filter((r) => !mayGrant(role, r));
  if (beyond.length === 0) return;
  await db
    .updateTable('staff_invitations')
    .set({ revoked_at: now })
    .where('organization_id', '=', organizationId)
    .where('invited_by_user_id', '=', userId)
    .where('role', 'in', beyond)
    .where('accepted_at', 'is', null)
    .where('revoked_at', 'is', null)
    .execute();
}

/** An invitation id (a UUID) as opposed to an invitation token (`tsi_...`). */
export const INVITATION_ID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/**
 * Whether the user `userId` may accept `invitation` (R13.6, R13.7, R13.9): one bound to an account (by username, or
 * by email before invitations by email stopped binding accounts) by that user only, with its token or its id; one
 * by email to no account by whoever holds its token (its id is no proof of having received it).
 */
export function mayAccept(invitation: Selectable<StaffInvitationsTable>, userId: string, byId: boolean): boolean {
  if (invitation.invited_user_id !== null) return invitation.invited_user_id === userId;
  return !byId;
}
