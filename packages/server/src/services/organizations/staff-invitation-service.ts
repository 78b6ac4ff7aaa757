import { hashSecret, newSecret } from '../../auth/tokens';
import { isUniqueViolation } from '../../db/unique-violation';
import type { AuthContext, StaffRole } from '../../auth/auth-context';
import { AppError, notFound } from '../../errors/app-error';
import { newId } from '../../ids';
import { ADMIN_ROLES, staffRoleIn } from '../access';
import { recordNotifications } from '../notifications/writer';
import { type Page, type PageQuery, queryPage, toPage, withTotalCap } from '../../db/page-query';
import type { PendingStaffInvitation, StaffInvitation, StaffInviteRequest, StaffMember } from '../../contract-types';
import { DomainService } from '../domain-service';
import { INVITATION_ID, mayAccept, mayGrant } from './staff-rules';
import { toStaffMember } from './staff-mapper';

/** Prefix of staff invitation tokens (`tsi_` + 43 base64url characters; contract: StaffInvitation.token). */
export const INVITATION_TOKEN_PREFIX = 'tsi_';
/** How long an invitation can be accepted: 7 days, in milliseconds. */
export const INVITATION_TTL_MS = 7 * 24 * 3600 * 1000;

/**
 * Staff invitations of an organization (R13.5 to R13.7, R13.9, R13.12).
 * Invite: OWNER or ADMIN (only an OWNER invites an OWNER). Accept: the invited user only (403 for others; an
 * invitation by email: whoever holds its token), once
 * (409 INVITATION_USED), within 7 days by the injected clock and unless replaced or revoked (410 INVITATION_EXPIRED).
 * List and revoke the pending ones: OWNER or ADMIN (an OWNER invitation only by an OWNER).
 * Reads and checks run before the write transaction (on SQLite the transaction holds the only connection); what
 * concurrent requests may change is checked again inside it, under the organization's lock (dialect.lockRows).
 */
export class StaffInvitationService extends DomainService {
  /**
   * Invites a user by username (404 when unknown) or an email address (R13.5, R13.6). An invitation by username is
   * bound to that account, which gets a STAFF_INVITATION notification naming the invitation (its id, never the token:
   * the token exists in plain text only in this answer, R13.9); 409 CONFLICT when that user is already staff. An
   * invitation by email is bound to no account and tells no one: the inviter passes the token on to the address, and
   * whoever holds it accepts (the answer's userId and username are null, so it never tells which account registered
   * with an address). A pending invitation of the same username or address is replaced.
   */
  async invite(auth: AuthContext, organizationId: string, input: StaffInviteRequest): Promise<StaffInvitation> {
    const inviterId = this.access.requireUser(auth);
    const org = await this.#findOrganization(organizationId);
    const inviterRole = await this.access.roleInOrganization(inviterId, organizationId);
    if (!inviterRole || !ADMIN_ROLES.includes(inviterRole)) {
      throw new AppError('FORBIDDEN', 'you need one of the roles OWNER, ADMIN in this organization to invite staff');
    }
    if (input.role === 'OWNER' && inviterRole !== 'OWNER') {
      throw new AppError('FORBIDDEN', 'only an OWNER may invite another OWNER');
    }
    const username = 'username' in input ? input.username : undefined;
    const email = 'email' in input ? input.email.toLowerCase() : null;
    // An invitation by email binds no account: addresses are not verified, so the account registered with one may
    // belong to someone else; only the token, passed on to the address, says who was invited (R13.6).
    const invitee =
      username === undefined
        ? undefined
        : await this.deps.db.selectFrom('users').select(['id', 'username']).where('username_lower', '=', username.toLowerCase()).executeTakeFirst();
    if (username !== undefined && !invitee) throw notFound('user');
    if (invitee && (await this.access.roleInOrganization(invitee.id, organizationId))) {
      throw new AppError('CONFLICT', `${invitee.username} is already staff of this organization`);
    }

    const now = this.deps.clock.now();
    const token = newSecret(INVITATION_TOKEN_PREFIX);
    const row = {
      id: newId(),
      organization_id: organizationId,
      token_hash: hashSecret(token),
      invited_user_id: invitee?.id ?? null,
      invited_email: email,
      role: input.role,
      invited_by_user_id: inviterId,
      created_at: now.toISOString(),
      expires_at: new Date(now.getTime() + INVITATION_TTL_MS).toISOString(),
      accepted_at: null,
      accepted_by_user_id: null,
      revoked_at: null,
    };
    await this.deps.db.transaction().execute(async (trx) => {
      // One staff change of an organization at a time (R18.12): two invitations of one person sent at once leave one
      // pending, an acceptance (which takes this lock first too) committed meanwhile is seen here, and so is a removal
      // or demotion of the inviter (whose pending invitations it revoked).
      await this.deps.dialect.lockRows(trx, 'organizations', [organizationId]);
      if (!mayGrant(await staffRoleIn(trx, organizationId, inviterId), input.role)) {
        throw new AppError('FORBIDDEN', `you may no longer invite a ${input.role} to this organization`);
      }
      if (invitee && (await staffRoleIn(trx, organizationId, invitee.id))) {
        throw new AppError('CONFLICT', `${invitee.username} is already staff of this organization`);
      }
      await trx
        .updateTable('staff_invitations')
        .set({ revoked_at: row.created_at })
        .where('organization_id', '=', organizationId)
        .where('accepted_at', 'is', null)
        .where('revoked_at', 'is', null)
        .where((eb) => {
          const same = [];
          if (row.invited_user_id) same.push(eb('invited_user_id', '=', row.invited_user_id));
          if (row.invited_email) same.push(eb('invited_email', '=', row.invited_email));
          return eb.or(same);
        })
        .execute();
      await trx.insertInto('staff_invitations').values(row).execute();
      if (invitee) {
        await recordNotifications(trx, row.created_at, [
          {
            userId: invitee.id,
            type: 'STAFF_INVITATION',
            title: `Join ${org.name} as ${input.role}`,
            message: `You are invited to the staff of ${org.name} as ${input.role}. Accept before ${row.expires_at.slice(0, 10)}.`,
            data: { organizationId, invitationId: row.id, role: input.role },
          },
        ]);
      }
    });
    return {
      id: row.id,
      organizationId,
      userId: invitee?.id ?? null,
      username: invitee?.username ?? null,
      email,
      role: input.role,
      token,
      expiresAt: row.expires_at,
      invitedByUserId: inviterId,
      createdAt: row.created_at,
    };
  }

