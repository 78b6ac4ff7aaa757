import type { AuthContext, StaffRole } from '../../auth/auth-context';
import { AppError, notFound } from '../../errors/app-error';
import type { StaffMember } from '../../contract-types';
import type { Db } from '../../db/db';
import { DomainService } from '../domain-service';
import { STAFF_MEMBER_COLUMNS, toStaffMember } from './staff-mapper';
import { assertMayChangeRole, assertMayRemove, revokeInvitationsBeyond } from './staff-rules';

/**
 * Staff memberships of an organization: removal and change of role (R13.8, R13.11, R13.12).
 * Remove: OWNER anyone, ADMIN anyone but an OWNER, anyone themself. Change a role: OWNER anyone to any role, ADMIN
 * anyone but an OWNER to any role but OWNER. Never the last OWNER (409 CONFLICT). What a member removed or demoted
 * offered beyond their new reach (pending invitations) is revoked in the same transaction.
 * Every change runs under the organization's lock (dialect.lockRows) and is checked again on the rows as they are.
 */
export class StaffService extends DomainService {
  /**
   * Removes a staff membership (`staffId` = StaffMember.id). 404 unknown organization or membership; 403 unless the
   * caller is an OWNER, an ADMIN removing a non-OWNER, or the member themself; 409 CONFLICT for the last OWNER.
   * The member's pending invitations are revoked with the membership.
   */
  async remove(auth: AuthContext, organizationId: string, staffId: string): Promise<void> {
    const userId = this.access.requireUser(auth);
    await this.#findOrganization(organizationId);
    const target = await this.deps.db
      .selectFrom('organization_members')
      .selectAll()
      .where('id', '=', staffId)
      .where('organization_id', '=', organizationId)
      .executeTakeFirst();
    assertMayRemove(await this.access.roleInOrganization(userId, organizationId), target, userId);
    await this.deps.db.transaction().execute(async (trx) => {
      // Staff changes of one organization run one at a time (several writers: two OWNERs removing each other must
      // not both count two OWNERs), and are checked again as they are now: the caller may have lost their role.
      const { target: current, callerRole, owners } = await this.#lockedMembers(trx, organizationId, staffId, userId);
      if (!current) return; // removed meanwhile
      assertMayRemove(callerRole, current, userId);
      if (current.role === 'OWNER' && owners <= 1) {
        throw new AppError('CONFLICT', 'the last OWNER of an organization cannot be removed; invite another OWNER first (or delete the organization)');
      }
      await trx.deleteFrom('organization_members').where('id', '=', staffId).execute();
      await revokeInvitationsBeyond(trx, organizationId, current.user_id, null, this.now());
    });
  }

  /**
   * Gives a staff member (`staffId` = StaffMember.id) another role (R13.11) and answers the membership. 404 unknown
   * organization or membership; 403 FORBIDDEN unless the caller is an OWNER, or an ADMIN changing a non-OWNER to a
   * role other than OWNER; 409 CONFLICT when it would leave the organization without an OWNER.
   */
  async updateRole(auth: AuthContext, organizationId: string, staffId: string, role: StaffRole): Promise<StaffMember> {
    const userId = this.access.requireUser(auth);
    await this.#findOrganization(organizationId);
    const now = this.now();
    await this.deps.db.transaction().execute(async (trx) => {
      const { target, callerRole, owners } = await this.#lockedMembers(trx, organizationId, staffId, userId);
      assertMayChangeRole(callerRole, target, role);
      if (target!.role === role) return;
      if (target!.role === 'OWNER' && owners <= 1) {
        throw new AppError('CONFLICT', 'the last OWNER of an organization keeps the role; make another member OWNER first');
      }
      await trx.updateTable('organization_members').set({ role }).where('id', '=', staffId).execute();
      await revokeInvitationsBeyond(trx, organizationId, target!.user_id, role, now);
    });
    const member = await this.deps.db
      .selectFrom('organization_members as m')
      .innerJoin('users as u', 'u.id', 'm.user_id')
      .select(STAFF_MEMBER_COLUMNS)
      .where('m.id', '=', staffId)
      .executeTakeFirst();
    if (!member) throw notFound('staff member');
    return toStaffMember(member);
  }

  /**
   * Inside a staff change's transaction: takes the organization's lock (one staff change of an organization at a time,
   * R18.12), then reads the membership `staffId`, the caller's role (null: not staff) and the number of OWNERs as they
   * are now.
   */
  async #lockedMembers(
    trx: Db,
    organizationId: string,
    staffId: string,
    callerId: string,
  ): Promise<{ target: { id: string; user_id: string; role: string } | undefined; callerRole: StaffRole | null; owners: number }> {
    await this.deps.dialect.lockRows(trx, 'organizations', [organizationId]);
    const members = await trx
      .selectFrom('organization_members')
      .select(['id', 'user_id', 'role'])
      .where('organization_id', '=', organizationId)
      .where((eb) => eb.or([eb('id', '=', staffId), eb('user_id', '=', callerId), eb('role', '=', 'OWNER')]))
      .execute();
    return {
      target: members.find((m) => m.id === staffId),
      callerRole: (members.find((m) => m.user_id === callerId)?.role as StaffRole | undefined) ?? null,
      owners: members.filter((m) => m.role === 'OWNER').length,
    };
  }

  async #findOrganization(organizationId: string): Promise<{ id: string; name: string }> {
    const org = await this.deps.db.selectFrom('organizations').select(['id', 'name']).where('id', '=', organizationId).executeTakeFirst();
    if (!org) throw notFound('organization');
    return org;
  }}
