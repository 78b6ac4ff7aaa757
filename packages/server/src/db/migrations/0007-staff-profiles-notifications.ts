import type { Kysely } from 'kysely';

/**
 * Staff, profiles and notifications (R13.5 to R13.8, R14.5, R15.1 to R15.8): staff invitations, linked gaming accounts,
 * notifications with per-type/per-channel preferences and their pending email/webhook deliveries, and per-user calendar
 * feed tokens. Portable DDL (text ids and instants, integer booleans); every list filter has a narrow index.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('staff_invitations')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('organization_id', 'text', (c) => c.notNull().references('organizations.id').onDelete('cascade'))
    .addColumn('token_hash', 'text', (c) => c.notNull().unique())
    .addColumn('invited_user_id', 'text', (c) => c.references('users.id').onDelete('cascade'))
    .addColumn('invited_email', 'text')
    .addColumn('role', 'text', (c) => c.notNull())
    .addColumn('invited_by_user_id', 'text', (c) => c.references('users.id').onDelete('set null'))
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('expires_at', 'text', (c) => c.notNull())
    .addColumn('accepted_at', 'text')
    .addColumn('accepted_by_user_id', 'text')
    .addColumn('revoked_at', 'text')
    .execute();
  await db.schema
    .createIndex('staff_invitations_org_user_idx')
    .on('staff_invitations')
    .columns(['organization_id', 'invited_user_id'])
    .execute();
  await db.schema
    .createIndex('staff_invitations_org_email_idx')
    .on('staff_invitations')
    .columns(['organization_id', 'invited_email'])
    .execute();

  await db.schema
    .createTable('gaming_accounts')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('user_id', 'text', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('platform', 'text', (c) => c.notNull())
    .addColumn('account_id', 'text', (c) => c.notNull())
    .addColumn('account_key', 'text', (c) => c.notNull())
    .addColumn('display_name', 'text', (c) => c.notNull())
    .addColumn('linked_at', 'text', (c) => c.notNull())
    .addUniqueConstraint('gaming_accounts_platform_key_uq', ['platform', 'account_key'])
    .addUniqueConstraint('gaming_accounts_user_platform_uq', ['user_id', 'platform'])
    .execute();

  await db.schema
    .createTable('notifications')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('user_id', 'text', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('type', 'text', (c) => c.notNull())
    .addColumn('title', 'text', (c) => c.notNull())
    .addColumn('message', 'text', (c) => c.notNull())
    .addColumn('data', 'text', (c) => c.notNull())
    .addColumn('channels', 'text', (c) => c.notNull())
    .addColumn('in_app', 'integer', (c) => c.notNull())
    .addColumn('dedupe_key', 'text')
    .addColumn('read_at', 'text')
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addUniqueConstraint('notifications_user_dedupe_uq', ['user_id', 'dedupe_key'])
    .execute();
  await db.schema
    .createIndex('notifications_user_list_idx')
    .on('notifications')
    .columns(['user_id', 'in_app', 'created_at'])
    .execute();
  await db.schema
    .createIndex('notifications_user_unread_idx')
    .on('notifications')
    .columns(['user_id', 'in_app', 'read_at', 'created_at'])
    .execute();

  await db.schema.createIndex('notifications_dedupe_idx').on('notifications').column('dedupe_key').execute();

  await db.schema
    .createTable('notification_deliveries')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('notification_id', 'text', (c) => c.notNull().references('notifications.id').onDelete('cascade'))
    .addColumn('user_id', 'text', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('channel', 'text', (c) => c.notNull())
    .addColumn('status', 'text', (c) => c.notNull())
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('delivered_at', 'text')
    .execute();
  await db.schema
    .createIndex('notification_deliveries_pending_idx')
    .on('notification_deliveries')
    .columns(['channel', 'status', 'created_at'])
    .execute();

  await db.schema
    .createTable('notification_preferences')
    .addColumn('user_id', 'text', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('type', 'text', (c) => c.notNull())
    .addColumn('in_app', 'integer', (c) => c.notNull())
    .addColumn('email', 'integer', (c) => c.notNull())
    .addColumn('webhook', 'integer', (c) => c.notNull())
    .addColumn('updated_at', 'text', (c) => c.notNull())
    .addPrimaryKeyConstraint('notification_preferences_pk', ['user_id', 'type'])
    .execute();

  await db.schema
    .createTable('calendar_feed_tokens')
    .addColumn('user_id', 'text', (c) => c.primaryKey().references('users.id').onDelete('cascade'))
    .addColumn('token_hash', 'text', (c) => c.notNull().unique())
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('last_used_at', 'text')
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
