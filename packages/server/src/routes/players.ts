import type { OperationHandlers } from '../http/operation';
import { listed } from '../http/reply';

/** Players finding what to play (R26.1, R26.3, R26.4): the public tournament list, and the caller's tournaments and matches. */
export const playerHandlers: OperationHandlers = {
  listPublicTournaments: async (ctx, { query }) => listed(await ctx.services.players.listPublic(query)),
  listMyTournaments: async (ctx, { query }) => listed(await ctx.services.players.myTournaments(ctx.state.auth, query)),
  listMyMatches: async (ctx, { query }) => listed(await ctx.services.players.myMatches(ctx.state.auth, query)),
};
