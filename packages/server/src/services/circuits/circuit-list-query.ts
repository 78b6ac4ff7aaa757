import type { Db } from '../../db/db';
import { type PageWindow, type RowPage, queryPage } from '../../db/page-query';
import type { CircuitStatus } from '../../contract-types';
import type { CircuitRow } from '../../db/rows';

/**
 * A page of a project's circuits, newest first (ties by id), optionally of one status: runs on the
 * `(project_id, created_at)` and `(project_id, status, created_at)` indexes of migration 0004.
 */
export async function queryCircuitPage(db: Db, projectId: string, q: PageWindow & { status?: CircuitStatus }): Promise<RowPage<CircuitRow>> {
  let base = db.selectFrom('circuits').where('project_id', '=', projectId);
  if (q.status !== undefined) base = base.where('status', '=', q.status);
  return queryPage(base, q, (b) => b.selectAll().orderBy('created_at', 'desc').orderBy('id', 'desc'));
}

/** A page of the ACTIVE circuits of every project, newest first (the `(status, created_at)` index). */
export async function queryActiveCircuitPage(db: Db, q: PageWindow): Promise<RowPage<CircuitRow>> {
  const base = db.selectFrom('circuits').where('status', '=', 'ACTIVE');
  return queryPage(base, q, (b) => b.selectAll().orderBy('created_at', 'desc').orderBy('id', 'desc'));
}
