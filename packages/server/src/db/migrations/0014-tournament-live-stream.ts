import type { Kysely } from 'kysely';
import { columns } from './columns';

/**
 * The live stream of each tournament (R28.1, R28.2): its events numbered 1, 2, 3 ... per tournament in commit order
 * (the number is taken under a per-tournament lock in the transaction that records the event), so that any server
 * instance can serve `GET /tournaments/{id}/events` by polling `seq > cursor`. Only the last events of each tournament
 * are kept (the resume backlog).
 */
export async function up(db: Kysely<any>): Promise<void> {
  const c = columns(db);
  await db.schema
    .createTable('tournament_live_events')
    .$call(c.reference('tournament_id', 'tournaments.id'))
    .$call(c.integer('seq'))
    .$call(c.text('event_id', 'type', 'data', 'created_at'))
    .addPrimaryKeyConstraint('tournament_live_events_pk', ['tournament_id', 'seq'])
    .execute();
}

/** Drops the stream table. */
export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('tournament_live_events').ifExists().execute();
}
