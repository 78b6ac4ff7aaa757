import type { OperationHandlers } from '../http/operation';
import { sendData, sendList, sendNoContent } from '../http/respond';
import type { ParticipantListQuery, ParticipantUpdateInput } from '../services/participants/participant-service';

/** Participant operations (spec 4.3): list, get, update (seed, status), remove / disqualify. */
export const participantHandlers: OperationHandlers = {
  listParticipants: async (ctx) => {
    const { params, query } = ctx.state.input;
    const page = await ctx.services.participants.list(ctx.state.auth, params.id!, query as unknown as ParticipantListQuery);
    sendList(ctx, page.items, page.pagination);
  },
  getParticipant: async (ctx) => {
    const { params } = ctx.state.input;
    sendData(ctx, await ctx.services.participants.get(ctx.state.auth, params.id!, params.pid!));
  },
  updateParticipant: async (ctx) => {
    const { params, body } = ctx.state.input;
    sendData(ctx, await ctx.services.participants.update(ctx.state.auth, params.id!, params.pid!, body as ParticipantUpdateInput));
  },
  removeParticipant: async (ctx) => {
    const { params } = ctx.state.input;
    await ctx.services.participants.remove(ctx.state.auth, params.id!, params.pid!);
    sendNoContent(ctx);
  },
};
