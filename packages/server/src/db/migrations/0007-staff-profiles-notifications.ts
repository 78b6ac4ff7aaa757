import type { Kysely } from 'kysely';
import { columns, createIndex } from './columns';

/**
 * Staff, profiles and notifications (R13.5 to R13.8, R14.5, R15.1 to R15.8): staff invitations, linked gaming accounts,
 * notifications with per-type/per-channel preferences and their pending email/webhook deliveries, and per-user calendar
 * feed tokens. Portable DDL (columns.ts: text ids and instants, integer booleans); every list filter has a narrow index.
 */
export async function up(db: Kysely<any>): Promise<void> {
  const c = columns(db);
  await db.schema
    .createTable('staff_invitations')
    .$call(c.id)
    .$call(c.reference('organization_id', 'organizations.id'))
    .$call(c.uniqueText('token_hash'))
    .$call(c.reference('invited_user_id', 'users.id', { optional: true }))
    .$call(c.optionalText('invited_email'))
    .$call(c.text('role'))
    .$call(c.reference('invited_by_user_id', 'users.id', { optional: true, onDelete: 'set null' }))
    .$call(c.text('created_at', 'expires_at'))
    .$call(c.optionalText('accepted_at', 'accepted_by_user_id', 'revoked_at'))
    .execute();
  await createIndex(db, 'staff_invitations_org_user_idx', 'staff_invitations', ['organization_id', 'invited_user_id']);
  await createIndex(db, 'staff_invitations_org_email_idx', 'staff_invitations', ['organization_id', 'invited_email']);

  await db.schema
    .createTable('gaming_accounts')
    .$call(c.id)
    .$call(c.reference('user_id', 'users.id'))
    .$call(c.text('platform', 'account_id', 'account_key', 'display_name', 'linked_at'))
    .addUniqueConstraint('gaming_accounts_platform_key_uq', ['platform', 'account_key'])
    .addUniqueConstraint('gaming_accounts_user_platform_uq', ['user_id', 'platform'])
    .execute();

  await db.schema
    .createTable('notifications')
    .$call(c.id)
    .$call(c.reference('user_id', 'users.id'))
    .$call(c.text('type', 'title', 'message', 'data', 'channels'))
    .$call(c.integer('in_app'))
    .$call(c.optionalText('dedupe_key', 'read_at'))
    .$call(c.text('created_at'))
    .addUniqueConstraint('notifications_user_dedupe_uq', ['user_id', 'dedupe_key'])
    .execute();
  await createIndex(db, 'notifications_user_list_idx', 'notifications', ['user_id', 'in_app', 'created_at']);
  await createIndex(db, 'notifications_user_unread_idx', 'notifications', ['user_id', 'in_app', 'read_at', 'created_at']);

  await createIndex(db, 'notifications_dedupe_idx', 'notifications', ['dedupe_key']);

  await db.schema
    .createTable('notification_deliveries')
    .$call(c.id)
    .$call(c.reference('notification_id', 'notifications.id'))
    .$call(c.reference('user_id', 'users.id'))
    .$call(c.text('channel', 'status', 'created_at'))
    .$call(c.optionalText('delivered_at'))
    .execute();
  await createIndex(db, 'notification_deliveries_pending_idx', 'notification_deliveries', ['channel', 'status', 'created_at']);

  await db.schema
    .createTable('notification_preferences')
    .$call(c.reference('user_id', 'users.id'))
    .$call(c.text('type'))
    .$call(c.integer('in_app', 'email', 'webhook'))
    .$call(c.text('updated_at'))
    .addPrimaryKeyConstraint('notification_preferences_pk', ['user_id', 'type'])
    .execute();

  await db.schema
    .createTable('calendar_feed_tokens')
    .addColumn('user_id', c.textType, (col) => col.primaryKey().references('users.id').onDelete('cascade'))
    .$call(c.uniqueText('token_hash'))
    .$call(c.text('created_at'))
    .$call(c.optionalText('last_used_at'))
    .execute();
}

/** Drops everything 0007 created. */
export async function down(db: Kysely<any>): Promise<void> {
  for (const table of [
    'calendar_feed_tokens', 'notification_preferences', 'notification_deliveries', 'notifications', 'gaming_accounts',
    'staff_invitations',
  ]) {
    await db.schema.dropTable(table).ifExists().execute();
  }
}
