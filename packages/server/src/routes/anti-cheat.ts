import type { OperationHandlers } from '../http/operation';
import { created, NO_STORE, noContent, listed, ok } from '../http/reply';
import { readBoundedBody } from '../services/anti-cheat/bounded-body';
import { apiRoot } from './api-root';

/**
 * Anti-cheat operations (R12.1 to R12.15): sessions, detections, verdicts, evidence presign and upload,
 * clients. uploadEvidence reads the raw request body itself (the router leaves non-JSON bodies unparsed).
 */
export const antiCheatHandlers: OperationHandlers = {
  startAntiCheatSession: async (ctx, { body }) => created(await ctx.services.antiCheat.startSession(ctx.state.auth, body)),
  getAntiCheatSession: async (ctx, { params }) => ok(await ctx.services.antiCheat.getSession(ctx.state.auth, params.sessionId)),
  endAntiCheatSession: async (ctx, { params, body }) =>
    ok(await ctx.services.antiCheat.endSession(ctx.state.auth, params.sessionId, body?.reason)),
  raiseDetection: async (ctx, { params, body }) =>
    created(await ctx.services.antiCheat.raiseDetection(ctx.state.auth, params.sessionId, body)),
  listDetections: async (ctx, { query }) => listed(await ctx.services.antiCheat.listDetections(ctx.state.auth, query)),
  getDetection: async (ctx, { params }) => ok(await ctx.services.antiCheat.getDetection(ctx.state.auth, params.id)),
  recordDetectionVerdict: async (ctx, { params, body }) =>
    ok(await ctx.services.antiCheat.recordVerdict(ctx.state.auth, params.id, body)),
  presignEvidenceUpload: async (ctx, { body }) =>
    created(await ctx.services.antiCheat.presignEvidence(ctx.state.auth, body, apiRoot(ctx)), NO_STORE),
  uploadEvidence: async (ctx, { params, query }) =>
    ok(
      await ctx.services.antiCheat.uploadEvidence({
        mediaFileId: params.mediaFileId,
        expires: query.expires,
        signature: query.signature,
        contentType: ctx.get('content-type') || undefined,
        contentLength: ctx.get('content-length') === '' ? undefined : ctx.request.length,
        readBody: (limit) => readBoundedBody(ctx.req, limit),
      }),
    ),
  enrollAntiCheatClient: async (ctx, { body }) => created(await ctx.services.antiCheat.enrollClient(ctx.state.auth, body)),
  listAntiCheatClients: async (ctx, { query }) => listed(await ctx.services.antiCheat.listClients(ctx.state.auth, query)),
  revokeAntiCheatClient: async (ctx, { params }) => {
    await ctx.services.antiCheat.revokeClient(ctx.state.auth, params.id);
    return noContent();
  },
};
