import type { OperationHandlers } from '../http/operation';
import { sendData, sendNoContent } from '../http/respond';
import type { LinkGamingAccountInput } from '../services/gaming/gaming-service';
import type { GamingPlatform } from '../services/gaming/platforms';

/** Gaming account operations (spec 4.6): link, unlink, profile. */
export const gamingHandlers: OperationHandlers = {
  linkGamingAccount: async (ctx) => {
    const { params, body } = ctx.state.input;
    sendData(ctx, await ctx.services.gaming.link(ctx.state.auth, params.platform as GamingPlatform, body as LinkGamingAccountInput));
  },
  unlinkGamingAccount: async (ctx) => {
    await ctx.services.gaming.unlink(ctx.state.auth, ctx.state.input.params.platform as GamingPlatform);
    sendNoContent(ctx);
  },
  getGamingProfile: async (ctx) => sendData(ctx, await ctx.services.gaming.profile(ctx.state.auth)),
};
