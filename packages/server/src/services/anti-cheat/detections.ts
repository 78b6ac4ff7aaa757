import { AppError, invalidField, notFound } from '../../errors/app-error';
import { newId } from '../../ids';
import { writeEvents } from '../events';
import { queryPage, toPage, withTotalCap, type Page } from '../../db/page-query';
import { type DetectionsFrom, findDetection, selectDetectionColumns, toDetection } from './detection-reader';
import { type DetectionDetail, readDetectionDetail } from './detection-detail';
import { type RecordAnswer, recordNothing } from './idempotent-write';
import { type AntiCheatDb, findSession, isCoveredParticipant } from './session-reader';
import type { AntiCheatContext, ProjectKey } from './types';
import type { Detection, DetectionListQuery, DetectionRaise, DetectionVerdictRequest } from '../../contract-types';

/** Event emitted when a detection is raised (R11.9); data `{ detection: Detection }`. */
export const DETECTION_RAISED_EVENT = 'anticheat.detection_raised';

/** Event emitted when a detection's verdict is recorded (R11.13); data `{ detection: Detection }`, reviewed. */
export const VERDICT_RECORDED_EVENT = 'anticheat.verdict_recorded';

/** 409 INVALID_STATE for a detection raised into an ended session. */
const sessionEnded = (sessionId: string) =>
  new AppError('INVALID_STATE', `anti-cheat session ${sessionId} has ended; detections can only be raised into an active session`);

/**
 * Raises a detection in the project's session (extension: the session's agent reports a rule hit). 404 unknown
 * session; 409 INVALID_STATE once the session has ended; 400 when `userId` is not a covered participant or a media
 * file is not one presigned for this session. Emits anticheat.detection_raised in the same transaction. The status is
 * checked again under the session's row lock, which endSession takes too: a detection is in the session's final
 * count or refused, never committed into an ended session (R18.12). A participant whose client was deleted with
 * their account is no longer covered (R12.22). `record` stores the answer under the Idempotency-Key (R12.19).
 */
export async function raiseDetection(
  ctx: AntiCheatContext,
  key: ProjectKey,
  sessionId: string,
  input: DetectionRaise,
  record: RecordAnswer<Detection> = recordNothing,
): Promise<Detection> {
  const { db, clock } = ctx.deps;
  const session = await findSession(db, key.projectId, sessionId);
  if (!session) throw notFound('anti-cheat session');
  if (session.status !== 'ACTIVE') throw sessionEnded(sessionId);
  const userId = input.userId.toLowerCase();
  if (!(await isCoveredParticipant(db, session.id, userId))) {
    throw invalidField('body.userId', 'is not a monitored participant of this session (no enrolled client when it started, or its client was deleted)');
  }
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
    // Under the session's lock, which endSession takes too (R18.12): an end committed meanwhile is seen here (409), and
    // a detection committed first is counted by the end's anticheat.session_completed event.
    await ctx.deps.dialect.lockRows(trx, 'anti_cheat_sessions', [session.id]);
    const current = await trx.selectFrom('anti_cheat_sessions').select('status').where('id', '=', session.id).executeTakeFirst();
    if (current?.status !== 'ACTIVE') throw sessionEnded(sessionId);
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
    await record(trx, detection);
    return detection;
  });
}

/**
 * The detections of the project a listDetections request keeps (R3.3, R12.8), FROM and WHERE only: `unreviewedOnly`
 * keeps those without a verdict, `sessionId` (the match id, R12.5) those of the project's sessions of that match.
 * Each filter is served by an index (R3.8): the project's detections by anti_cheat_detections_project_idx, unreviewed
 * ones by anti_cheat_detections_unreviewed_idx, a session's by anti_cheat_detections_session_idx over the ids that
 * anti_cheat_sessions_match_idx finds. With `sessionId` the project is checked on those sessions rather than on the
 * detections (a detection belongs to its session's project: raiseDetection takes the session of the key's project),
 * since SQLite would otherwise walk every detection of the project on its project index.
 */
