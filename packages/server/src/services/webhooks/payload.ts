import type { Selectable } from 'kysely';
import type { EventsTable } from '../../db/schema';

/**
 * The JSON body POSTed for an outbox event: `{ id, type, createdAt, data }` (contract: WebhookEvent). The same row
 * always gives the same text, so every retry sends identical bytes.
 */
export function webhookPayload(event: Pick<Selectable<EventsTable>, 'id' | 'type' | 'created_at' | 'data'>): string {
  return JSON.stringify({ id: event.id, type: event.type, createdAt: event.created_at, data: JSON.parse(event.data) as unknown });
}
