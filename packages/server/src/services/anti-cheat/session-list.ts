import { queryPage, toPage, withTotalCap, type Page } from '../../db/page-query';
import type { OperationQuery } from '../../contract-operations';
import { readSessions } from './session-reader';
import type { AntiCheatContext, ProjectKey } from './types';
import type { AntiCheatSession } from '../../contract-types';

/** The validated query of listAntiCheatSessions: page, limit (1..100, default 10), optional status and matchId. */
export type AntiCheatSessionListQuery = OperationQuery<'listAntiCheatSessions'>;

/**
 * A page of the project's sessions, newest first (started_at, then id, both descending: a total order, R3.3), each as
 * getAntiCheatSession answers it (R12.20), so that a game server that crashed finds the sessions it left ACTIVE.
 * Filters: `status` (ACTIVE or ENDED) and `matchId` (every session of one match, ended ones included). Read through
 * anti_cheat_sessions_project_idx, anti_cheat_sessions_status_idx or anti_cheat_sessions_match_idx (R3.8); the total is
 * counted up to the app's cap (R3.11). Another project's sessions are never listed (R12.15).
 */
export async function listSessions(ctx: AntiCheatContext, key: ProjectKey, query: AntiCheatSessionListQuery): Promise<Page<AntiCheatSession>> {
  const { db, config } = ctx.deps;
  let base = db.selectFrom('anti_cheat_sessions as s').where('s.project_id', '=', key.projectId);
  if (query.matchId !== undefined) base = base.where('s.match_id', '=', query.matchId);
  if (query.status !== undefined) base = base.where('s.status', '=', query.status);
  const window = withTotalCap(query, config.listTotalCap);
  const { rows, total, capped } = await queryPage(base, window, (b) => b.selectAll('s').orderBy('s.started_at', 'desc').orderBy('s.id', 'desc'));
  return toPage(await readSessions(db, rows), window, total, capped);
}
