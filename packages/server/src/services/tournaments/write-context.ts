import type { Clock } from '../../clock';
import type { TournamentRow } from './tournament-mapper';
import type { Db } from './tournament-reader';

/**
 * What the bracket-advancing helpers need inside a write: the open transaction (never the app's db handle:
 * on SQLite a query outside the transaction would wait for it forever), the clock for event timestamps,
 * the tournament and the instant of the write (UTC ISO 8601).
 */
export interface WriteContext {
  db: Db;
  clock: Clock;
  tournament: TournamentRow;
  now: string;
}