  /**
   * The calling user accepts an invitation of `organizationId` and joins its staff with the invitation's role.
   * `tokenOrId` is the invitation's token (a link passed on by the inviter) or, for an invitation by username, its id
   * (from the invitee's STAFF_INVITATION notification, R13.9). An invitation by username is accepted by that user
   * only; one by email by whoever holds its token (R13.6). 404 unknown token or id (or another organization's), an id
   * when the caller is not its invitee, and the id of an invitation by email; 403 FORBIDDEN when the caller holds the
   * token of an invitation by username but is not the invitee (the invitation stays usable); 409 INVITATION_USED once
   * accepted; 410 INVITATION_EXPIRED when expired, revoked or replaced; 409 CONFLICT when the caller is already staff.
   */
  async accept(auth: AuthContext, organizationId: string, tokenOrId: string): Promise<StaffMember> {
    const userId = this.access.requireUser(auth);
    const byId = INVITATION_ID.test(tokenOrId);
    const invitation = await this.deps.db
      .selectFrom('staff_invitations')
      .selectAll()
      .where(byId ? 'id' : 'token_hash', '=', byId ? tokenOrId.toLowerCase() : hashSecret(tokenOrId))
      .where('organization_id', '=', organizationId)
      .executeTakeFirst();
    if (!invitation) throw notFound('invitation');
    const user = await this.deps.db.selectFrom('users').select(['id', 'username', 'display_name']).where('id', '=', userId).executeTakeFirst();
    if (!user) throw notFound('user');
    if (!mayAccept(invitation, userId, byId)) {
      // An id is no secret: to anyone but the invitee it names nothing (R4.4), and it never stands for the token of
      // an invitation by email.
      if (byId) throw notFound('invitation');
      throw new AppError('FORBIDDEN', 'this invitation was sent to someone else');
    }
    if (invitation.accepted_at !== null) throw new AppError('INVITATION_USED', `this invitation was already accepted at ${invitation.accepted_at}`);
    const now = this.deps.clock.now().toISOString();
    if (invitation.revoked_at !== null) throw new AppError('INVITATION_EXPIRED', 'this invitation was revoked, or replaced by a newer one');
    if (invitation.expires_at <= now) throw new AppError('INVITATION_EXPIRED', `this invitation expired at ${invitation.expires_at}`);
    if (await this.access.roleInOrganization(userId, organizationId)) {
      throw new AppError('CONFLICT', 'you are already staff of this organization');
    }
    const member = { id: newId(), organization_id: organizationId, user_id: userId, role: invitation.role, joined_at: now };
    try {
      await this.deps.db.transaction().execute(async (trx) => {
        // The organization's lock first, as invite and remove take it (R18.12): an invitation replacing this one
        // meanwhile is seen (410), and the two never wait on each other's rows.
        await this.deps.dialect.lockRows(trx, 'organizations', [organizationId]);
        const claimed = await trx
          .updateTable('staff_invitations')
          .set({ accepted_at: now, accepted_by_user_id: userId })
          .where('id', '=', invitation.id)
          .where('accepted_at', 'is', null)
          .where('revoked_at', 'is', null)
          .executeTakeFirst();
        if (Number(claimed.numUpdatedRows) === 0) {
          // Accepted meanwhile (409 INVITATION_USED), or revoked or replaced (410, as when read so above).
          const current = await trx.selectFrom('staff_invitations').select('revoked_at').where('id', '=', invitation.id).executeTakeFirst();
          if (current?.revoked_at != null) throw new AppError('INVITATION_EXPIRED', 'this invitation was revoked, or replaced by a newer one');
          throw new AppError('INVITATION_USED', 'this invitation was already accepted');
        }
        await trx.insertInto('organization_members').values(member).execute();
      });
    } catch (error) {
      if (isUniqueViolation(error)) throw new AppError('CONFLICT', 'you are already staff of this organization');
      throw error;
    }
    return toStaffMember({ ...member, username: user.username, display_name: user.display_name });
  }

