import type { OperationHandlers } from '../http/operation';
import { sendData, sendList, sendNoContent } from '../http/respond';
import type { ParticipateInput } from '../services/participants/participant-service';
import type { TournamentCreateInput, TournamentUpdateInput } from '../services/tournaments/api-types';
import type { ScheduleQuery } from '../services/matches/schedule-query';
import type { TournamentListQuery } from '../services/tournaments/tournament-list-query';

/**
 * Tournament operations (spec 4.2): CRUD, list, lifecycle (publish, registration open/close, start), stages,
 * bracket, schedule, and participate / check-in. getTournamentAnalytics is a later issue (501).
 */
export const tournamentHandlers: OperationHandlers = {
  createTournament: async (ctx) => {
    sendData(ctx, await ctx.services.tournaments.create(ctx.state.auth, ctx.state.input.body as TournamentCreateInput), 201);
  },
  getTournament: async (ctx) => {
    sendData(ctx, await ctx.services.tournaments.get(ctx.state.auth, ctx.state.input.params.id!));
  },
  updateTournament: async (ctx) => {
    const { params, body } = ctx.state.input;
    sendData(ctx, await ctx.services.tournaments.update(ctx.state.auth, params.id!, body as TournamentUpdateInput));
  },
  deleteTournament: async (ctx) => {
    await ctx.services.tournaments.remove(ctx.state.auth, ctx.state.input.params.id!);
    sendNoContent(ctx);
  },
  listTournaments: async (ctx) => {
    const query = ctx.state.input.query as unknown as TournamentListQuery & { projectId?: string };
    const page = await ctx.services.tournaments.list(ctx.state.auth, query);
    sendList(ctx, page.items, page.pagination);
  },
  publishTournament: async (ctx) => {
    sendData(ctx, await ctx.services.tournaments.publish(ctx.state.auth, ctx.state.input.params.id!));
  },
  openRegistration: async (ctx) => {
    sendData(ctx, await ctx.services.tournaments.openRegistration(ctx.state.auth, ctx.state.input.params.id!));
  },
  closeRegistration: async (ctx) => {
    sendData(ctx, await ctx.services.tournaments.closeRegistration(ctx.state.auth, ctx.state.input.params.id!));
  },
  startTournament: async (ctx) => {
    sendData(ctx, await ctx.services.tournaments.start(ctx.state.auth, ctx.state.input.params.id!));
  },
  listTournamentStages: async (ctx) => {
    sendData(ctx, await ctx.services.tournaments.listStages(ctx.state.auth, ctx.state.input.params.id!));
  },
  getTournamentBracket: async (ctx) => {
    sendData(ctx, await ctx.services.tournaments.getBracket(ctx.state.auth, ctx.state.input.params.id!));
  },
  getTournamentSchedule: async (ctx) => {
    const { params, query } = ctx.state.input;
    const page = await ctx.services.tournaments.getSchedule(ctx.state.auth, params.id!, query as unknown as ScheduleQuery);
    sendList(ctx, page.items, page.pagination);
  },
  participateInTournament: async (ctx) => {
    const { params, body } = ctx.state.input;
    sendData(ctx, await ctx.services.participants.participate(ctx.state.auth, params.id!, body as ParticipateInput | undefined), 201);
  },
  checkInToTournament: async (ctx) => {
    sendData(ctx, await ctx.services.participants.checkIn(ctx.state.auth, ctx.state.input.params.id!));
  },
};
