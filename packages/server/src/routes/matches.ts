import type { OperationHandlers } from '../http/operation';
import { ok } from '../http/reply';
import type { MatchWriteOptions, MatchWriteResult } from '../services/matches/match-service';

/** Header telling a client that the answer is the stored one of an earlier request with the same Idempotency-Key. */
export const REPLAYED_HEADER = 'Idempotent-Replayed';

/** The Idempotency-Key header of the request, if sent (validated by the router: 1..255 characters). */
function writeOptions(headers: { 'idempotency-key'?: string }): MatchWriteOptions {
  const key = headers['idempotency-key'];
  return key === undefined ? {} : { idempotencyKey: key };
}

/** The reply of a match write: 200 with its data, and `Idempotent-Replayed: true` on a replay. */
function writeReply<T>(result: MatchWriteResult<T>) {
  return ok(result.data, result.replayed ? { [REPLAYED_HEADER]: 'true' } : undefined);
}

/**
 * Match operations (R8.1 to R8.23): getMatch and the workflow start, report, confirm, dispute, evidence,
 * resolve, plus correctMatchResult and rescheduleMatch. Writes honour the Idempotency-Key header
 * (services/matches/idempotency.ts).
 */
export const matchHandlers: OperationHandlers = {
  getMatch: async (ctx, { params }) => ok(await ctx.services.matches.get(ctx.state.auth, params.id)),
  startMatch: async (ctx, { params }) => writeReply(await ctx.services.matches.start(ctx.state.auth, params.id)),
  reportMatchResult: async (ctx, { params, body, headers }) =>
    writeReply(await ctx.services.matches.report(ctx.state.auth, params.id, body, writeOptions(headers))),
  confirmMatchResult: async (ctx, { params, headers }) =>
    writeReply(await ctx.services.matches.confirm(ctx.state.auth, params.id, writeOptions(headers))),
  disputeMatchResult: async (ctx, { params, body, headers }) =>
    writeReply(await ctx.services.matches.dispute(ctx.state.auth, params.id, body, writeOptions(headers))),
  addMatchEvidence: async (ctx, { params, body, headers }) =>
    writeReply(await ctx.services.matches.addEvidence(ctx.state.auth, params.id, body, writeOptions(headers))),
  resolveMatch: async (ctx, { params, body, headers }) =>
    writeReply(await ctx.services.matches.resolve(ctx.state.auth, params.id, body, writeOptions(headers))),
  correctMatchResult: async (ctx, { params, body, headers }) =>
    writeReply(await ctx.services.matches.correct(ctx.state.auth, params.id, body, writeOptions(headers))),
  rescheduleMatch: async (ctx, { params, body }) => writeReply(await ctx.services.matches.reschedule(ctx.state.auth, params.id, body)),
};
