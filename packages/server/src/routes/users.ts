import type { OperationHandlers } from '../http/operation';
import { sendData } from '../http/respond';
import type { UpdateMeInput } from '../services/users/user-service';

/** User profile operations: the caller's own profile (get, update) and public profiles by username. */
export const userHandlers: OperationHandlers = {
  getMe: async (ctx) => sendData(ctx, await ctx.services.users.getOwnProfile(ctx.state.auth)),
  updateMe: async (ctx) => sendData(ctx, await ctx.services.users.updateOwnProfile(ctx.state.auth, ctx.state.input.body as UpdateMeInput)),
  getUserProfile: async (ctx) => sendData(ctx, await ctx.services.users.getPublicProfile(ctx.state.input.params.username!)),
};
