import type { Kysely } from 'kysely';
import { columns, createIndex } from './columns';

/**
 * Webhooks (R10.1 to R10.11): subscriptions of a project, one delivery per (event, subscription) and
 * the log of every delivery attempt. Deliveries are rows, so pending ones survive restarts; the dispatcher claims due
 * ones with a conditional UPDATE lease (`lease_owner`, `lease_expires_at`), safe with several processes on one
 * database. Secrets are stored as issued because signing needs them (docs/decisions.md "Webhook secrets at rest").
 */
export async function up(db: Kysely<any>): Promise<void> {
  const c = columns(db);
  await db.schema
    .createTable('webhook_subscriptions')
    .$call(c.id)
    .$call(c.reference('project_id', 'projects.id'))
    .$call(c.text('url', 'events'))
    .$call(c.integer('enabled'))
    .$call(c.optionalText('disabled_reason', 'disabled_at'))
    .$call(c.text('secret'))
    .$call(c.optionalText('previous_secret', 'previous_secret_expires_at'))
    .$call(c.timestamps)
    .execute();
  // Listing (newest first) and the fan-out (enabled subscriptions of the event's project).
  await createIndex(db, 'webhook_subscriptions_project_idx', 'webhook_subscriptions', ['project_id', 'enabled', 'created_at']);

  await db.schema
    .createTable('webhook_deliveries')
    .$call(c.id)
    .$call(c.reference('subscription_id', 'webhook_subscriptions.id'))
    .$call(c.text('project_id', 'event_id', 'event_type', 'status', 'mode'))
    .$call(c.integer('attempt_count', 'max_attempts'))
    .$call(c.optionalText('next_attempt_at', 'lease_owner', 'lease_expires_at', 'last_attempt_at'))
    .$call(c.optionalInteger('last_status_code', 'last_duration_ms'))
    .$call(c.optionalText('last_error'))
    .$call(c.timestamps)
    .$call(c.optionalText('completed_at'))
    // One delivery per event and subscription: the fan-out cannot queue an event twice.
    .addUniqueConstraint('webhook_deliveries_subscription_event_uq', ['subscription_id', 'event_id'])
    .execute();
  // The dispatcher's poll: due PENDING deliveries in next_attempt_at order.
  await createIndex(db, 'webhook_deliveries_due_idx', 'webhook_deliveries', ['status', 'next_attempt_at']);
  // The delivery log of a subscription, newest first, optionally by status.
  await createIndex(db, 'webhook_deliveries_subscription_idx', 'webhook_deliveries', ['subscription_id', 'status', 'created_at']);
  await createIndex(db, 'webhook_deliveries_subscription_created_idx', 'webhook_deliveries', ['subscription_id', 'created_at']);

  await db.schema
    .createTable('webhook_delivery_attempts')
    .$call(c.id)
    .$call(c.reference('delivery_id', 'webhook_deliveries.id'))
    .$call(c.integer('number'))
    .$call(c.text('attempted_at'))
    .$call(c.integer('succeeded'))
    .$call(c.optionalInteger('status_code'))
    .$call(c.integer('duration_ms'))
    .$call(c.optionalText('error', 'next_attempt_at'))
    .execute();
  await createIndex(db, 'webhook_delivery_attempts_delivery_idx', 'webhook_delivery_attempts', ['delivery_id', 'number']);
}

/** Drops everything 0006 created. */
export async function down(db: Kysely<any>): Promise<void> {
  for (const table of ['webhook_delivery_attempts', 'webhook_deliveries', 'webhook_subscriptions']) {
    await db.schema.dropTable(table).ifExists().execute();
  }
}
