import type { OperationHandlers } from '../http/operation';
import { sendData } from '../http/respond';
import type { ReportInput } from '../services/match-service';

/**
 * Match operations (spec 4.4): getMatch and the result workflow start, report, confirm. disputeMatchResult,
 * addMatchEvidence and resolveMatch are a later issue (501 until then).
 */
export const matchHandlers: OperationHandlers = {
  getMatch: async (ctx) => {
    sendData(ctx, await ctx.services.matches.get(ctx.state.auth, ctx.state.input.params.id!));
  },
  startMatch: async (ctx) => {
    sendData(ctx, await ctx.services.matches.start(ctx.state.auth, ctx.state.input.params.id!));
  },
  reportMatchResult: async (ctx) => {
    const { params, body } = ctx.state.input;
    sendData(ctx, await ctx.services.matches.report(ctx.state.auth, params.id!, body as ReportInput));
  },
  confirmMatchResult: async (ctx) => {
    sendData(ctx, await ctx.services.matches.confirm(ctx.state.auth, ctx.state.input.params.id!));
  },
};
