import type { Insertable } from 'kysely';
import type { WebhookDeliveriesTable } from '../../db/schema';
import { newId } from '../../ids';
import { chunks } from '../../db/chunks';
import type { EventSubscriber, RecordedEvent } from '../events';
import { selectsEvent } from './event-types';

/** What the fan-out needs: attempts per delivery and a callback run once deliveries were queued. */
export interface WebhookFanoutOptions {
  /** Attempts each new delivery gets (maxAttemptsOf(config.webhookRetryScheduleSeconds)). */
  maxAttempts: number;
  /** Told that deliveries were queued (the dispatcher wakes up; by then the transaction has usually committed). */
  onQueued?: () => void;
}

/** A new PENDING delivery of `event` to a subscription, due at the event's creation. */
export function newDeliveryRow(
  event: Pick<RecordedEvent, 'id' | 'type' | 'projectId' | 'createdAt'>,
  subscriptionId: string,
  maxAttempts: number,
  now: string = event.createdAt,
): Insertable<WebhookDeliveriesTable> {
  return {
    id: newId(),
    subscription_id: subscriptionId,
    project_id: event.projectId,
    event_id: event.id,
    event_type: event.type,
    status: 'PENDING',
    mode: 'AUTO',
    attempt_count: 0,
    max_attempts: maxAttempts,
    next_attempt_at: now,
    lease_owner: null,
    lease_expires_at: null,
    last_attempt_at: null,
    last_status_code: null,
    last_duration_ms: null,
    last_error: null,
    created_at: now,
    updated_at: now,
    completed_at: null,
  };
}

/**
 * The EventSubscriber of webhooks (registered in createApp): inside the transaction that records events, queues one
 * delivery per event and enabled subscription of the event's project that selects its type, so a delivery exists
 * exactly when its event does (at-least-once from the outbox, DESIGN "Webhooks").
 */
export function createWebhookFanout(options: WebhookFanoutOptions): EventSubscriber {
  return async (db, events) => {
    const projectIds = [...new Set(events.map((e) => e.projectId))];
    if (projectIds.length === 0) return;
    const subscriptions = await db
      .selectFrom('webhook_subscriptions')
      .select(['id', 'project_id', 'events'])
      .where('project_id', 'in', projectIds)
      .where('enabled', '=', 1)
      .execute();
    if (subscriptions.length === 0) return;
    const parsed = subscriptions.map((s) => ({ id: s.id, projectId: s.project_id, selectors: JSON.parse(s.events) as string[] }));
    const rows: Insertable<WebhookDeliveriesTable>[] = [];
    for (const event of events) {
      for (const s of parsed) {
        if (s.projectId === event.projectId && selectsEvent(s.selectors, event.type)) {
          rows.push(newDeliveryRow(event, s.id, options.maxAttempts));
        }
      }
    }
    if (rows.length === 0) return;
    for (const chunk of chunks(rows, 200)) await db.insertInto('webhook_deliveries').values(chunk).execute();
    options.onQueued?.();
  };
}
