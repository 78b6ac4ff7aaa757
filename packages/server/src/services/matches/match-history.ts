import { newId } from '../../ids';
import type { Db } from '../../db/db';
import type { MatchHistoryType } from '../../contract-types';

/** A history entry to append: `actorUserId` is null for system actions (walkovers); `at` UTC ISO 8601. */
export interface HistoryInput {
  type: MatchHistoryType;
  actorUserId: string | null;
  data: Record<string, unknown>;
}

/** Appends one match_history row (call it in the transaction that changes the match). */
export async function appendMatchHistory(db: Db, matchId: string, entry: HistoryInput, at: string): Promise<void> {
  await db
    .insertInto('match_history')
    .values({ id: newId(), match_id: matchId, type: entry.type, actor_user_id: entry.actorUserId, at, data: JSON.stringify(entry.data) })
    .execute();
}
