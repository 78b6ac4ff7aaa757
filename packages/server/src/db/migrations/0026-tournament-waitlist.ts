import type { Kysely } from 'kysely';

/**
 * The waitlist of a full tournament (R6.14): `tournaments.waitlist_capacity`, how many entries may wait for a place
 * once `max_participants` hold one (0, the default and the value of every tournament stored before: no waitlist),
 * and `participants.waitlist_order`, an entry's place in the line, numbered under the tournament's lock as entries
 * join it (the order of their writes, whatever the clocks of several server processes say). Waiting entries are
 * participants with status WAITLISTED; the existing index on (tournament_id, status) finds them.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('tournaments').addColumn('waitlist_capacity', 'integer', (c) => c.notNull().defaultTo(0)).execute();
  await db.schema.alterTable('participants').addColumn('waitlist_order', 'integer').execute();
}

/** Drops the columns; entries still WAITLISTED would then hold no place and no status the server knows. */
export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('participants').dropColumn('waitlist_order').execute();
  await db.schema.alterTable('tournaments').dropColumn('waitlist_capacity').execute();
}
