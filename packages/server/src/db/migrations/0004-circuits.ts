import { type Kysely, sql } from 'kysely';
import { columns, createIndex } from './columns';

/**
 * Circuits (R9.1 to R9.19): circuits, their seasons, the tournaments classified into a season with the points
 * each participant was awarded, and the ranked standings of each season. Portable DDL (columns.ts: text ids and instants,
 * points as integer hundredths so sums are exact); every list filter has a narrow index. Classifications keep a
 * snapshot of the tournament (name, discipline, dates) and no foreign key to it: standings outlive a deleted
 * tournament.
 */
export async function up(db: Kysely<any>): Promise<void> {
  const c = columns(db);
  await db.schema
    .createTable('circuits')
    .$call(c.id)
    .$call(c.reference('project_id', 'projects.id'))
    .$call(c.text('name'))
    .$call(c.optionalText('description', 'discipline_id'))
    .$call(c.text('status'))
    .$call(c.timestamps)
    .execute();
  await createIndex(db, 'circuits_project_created_idx', 'circuits', ['project_id', 'created_at']);
  await createIndex(db, 'circuits_project_status_created_idx', 'circuits', ['project_id', 'status', 'created_at']);
  await createIndex(db, 'circuits_status_created_idx', 'circuits', ['status', 'created_at']);

  await db.schema
    .createTable('circuit_seasons')
    .$call(c.id)
    .$call(c.reference('circuit_id', 'circuits.id'))
    .$call(c.integer('number'))
    .$call(c.text('name', 'status', 'start_date', 'end_date', 'scoring'))
    .$call(c.timestamps)
    .$call(c.optionalText('started_at', 'completed_at'))
    .addUniqueConstraint('circuit_seasons_circuit_number_uq', ['circuit_id', 'number'])
    .execute();
  // At most one ACTIVE season per circuit, also under concurrent starts.
  await db.schema
    .createIndex('circuit_seasons_one_active_uq')
    .on('circuit_seasons')
    .column('circuit_id')
    .unique()
    .where(sql.ref('status'), '=', 'ACTIVE')
    .execute();

  await db.schema
    .createTable('circuit_classifications')
    .$call(c.id)
    .$call(c.reference('circuit_id', 'circuits.id'))
    .$call(c.reference('season_id', 'circuit_seasons.id'))
    .$call(c.text('tournament_id', 'tournament_name', 'discipline_id', 'start_date'))
    .$call(c.optionalText('completed_at'))
    .addColumn('point_multiplier', 'double precision', (col) => col.notNull())
    .$call(c.integer('participant_count'))
    .$call(c.text('classified_at'))
    .addUniqueConstraint('circuit_classifications_circuit_tournament_uq', ['circuit_id', 'tournament_id'])
    .execute();
  await createIndex(db, 'circuit_classifications_circuit_idx', 'circuit_classifications', ['circuit_id', 'classified_at']);
  await createIndex(db, 'circuit_classifications_season_idx', 'circuit_classifications', ['season_id', 'classified_at']);

  await db.schema
    .createTable('circuit_awards')
    .$call(c.id)
    .$call(c.reference('classification_id', 'circuit_classifications.id'))
    .$call(c.text('circuit_id', 'season_id', 'tournament_id', 'participant_id', 'competitor_key'))
    .$call(c.optionalText('user_id', 'team_name'))
    .$call(c.text('name'))
    .$call(c.integer('placement', 'points_hundredths', 'wins'))
    .execute();
  await createIndex(db, 'circuit_awards_classification_idx', 'circuit_awards', ['classification_id', 'placement']);
  await createIndex(db, 'circuit_awards_season_idx', 'circuit_awards', ['season_id']);
  await createIndex(db, 'circuit_awards_circuit_idx', 'circuit_awards', ['circuit_id']);

  await db.schema
    .createTable('circuit_standings')
    .$call(c.reference('season_id', 'circuit_seasons.id'))
    .$call(c.text('circuit_id', 'competitor_key'))
    .$call(c.optionalText('user_id', 'team_name'))
    .$call(c.text('name'))
    .$call(c.integer('points_hundredths', 'wins', 'tournaments_played', 'best_placement', 'rank', 'position'))
    .$call(c.text('updated_at'))
    .addPrimaryKeyConstraint('circuit_standings_pk', ['season_id', 'competitor_key'])
    .execute();
  await createIndex(db, 'circuit_standings_season_position_idx', 'circuit_standings', ['season_id', 'position']);
}

/** Drops everything 0004 created. */
export async function down(db: Kysely<any>): Promise<void> {
  for (const table of ['circuit_standings', 'circuit_awards', 'circuit_classifications', 'circuit_seasons', 'circuits']) {
    await db.schema.dropTable(table).ifExists().execute();
  }
}
