import { reusableQuery } from '../../db/compiled-query';
import type { Db } from '../../db/db';

const newestQuery = reusableQuery((db) =>
  db
    .selectFrom('tournament_live_events')
    .select((eb) => eb.fn.max('seq').as('seq'))
    .where('tournament_id', '=', ''),
);

/**
 * The number of the newest event of `tournamentId`'s live stream (R28.2), 0 before its first event or for an unknown
 * tournament: it grows, in the same transaction, with every change of the tournament that the stream reports. Read
 * from the events themselves (the newest of the primary key `(tournament_id, seq)`, one index lookup, compiled once,
 * R18.7) rather than from the `tournament_live_seq` counter, so that events numbered by a writer older than the
 * counter (a rolling upgrade across migration 0016) count too.
 */
export async function readLiveSeq(db: Db, tournamentId: string): Promise<number> {
  const [row] = await newestQuery(db, [tournamentId]);
  return row?.seq == null ? 0 : Number(row.seq);
}
