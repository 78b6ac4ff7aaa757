import type { OperationHandlers } from '../http/operation';
import { ok } from '../http/reply';

/** Analytics operations (spec 4.2, 4.5, "Key (read:analytics)"): tournament and circuit analytics. */
export const analyticsHandlers: OperationHandlers = {
  getTournamentAnalytics: async (ctx, { params }) => ok(await ctx.services.analytics.getTournamentAnalytics(ctx.state.auth, params.id)),
  getCircuitAnalytics: async (ctx, { params }) => ok(await ctx.services.analytics.getCircuitAnalytics(ctx.state.auth, params.id)),
};
