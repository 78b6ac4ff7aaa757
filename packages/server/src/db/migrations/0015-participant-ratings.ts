import type { Kysely } from 'kysely';

/**
 * Participant ratings (R27.10): `participants.rating`, a number (Elo, MMR ...) or null when unrated; stage 1 with
 * `seeding` RATING seeds the participants by it at the start.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('participants').addColumn('rating', 'double precision').execute();
}

/** Drops the column. */
export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('participants').dropColumn('rating').execute();
}
