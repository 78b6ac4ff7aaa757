import type { Kysely } from 'kysely';
import { createIndex } from './columns';

/**
 * Indexes of the reads that start from a user rather than a tournament or a project (R3.8), each of which scanned
 * its whole table before:
 * - `participants (user_id)`: listMyTournaments, listMyMatches and the calendar feed find the user's own
 *   participants (with those of the teams they play in, through `participant_members_user_idx`); it also serves the
 *   `ON DELETE SET NULL` of a deleted user.
 * - `circuit_standings (user_id, circuit_id)`: the calendar feed's circuits the user has standings in.
 * - `circuit_classifications (tournament_id, circuit_id)`: the circuits a tournament was classified into (the
 *   unique key starts with the circuit).
 */
export async function up(db: Kysely<any>): Promise<void> {
  await createIndex(db, 'participants_user_idx', 'participants', ['user_id']);
  await createIndex(db, 'circuit_standings_user_idx', 'circuit_standings', ['user_id', 'circuit_id']);
  await createIndex(db, 'circuit_classifications_tournament_idx', 'circuit_classifications', ['tournament_id', 'circuit_id']);
}

/** Drops the three indexes. */
export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropIndex('circuit_classifications_tournament_idx').ifExists().execute();
  await db.schema.dropIndex('circuit_standings_user_idx').ifExists().execute();
  await db.schema.dropIndex('participants_user_idx').ifExists().execute();
}
