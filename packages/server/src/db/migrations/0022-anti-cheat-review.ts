import type { Kysely } from 'kysely';
import { columns, createIndex } from './columns';

/**
 * Anti-cheat review and recovery (R12.17 to R12.22):
 * - `api_key_idempotency_keys`: the first answer of an anti-cheat write sent with an `Idempotency-Key` header
 *   (start a session, raise a detection, record a verdict, presign, enrol a client), per API key, operation and key,
 *   as `idempotency_keys` (0003) keeps them per user for match writes; its user_id references users, so API keys
 *   need a table of their own. Written in the transaction of the write it answers; rows expire after 24 hours. The
 *   primary key leads with api_key_id, the foreign key deleting the rows with their key's project (R3.8).
 * - `anti_cheat_sessions (project_id, started_at)` and `(project_id, status, started_at)`: listAntiCheatSessions,
 *   newest first, all or by status (the match filter uses anti_cheat_sessions_match_idx).
 * - `anti_cheat_media_files (project_id, status, expires_at)`: presign deletes the project's PENDING reservations
 *   whose upload URL expired.
 */
export async function up(db: Kysely<any>): Promise<void> {
  const c = columns(db);
  await db.schema
    .createTable('api_key_idempotency_keys')
    .$call(c.reference('api_key_id', 'api_keys.id'))
    .$call(c.text('operation', 'key', 'request_hash', 'response_body', 'created_at', 'expires_at'))
    .addPrimaryKeyConstraint('api_key_idempotency_keys_pk', ['api_key_id', 'operation', 'key'])
    .execute();
  await createIndex(db, 'api_key_idempotency_keys_expires_idx', 'api_key_idempotency_keys', ['expires_at']);
  await createIndex(db, 'anti_cheat_sessions_project_idx', 'anti_cheat_sessions', ['project_id', 'started_at']);
  await createIndex(db, 'anti_cheat_sessions_status_idx', 'anti_cheat_sessions', ['project_id', 'status', 'started_at']);
  await createIndex(db, 'anti_cheat_media_files_pending_idx', 'anti_cheat_media_files', ['project_id', 'status', 'expires_at']);
}

/** Drops what 0022 created. */
export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropIndex('anti_cheat_media_files_pending_idx').ifExists().execute();
  await db.schema.dropIndex('anti_cheat_sessions_status_idx').ifExists().execute();
  await db.schema.dropIndex('anti_cheat_sessions_project_idx').ifExists().execute();
  await db.schema.dropTable('api_key_idempotency_keys').ifExists().execute();
}
