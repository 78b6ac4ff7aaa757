import type { Kysely, Transaction } from 'kysely';
import type { Clock } from '../clock';
import type { Database } from '../db/schema';
import { newId } from '../ids';

/** A domain event to record in the outbox (R10.4, R11.1 to R11.10). `data` is the payload's `data`. */
export interface DomainEvent {
  projectId: string;
  /** Event name, e.g. `tournament.started`, `match.completed`. */
  type: string;
  /** Id of the resource the event is about (tournament, match ...). */
  subjectId: string | null;
  data: Record<string, unknown>;
}

/** An event as written: its id and creation instant (UTC ISO 8601) added. */
export interface RecordedEvent extends DomainEvent {
  id: string;
  createdAt: string;
}

/** A database handle usable inside or outside a transaction. */
export type EventDb = Kysely<Database> | Transaction<Database>;

/**
 * Reacts to events inside the transaction that records them (e.g. notifications derived from match events),
 * so what it writes exists exactly when the change does. It must use `db` (the open transaction) only.
 */
export type EventSubscriber = (db: EventDb, events: readonly RecordedEvent[]) => Promise<void>;

/** Where events go: the clock that stamps them and the subscribers that react to them (AppDeps satisfies it). */
export interface EventSink {
  clock: Clock;
  eventSubscribers?: readonly EventSubscriber[];
  /**
   * When set, {@link writeEvents} appends the events here instead of writing them: a write whose own event must come
   * first (a correction, R8.13) collects the events of its effects and writes them after its own, in one call.
   */
  deferred?: DomainEvent[];
}

/**
 * Writes events into the outbox and runs the sink's subscribers, all with `db`: call it with the transaction that
 * makes the change, so the events exist exactly when the change does. Events of one call are numbered in array order
 * (ids increasing, live stream numbers too). Returns the recorded events; with `sink.deferred` it only appends them
 * there and returns none.
 */
export async function writeEvents(db: EventDb, sink: EventSink, events: DomainEvent[]): Promise<RecordedEvent[]> {
  if (events.length === 0) return [];
  if (sink.deferred) {
    sink.deferred.push(...events);
    return [];
  }
  const createdAt = sink.clock.now().toISOString();
  const recorded = events.map((e) => ({ ...e, id: newId(), createdAt }));
  await db
    .insertInto('events')
    .values(
      recorded.map((e) => ({
        id: e.id,
        project_id: e.projectId,
        type: e.type,
        subject_id: e.subjectId,
        data: JSON.stringify(e.data),
        created_at: createdAt,
      })),
    )
    .execute();
  for (const subscriber of sink.eventSubscribers ?? []) await subscriber(db, recorded);
  return recorded;
}
