import { type Kysely, sql } from 'kysely';
import { createIndex } from './columns';

/**
 * A deleted account names no one in match history (R14.8): `match_history (actor_user_id)` lets an account deletion
 * clear the account's actor ids with one indexed update, and the ids that deletions before this version left behind
 * (accounts that no longer exist) are cleared now.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await createIndex(db, 'match_history_actor_idx', 'match_history', ['actor_user_id']);
  await sql`UPDATE match_history SET actor_user_id = NULL
    WHERE actor_user_id IS NOT NULL AND NOT EXISTS (SELECT 1 FROM users WHERE users.id = match_history.actor_user_id)`.execute(db);
}

/** Drops the index (the cleared ids stay cleared). */
export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropIndex('match_history_actor_idx').ifExists().execute();
}
