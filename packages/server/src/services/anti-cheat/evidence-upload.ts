import { createHash } from 'node:crypto';
import { AppError, invalidField, notFound } from '../../errors/app-error';
import type { BoundedBody } from './bounded-body';
import { expiresParam } from './evidence-presign';
import type { AntiCheatContext } from './types';
import type { EvidenceUpload } from '../../contract-types';
import { verifyUploadSignature } from './upload-signature';

/** One PUT to a presigned upload URL, as the route hands it over (raw, unparsed body). */
export interface EvidenceUploadRequest {
  mediaFileId: string;
  /** `expires` query parameter, Unix epoch seconds. */
  expires: number;
  /** `signature` query parameter, lowercase hex. */
  signature: string;
  /** The request's Content-Type header, or undefined. */
  contentType: string | undefined;
  /** The request's Content-Length, or undefined (chunked). */
  contentLength: number | undefined;
  /** Reads the raw body keeping at most `limit` bytes. */
  readBody(limit: number): Promise<BoundedBody>;
}

/** The media type of a Content-Type header without parameters, lower-cased (`image/png; x=y` -> `image/png`). */
const mediaType = (header: string | undefined): string => (header ?? '').split(';')[0]!.trim().toLowerCase();

/**
 * Stores the bytes of a presigned upload (R12.11, R12.12). Every check runs before
 * anything is stored, and a refused upload stores nothing: 404 unknown media file; 403 FORBIDDEN when the signature
 * does not match the URL (tampered query, or a URL signed with another secret); 409 CONFLICT when already uploaded;
 * 410 UPLOAD_URL_EXPIRED from the expiry on (injected clock); 415 UNSUPPORTED_MEDIA_TYPE when Content-Type is not the
 * declared type; 400 VALIDATION_ERROR when the length (header or body) is not sizeBytes or the SHA-256 of the body is
 * not sha256. Then the bytes go to the storage driver and the media file is marked uploaded, which counts it in the
 * evidenceCount of its session and detections. When the reservation was deleted meanwhile (its URL expired while the
 * body arrived and a presign purged it, R12.21) the stored bytes are deleted again and the answer is 410.
 */
export async function uploadEvidence(ctx: AntiCheatContext, request: EvidenceUploadRequest): Promise<EvidenceUpload> {
  const { db, clock } = ctx.deps;
  const file = await db.selectFrom('anti_cheat_media_files').selectAll().where('id', '=', request.mediaFileId.toLowerCase()).executeTakeFirst();
  if (!file) throw notFound('media file');
  const expiresAtMs = Date.parse(file.expires_at);
  const signed = {
    method: 'PUT',
    key: file.storage_key,
    contentType: file.content_type,
    sizeBytes: file.size_bytes,
    sha256: file.sha256,
    expires: request.expires,
  };
  if (request.expires !== expiresParam(expiresAtMs) || !verifyUploadSignature(ctx.presignSecret, signed, request.signature)) {
    throw new AppError('FORBIDDEN', 'the upload URL signature does not match (the query was changed, or the URL was issued before a server restart without TOURNEY_PRESIGN_SECRET); request a new URL');
  }
  if (file.status !== 'PENDING') throw new AppError('CONFLICT', `media file ${file.id} was already uploaded; a presigned URL takes one upload`);
  if (clock.now().getTime() >= expiresAtMs) {
    throw new AppError('UPLOAD_URL_EXPIRED', `upload URL expired at ${file.expires_at}; request a new one with POST /anti-cheat/evidence/presign`);
  }
  const sentType = mediaType(request.contentType);
  if (sentType !== file.content_type) {
    throw new AppError('UNSUPPORTED_MEDIA_TYPE', `Content-Type must be ${file.content_type}, as declared at presign (got ${sentType || 'none'})`);
  }
  if (request.contentLength !== undefined && request.contentLength !== file.size_bytes) {
    throw invalidField('header.content-length', `must be ${file.size_bytes}, the sizeBytes declared at presign (got ${request.contentLength})`);
  }
  const body = await request.readBody(file.size_bytes);
  if (body.overflow || body.bytes.byteLength !== file.size_bytes) {
    throw invalidField('body', `must be exactly ${file.size_bytes} bytes, the sizeBytes declared at presign${body.overflow ? ' (more were sent)' : ` (got ${body.bytes.byteLength})`}`);
  }
  const sha256 = createHash('sha256').update(body.bytes).digest('hex');
  if (sha256 !== file.sha256) {
    throw invalidField('body', `SHA-256 of the body is ${sha256}, not the sha256 declared at presign (${file.sha256})`);
  }

  // Same key, same verified bytes: when two PUTs race, both write identical content and only one is recorded.
  await ctx.storage.put(file.storage_key, body.bytes, file.content_type);
  const uploadedAt = clock.now().toISOString();
  const recorded = await db.transaction().execute(async (trx) => {
    const result = await trx
      .updateTable('anti_cheat_media_files')
      .set({ status: 'UPLOADED', uploaded_at: uploadedAt })
      .where('id', '=', file.id)
      .where('status', '=', 'PENDING')
      .executeTakeFirst();
    return Number(result.numUpdatedRows) === 1;
  });
  if (!recorded) {
    const still = await db.selectFrom('anti_cheat_media_files').select('id').where('id', '=', file.id).executeTakeFirst();
    if (!still) {
      // The reservation expired while the body arrived and a presign deleted it (R12.21): keep no bytes for it.
      await ctx.storage.delete(file.storage_key);
      throw new AppError('UPLOAD_URL_EXPIRED', `upload URL expired at ${file.expires_at}; request a new one with POST /anti-cheat/evidence/presign`);
    }
    throw new AppError('CONFLICT', `media file ${file.id} was already uploaded; a presigned URL takes one upload`);
  }
  return {
    mediaFileId: file.id,
    key: file.storage_key,
    sizeBytes: file.size_bytes,
    sha256: file.sha256,
    contentType: file.content_type,
    uploadedAt,
  };
}
