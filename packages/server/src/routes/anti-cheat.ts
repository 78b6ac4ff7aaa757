import type { ServerResponse } from 'node:http';
import { Readable } from 'node:stream';
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
 * The 200 answer of downloadEvidence (R12.18) to a GET (`withBytes`) or a HEAD: the stored bytes, streamed from
 * storage as the client reads them, with `Content-Length` their stored size and `Content-Type` exactly the type
 * declared at presign (no `; charset=` added: the contract documents the body as any media type, `*\/*`), offered as
 * a download that browsers do not sniff and caches do not keep. The headers ride on a fetch Response body, whose
 * headers Koa copies as they are (renderReply's `ctx.type` would add a charset to text types). A HEAD opens nothing.
 * The stream is destroyed when the response closes for any reason (sent, client gone, body replaced), so storage is
 * never read for no one; a storage failure mid-way cuts the connection and reaches `app.on('error')` (logged).
 */
async function evidenceDownload(ctx: { res: ServerResponse }, file: EvidenceDownload, withBytes: boolean) {
  const opened = withBytes ? await file.open() : null;
  if (opened) ctx.res.once('close', () => opened.stream.destroy());
  const headers = {
    'Content-Type': file.contentType,
    'Content-Length': String(opened?.sizeBytes ?? file.sizeBytes),
    'Content-Disposition': `attachment; filename="${file.mediaFileId}"`,
    'X-Content-Type-Options': 'nosniff',
    'Cache-Control': 'private, no-store',
  };
  return {
    status: 200 as const,
    type: file.contentType as '*/*',
    body: new Response(opened ? (Readable.toWeb(opened.stream) as unknown as BodyInit) : null, { headers }),
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
    return evidenceDownload(ctx, file, ctx.method !== 'HEAD');
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
