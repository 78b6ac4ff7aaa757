import type { ApiContext, OperationHandlers } from '../http/operation';
import { sendData } from '../http/respond';
import type {
  DisputeInput,
  EvidenceInput,
  MatchWriteOptions,
  MatchWriteResult,
  ReportInput,
  RescheduleInput,
  ResolveInput,
} from '../services/matches/match-service';
import type { CorrectionInput } from '../services/matches/result-correction';

/** Header telling a client that the answer is the stored one of an earlier request with the same Idempotency-Key. */
export const REPLAYED_HEADER = 'Idempotent-Replayed';

/** The Idempotency-Key header of the request, if sent (validated by the router: 1..255 characters). */
function writeOptions(ctx: ApiContext): MatchWriteOptions {
  const key = ctx.state.input.headers['idempotency-key'];
  return key === undefined ? {} : { idempotencyKey: key };
}

/** Sends a match write's answer: its status and envelope, with `Idempotent-Replayed: true` on a replay. */
function sendWrite(ctx: ApiContext, result: MatchWriteResult<unknown>): void {
  if (result.replayed) ctx.set(REPLAYED_HEADER, 'true');
  ctx.status = result.status;
  ctx.body = result.body;
}

/**
 * Match operations (spec 4.4, issue 4): getMatch and the workflow start, report, confirm, dispute, evidence,
 * resolve, plus correctMatchResult and rescheduleMatch. Writes honour the Idempotency-Key header
 * (services/matches/idempotency.ts).
 */
export const matchHandlers: OperationHandlers = {
  getMatch: async (ctx) => {
    sendData(ctx, await ctx.services.matches.get(ctx.state.auth, ctx.state.input.params.id!));
  },
  startMatch: async (ctx) => {
    sendWrite(ctx, await ctx.services.matches.start(ctx.state.auth, ctx.state.input.params.id!));
  },
  reportMatchResult: async (ctx) => {
    const { params, body } = ctx.state.input;
    sendWrite(ctx, await ctx.services.matches.report(ctx.state.auth, params.id!, body as ReportInput, writeOptions(ctx)));
  },
  confirmMatchResult: async (ctx) => {
    sendWrite(ctx, await ctx.services.matches.confirm(ctx.state.auth, ctx.state.input.params.id!, writeOptions(ctx)));
  },
  disputeMatchResult: async (ctx) => {
    const { params, body } = ctx.state.input;
    sendWrite(ctx, await ctx.services.matches.dispute(ctx.state.auth, params.id!, body as DisputeInput, writeOptions(ctx)));
  },
  addMatchEvidence: async (ctx) => {
    const { params, body } = ctx.state.input;
    sendWrite(ctx, await ctx.services.matches.addEvidence(ctx.state.auth, params.id!, body as EvidenceInput, writeOptions(ctx)));
  },
  resolveMatch: async (ctx) => {
    const { params, body } = ctx.state.input;
    sendWrite(ctx, await ctx.services.matches.resolve(ctx.state.auth, params.id!, body as ResolveInput, writeOptions(ctx)));
  },
  correctMatchResult: async (ctx) => {
    const { params, body } = ctx.state.input;
    sendWrite(ctx, await ctx.services.matches.correct(ctx.state.auth, params.id!, body as CorrectionInput, writeOptions(ctx)));
  },
  rescheduleMatch: async (ctx) => {
    const { params, body } = ctx.state.input;
    sendWrite(ctx, await ctx.services.matches.reschedule(ctx.state.auth, params.id!, body as RescheduleInput));
  },
};
