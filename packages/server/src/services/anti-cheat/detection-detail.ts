import type { Schema } from '../../contract-types';
import { selectDetections, toDetection } from './detection-reader';
import type { AntiCheatDb } from './session-reader';

/** One detection with what its review needs (getDetection, R12.17). */
export type DetectionDetail = Schema<'DetectionDetail'>;
/** The metadata of one uploaded evidence file of a detection, never its bytes. */
export type DetectionEvidence = Schema<'DetectionEvidence'>;
type AiVerdict = Schema<'AiVerdict'>;

/**
 * One detection of the project by id with its review material (R12.17), or undefined (another project's detection
 * is invisible, R12.15): the listed Detection (R12.8) plus `aiVerdict` (`{ label, confidence }` as the agent sent it,
 * or null), `verdictNote` (the note recorded with the verdict, or null) and `evidence`, its attached media files whose
 * bytes arrived (as many as evidenceCount), oldest upload first (ties by id): media file id, kind, content type, size
 * in bytes, SHA-256 and upload instant. The bytes are read through downloadEvidence (R12.18).
 */
export async function readDetectionDetail(db: AntiCheatDb, projectId: string, detectionId: string): Promise<DetectionDetail | undefined> {
  const row = await selectDetections(db).select('d.verdict_note').where('d.project_id', '=', projectId).where('d.id', '=', detectionId).executeTakeFirst();
  if (!row) return undefined;
  const files = await db
    .selectFrom('anti_cheat_detection_evidence as de')
    .innerJoin('anti_cheat_media_files as m', 'm.id', 'de.media_file_id')
    .select(['m.id', 'm.kind', 'm.content_type', 'm.size_bytes', 'm.sha256', 'm.uploaded_at'])
    .where('de.detection_id', '=', row.id)
    .where('m.status', '=', 'UPLOADED')
    .orderBy('m.uploaded_at', 'asc')
    .orderBy('m.id', 'asc')
    .execute();
  return {
    ...toDetection(row),
    aiVerdict: row.ai_verdict === null ? null : (JSON.parse(row.ai_verdict) as AiVerdict),
    verdictNote: row.verdict_note,
    evidence: files.map(
      (f): DetectionEvidence => ({
        mediaFileId: f.id,
        kind: f.kind as DetectionEvidence['kind'],
        contentType: f.content_type,
        sizeBytes: Number(f.size_bytes),
        sha256: f.sha256,
        uploadedAt: f.uploaded_at!,
      }),
    ),
  };
}
