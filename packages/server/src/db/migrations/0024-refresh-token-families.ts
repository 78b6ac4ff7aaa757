import type { Kysely } from 'kysely';
import { columns, createIndex } from './columns';

/**
 * Refresh token reuse detection (R1.28): `auth_sessions.family_id`, the session a login opened, which every session
 * rotated from it by `refreshToken` inherits (null on sessions opened before this version: their family is their own
 * id), and `rotated_at`, when a refresh replaced the session (its refresh token is then spent). An index on
 * `family_id` lets a reuse end the whole family with one update.
 */
export async function up(db: Kysely<any>): Promise<void> {
  const { textType } = columns(db);
  await db.schema.alterTable('auth_sessions').addColumn('family_id', textType).execute();
  await db.schema.alterTable('auth_sessions').addColumn('rotated_at', textType).execute();
  await createIndex(db, 'auth_sessions_family_idx', 'auth_sessions', ['family_id']);
}

/** Drops what 0024 added. */
export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropIndex('auth_sessions_family_idx').ifExists().execute();
  await db.schema.alterTable('auth_sessions').dropColumn('rotated_at').execute();
  await db.schema.alterTable('auth_sessions').dropColumn('family_id').execute();
}
