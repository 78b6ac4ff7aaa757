import { OPEN_MATCH_STATUSES } from '@tourney/core';
import type { Db } from '../../db/db';

/**
 * Whether stage `stageId` still has an open match (a status of core `OPEN_MATCH_STATUSES`): the stage completes only
 * once it has none (R7.1), and a correction revises later stages depending on it (R8.18). The first match found on the
 * (stage_id, status) index answers; nothing is counted.
 */
export async function hasOpenMatch(db: Db, stageId: string): Promise<boolean> {
  const open = await db
    .selectFrom('matches')
    .select('id')
    .where('stage_id', '=', stageId)
    .where('status', 'in', [...OPEN_MATCH_STATUSES])
    .limit(1)
    .executeTakeFirst();
  return open !== undefined;
}
