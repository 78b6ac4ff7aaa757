import { sql, type Kysely } from 'kysely';
import { columns, createIndex } from './columns';

/**
 * Stage formats and multi-stage tournaments (R7.1 to R7.19):
 * - `stage_entrants`: who entered each stage and with which stage seed (1..N). Stage 1 holds the tournament's
 *   seeded participants; a later stage holds the qualifiers of the stage before it, re-seeded by their result.
 *   Existing started tournaments get their stage 1 entrants from `participants.seed`.
 * - `matches.play_round`: the 1-based slot of a match in its stage's play order (a losers-bracket round is
 *   played after the winners round that feeds it); the schedule sorts by it and `scheduled_at` is derived
 *   from it. Existing rows take their `round`.
 * Portable DDL and DML only (SQLite and PostgreSQL).
 */
export async function up(db: Kysely<any>): Promise<void> {
  const c = columns(db);
  await db.schema
    .createTable('stage_entrants')
    .$call(c.reference('stage_id', 'stages.id'))
    .$call(c.reference('tournament_id', 'tournaments.id'))
    .$call(c.reference('participant_id', 'participants.id'))
    .$call(c.integer('seed'))
    .addPrimaryKeyConstraint('stage_entrants_pk', ['stage_id', 'participant_id'])
    .addUniqueConstraint('stage_entrants_stage_seed_uq', ['stage_id', 'seed'])
    .execute();
  await createIndex(db, 'stage_entrants_tournament_idx', 'stage_entrants', ['tournament_id', 'stage_id']);
  await sql`
    INSERT INTO stage_entrants (stage_id, tournament_id, participant_id, seed)
    SELECT s.id, p.tournament_id, p.id, p.seed
    FROM participants p
    JOIN stages s ON s.tournament_id = p.tournament_id AND s.number = 1
    WHERE p.seed IS NOT NULL AND s.status <> 'PENDING'
  `.execute(db);

  await db.schema.alterTable('matches').addColumn('play_round', 'integer').execute();
  await sql`UPDATE matches SET play_round = round`.execute(db);
  await createIndex(db, 'matches_stage_status_idx', 'matches', ['stage_id', 'status']);
}

/** Drops what 0002 created. */
export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropIndex('matches_stage_status_idx').ifExists().execute();
  await db.schema.alterTable('matches').dropColumn('play_round').execute();
  await db.schema.dropTable('stage_entrants').ifExists().execute();
}
