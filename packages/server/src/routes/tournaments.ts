import type { OperationHandlers } from '../http/operation';
import { created, listed, noContent, ok } from '../http/reply';

/**
 * Tournament operations (R5.1 to R5.17, R6.1 to R6.3): CRUD, copy (cloneTournament), list, lifecycle (publish, registration open/close, start),
 * stages, the draw and stage seeding (R23.3, R23.4), bracket, schedule, and participate / check-in / withdraw (R6.12). getTournamentAnalytics lives in routes/analytics.ts.
 */
export const tournamentHandlers: OperationHandlers = {
  createTournament: async (ctx, { body }) => created(await ctx.services.tournaments.create(ctx.state.auth, body)),
  cloneTournament: async (ctx, { params, body }) => created(await ctx.services.tournaments.clone(ctx.state.auth, params.id, body)),
  getTournament: async (ctx, { params }) => ok(await ctx.services.tournaments.get(ctx.state.auth, params.id)),
  updateTournament: async (ctx, { params, body }) => ok(await ctx.services.tournaments.update(ctx.state.auth, params.id, body)),
  deleteTournament: async (ctx, { params }) => {
    await ctx.services.tournaments.remove(ctx.state.auth, params.id);
    return noContent();
  },
  listTournaments: async (ctx, { query }) => listed(await ctx.services.tournaments.list(ctx.state.auth, query)),
  publishTournament: async (ctx, { params }) => ok(await ctx.services.tournaments.publish(ctx.state.auth, params.id)),
  openRegistration: async (ctx, { params }) => ok(await ctx.services.tournaments.openRegistration(ctx.state.auth, params.id)),
  closeRegistration: async (ctx, { params }) => ok(await ctx.services.tournaments.closeRegistration(ctx.state.auth, params.id)),
  startTournament: async (ctx, { params }) => ok(await ctx.services.tournaments.start(ctx.state.auth, params.id)),
  listTournamentStages: async (ctx, { params, query }) => listed(await ctx.services.tournaments.listStages(ctx.state.auth, params.id, query)),
  getStageGroups: async (ctx, { params }) => ok(await ctx.services.stageDraw.getGroups(ctx.state.auth, params.id, params.stageNumber)),
  setStageGroups: async (ctx, { params, body }) => ok(await ctx.services.stageDraw.setGroups(ctx.state.auth, params.id, params.stageNumber, body)),
  setStageSeeding: async (ctx, { params, body }) => ok(await ctx.services.stageDraw.setSeeding(ctx.state.auth, params.id, params.stageNumber, body)),
  getTournamentBracket: async (ctx, { params }) => ok(await ctx.services.tournaments.getBracket(ctx.state.auth, params.id)),
  getTournamentSchedule: async (ctx, { params, query }) =>
    listed(await ctx.services.tournaments.getSchedule(ctx.state.auth, params.id, query)),
  participateInTournament: async (ctx, { params, body }) =>
    created(await ctx.services.participants.participate(ctx.state.auth, params.id, body)),
  checkInToTournament: async (ctx, { params }) => ok(await ctx.services.participants.checkIn(ctx.state.auth, params.id)),
  withdrawFromTournament: async (ctx, { params }) => ok(await ctx.services.participants.withdraw(ctx.state.auth, params.id)),
};
