import type { Db } from '../../db/db';
import type { CircuitStatus } from '../../contract-types';
import type { CircuitRow } from './circuit-mapper';

/** One page of rows and the total under the filters. */
export interface RowPage<T> {
  rows: T[];
  total: number;
}

/**
 * A page of a project's circuits, newest first (ties by id), optionally of one status: runs on the
 * `(project_id, created_at)` and `(project_id, status, created_at)` indexes of migration 0004.
 */
export async function queryCircuitPage(
  db: Db,
  projectId: string,
  q: { page: number; limit: number; status?: CircuitStatus },
): Promise<RowPage<CircuitRow>> {
  let base = db.selectFrom('circuits').where('project_id', '=', projectId);
  if (q.status !== undefined) base = base.where('status', '=', q.status);
  const [count, rows] = await Promise.all([
    base.select((eb) => eb.fn.countAll<number>().as('count')).executeTakeFirstOrThrow(),
    base
      .selectAll()
      .orderBy('created_at', 'desc')
      .orderBy('id', 'desc')
      .limit(q.limit)
      .offset((q.page - 1) * q.limit)
      .execute(),
  ]);
  return { rows, total: Number(count.count) };
}

/** A page of the ACTIVE circuits of every project, newest first (the `(status, created_at)` index). */
export async function queryActiveCircuitPage(db: Db, q: { page: number; limit: number }): Promise<RowPage<CircuitRow>> {
  const base = db.selectFrom('circuits').where('status', '=', 'ACTIVE');
  const [count, rows] = await Promise.all([
    base.select((eb) => eb.fn.countAll<number>().as('count')).executeTakeFirstOrThrow(),
    base
      .selectAll()
      .orderBy('created_at', 'desc')
      .orderBy('id', 'desc')
      .limit(q.limit)
      .offset((q.page - 1) * q.limit)
      .execute(),
  ]);
  return { rows, total: Number(count.count) };
}
