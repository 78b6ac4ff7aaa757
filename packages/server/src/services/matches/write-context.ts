import type { EventSink } from '../events';
import type { DatabaseDialect } from '../../db/dialect';
import type { Db } from '../../db/db';
import type { TournamentRow } from '../../db/rows';

/**
 * What the bracket-advancing helpers need inside a write: the open transaction (never the app's db handle:
 * on SQLite a query outside the transaction would wait for it forever), the event sink (clock and in-transaction subscribers),
 * the tournament and the instant of the write (UTC ISO 8601).
 */
export interface WriteContext {
  db: Db;
  sink: EventSink;
  tournament: TournamentRow;
  now: string;
  /** The database's dialect, for its bulk writes (`insertRows`: a stage's matches and entrants, R7.19). */
  dialect: DatabaseDialect;
}
