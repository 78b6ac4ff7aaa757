import type { Kysely } from 'kysely';

/**
 * Webhooks (R10.1 to R10.11): subscriptions of a project, one delivery per (event, subscription) and
 * the log of every delivery attempt. Deliveries are rows, so pending ones survive restarts; the dispatcher claims due
 * ones with a conditional UPDATE lease (`lease_owner`, `lease_expires_at`), safe with several processes on one
 * database. Secrets are stored as issued because signing needs them (docs/decisions.md "Webhook secrets at rest").
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('webhook_subscriptions')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('project_id', 'text', (c) => c.notNull().references('projects.id').onDelete('cascade'))
    .addColumn('url', 'text', (c) => c.notNull())
    .addColumn('events', 'text', (c) => c.notNull())
    .addColumn('enabled', 'integer', (c) => c.notNull())
    .addColumn('disabled_reason', 'text')
    .addColumn('disabled_at', 'text')
    .addColumn('secret', 'text', (c) => c.notNull())
    .addColumn('previous_secret', 'text')
    .addColumn('previous_secret_expires_at', 'text')
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('updated_at', 'text', (c) => c.notNull())
    .execute();
  // Listing (newest first) and the fan-out (enabled subscriptions of the event's project).
  await db.schema
    .createIndex('webhook_subscriptions_project_idx')
    .on('webhook_subscriptions')
    .columns(['project_id', 'enabled', 'created_at'])
    .execute();

  await db.schema
    .createTable('webhook_deliveries')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('subscription_id', 'text', (c) => c.notNull().references('webhook_subscriptions.id').onDelete('cascade'))
    .addColumn('project_id', 'text', (c) => c.notNull())
    .addColumn('event_id', 'text', (c) => c.notNull())
    .addColumn('event_type', 'text', (c) => c.notNull())
    .addColumn('status', 'text', (c) => c.notNull())
    .addColumn('mode', 'text', (c) => c.notNull())
    .addColumn('attempt_count', 'integer', (c) => c.notNull())
    .addColumn('max_attempts', 'integer', (c) => c.notNull())
    .addColumn('next_attempt_at', 'text')
    .addColumn('lease_owner', 'text')
    .addColumn('lease_expires_at', 'text')
    .addColumn('last_attempt_at', 'text')
    .addColumn('last_status_code', 'integer')
    .addColumn('last_duration_ms', 'integer')
    .addColumn('last_error', 'text')
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('updated_at', 'text', (c) => c.notNull())
    .addColumn('completed_at', 'text')
    // One delivery per event and subscription: the fan-out cannot queue an event twice.
    .addUniqueConstraint('webhook_deliveries_subscription_event_uq', ['subscription_id', 'event_id'])
    .execute();
  // The dispatcher's poll: due PENDING deliveries in next_attempt_at order.
  await db.schema.createIndex('webhook_deliveries_due_idx').on('webhook_deliveries').columns(['status', 'next_attempt_at']).execute();
  // The delivery log of a subscription, newest first, optionally by status.
  await db.schema
    .createIndex('webhook_deliveries_subscription_idx')
    .on('webhook_deliveries')
    .columns(['subscription_id', 'status', 'created_at'])
    .execute();
  await db.schema
    .createIndex('webhook_deliveries_subscription_created_idx')
    .on('webhook_deliveries')
    .columns(['subscription_id', 'created_at'])
    .execute();

  await db.schema
    .createTable('webhook_delivery_attempts')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('delivery_id', 'text', (c) => c.notNull().references('webhook_deliveries.id').onDelete('cascade'))
    .addColumn('number', 'integer', (c) => c.notNull())
    .addColumn('attempted_at', 'text', (c) => c.notNull())
    .addColumn('succeeded', 'integer', (c) => c.notNull())
    .addColumn('status_code', 'integer')
    .addColumn('duration_ms', 'integer', (c) => c.notNull())
    .addColumn('error', 'text')
    .addColumn('next_attempt_at', 'text')
    .execute();
  await db.schema
    .createIndex('webhook_delivery_attempts_delivery_idx')
    .on('webhook_delivery_attempts')
    .columns(['delivery_id', 'number'])
    .execute();
}

/** Drops everything 0006 created. */
export async function down(db: Kysely<any>): Promise<void> {
  for (const table of ['webhook_delivery_attempts', 'webhook_deliveries', 'webhook_subscriptions']) {
    await db.schema.dropTable(table).ifExists().execute();
  }
}
