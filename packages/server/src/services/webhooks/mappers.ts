import type { Selectable } from 'kysely';
import type { WebhookDeliveriesTable, WebhookDeliveryAttemptsTable, WebhookSubscriptionsTable } from '../../db/schema';
import type {
  WebhookDelivery,
  WebhookDeliveryAttempt,
  WebhookDeliveryStatus,
  WebhookDisabledReason,
  WebhookSubscription,
} from '../../contract-types';

/** The API shape of a webhook_subscriptions row (never the secrets). */
export function toWebhookSubscription(row: Selectable<WebhookSubscriptionsTable>): WebhookSubscription {
  return {
    id: row.id,
    projectId: row.project_id,
    url: row.url,
    events: JSON.parse(row.events) as WebhookSubscription['events'],
    enabled: row.enabled === 1,
    disabledReason: row.enabled === 1 ? null : ((row.disabled_reason as WebhookDisabledReason | null) ?? 'MANUAL'),
    disabledAt: row.enabled === 1 ? null : row.disabled_at,
    previousSecretExpiresAt: row.previous_secret === null ? null : row.previous_secret_expires_at,
    createdAt: row.created_at,
    updatedAt: row.updated_at,
  };
}

/** The API shape of an attempt row. */
export function toWebhookDeliveryAttempt(row: Selectable<WebhookDeliveryAttemptsTable>): WebhookDeliveryAttempt {
  return {
    number: row.number,
    attemptedAt: row.attempted_at,
    succeeded: row.succeeded === 1,
    statusCode: row.status_code,
    durationMs: row.duration_ms,
    error: row.error,
    nextAttemptAt: row.next_attempt_at,
  };
}

/** The API shape of a delivery row with its attempt rows (any order; sorted by number here). */
export function toWebhookDelivery(
  row: Selectable<WebhookDeliveriesTable>,
  attempts: readonly Selectable<WebhookDeliveryAttemptsTable>[],
): WebhookDelivery {
  return {
    id: row.id,
    subscriptionId: row.subscription_id,
    eventId: row.event_id,
    eventType: row.event_type,
    status: row.status as WebhookDeliveryStatus,
    attemptCount: row.attempt_count,
    nextAttemptAt: row.status === 'PENDING' ? row.next_attempt_at : null,
    lastAttemptAt: row.last_attempt_at,
    lastStatusCode: row.last_status_code,
    lastError: row.last_error,
    createdAt: row.created_at,
    completedAt: row.completed_at,
    attempts: [...attempts].sort((a, b) => a.number - b.number).map(toWebhookDeliveryAttempt),
  };
}
