import type { Kysely, Transaction } from 'kysely';
import type { Clock } from '../clock';
import type { Database } from '../db/schema';
import { newId } from '../ids';

/** A domain event to record in the outbox (spec Part 6, DESIGN "Webhooks"). `data` is the payload's `data`. */
export interface DomainEvent {
  projectId: string;
  /** Event name, e.g. `tournament.started`, `match.completed`. */
  type: string;
  /** Id of the resource the event is about (tournament, match ...). */
  subjectId: string | null;
  data: Record<string, unknown>;
}

/**
 * Writes events into the outbox. Call it with the transaction that makes the change, so the event exists
 * exactly when the change does. Returns the new event ids.
 */
export async function writeEvents(db: Kysely<Database> | Transaction<Database>, clock: Clock, events: DomainEvent[]): Promise<string[]> {
  if (events.length === 0) return [];
  const createdAt = clock.now().toISOString();
  const rows = events.map((e) => ({
    id: newId(),
    project_id: e.projectId,
    type: e.type,
    subject_id: e.subjectId,
    data: JSON.stringify(e.data),
    created_at: createdAt,
  }));
  await db.insertInto('events').values(rows).execute();
  return rows.map((r) => r.id);
}
