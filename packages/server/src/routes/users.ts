import type { OperationHandlers } from '../http/operation';
import { ok } from '../http/reply';

/** User profile operations: the caller's own profile (get, update) and public profiles by username. */
export const userHandlers: OperationHandlers = {
  getMe: async (ctx) => ok(await ctx.services.users.getOwnProfile(ctx.state.auth)),
  updateMe: async (ctx, { body }) => ok(await ctx.services.users.updateOwnProfile(ctx.state.auth, body)),
  getUserProfile: async (ctx, { params }) => ok(await ctx.services.users.getPublicProfile(params.username)),
};
