import type { Selectable } from 'kysely';
import type { AuthContext, Scope } from '../../auth/auth-context';
import type { Db } from '../../db/db';
import type { WebhookSubscriptionsTable } from '../../db/schema';
import { AppError, invalidField } from '../../errors/app-error';
import { ALL_EVENTS, selectsEvent, TEST_EVENT_TYPE, WEBHOOK_EVENT_TYPES } from './event-types';

// The rules of webhook subscriptions (R10.1, R10.2, R10.5): the events they may select, who may subscribe to the
// anti-cheat events, the cap per project, and what a change of events does to pending deliveries.

/** The event selectors, checked: names of WebhookEventType or `*`. @throws AppError 400 naming body.events[i] */
export function checkEvents(events: readonly string[]): string[] {
  if (events.length === 0) throw invalidField('body.events', 'must list at least one event name or "*"');
  events.forEach((name, i) => {
    if (name !== ALL_EVENTS && !WEBHOOK_EVENT_TYPES.has(name)) {
      throw invalidField(`body.events[${i}]`, `unknown event "${name}"; expected "*" or one of ${[...WEBHOOK_EVENT_TYPES].join(', ')}`);
    }
  });
  return [...events];
}

/**
 * Subscriptions a project may have (R10.1): each event is sent once per subscription, so an unbounded number would
 * let one key turn every event into as many requests to any host (GitHub allows 20 hooks per repository).
 */
export const MAX_SUBSCRIPTIONS_PER_PROJECT = 20;

/** The event selectors a subscription row holds (a JSON array of names or `*`). */
export const subscribedEvents = (row: Selectable<WebhookSubscriptionsTable>): string[] => JSON.parse(row.events) as string[];

/** The scope a key needs to subscribe to the anti-cheat events, whose data is what that scope lists (R10.2). */
const ANTI_CHEAT_EVENTS_SCOPE: Scope = 'anticheat:detections.read';

/**
 * A key may subscribe to the anti-cheat events (`anticheat.*`, or `*` which includes them), or change, rotate the
 * secret of or redeliver for a subscription to them, only if it holds `anticheat:detections.read`: the anti-cheat
 * scopes are granted by no Data API scope, `manage:webhooks` included, so a webhook cannot hand a key the detections
 * it may not list (R10.2). Users (OWNER, ADMIN) may: they grant every scope to the keys they create.
 * @throws AppError 403 INSUFFICIENT_SCOPE naming the scope and the selector.
 */
export function checkAntiCheatEvents(auth: AuthContext, events: readonly string[]): void {
  if (auth.kind !== 'apiKey' || auth.scopes.includes(ANTI_CHEAT_EVENTS_SCOPE)) return;
  const selector = events.find((name) => name === ALL_EVENTS || name.startsWith('anticheat.'));
  if (selector === undefined) return;
  const what = selector === ALL_EVENTS ? '"*" includes the anti-cheat events, which need' : `${selector} needs`;
  throw new AppError(
    'INSUFFICIENT_SCOPE',
    `${what} the scope ${ANTI_CHEAT_EVENTS_SCOPE} (this key lacks it${selector === ALL_EVENTS ? '; list the events it may receive instead' : ''})`,
  );
}

/**
 * Inside the caller's transaction, under the subscription's lock: its PENDING deliveries of event types `selectors`
 * no longer select become FAILED at `now` with a last error saying so (the test event is kept). R10.2, R10.5.
 */
export async function dropUnselectedDeliveries(trx: Db, subscriptionId: string, selectors: readonly string[], now: string): Promise<void> {
  const pending = await trx
    .selectFrom('webhook_deliveries')
    .select(['id', 'event_type'])
    .where('subscription_id', '=', subscriptionId)
    .where('status', '=', 'PENDING')
    .where('event_type', '!=', TEST_EVENT_TYPE)
    .execute();
  const dropped = pending.filter((d) => !selectsEvent(selectors, d.event_type)).map((d) => d.id);
  if (dropped.length === 0) return;
  await trx
    .updateTable('webhook_deliveries')
    .set({ status: 'FAILED', next_attempt_at: null, completed_at: now, updated_at: now, last_error: 'dropped: the subscription no longer selects this event' })
    .where('id', 'in', dropped)
    .where('status', '=', 'PENDING')
    .execute();
}

/** @throws AppError 409 INVALID_STATE for a disabled subscription. */
export function requireEnabled(sub: Selectable<WebhookSubscriptionsTable>): void {
  if (sub.enabled !== 1) {
    throw new AppError(
      'INVALID_STATE',
      `this webhook subscription is disabled (${sub.disabled_reason ?? 'MANUAL'}); enable it first (PATCH with "enabled": true)`,
    );
  }
}
