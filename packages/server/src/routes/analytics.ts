import type { OperationHandlers } from '../http/operation';
import { ok } from '../http/reply';

/** Analytics operations (R17.1 to R17.3): tournament and circuit analytics. */
export const analyticsHandlers: OperationHandlers = {
  getTournamentAnalytics: async (ctx, { params }) => ok(await ctx.services.analytics.getTournamentAnalytics(ctx.state.auth, params.id)),
  getCircuitAnalytics: async (ctx, { params }) => ok(await ctx.services.analytics.getCircuitAnalytics(ctx.state.auth, params.id)),
};
