/** Row types of the webhook tables: webhook_subscriptions, webhook_deliveries, webhook_delivery_attempts. */

/**
 * A webhook subscription of a project (R10.1). `events`: JSON array of event names or "*"; `enabled` 0/1 with
 * `disabled_reason` MANUAL | GONE | FAILING; `secret` (`whsec_...`) kept as issued because signing needs it,
 * `previous_secret` keeps signing until `previous_secret_expires_at` after a rotation, and `older_secrets` (JSON array
 * of `{ secret, expiresAt }`, newest first, at most 2; NULL when empty) holds the secrets replaced before it that are
 * still inside the overlap their own rotation promised (services/webhooks/secrets.ts, migration 0019).
 */
export interface WebhookSubscriptionsTable {
  id: string;
  project_id: string;
  url: string;
  events: string;
  enabled: number;
  disabled_reason: string | null;
  disabled_at: string | null;
  secret: string;
  previous_secret: string | null;
  previous_secret_expires_at: string | null;
  older_secrets: string | null;
  created_at: string;
  updated_at: string;
}

/**
 * One event to one subscription (unique per pair). status PENDING | SUCCEEDED | FAILED; mode AUTO (retried on the
 * schedule) | MANUAL (a redelivery: one attempt); the dispatcher leases a row (`lease_owner`, `lease_expires_at`)
 * while it sends it.
 */
export interface WebhookDeliveriesTable {
  id: string;
  subscription_id: string;
  project_id: string;
  event_id: string;
  event_type: string;
  status: string;
  mode: string;
  attempt_count: number;
  max_attempts: number;
  next_attempt_at: string | null;
  lease_owner: string | null;
  lease_expires_at: string | null;
  last_attempt_at: string | null;
  last_status_code: number | null;
  last_duration_ms: number | null;
  last_error: string | null;
  created_at: string;
  updated_at: string;
  completed_at: string | null;
}

/** One attempt of a delivery: HTTP status (null without an answer), duration in ms, error, the retry it scheduled. */
export interface WebhookDeliveryAttemptsTable {
  id: string;
  delivery_id: string;
  number: number;
  attempted_at: string;
  succeeded: number;
  status_code: number | null;
  duration_ms: number;
  error: string | null;
  next_attempt_at: string | null;
}
