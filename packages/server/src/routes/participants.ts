import type { OperationHandlers } from '../http/operation';
import { created, csvDownload, listed, noContent, ok } from '../http/reply';

/**
 * Participant operations (R6.4 to R6.7): list, get, update (seed, status), remove / disqualify; the organizer's
 * roster (R24.1 to R24.8): add, CSV import and export, bulk seeds, shuffle, bracket preview.
 */
export const participantHandlers: OperationHandlers = {
  addParticipant: async (ctx, { params, body }) => created(await ctx.services.roster.add(ctx.state.auth, params.id, body)),
  importParticipants: async (ctx, { params, body }) => created(await ctx.services.roster.importCsv(ctx.state.auth, params.id, body.csv)),
  exportParticipants: async (ctx, { params }) => csvDownload(await ctx.services.roster.exportCsv(ctx.state.auth, params.id), 'participants.csv'),
  setParticipantSeeds: async (ctx, { params, body }) => ok(await ctx.services.roster.setSeeds(ctx.state.auth, params.id, body)),
  shuffleParticipantSeeds: async (ctx, { params }) => ok(await ctx.services.roster.shuffleSeeds(ctx.state.auth, params.id)),
  previewTournamentBracket: async (ctx, { params }) => ok(await ctx.services.roster.previewBracket(ctx.state.auth, params.id)),
  listParticipants: async (ctx, { params, query }) => listed(await ctx.services.participants.list(ctx.state.auth, params.id, query)),
  getParticipant: async (ctx, { params }) => ok(await ctx.services.participants.get(ctx.state.auth, params.id, params.pid)),
  updateParticipant: async (ctx, { params, body }) =>
    ok(await ctx.services.participants.update(ctx.state.auth, params.id, params.pid, body)),
  removeParticipant: async (ctx, { params }) => {
    await ctx.services.participants.remove(ctx.state.auth, params.id, params.pid);
    return noContent();
  },
};
