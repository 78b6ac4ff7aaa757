import type { ApiContext, OperationHandlers } from '../http/operation';
import { sendData, sendList, sendNoContent } from '../http/respond';
import { API_PREFIX } from '../http/router';
import { readBoundedBody } from '../services/anti-cheat/bounded-body';
import type {
  AntiCheatClientEnrollInput,
  AntiCheatClientListQuery,
  AntiCheatSessionStartInput,
  DetectionListQuery,
  DetectionRaiseInput,
  DetectionVerdictInput,
  EvidencePresignInput,
} from '../services/anti-cheat/types';

/** The public API root for links: config.publicUrl, else this request's origin plus /api/v1 (proxy-aware). */
function apiRoot(ctx: ApiContext): string {
  return ctx.deps.config.publicUrl ?? `${ctx.protocol}://${ctx.host}${API_PREFIX}`;
}

/**
 * Anti-cheat operations (R12.1 to R12.15): sessions, detections, verdicts, evidence presign and upload,
 * clients. uploadEvidence reads the raw request body itself (the router leaves non-JSON bodies unparsed).
 */
export const antiCheatHandlers: OperationHandlers = {
  startAntiCheatSession: async (ctx) => {
    const started = await ctx.services.antiCheat.startSession(ctx.state.auth, ctx.state.input.body as AntiCheatSessionStartInput);
    sendData(ctx, started, 201);
  },
  getAntiCheatSession: async (ctx) => {
    sendData(ctx, await ctx.services.antiCheat.getSession(ctx.state.auth, ctx.state.input.params.sessionId!));
  },
  endAntiCheatSession: async (ctx) => {
    const body = ctx.state.input.body as { reason?: string } | undefined;
    sendData(ctx, await ctx.services.antiCheat.endSession(ctx.state.auth, ctx.state.input.params.sessionId!, body?.reason));
  },
  raiseDetection: async (ctx) => {
    const detection = await ctx.services.antiCheat.raiseDetection(
      ctx.state.auth,
      ctx.state.input.params.sessionId!,
      ctx.state.input.body as DetectionRaiseInput,
    );
    sendData(ctx, detection, 201);
  },
  listDetections: async (ctx) => {
    sendData(ctx, await ctx.services.antiCheat.listDetections(ctx.state.auth, ctx.state.input.query as unknown as DetectionListQuery));
  },
  recordDetectionVerdict: async (ctx) => {
    const detection = await ctx.services.antiCheat.recordVerdict(
      ctx.state.auth,
      ctx.state.input.params.id!,
      ctx.state.input.body as DetectionVerdictInput,
    );
    sendData(ctx, detection);
  },
  presignEvidenceUpload: async (ctx) => {
    const presigned = await ctx.services.antiCheat.presignEvidence(ctx.state.auth, ctx.state.input.body as EvidencePresignInput, apiRoot(ctx));
    ctx.set('Cache-Control', 'no-store');
    sendData(ctx, presigned, 201);
  },
  uploadEvidence: async (ctx) => {
    const { params, query } = ctx.state.input;
    const uploaded = await ctx.services.antiCheat.uploadEvidence({
      mediaFileId: params.mediaFileId!,
      expires: query.expires as number,
      signature: query.signature as string,
      contentType: ctx.get('content-type') || undefined,
      contentLength: ctx.get('content-length') === '' ? undefined : ctx.request.length,
      readBody: (limit) => readBoundedBody(ctx.req, limit),
    });
    sendData(ctx, uploaded);
  },
  enrollAntiCheatClient: async (ctx) => {
    sendData(ctx, await ctx.services.antiCheat.enrollClient(ctx.state.auth, ctx.state.input.body as AntiCheatClientEnrollInput), 201);
  },
  listAntiCheatClients: async (ctx) => {
    const page = await ctx.services.antiCheat.listClients(ctx.state.auth, ctx.state.input.query as unknown as AntiCheatClientListQuery);
    sendList(ctx, page.items, page.pagination);
  },
  revokeAntiCheatClient: async (ctx) => {
    await ctx.services.antiCheat.revokeClient(ctx.state.auth, ctx.state.input.params.id!);
    sendNoContent(ctx);
  },
};
