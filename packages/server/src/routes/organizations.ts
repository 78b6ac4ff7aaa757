import type { OperationHandlers } from '../http/operation';
import { created, listed, noContent, ok } from '../http/reply';

/**
 * Organization operations: create, get, update, delete, and staff: list, invite, accept, list and revoke pending
 * invitations, change a role, remove.
 */
export const organizationHandlers: OperationHandlers = {
  listMyOrganizations: async (ctx, { query }) => listed(await ctx.services.organizations.listMine(ctx.state.auth, query)),
  createOrganization: async (ctx, { body }) => created(await ctx.services.organizations.create(ctx.state.auth, body)),
  getOrganization: async (ctx, { params }) => ok(await ctx.services.organizations.get(ctx.state.auth, params.id)),
  updateOrganization: async (ctx, { params, body }) => ok(await ctx.services.organizations.update(ctx.state.auth, params.id, body)),
  deleteOrganization: async (ctx, { params }) => {
    await ctx.services.organizations.delete(ctx.state.auth, params.id);
    return noContent();
  },
  listStaff: async (ctx, { params, query }) => listed(await ctx.services.organizations.listStaff(ctx.state.auth, params.id, query)),
  inviteStaff: async (ctx, { params, body }) => created(await ctx.services.staffInvitations.invite(ctx.state.auth, params.id, body)),
  acceptStaffInvitation: async (ctx, { params }) => ok(await ctx.services.staffInvitations.accept(ctx.state.auth, params.id, params.token)),
  listStaffInvitations: async (ctx, { params, query }) => listed(await ctx.services.staffInvitations.listPending(ctx.state.auth, params.id, query)),
  revokeStaffInvitation: async (ctx, { params }) => {
    await ctx.services.staffInvitations.revoke(ctx.state.auth, params.id, params.invitationId);
    return noContent();
  },
  updateStaffRole: async (ctx, { params, body }) => ok(await ctx.services.staff.updateRole(ctx.state.auth, params.id, params.staffId, body.role)),
  removeStaff: async (ctx, { params }) => {
    await ctx.services.staff.remove(ctx.state.auth, params.id, params.staffId);
    return noContent();
  },
};
