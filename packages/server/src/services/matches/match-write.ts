import type { Updateable } from 'kysely';
import type { MatchesTable } from '../../db/schema';
import { AppError } from '../../errors/app-error';
import type { Db } from '../../db/db';
import type { MatchRow } from '../../db/rows';

/** The fields of a match an update may change (id, version and timestamps are managed here). */
export type MatchPatch = Omit<Updateable<MatchesTable>, 'id' | 'version' | 'updated_at' | 'created_at'>;

/**
 * Optimistic write of a match: `UPDATE matches SET ..., version = version + 1 WHERE id = ? AND version = ?`.
 * `now` is the UTC ISO 8601 instant stored in `updated_at`. Returns the row as written.
 * @throws AppError 409 CONFLICT when the row changed since `row` was read (0 rows updated).
 */
export async function updateMatchVersioned(db: Db, row: MatchRow, patch: MatchPatch, now: string): Promise<MatchRow> {
  const version = row.version + 1;
  const result = await db
    .updateTable('matches')
    .set({ ...patch, version, updated_at: now })
    .where('id', '=', row.id)
    .where('version', '=', row.version)
    .executeTakeFirst();
  if (Number(result.numUpdatedRows) === 0) {
    throw new AppError('CONFLICT', 'the match changed concurrently, reload it');
  }
  return { ...row, ...patch, version, updated_at: now } as MatchRow;
}

/**
 * Write of a match known by id only, in one statement without reading it first (R8.22):
 * `UPDATE matches SET ..., version = version + 1 WHERE id = ? [AND status NOT IN (...)] RETURNING *`. The database
 * increments the version, so the write is atomic however many processes write (a concurrent versioned write of the
 * same match then fails with 409 instead of being overwritten). `now` (UTC ISO 8601) is stored in `updated_at`.
 * `unlessStatus`: statuses in which the match is left alone. Returns the row as written, or undefined when no row
 * matched (missing, or in one of `unlessStatus`).
 */
export async function updateMatchById(db: Db, id: string, patch: MatchPatch, now: string, unlessStatus: readonly string[] = []): Promise<MatchRow | undefined> {
  let update = db
    .updateTable('matches')
    .set((eb) => ({ ...patch, version: eb('version', '+', 1), updated_at: now }))
    .where('id', '=', id);
  if (unlessStatus.length > 0) update = update.where('status', 'not in', [...unlessStatus]);
  return update.returningAll().executeTakeFirst();
}