export function filterDetections(
  db: AntiCheatDb,
  projectId: string,
  query: { unreviewedOnly?: boolean; sessionId?: string },
): DetectionsFrom {
  const sessionId = query.sessionId;
  let base: DetectionsFrom =
    sessionId === undefined
      ? db.selectFrom('anti_cheat_detections as d').where('d.project_id', '=', projectId)
      : db
          .selectFrom('anti_cheat_detections as d')
          .where('d.session_id', 'in', (eb) =>
            eb.selectFrom('anti_cheat_sessions as s').select('s.id').where('s.project_id', '=', projectId).where('s.match_id', '=', sessionId),
          );
  if (query.unreviewedOnly) base = base.where('d.reviewed_at', 'is', null);
  return base;
}

/** The page query of listDetections: every column of `base`'s detections, newest first, ties by id (a total order, R3.3). */
export function detectionsNewestFirst(base: DetectionsFrom) {
  return selectDetectionColumns(base).orderBy('d.created_at', 'desc').orderBy('d.id', 'desc');
}

/**
 * A page of the project's detections, newest first, with the pagination object of every list (R3.1, R3.3, R12.8):
 * `limit` 1..200 (default 50; the contract refuses more with 400), `page` from 1, so older detections are on later
 * pages; the total is counted with the same filters up to the app's cap (R3.11). Filters: see {@link filterDetections}.
 */
export async function listDetections(ctx: AntiCheatContext, key: ProjectKey, query: DetectionListQuery): Promise<Page<Detection>> {
  const window = withTotalCap(query, ctx.deps.config.listTotalCap);
  const { rows, total, capped } = await queryPage(filterDetections(ctx.deps.db, key.projectId, query), window, detectionsNewestFirst);
  return toPage(rows.map(toDetection), window, total, capped);
}

/**
 * One detection of the key's project (R12.16) with its review material: AI verdict, verdict note and the metadata of
 * its uploaded evidence (R12.17, see readDetectionDetail). @throws AppError NOT_FOUND for an unknown id or another
 * project's.
 */
export async function getDetection(ctx: AntiCheatContext, key: ProjectKey, detectionId: string): Promise<DetectionDetail> {
  const detection = await readDetectionDetail(ctx.deps.db, key.projectId, detectionId);
  if (!detection) throw notFound('detection');
  return detection;
}

/**
 * Records the review verdict of a detection of the project (R12.9), which marks it reviewed, and emits
 * anticheat.verdict_recorded with the reviewed detection in the same transaction (R11.13). 404 for an unknown
 * detection or another project's; 409 CONFLICT when it already has a verdict (a detection is reviewed once).
 * `record` stores the answer under the Idempotency-Key (R12.19).
 */
export async function recordVerdict(
  ctx: AntiCheatContext,
  key: ProjectKey,
  detectionId: string,
  input: DetectionVerdictRequest,
  record: RecordAnswer<Detection> = recordNothing,
): Promise<Detection> {
  const { db, clock } = ctx.deps;
  const existing = await findDetection(db, key.projectId, detectionId);
  if (!existing) throw notFound('detection');
  const alreadyReviewed = () => new AppError('CONFLICT', `detection ${detectionId} was already reviewed (${existing.verdict ?? 'verdict recorded'})`);
  if (existing.reviewed) throw alreadyReviewed();
  const reviewedAt = clock.now().toISOString();
  return db.transaction().execute(async (trx) => {
    const result = await trx
      .updateTable('anti_cheat_detections')
      .set({ verdict: input.verdict, verdict_note: input.note ?? null, reviewed_at: reviewedAt })
      .where('id', '=', existing.id)
      .where('project_id', '=', key.projectId)
      .where('reviewed_at', 'is', null)
      .executeTakeFirst();
    if (Number(result.numUpdatedRows) !== 1) throw alreadyReviewed();
    const detection = (await findDetection(trx, key.projectId, existing.id))!;
    await writeEvents(trx, ctx.deps, [{ projectId: key.projectId, type: VERDICT_RECORDED_EVENT, subjectId: detection.id, data: { detection } }]);
    await record(trx, detection);
    return detection;
  });
}
