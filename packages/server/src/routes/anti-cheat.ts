import type { OperationHandlers, ReplyHeaders } from '../http/operation';
import { created, NO_STORE, noContent, listed, ok } from '../http/reply';
import { readBoundedBody } from '../services/anti-cheat/bounded-body';
import type { EvidenceDownload } from '../services/anti-cheat/evidence-download';
import type { AntiCheatWriteOptions, AntiCheatWriteResult } from '../services/anti-cheat/idempotent-write';
import { apiRoot } from './api-root';
import { REPLAYED_HEADER } from './matches';

/** The Idempotency-Key header of the request, if sent (validated by the router: 1..255 characters; R12.19). */
function writeOptions(headers: { 'idempotency-key'?: string }): AntiCheatWriteOptions {
  const key = headers['idempotency-key'];
  return key === undefined ? {} : { idempotencyKey: key };
}

/** The headers of a write's answer: `extra`, and `Idempotent-Replayed: true` on a replay. */
function writeHeaders(result: AntiCheatWriteResult<unknown>, extra: ReplyHeaders = {}): ReplyHeaders | undefined {
  const headers = result.replayed ? { ...extra, [REPLAYED_HEADER]: 'true' } : extra;
  return Object.keys(headers).length > 0 ? headers : undefined;
}

/**
 * The 200 answer of downloadEvidence (R12.18): the stored bytes with the content type declared at presign (the
 * contract documents the body as any media type, `*\/*`, which renderReply would otherwise set as such), offered as a
 * download that browsers do not sniff and caches do not keep.
 */
function evidenceDownload(file: EvidenceDownload) {
  return {
    status: 200 as const,
    type: file.contentType as '*/*',
    body: Buffer.from(file.bytes.buffer, file.bytes.byteOffset, file.bytes.byteLength),
    headers: {
      'Content-Disposition': `attachment; filename="${file.mediaFileId}"`,
      'X-Content-Type-Options': 'nosniff',
      'Cache-Control': 'private, no-store',
    },
  };
}

/**
 * Anti-cheat operations (R12.1 to R12.22): sessions, detections, verdicts, evidence presign, upload and download,
 * clients. uploadEvidence reads the raw request body itself (the router leaves non-JSON bodies unparsed). Writes honour
 * the Idempotency-Key header (services/anti-cheat/idempotent-write.ts).
 */
export const antiCheatHandlers: OperationHandlers = {
  startAntiCheatSession: async (ctx, { body, headers }) => {
    const result = await ctx.services.antiCheat.startSession(ctx.state.auth, body, writeOptions(headers));
    return created(result.data, writeHeaders(result));
  },
  listAntiCheatSessions: async (ctx, { query }) => listed(await ctx.services.antiCheat.listSessions(ctx.state.auth, query)),
  getAntiCheatSession: async (ctx, { params }) => ok(await ctx.services.antiCheat.getSession(ctx.state.auth, params.sessionId)),
  endAntiCheatSession: async (ctx, { params, body }) =>
    ok(await ctx.services.antiCheat.endSession(ctx.state.auth, params.sessionId, body?.reason)),
  raiseDetection: async (ctx, { params, body, headers }) => {
    const result = await ctx.services.antiCheat.raiseDetection(ctx.state.auth, params.sessionId, body, writeOptions(headers));
    return created(result.data, writeHeaders(result));
  },
  listDetections: async (ctx, { query }) => listed(await ctx.services.antiCheat.listDetections(ctx.state.auth, query)),
  getDetection: async (ctx, { params }) => ok(await ctx.services.antiCheat.getDetection(ctx.state.auth, params.id)),
  recordDetectionVerdict: async (ctx, { params, body, headers }) => {
    const result = await ctx.services.antiCheat.recordVerdict(ctx.state.auth, params.id, body, writeOptions(headers));
    return ok(result.data, writeHeaders(result));
  },
  presignEvidenceUpload: async (ctx, { body, headers }) => {
    const result = await ctx.services.antiCheat.presignEvidence(ctx.state.auth, body, apiRoot(ctx), writeOptions(headers));
    return created(result.data, writeHeaders(result, NO_STORE));
  },
  downloadEvidence: async (ctx, { params }) => {
    const file = await ctx.services.antiCheat.downloadEvidence(ctx.state.auth, params.mediaFileId);
    // The bytes as stored: koa-compress (http/compression.ts) leaves them alone, so Content-Length is their size.
    (ctx as typeof ctx & { compress?: boolean }).compress = false;
    return evidenceDownload(file);
  },
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
  enrollAntiCheatClient: async (ctx, { body, headers }) => {
    const result = await ctx.services.antiCheat.enrollClient(ctx.state.auth, body, writeOptions(headers));
    return created(result.data, writeHeaders(result));
  },
  listAntiCheatClients: async (ctx, { query }) => listed(await ctx.services.antiCheat.listClients(ctx.state.auth, query)),
  revokeAntiCheatClient: async (ctx, { params }) => {
    await ctx.services.antiCheat.revokeClient(ctx.state.auth, params.id);
    return noContent();
  },
};
