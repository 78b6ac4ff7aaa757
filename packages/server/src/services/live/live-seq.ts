import { reusableQuery } from '../../db/compiled-query';
import type { Db } from '../../db/db';

const seqQuery = reusableQuery((db) => db.selectFrom('tournament_live_seq').select('seq').where('tournament_id', '=', ''));

/**
 * The number of the newest event of `tournamentId`'s live stream (`tournament_live_seq.seq`, R28.2), 0 before its
 * first event or for an unknown tournament: it advances, in the same transaction, with every change of the
 * tournament that the stream reports. One compiled primary-key read (R18.7).
 */
export async function readLiveSeq(db: Db, tournamentId: string): Promise<number> {
  const [row] = await seqQuery(db, [tournamentId]);
  return row === undefined ? 0 : Number(row.seq);
}
