import type { OperationHandlers } from '../http/operation';
import { sendData } from '../http/respond';

/** Analytics operations (R17.1 to R17.3): tournament and circuit analytics. */
export const analyticsHandlers: OperationHandlers = {
  getTournamentAnalytics: async (ctx) => {
    sendData(ctx, await ctx.services.analytics.getTournamentAnalytics(ctx.state.auth, ctx.state.input.params.id!));
  },
  getCircuitAnalytics: async (ctx) => {
    sendData(ctx, await ctx.services.analytics.getCircuitAnalytics(ctx.state.auth, ctx.state.input.params.id!));
  },
};
