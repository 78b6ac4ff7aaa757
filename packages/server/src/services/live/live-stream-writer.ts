import { sql } from 'kysely';
import type { EventDb, EventSubscriber, RecordedEvent } from '../events';

/** Event name prefixes that belong to a tournament's live stream (R28.1); circuit and anti-cheat events do not. */
const LIVE_PREFIXES = ['tournament.', 'stage.', 'match.', 'participant.'] as const;

/** The tournament an event belongs to (its `data.tournamentId`, or the subject of a `tournament.*` event), else null. */
export function liveTournamentOf(event: Pick<RecordedEvent, 'type' | 'subjectId' | 'data'>): string | null {
  if (!LIVE_PREFIXES.some((prefix) => event.type.startsWith(prefix))) return null;
  const id = event.data.tournamentId;
  if (typeof id === 'string') return id;
  return event.type.startsWith('tournament.') ? event.subjectId : null;
}

/**
 * How many numbers pass between two trims of a tournament's backlog: a tenth of `backlog` (at least 1). A write trims
 * only when its numbers cross a multiple of it, so a tournament keeps between `backlog` and `backlog + chunk - 1`
 * events (plus those of the write itself) instead of paying a DELETE on every write (R28.2).
 */
export function trimChunk(backlog: number): number {
  return Math.max(1, Math.ceil(backlog / 10));
}

/**
 * The EventSubscriber of live streams (R28.1, R28.2), registered in createApp: inside the transaction that records
 * events, appends each tournament's events to `tournament_live_events` with the next numbers of that tournament.
 * Two statements per tournament: the counter `tournament_live_seq` is bumped by the number of events with
 * `INSERT ... SELECT FROM tournaments ... ON CONFLICT DO UPDATE SET seq = seq + n RETURNING seq` (no row when the
 * tournament does not exist (any more): its events are left out; a counter behind the newest kept event, as a
 * writer older than migration 0016 leaves it, first catches up with that event), then one multi-row INSERT of the
 * events. On PostgreSQL the counter's row lock is held until commit, so a second writer of the tournament waits and numbers
 * follow commit order across server processes; on SQLite the write transaction already holds the only write lock.
 * Every {@link trimChunk} numbers, the events older than the last `backlog` of the tournament are deleted.
 */
export function createLiveStreamWriter(backlog: number): EventSubscriber {
  const chunk = trimChunk(backlog);
  return async (db: EventDb, events) => {
    const byTournament = new Map<string, RecordedEvent[]>();
    for (const event of events) {
      const tournamentId = liveTournamentOf(event);
      if (tournamentId === null) continue;
      const list = byTournament.get(tournamentId);
      if (list) list.push(event);
      else byTournament.set(tournamentId, [event]);
    }
    // Counters are bumped in id order, so two transactions touching the same tournaments never wait on each other in a cycle.
    for (const [tournamentId, list] of [...byTournament].sort(([a], [b]) => (a < b ? -1 : 1))) {
      // The newest number already used, should the counter lag behind the events (written by a version before
      // migration 0016, which numbered from max(seq) without the counter, during a rolling upgrade): numbering goes
      // on after whichever is higher, so it never collides with a kept event.
      const newestEvent = sql<number>`(select coalesce(max(e.seq), 0) from tournament_live_events e where e.tournament_id = ${tournamentId})`;
      const counter = await db
        .insertInto('tournament_live_seq')
        .columns(['tournament_id', 'seq'])
        .expression(
          db
            .selectFrom('tournaments')
            .select(['id', sql<number>`cast(${newestEvent} + ${list.length} as integer)`.as('seq')])
            .where('id', '=', tournamentId),
        )
        .onConflict((oc) =>
          oc.column('tournament_id').doUpdateSet({
            seq: sql<number>`case when tournament_live_seq.seq + ${list.length} >= excluded.seq then tournament_live_seq.seq + ${list.length} else excluded.seq end`,
          }),
        )
        .returning('seq')
        .executeTakeFirst();
      // A tournament that no longer exists (deleted in this transaction) has no stream left to append to.
      if (!counter) continue;
      const newest = Number(counter.seq);
      const start = newest - list.length;
      await db
        .insertInto('tournament_live_events')
        .values(
          list.map((event, i) => ({
            tournament_id: tournamentId,
            seq: start + i + 1,
            event_id: event.id,
            type: event.type,
            data: JSON.stringify(event.data),
            created_at: event.createdAt,
          })),
        )
        .execute();
      if (newest > backlog && Math.floor(newest / chunk) > Math.floor(start / chunk)) {
        await db.deleteFrom('tournament_live_events').where('tournament_id', '=', tournamentId).where('seq', '<=', newest - backlog).execute();
      }
    }
  };
}
