import type { Kysely } from 'kysely';

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
  await db.schema
    .createTable('idempotency_keys')
    .addColumn('user_id', 'text', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('operation', 'text', (c) => c.notNull())
    .addColumn('key', 'text', (c) => c.notNull())
    .addColumn('request_hash', 'text', (c) => c.notNull())
    .addColumn('response_status', 'integer', (c) => c.notNull())
    .addColumn('response_body', 'text', (c) => c.notNull())
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('expires_at', 'text', (c) => c.notNull())
    .addPrimaryKeyConstraint('idempotency_keys_pk', ['user_id', 'operation', 'key'])
    .execute();
  // Purging expired keys.
  await db.schema.createIndex('idempotency_keys_expires_idx').on('idempotency_keys').column('expires_at').execute();
}

/** Drops what 0003 created. */
export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('idempotency_keys').ifExists().execute();
}
