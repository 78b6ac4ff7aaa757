import type { OperationHandlers } from '../http/operation';
import { sendData, sendList } from '../http/respond';
import type {
  CircuitCreateInput,
  CircuitListQuery,
  CircuitTournamentsQuery,
  CircuitUpdateInput,
  SeasonCreateInput,
  StandingsQuery,
} from '../services/circuits/api-types';
import type { PageQuery } from '../db/page-query';

/**
 * Circuit operations (R9.1 to R9.19): public list and details, CRUD, seasons, classification, standings and the season
 * lifecycle. getCircuitAnalytics lives in routes/analytics.ts.
 */
export const circuitHandlers: OperationHandlers = {
  listActiveCircuitsPublic: async (ctx) => {
    const page = await ctx.services.circuits.listPublicActive(ctx.state.input.query as unknown as PageQuery);
    sendList(ctx, page.items, page.pagination);
  },
  getCircuitPublic: async (ctx) => {
    sendData(ctx, await ctx.services.circuits.getPublic(ctx.state.input.params.id!));
  },
  listCircuits: async (ctx) => {
    const page = await ctx.services.circuits.list(ctx.state.auth, ctx.state.input.query as unknown as CircuitListQuery);
    sendList(ctx, page.items, page.pagination);
  },
  createCircuit: async (ctx) => {
    sendData(ctx, await ctx.services.circuits.create(ctx.state.auth, ctx.state.input.body as CircuitCreateInput), 201);
  },
  getCircuit: async (ctx) => {
    sendData(ctx, await ctx.services.circuits.get(ctx.state.auth, ctx.state.input.params.id!));
  },
  updateCircuit: async (ctx) => {
    const { params, body } = ctx.state.input;
    sendData(ctx, await ctx.services.circuits.update(ctx.state.auth, params.id!, body as CircuitUpdateInput));
  },
  getCircuitStandings: async (ctx) => {
    const { params, query } = ctx.state.input;
    const page = await ctx.services.circuits.getStandings(ctx.state.auth, params.id!, query as unknown as StandingsQuery);
    sendList(ctx, page.items, page.pagination);
  },
  createCircuitSeason: async (ctx) => {
    const { params, body } = ctx.state.input;
    sendData(ctx, await ctx.services.circuits.createSeason(ctx.state.auth, params.id!, body as SeasonCreateInput), 201);
  },
  getCircuitSeason: async (ctx) => {
    const { params } = ctx.state.input;
    sendData(ctx, await ctx.services.circuits.getSeason(ctx.state.auth, params.id!, params.sid!));
  },
  listCircuitTournaments: async (ctx) => {
    const { params, query } = ctx.state.input;
    const page = await ctx.services.circuits.listTournaments(ctx.state.auth, params.id!, query as unknown as CircuitTournamentsQuery);
    sendList(ctx, page.items, page.pagination);
  },
  classifyTournament: async (ctx) => {
    const { params, body } = ctx.state.input;
    const input = body as { pointMultiplier?: number } | undefined;
    sendData(ctx, await ctx.services.circuits.classify(ctx.state.auth, params.id!, params.tid!, input));
  },
  startCircuitSeason: async (ctx) => {
    const { params, body } = ctx.state.input;
    sendData(ctx, await ctx.services.circuits.startSeason(ctx.state.auth, params.id!, body as { seasonId?: string } | undefined));
  },
  completeCircuitSeason: async (ctx) => {
    sendData(ctx, await ctx.services.circuits.completeSeason(ctx.state.auth, ctx.state.input.params.id!));
  },
};
