/** Row types of the event tables: events (the outbox), tournament_live_events, tournament_live_seq. */

/** Outbox of domain events (webhook delivery reads it); data is the JSON payload `data`. */
export interface EventsTable {
  id: string;
  project_id: string;
  type: string;
  subject_id: string | null;
  data: string;
  created_at: string;
}

/**
 * One event of a tournament's live stream (R28.1): `seq` counts 1, 2, 3 ... per tournament in commit order; `data`
 * is the event's JSON `data`; only the last events of each tournament are kept.
 */
export interface TournamentLiveEventsTable {
  tournament_id: string;
  seq: number;
  event_id: string;
  type: string;
  data: string;
  created_at: string;
}

/** The newest live stream number of a tournament (R28.2), bumped by the stream writer (migration 0016). */
export interface TournamentLiveSeqTable {
  tournament_id: string;
  seq: number;
}
