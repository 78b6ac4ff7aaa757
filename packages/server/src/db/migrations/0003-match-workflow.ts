import type { Kysely } from 'kysely';
import { columns, createIndex } from './columns';

/**
 * Match workflow (R8.20, R8.21): `idempotency_keys` keeps the first answer of a match write sent with an
 * `Idempotency-Key` header (report, confirm, dispute, evidence, resolve, correct), per user and operation, so that a
 * retry replays it instead of acting twice. A row is written in the transaction of the write it answers; `request_hash`
 * is the SHA-256 of the request (match id and body) and tells a retry from a reuse of the key for another request; rows
 * expire after 24 hours (`expires_at`, UTC ISO 8601). Disputes, evidence, resolutions and corrections are match_history
 * rows (types DISPUTED, EVIDENCE_ADDED, RESOLVED, CORRECTED, RESET, RESCHEDULED): no other table is needed.
 * Portable DDL (SQLite and PostgreSQL).
 */
export async function up(db: Kysely<any>): Promise<void> {
  const c = columns(db);
  await db.schema
    .createTable('idempotency_keys')
    .$call(c.reference('user_id', 'users.id'))
    .$call(c.text('operation', 'key', 'request_hash'))
    .$call(c.integer('response_status'))
    .$call(c.text('response_body', 'created_at', 'expires_at'))
    .addPrimaryKeyConstraint('idempotency_keys_pk', ['user_id', 'operation', 'key'])
    .execute();
  // Purging expired keys.
  await createIndex(db, 'idempotency_keys_expires_idx', 'idempotency_keys', ['expires_at']);
}

/** Drops what 0003 created. */
export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('idempotency_keys').ifExists().execute();
}
