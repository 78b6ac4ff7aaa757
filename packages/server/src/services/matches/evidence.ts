import type { Db } from '../../db/db';

/** Most evidence references one dispute holds (the dispute's own plus every EVIDENCE_ADDED). */
export const MAX_EVIDENCE_PER_MATCH = 100;

/** Length of a history entry's `evidence` array (0 when absent or malformed). */
function evidenceCount(data: string): number {
  try {
    const parsed = JSON.parse(data) as { evidence?: unknown };
    return Array.isArray(parsed.evidence) ? parsed.evidence.length : 0;
  } catch {
    return 0;
  }
}

/**
 * Evidence references attached to the match's latest dispute: those of its DISPUTED history entry and of every
 * EVIDENCE_ADDED entry after it.
 */
export async function countEvidence(db: Db, matchId: string): Promise<number> {
  const rows = await db
    .selectFrom('match_history')
    .select(['type', 'data'])
    .where('match_id', '=', matchId)
    .where('type', 'in', ['DISPUTED', 'EVIDENCE_ADDED'])
    .orderBy('at')
    .orderBy('id')
    .execute();
  let count = 0;
  for (const row of rows) count = (row.type === 'DISPUTED' ? 0 : count) + evidenceCount(row.data);
  return count;
}