  /**
   * The organization's pending invitations (not accepted, revoked or expired at the injected clock's now), newest
   * first, without tokens (R13.12). 404 unknown organization; 403 FORBIDDEN unless the caller is OWNER or ADMIN.
   */
  async listPending(auth: AuthContext, organizationId: string, query: PageQuery): Promise<Page<PendingStaffInvitation>> {
    const userId = this.access.requireUser(auth);
    await this.#findOrganization(organizationId);
    const role = await this.access.roleInOrganization(userId, organizationId);
    if (!role || !ADMIN_ROLES.includes(role)) {
      throw new AppError('FORBIDDEN', 'you need one of the roles OWNER, ADMIN in this organization to list its invitations');
    }
    const base = this.deps.db
      .selectFrom('staff_invitations as i')
      .where('i.organization_id', '=', organizationId)
      .where('i.accepted_at', 'is', null)
      .where('i.revoked_at', 'is', null)
      .where('i.expires_at', '>', this.now());
    const { rows, total, capped } = await queryPage(base, withTotalCap(query, this.deps.config.listTotalCap), (b) =>
      b
        .leftJoin('users as u', 'u.id', 'i.invited_user_id')
        .select(['i.id', 'i.invited_user_id', 'u.username', 'i.invited_email', 'i.role', 'i.expires_at', 'i.invited_by_user_id', 'i.created_at'])
        .orderBy('i.created_at', 'desc')
        .orderBy('i.id', 'desc'),
    );
    const items = rows.map((r) => ({
      id: r.id,
      organizationId,
      userId: r.invited_user_id,
      username: r.username ?? null,
      email: r.invited_email,
      role: r.role as StaffRole,
      expiresAt: r.expires_at,
      invitedByUserId: r.invited_by_user_id,
      createdAt: r.created_at,
    }));
    return toPage(items, query, total, capped);
  }

  /**
   * Revokes a pending invitation (R13.12): its token and id then answer 410. OWNER or ADMIN, an OWNER invitation only
   * by an OWNER (403 FORBIDDEN); 404 unknown organization or invitation; 409 INVITATION_USED once accepted; an
   * invitation already revoked, replaced or expired is left as it is.
   */
  async revoke(auth: AuthContext, organizationId: string, invitationId: string): Promise<void> {
    const userId = this.access.requireUser(auth);
    await this.#findOrganization(organizationId);
    await this.deps.db.transaction().execute(async (trx) => {
      // Under the organization's lock, as invite and accept: an acceptance committed meanwhile is seen (409).
      await this.deps.dialect.lockRows(trx, 'organizations', [organizationId]);
      const role = await staffRoleIn(trx, organizationId, userId);
      if (!role || !ADMIN_ROLES.includes(role)) {
        throw new AppError('FORBIDDEN', 'you need one of the roles OWNER, ADMIN in this organization to revoke invitations');
      }
      const invitation = await trx
        .selectFrom('staff_invitations')
        .select(['id', 'role', 'accepted_at', 'revoked_at'])
        .where('id', '=', invitationId)
        .where('organization_id', '=', organizationId)
        .executeTakeFirst();
      if (!invitation) throw notFound('invitation');
      if (!mayGrant(role, invitation.role as StaffRole)) throw new AppError('FORBIDDEN', 'only an OWNER may revoke an invitation to become OWNER');
      if (invitation.accepted_at !== null) {
        throw new AppError('INVITATION_USED', `this invitation was accepted at ${invitation.accepted_at}; remove the staff member instead`);
      }
      if (invitation.revoked_at !== null) return;
      await trx.updateTable('staff_invitations').set({ revoked_at: this.now() }).where('id', '=', invitation.id).execute();
    });
  }

  async #findOrganization(organizationId: string): Promise<{ id: string; name: string }> {
    const org = await this.deps.db.selectFrom('organizations').select(['id', 'name']).where('id', '=', organizationId).executeTakeFirst();
    if (!org) throw notFound('organization');
    return org;
  }}
