import type { Selectable, SelectQueryBuilder } from 'kysely';
import type { AntiCheatDetectionsTable, Database } from '../../db/schema';
import type { AntiCheatDb } from './session-reader';
import type { Detection, DetectionSeverity, DetectionVerdict } from '../../contract-types';

/** A detection row with the count of its uploaded evidence files. */
type DetectionRow = Pick<
  Selectable<AntiCheatDetectionsTable>,
  'id' | 'match_id' | 'user_id' | 'rule' | 'severity' | 'ai_verdict' | 'verdict' | 'reviewed_at' | 'created_at'
> & { evidence_count: number | string | bigint | null };

/** A query over detections (alias `d`) before its selection: FROM and WHERE clauses only. */
export type DetectionsFrom = SelectQueryBuilder<Database & { d: AntiCheatDetectionsTable }, 'd', object>;

/**
 * Adds the columns of a detection to `from` (detections, alias `d`), with `evidence_count`: attached media files
 * whose bytes were uploaded. A list page (listDetections, R3.3) counts its rows on `from` and selects them with this.
 */
export function selectDetectionColumns(from: DetectionsFrom) {
  return from
    .select(['d.id', 'd.match_id', 'd.user_id', 'd.rule', 'd.severity', 'd.ai_verdict', 'd.verdict', 'd.reviewed_at', 'd.created_at'])
    .select((eb) =>
      eb
        .selectFrom('anti_cheat_detection_evidence as de')
        .innerJoin('anti_cheat_media_files as m', 'm.id', 'de.media_file_id')
        .whereRef('de.detection_id', '=', 'd.id')
        .where('m.status', '=', 'UPLOADED')
        .select(eb.fn.countAll<number>().as('n'))
        .as('evidence_count'),
    );
}

/**
 * Selects detections (alias `d`) with `evidence_count` (see {@link selectDetectionColumns}). Callers add filters,
 * order and limit; every filter must include `d.project_id` (tenancy).
 */
export function selectDetections(db: AntiCheatDb) {
  return selectDetectionColumns(db.selectFrom('anti_cheat_detections as d'));
}

/** The API shape of a detection row (R12.8): rule, severity, AI verdict flag, evidence count, review state. */
export function toDetection(row: DetectionRow): Detection {
  return {
    id: row.id,
    sessionId: row.match_id,
    matchId: row.match_id,
    userId: row.user_id,
    rule: row.rule,
    severity: row.severity as DetectionSeverity,
    aiVerdictRecorded: row.ai_verdict !== null,
    evidenceCount: Number(row.evidence_count ?? 0),
    reviewed: row.reviewed_at !== null,
    createdAt: row.created_at,
    verdict: (row.verdict as DetectionVerdict | null) ?? null,
    reviewedAt: row.reviewed_at,
  };
}

/** One detection of the project by id, or undefined (another project's detection is invisible). */
export async function findDetection(db: AntiCheatDb, projectId: string, detectionId: string): Promise<Detection | undefined> {
  const row = await selectDetections(db).where('d.project_id', '=', projectId).where('d.id', '=', detectionId).executeTakeFirst();
  return row ? toDetection(row) : undefined;
}
