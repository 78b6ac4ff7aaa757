import { openapiDocument } from '../../contract';

/** The selector subscribing to every event type of {@link WEBHOOK_EVENT_TYPES}. */
export const ALL_EVENTS = '*';

/** Type of the event sendWebhookTest queues for one subscription; no subscription can select it. */
export const TEST_EVENT_TYPE = 'webhook.test';

/**
 * Event names a subscription may select: the `WebhookEventType` enum of the contract (spec Part 6 plus the DESIGN.md
 * extras), read from the bundled openapi.json so that the contract stays the one list. Events of other types written
 * to the outbox are never delivered.
 */
export const WEBHOOK_EVENT_TYPES: ReadonlySet<string> = new Set(
  ((openapiDocument.components?.schemas?.WebhookEventType as { enum?: string[] } | undefined)?.enum ?? []).filter(
    (name): name is string => typeof name === 'string',
  ),
);

/** Whether a subscription with `selectors` (event names or `*`) receives events of `type`. */
export function selectsEvent(selectors: readonly string[], type: string): boolean {
  if (!WEBHOOK_EVENT_TYPES.has(type)) return false;
  return selectors.includes(ALL_EVENTS) || selectors.includes(type);
}
