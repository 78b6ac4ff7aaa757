import type { OperationHandlers } from '../http/operation';
import { noContent, ok } from '../http/reply';

/** User profile operations: the caller's own profile (get, update, delete) and public profiles by username. */
export const userHandlers: OperationHandlers = {
  getMe: async (ctx) => ok(await ctx.services.users.getOwnProfile(ctx.state.auth)),
  updateMe: async (ctx, { body }) => ok(await ctx.services.users.updateOwnProfile(ctx.state.auth, body)),
  deleteMe: async (ctx, { body }) => {
    await ctx.services.accountDeletion.deleteOwnAccount(ctx.state.auth, body.password);
    return noContent();
  },
  getUserProfile: async (ctx, { params }) => ok(await ctx.services.users.getPublicProfile(params.username)),
};
