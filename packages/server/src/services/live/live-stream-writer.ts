import type { DatabaseDialect } from '../../db/dialect';
import type { Db } from '../../db/db';
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
 * The EventSubscriber of live streams (R28.1, R28.2), registered in createApp: inside the transaction that records
 * events, appends each tournament's events to `tournament_live_events` with the next numbers of that tournament,
 * taken under the lock `live:<tournamentId>` (dialect.lockKey), so numbers follow commit order on every database and
 * with several server processes; then forgets the events older than the last `backlog` of the tournament. Events of
 * a tournament that does not exist (any more) are left out.
 */
export function createLiveStreamWriter(dialect: DatabaseDialect, backlog: number): EventSubscriber {
  return async (db: EventDb, events) => {
    const byTournament = new Map<string, RecordedEvent[]>();
    for (const event of events) {
      const tournamentId = liveTournamentOf(event);
      if (tournamentId === null) continue;
      byTournament.set(tournamentId, [...(byTournament.get(tournamentId) ?? []), event]);
    }
    for (const [tournamentId, list] of [...byTournament].sort(([a], [b]) => (a < b ? -1 : 1))) {
      // A tournament that no longer exists (deleted in this transaction) has no stream left to append to.
      const exists = await db.selectFrom('tournaments').select('id').where('id', '=', tournamentId).executeTakeFirst();
      if (!exists) continue;
      await dialect.lockKey(db as Db, `live:${tournamentId}`);
      const last = await db
        .selectFrom('tournament_live_events')
        .select((eb) => eb.fn.max('seq').as('seq'))
        .where('tournament_id', '=', tournamentId)
        .executeTakeFirst();
      const start = Number(last?.seq ?? 0);
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
      const newest = start + list.length;
      if (newest > backlog) {
        await db.deleteFrom('tournament_live_events').where('tournament_id', '=', tournamentId).where('seq', '<=', newest - backlog).execute();
      }
    }
  };
}
