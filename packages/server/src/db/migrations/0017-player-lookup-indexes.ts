import type { Kysely } from 'kysely';
import { createIndex } from './columns';

/**
 * Indexes of the reads that start from a user rather than a tournament or a project (R3.8), and of the foreign keys
 * the service deletes through, each of which scanned its whole table before:
 * - `participants (user_id)`: listMyTournaments, listMyMatches and the calendar feed find the user's own
 *   participants (with those of the teams they play in, through `participant_members_user_idx`); it also serves the
 *   `ON DELETE SET NULL` of a deleted user.
 * - `circuit_standings (user_id, circuit_id)`: the calendar feed's circuits the user has standings in.
 * - `circuit_classifications (tournament_id, circuit_id)`: the circuits a tournament was classified into (the
 *   unique key starts with the circuit).
 * - `stage_entrants (participant_id)`: removing a participant, or deleting a tournament with its participants,
 *   checks the entrants that reference each one; without it every participant deleted read every stage's entrants.
 * - `anti_cheat_media_files (project_id)`: deleting an organization deletes its projects, each of which read every
 *   evidence file of every project.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await createIndex(db, 'participants_user_idx', 'participants', ['user_id']);
  await createIndex(db, 'circuit_standings_user_idx', 'circuit_standings', ['user_id', 'circuit_id']);
  await createIndex(db, 'circuit_classifications_tournament_idx', 'circuit_classifications', ['tournament_id', 'circuit_id']);
  await createIndex(db, 'stage_entrants_participant_idx', 'stage_entrants', ['participant_id']);
  await createIndex(db, 'anti_cheat_media_files_project_idx', 'anti_cheat_media_files', ['project_id']);
}

/** Drops the five indexes. */
export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropIndex('anti_cheat_media_files_project_idx').ifExists().execute();
  await db.schema.dropIndex('stage_entrants_participant_idx').ifExists().execute();
  await db.schema.dropIndex('circuit_classifications_tournament_idx').ifExists().execute();
  await db.schema.dropIndex('circuit_standings_user_idx').ifExists().execute();
  await db.schema.dropIndex('participants_user_idx').ifExists().execute();
}
