import type { OperationHandlers } from '../http/operation';
import { listed, noContent, ok } from '../http/reply';

/** Participant operations (R6.4 to R6.7): list, get, update (seed, status), remove / disqualify. */
export const participantHandlers: OperationHandlers = {
  listParticipants: async (ctx, { params, query }) => listed(await ctx.services.participants.list(ctx.state.auth, params.id, query)),
  getParticipant: async (ctx, { params }) => ok(await ctx.services.participants.get(ctx.state.auth, params.id, params.pid)),
  updateParticipant: async (ctx, { params, body }) =>
    ok(await ctx.services.participants.update(ctx.state.auth, params.id, params.pid, body)),
  removeParticipant: async (ctx, { params }) => {
    await ctx.services.participants.remove(ctx.state.auth, params.id, params.pid);
    return noContent();
  },
};
