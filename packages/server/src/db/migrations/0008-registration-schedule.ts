import type { Kysely } from 'kysely';
import { createIndex } from './columns';

/**
 * Indexes for the registration schedule (services/tournaments/registration-schedule.ts), which looks across projects
 * for PUBLISHED tournaments whose registrationOpensAt passed and REGISTRATION_OPEN ones whose registrationClosesAt
 * passed, every 30 s by default: without them each run would walk the whole tournaments table.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await createIndex(db, 'tournaments_status_opens_idx', 'tournaments', ['status', 'registration_opens_at']);
  await createIndex(db, 'tournaments_status_closes_idx', 'tournaments', ['status', 'registration_closes_at']);
}

/** Drops the two indexes. */
export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropIndex('tournaments_status_closes_idx').ifExists().execute();
  await db.schema.dropIndex('tournaments_status_opens_idx').ifExists().execute();
}
