import type { OperationHandlers } from '../http/operation';
import { created, listed, noContent, ok } from '../http/reply';

/**
 * Circuit operations (R9.1 to R9.19): public list, details and standings, CRUD, seasons (and their corrections),
 * classification and its removal, standings and the season lifecycle. getCircuitAnalytics lives in routes/analytics.ts.
 */
export const circuitHandlers: OperationHandlers = {
  listActiveCircuitsPublic: async (ctx, { query }) => listed(await ctx.services.circuits.listPublicActive(query)),
  getCircuitPublic: async (ctx, { params }) => ok(await ctx.services.circuits.getPublic(params.id)),
  listPublicCircuitStandings: async (ctx, { params, query }) => listed(await ctx.services.circuits.getPublicStandings(params.id, query)),
  listCircuits: async (ctx, { query }) => listed(await ctx.services.circuits.list(ctx.state.auth, query)),
  createCircuit: async (ctx, { body }) => created(await ctx.services.circuits.create(ctx.state.auth, body)),
  getCircuit: async (ctx, { params }) => ok(await ctx.services.circuits.get(ctx.state.auth, params.id)),
  updateCircuit: async (ctx, { params, body }) => ok(await ctx.services.circuits.update(ctx.state.auth, params.id, body)),
  deleteCircuit: async (ctx, { params }) => {
    await ctx.services.circuits.remove(ctx.state.auth, params.id);
    return noContent();
  },
  getCircuitStandings: async (ctx, { params, query }) => listed(await ctx.services.circuits.getStandings(ctx.state.auth, params.id, query)),
  createCircuitSeason: async (ctx, { params, body }) => created(await ctx.services.circuits.createSeason(ctx.state.auth, params.id, body)),
  getCircuitSeason: async (ctx, { params }) => ok(await ctx.services.circuits.getSeason(ctx.state.auth, params.id, params.sid)),
  updateCircuitSeason: async (ctx, { params, body }) => ok(await ctx.services.circuits.updateSeason(ctx.state.auth, params.id, params.sid, body)),
  deleteCircuitSeason: async (ctx, { params }) => {
    await ctx.services.circuits.deleteSeason(ctx.state.auth, params.id, params.sid);
    return noContent();
  },
  listCircuitTournaments: async (ctx, { params, query }) =>
    listed(await ctx.services.circuits.listTournaments(ctx.state.auth, params.id, query)),
  classifyTournament: async (ctx, { params, body }) => ok(await ctx.services.circuits.classify(ctx.state.auth, params.id, params.tid, body)),
  unclassifyTournament: async (ctx, { params }) => {
    await ctx.services.circuits.unclassify(ctx.state.auth, params.id, params.tid);
    return noContent();
  },
  startCircuitSeason: async (ctx, { params, body }) => ok(await ctx.services.circuits.startSeason(ctx.state.auth, params.id, body)),
  completeCircuitSeason: async (ctx, { params }) => ok(await ctx.services.circuits.completeSeason(ctx.state.auth, params.id)),
};
