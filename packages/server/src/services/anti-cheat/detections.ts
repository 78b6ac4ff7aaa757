import { AppError, invalidField, notFound } from '../../errors/app-error';
import { newId } from '../../ids';
import { writeEvents } from '../events';
import { findDetection, selectDetections, toDetection } from './detection-reader';
import { findSession } from './session-reader';
import type { AntiCheatContext, ProjectKey } from './types';
import type { Detection, DetectionListQuery, DetectionRaise, DetectionVerdictRequest } from '../../contract-types';

/** Event emitted when a detection is raised (R11.9); data `{ detection: Detection }`. */
export const DETECTION_RAISED_EVENT = 'anticheat.detection_raised';

/**
 * Raises a detection in the project's session (extension: the session's agent reports a rule hit). 404 unknown
 * session; 409 INVALID_STATE once the session has ended; 400 when `userId` is not a covered participant or a media
 * file is not one presigned for this session. Emits anticheat.detection_raised in the same transaction.
 */
export async function raiseDetection(
  ctx: AntiCheatContext,
  key: ProjectKey,
  sessionId: string,
  input: DetectionRaise,
): Promise<Detection> {
  const { db, clock } = ctx.deps;
  const session = await findSession(db, key.projectId, sessionId);
  if (!session) throw notFound('anti-cheat session');
  if (session.status !== 'ACTIVE') {
    throw new AppError('INVALID_STATE', `anti-cheat session ${sessionId} has ended; detections can only be raised into an active session`);
  }
  const userId = input.userId.toLowerCase();
  const participant = await db
    .selectFrom('anti_cheat_session_participants')
    .select('covered')
    .where('session_id', '=', session.id)
    .where('user_id', '=', userId)
    .executeTakeFirst();
  if (participant?.covered !== 1) throw invalidField('body.userId', 'is not a monitored participant of this session (no enrolled client when it started)');
  const mediaIds = (input.evidenceMediaFileIds ?? []).map((id) => id.toLowerCase());
  if (mediaIds.length > 0) {
    const found = await db
      .selectFrom('anti_cheat_media_files')
      .select('id')
      .where('session_id', '=', session.id)
      .where('id', 'in', mediaIds)
      .execute();
    const known = new Set(found.map((m) => m.id));
    const missing = mediaIds.findIndex((id) => !known.has(id));
    if (missing >= 0) throw invalidField(`body.evidenceMediaFileIds[${missing}]`, 'is not a media file presigned for this session');
  }

  const id = newId();
  return db.transaction().execute(async (trx) => {
    await trx
      .insertInto('anti_cheat_detections')
      .values({
        id,
        project_id: key.projectId,
        session_id: session.id,
        match_id: session.match_id,
        user_id: userId,
        rule: input.rule,
        severity: input.severity,
        ai_verdict: input.aiVerdict ? JSON.stringify(input.aiVerdict) : null,
        verdict: null,
        verdict_note: null,
        reviewed_at: null,
        created_at: clock.now().toISOString(),
      })
      .execute();
    if (mediaIds.length > 0) {
      await trx
        .insertInto('anti_cheat_detection_evidence')
        .values(mediaIds.map((mediaFileId) => ({ detection_id: id, media_file_id: mediaFileId })))
        .execute();
    }
    const detection = (await findDetection(trx, key.projectId, id))!;
    await writeEvents(trx, ctx.deps, [{ projectId: key.projectId, type: DETECTION_RAISED_EVENT, subjectId: id, data: { detection } }]);
    return detection;
  });
}

/**
 * Detections of the project, newest first (R12.8): at most `limit` (1..200, default 50; the contract refuses more
 * with 400); `unreviewedOnly` keeps those without a verdict (rule 4); `sessionId` keeps one session's.
 */
export async function listDetections(ctx: AntiCheatContext, key: ProjectKey, query: DetectionListQuery): Promise<Detection[]> {
  let select = selectDetections(ctx.deps.db).where('d.project_id', '=', key.projectId);
  if (query.unreviewedOnly) select = select.where('d.reviewed_at', 'is', null);
  if (query.sessionId !== undefined) select = select.where('d.match_id', '=', query.sessionId);
  const rows = await select.orderBy('d.created_at', 'desc').orderBy('d.id', 'desc').limit(query.limit).execute();
  return rows.map(toDetection);
}

/** One detection of the key's project (R12.16). @throws AppError NOT_FOUND for an unknown id or another project's. */
export async function getDetection(ctx: AntiCheatContext, key: ProjectKey, detectionId: string): Promise<Detection> {
  const detection = await findDetection(ctx.deps.db, key.projectId, detectionId);
  if (!detection) throw notFound('detection');
  return detection;
}

/**
 * Records the review verdict of a detection of the project, which marks it reviewed. 404 for an unknown detection or
 * another project's; 409 CONFLICT when it already has a verdict (a detection is reviewed once).
 */
export async function recordVerdict(
  ctx: AntiCheatContext,
  key: ProjectKey,
  detectionId: string,
  input: DetectionVerdictRequest,
): Promise<Detection> {
  const { db, clock } = ctx.deps;
  const existing = await findDetection(db, key.projectId, detectionId);
  if (!existing) throw notFound('detection');
  const alreadyReviewed = () => new AppError('CONFLICT', `detection ${detectionId} was already reviewed (${existing.verdict ?? 'verdict recorded'})`);
  if (existing.reviewed) throw alreadyReviewed();
  const reviewedAt = clock.now().toISOString();
  const updated = await db.transaction().execute(async (trx) => {
    const result = await trx
      .updateTable('anti_cheat_detections')
      .set({ verdict: input.verdict, verdict_note: input.note ?? null, reviewed_at: reviewedAt })
      .where('id', '=', existing.id)
      .where('project_id', '=', key.projectId)
      .where('reviewed_at', 'is', null)
      .executeTakeFirst();
    return Number(result.numUpdatedRows) === 1;
  });
  if (!updated) throw alreadyReviewed();
  return { ...existing, verdict: input.verdict, reviewed: true, reviewedAt };
}
