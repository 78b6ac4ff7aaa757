import type { Kysely } from 'kysely';
import { createIndex } from './columns';

/**
 * Indexes of listPublicTournaments (R26.1, R3.8), which reads across projects: tournaments of the public statuses by
 * start date, optionally of one status or one discipline. `(start_date, status)` serves the unfiltered list in its
 * order, `(status, start_date)` a status filter, `(discipline_id, start_date, status)` a discipline filter; the
 * status and the date range are checked inside each index.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await createIndex(db, 'tournaments_public_start_idx', 'tournaments', ['start_date', 'status']);
  await createIndex(db, 'tournaments_public_status_start_idx', 'tournaments', ['status', 'start_date']);
  await createIndex(db, 'tournaments_public_discipline_idx', 'tournaments', ['discipline_id', 'start_date', 'status']);
}

/** Drops the three indexes. */
export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropIndex('tournaments_public_discipline_idx').ifExists().execute();
  await db.schema.dropIndex('tournaments_public_status_start_idx').ifExists().execute();
  await db.schema.dropIndex('tournaments_public_start_idx').ifExists().execute();
}
