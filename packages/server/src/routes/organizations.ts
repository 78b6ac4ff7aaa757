import type { OperationHandlers } from '../http/operation';
import { sendData, sendList, sendNoContent } from '../http/respond';
import type { PageQuery } from '../db/page-query';
import type { OrganizationCreateInput, OrganizationUpdateInput } from '../services/organizations/organization-service';
import type { StaffInviteInput } from '../services/organizations/staff-service';

/** Organization operations: create, get, update, delete, and staff: list, invite, accept an invitation, remove. */
export const organizationHandlers: OperationHandlers = {
  createOrganization: async (ctx) => {
    const org = await ctx.services.organizations.create(ctx.state.auth, ctx.state.input.body as OrganizationCreateInput);
    sendData(ctx, org, 201);
  },
  getOrganization: async (ctx) => {
    sendData(ctx, await ctx.services.organizations.get(ctx.state.auth, ctx.state.input.params.id!));
  },
  updateOrganization: async (ctx) => {
    const { params, body } = ctx.state.input;
    sendData(ctx, await ctx.services.organizations.update(ctx.state.auth, params.id!, body as OrganizationUpdateInput));
  },
  deleteOrganization: async (ctx) => {
    await ctx.services.organizations.delete(ctx.state.auth, ctx.state.input.params.id!);
    sendNoContent(ctx);
  },
  listStaff: async (ctx) => {
    const { params, query } = ctx.state.input;
    const page = await ctx.services.organizations.listStaff(ctx.state.auth, params.id!, query as unknown as PageQuery);
    sendList(ctx, page.items, page.pagination);
  },
  inviteStaff: async (ctx) => {
    const { params, body } = ctx.state.input;
    sendData(ctx, await ctx.services.staff.invite(ctx.state.auth, params.id!, body as StaffInviteInput), 201);
  },
  acceptStaffInvitation: async (ctx) => {
    const { params } = ctx.state.input;
    sendData(ctx, await ctx.services.staff.accept(ctx.state.auth, params.id!, params.token!));
  },
  removeStaff: async (ctx) => {
    const { params } = ctx.state.input;
    await ctx.services.staff.remove(ctx.state.auth, params.id!, params.staffId!);
    sendNoContent(ctx);
  },
};
