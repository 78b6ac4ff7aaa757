import { AppError, invalidField, notFound } from '../../errors/app-error';
import { newId } from '../../ids';
import { type RecordAnswer, recordNothing } from './idempotent-write';
import { type AntiCheatDb, findSession } from './session-reader';
import type { AntiCheatContext, ProjectKey } from './types';
import type { EvidencePresign, EvidencePresignRequest } from '../../contract-types';
import { signUpload } from './upload-signature';

/** Lifetime of a presigned upload URL: five minutes from issuance (R12.10), in milliseconds. */
export const PRESIGN_TTL_MS = 5 * 60 * 1000;

/** Prefix of every evidence storage key (R12.10). */
export const EVIDENCE_KEY_PREFIX = 'anti-cheat-evidence/';

/** Path of the upload operation under the API root (uploadEvidence). */
export const uploadPath = (mediaFileId: string): string => `/anti-cheat/evidence/uploads/${mediaFileId}`;

/** The `expires` query value of an expiry instant: Unix epoch seconds, rounded up. */
export const expiresParam = (expiresAtMs: number): number => Math.ceil(expiresAtMs / 1000);

/**
 * Presigns one evidence upload for a session of the project (R12.10), gated by scope only (R12.2):
 * reserves a media file and answers a URL of this server's upload operation, signed over method, key, contentType,
 * sizeBytes, sha256 and expiry, valid five minutes. `apiRoot` is the public API root (…/api/v1) the URL starts with.
 * With `detectionId` the file belongs to that detection's session, an earlier session of the same sessionId
 * included (a match played again). 404 unknown session (or detectionId); 400 when the detection belongs to another
 * sessionId; 413 PAYLOAD_TOO_LARGE
 * naming body.sizeBytes above config.maxEvidenceBytes. In the same transaction the project's reservations whose URL
 * expired before their bytes arrived are deleted (R12.21, see {@link deleteExpiredReservations}), and `record`
 * stores the answer under the Idempotency-Key (R12.19).
 */
export async function presignEvidence(
  ctx: AntiCheatContext,
  key: ProjectKey,
  input: EvidencePresignRequest,
  apiRoot: string,
  record: RecordAnswer<EvidencePresign> = recordNothing,
): Promise<EvidencePresign> {
  const { db, clock, config } = ctx.deps;
  let session = await findSession(db, key.projectId, input.sessionId);
  if (!session) throw notFound('anti-cheat session');
  if (input.sizeBytes > config.maxEvidenceBytes) {
    const message = `must be at most ${config.maxEvidenceBytes} bytes (the server's maximum evidence size)`;
    throw new AppError('PAYLOAD_TOO_LARGE', `body.sizeBytes: ${message}`, { details: [{ path: 'body.sizeBytes', message }] });
  }
  const detectionId = input.detectionId?.toLowerCase();
  if (detectionId !== undefined) {
    // The detection's own session: a match played again has several sessions of one sessionId, and evidence may
    // trail an earlier one's detection after the next one started.
    const ofDetection = await db
      .selectFrom('anti_cheat_detections as d')
      .innerJoin('anti_cheat_sessions as s', 's.id', 'd.session_id')
      .selectAll('s')
      .where('d.project_id', '=', key.projectId)
      .where('d.id', '=', detectionId)
      .executeTakeFirst();
    if (!ofDetection) throw notFound('detection');
    if (ofDetection.match_id !== session.match_id) {
      throw invalidField('body.detectionId', `is a detection of session ${ofDetection.match_id}, not of ${input.sessionId}`);
    }
    session = ofDetection;
  }

  const mediaFileId = newId();
  const storageKey = `${EVIDENCE_KEY_PREFIX}${key.projectId}/${session.id}/${mediaFileId}`;
  const now = clock.now();
  const expiresAt = new Date(now.getTime() + PRESIGN_TTL_MS);
  const expires = expiresParam(expiresAt.getTime());
  const contentType = input.contentType.toLowerCase();
  const signature = signUpload(ctx.presignSecret, {
    method: 'PUT',
    key: storageKey,
    contentType,
    sizeBytes: input.sizeBytes,
    sha256: input.sha256,
    expires,
  });
  const query = new URLSearchParams({ expires: String(expires), signature });
  const presigned: EvidencePresign = {
    uploadUrl: `${apiRoot.replace(/\/+$/, '')}${uploadPath(mediaFileId)}?${query.toString()}`,
    mediaFileId,
    key: storageKey,
    expiresAt: expiresAt.toISOString(),
  };
  await db.transaction().execute(async (trx) => {
    await deleteExpiredReservations(trx, key.projectId, now.toISOString());
    await trx
      .insertInto('anti_cheat_media_files')
      .values({
        id: mediaFileId,
        project_id: key.projectId,
        session_id: session.id,
        kind: input.kind,
        content_type: contentType,
        size_bytes: input.sizeBytes,
        sha256: input.sha256,
        storage_key: storageKey,
        status: 'PENDING',
        expires_at: expiresAt.toISOString(),
        created_at: now.toISOString(),
        uploaded_at: null,
      })
      .execute();
    if (detectionId !== undefined) {
      await trx.insertInto('anti_cheat_detection_evidence').values({ detection_id: detectionId, media_file_id: mediaFileId }).execute();
    }
    await record(trx, presigned);
  });
  return presigned;
}

/**
 * Deletes the project's reservations whose upload URL expired at `now` (UTC ISO 8601) before their bytes arrived
 * (status PENDING, R12.21), with their links to detections (the foreign key cascades): a reservation no upload can
 * complete any more (410 from its expiry on) is no evidence, and nothing was stored for it. Read through
 * anti_cheat_media_files_pending_idx. An upload racing the deletion finds its row gone and keeps nothing
 * (uploadEvidence). Resolves to how many were deleted.
 */
export async function deleteExpiredReservations(db: AntiCheatDb, projectId: string, now: string): Promise<number> {
  const result = await db
    .deleteFrom('anti_cheat_media_files')
    .where('project_id', '=', projectId)
    .where('status', '=', 'PENDING')
    .where('expires_at', '<=', now)
    .executeTakeFirst();
  return Number(result.numDeletedRows);
}
