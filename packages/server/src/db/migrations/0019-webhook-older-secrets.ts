import type { Kysely } from 'kysely';
import { columns } from './columns';

/**
 * Secrets replaced by earlier rotations keep signing until their own promised expiry (R10.10):
 * `webhook_subscriptions.older_secrets`, a JSON array of `{ secret, expiresAt }` newest first (at most 2, beside
 * `previous_secret`; NULL when empty). Before it a second rotation within the overlap overwrote `previous_secret`, so
 * the first secret stopped signing at once although its rotation had promised it `overlapSeconds` more.
 */
export async function up(db: Kysely<any>): Promise<void> {
  const { textType } = columns(db);
  await db.schema.alterTable('webhook_subscriptions').addColumn('older_secrets', textType).execute();
}

/** Drops the column (the older secrets stop signing; the previous one keeps its expiry). */
export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('webhook_subscriptions').dropColumn('older_secrets').execute();
}
