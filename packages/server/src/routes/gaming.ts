import type { OperationHandlers } from '../http/operation';
import { noContent, ok } from '../http/reply';

/** Gaming account operations (R14.5, R14.6): link, unlink, profile. */
export const gamingHandlers: OperationHandlers = {
  linkGamingAccount: async (ctx, { params, body }) => ok(await ctx.services.gaming.link(ctx.state.auth, params.platform, body)),
  unlinkGamingAccount: async (ctx, { params }) => {
    await ctx.services.gaming.unlink(ctx.state.auth, params.platform);
    return noContent();
  },
  getGamingProfile: async (ctx) => ok(await ctx.services.gaming.profile(ctx.state.auth)),
};
