import type { Kysely } from 'kysely';

/**
 * Indexes for the registration schedule (services/tournaments/registration-schedule.ts), which looks across projects
 * for PUBLISHED tournaments whose registrationOpensAt passed and REGISTRATION_OPEN ones whose registrationClosesAt
 * passed, every 30 s by default: without them each run would walk the whole tournaments table.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema.createIndex('tournaments_status_opens_idx').on('tournaments').columns(['status', 'registration_opens_at']).execute();
  await db.schema.createIndex('tournaments_status_closes_idx').on('tournaments').columns(['status', 'registration_closes_at']).execute();
}

/** Drops the two indexes. */
export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropIndex('tournaments_status_closes_idx').ifExists().execute();
  await db.schema.dropIndex('tournaments_status_opens_idx').ifExists().execute();
}
