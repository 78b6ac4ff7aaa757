import type { OperationHandlers } from '../http/operation';
import { sendData } from '../http/respond';

/** User profile operations implemented so far: getMe (the caller's own profile). */
export const userHandlers: OperationHandlers = {
  getMe: async (ctx) => sendData(ctx, await ctx.services.users.getOwnProfile(ctx.state.auth)),
};
