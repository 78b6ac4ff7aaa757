import type { Selectable } from 'kysely';
import type { WebhookDeliveriesTable, WebhookDeliveryAttemptsTable, WebhookSubscriptionsTable } from '../../db/schema';

/** Why a subscription is disabled (contract: WebhookDisabledReason). */
export type WebhookDisabledReason = 'MANUAL' | 'GONE' | 'FAILING';

/** A webhook subscription without its secret (contract: WebhookSubscription). */
export interface WebhookSubscription {
  id: string;
  projectId: string;
  url: string;
  /** Event names or `*`. */
  events: string[];
  enabled: boolean;
  disabledReason: WebhookDisabledReason | null;
  disabledAt: string | null;
  /** Until when deliveries are also signed with the previous secret (after a rotation), UTC ISO 8601. */
  previousSecretExpiresAt: string | null;
  createdAt: string;
  updatedAt: string;
}

/** Delivery status (contract: WebhookDeliveryStatus). */
export type WebhookDeliveryStatus = 'PENDING' | 'SUCCEEDED' | 'FAILED';

/** One attempt of a delivery (contract: WebhookDeliveryAttempt); durationMs in milliseconds. */
export interface WebhookDeliveryAttempt {
  number: number;
  attemptedAt: string;
  succeeded: boolean;
  statusCode: number | null;
  durationMs: number;
  error: string | null;
  nextAttemptAt: string | null;
}

/** One event to one subscription with its attempts, oldest first (contract: WebhookDelivery). */
export interface WebhookDelivery {
  id: string;
  subscriptionId: string;
  eventId: string;
  eventType: string;
  status: WebhookDeliveryStatus;
  attemptCount: number;
  nextAttemptAt: string | null;
  lastAttemptAt: string | null;
  lastStatusCode: number | null;
  lastError: string | null;
  createdAt: string;
  completedAt: string | null;
  attempts: WebhookDeliveryAttempt[];
}

/** The API shape of a webhook_subscriptions row (never the secrets). */
export function toWebhookSubscription(row: Selectable<WebhookSubscriptionsTable>): WebhookSubscription {
  return {
    id: row.id,
    projectId: row.project_id,
    url: row.url,
    events: JSON.parse(row.events) as string[],
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
