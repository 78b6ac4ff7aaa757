import { type Kysely, sql } from 'kysely';
import { columns } from './columns';

/**
 * The per-tournament counter of the live stream (R28.2): `tournament_live_seq.seq` is the newest number given to an
 * event of the tournament. The stream writer bumps it with one `INSERT ... ON CONFLICT DO UPDATE ... RETURNING`,
 * whose row lock (PostgreSQL) serializes the writers of one tournament until commit, so numbers still follow commit
 * order without the advisory lock and the `max(seq)` read of 0014. Seeded from the events already kept; deleting a
 * tournament deletes its counter.
 */
export async function up(db: Kysely<any>): Promise<void> {
  const c = columns(db);
  await db.schema
    .createTable('tournament_live_seq')
    .$call(c.reference('tournament_id', 'tournaments.id'))
    .$call(c.integer('seq'))
    .addPrimaryKeyConstraint('tournament_live_seq_pk', ['tournament_id'])
    .execute();
  await sql`INSERT INTO tournament_live_seq (tournament_id, seq) SELECT tournament_id, max(seq) FROM tournament_live_events GROUP BY tournament_id`.execute(db);
}

/** Drops the counter table (0014's writer numbered from `max(seq)` again). */
export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('tournament_live_seq').ifExists().execute();
}
