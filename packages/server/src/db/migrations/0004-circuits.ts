import { type Kysely, sql } from 'kysely';

/**
 * Circuits (R9.1 to R9.19): circuits, their seasons, the tournaments classified into a season with the points
 * each participant was awarded, and the ranked standings of each season. Portable DDL (text ids and instants,
 * points as integer hundredths so sums are exact); every list filter has a narrow index. Classifications keep a
 * snapshot of the tournament (name, discipline, dates) and no foreign key to it: standings outlive a deleted
 * tournament.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('circuits')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('project_id', 'text', (c) => c.notNull().references('projects.id').onDelete('cascade'))
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('description', 'text')
    .addColumn('discipline_id', 'text')
    .addColumn('status', 'text', (c) => c.notNull())
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('updated_at', 'text', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('circuits_project_created_idx').on('circuits').columns(['project_id', 'created_at']).execute();
  await db.schema.createIndex('circuits_project_status_created_idx').on('circuits').columns(['project_id', 'status', 'created_at']).execute();
  await db.schema.createIndex('circuits_status_created_idx').on('circuits').columns(['status', 'created_at']).execute();

  await db.schema
    .createTable('circuit_seasons')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('circuit_id', 'text', (c) => c.notNull().references('circuits.id').onDelete('cascade'))
    .addColumn('number', 'integer', (c) => c.notNull())
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('status', 'text', (c) => c.notNull())
    .addColumn('start_date', 'text', (c) => c.notNull())
    .addColumn('end_date', 'text', (c) => c.notNull())
    .addColumn('scoring', 'text', (c) => c.notNull())
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('updated_at', 'text', (c) => c.notNull())
    .addColumn('started_at', 'text')
    .addColumn('completed_at', 'text')
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
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('circuit_id', 'text', (c) => c.notNull().references('circuits.id').onDelete('cascade'))
    .addColumn('season_id', 'text', (c) => c.notNull().references('circuit_seasons.id').onDelete('cascade'))
    .addColumn('tournament_id', 'text', (c) => c.notNull())
    .addColumn('tournament_name', 'text', (c) => c.notNull())
    .addColumn('discipline_id', 'text', (c) => c.notNull())
    .addColumn('start_date', 'text', (c) => c.notNull())
    .addColumn('completed_at', 'text')
    .addColumn('point_multiplier', 'double precision', (c) => c.notNull())
    .addColumn('participant_count', 'integer', (c) => c.notNull())
    .addColumn('classified_at', 'text', (c) => c.notNull())
    .addUniqueConstraint('circuit_classifications_circuit_tournament_uq', ['circuit_id', 'tournament_id'])
    .execute();
  await db.schema
    .createIndex('circuit_classifications_circuit_idx')
    .on('circuit_classifications')
    .columns(['circuit_id', 'classified_at'])
    .execute();
  await db.schema
    .createIndex('circuit_classifications_season_idx')
    .on('circuit_classifications')
    .columns(['season_id', 'classified_at'])
    .execute();

  await db.schema
    .createTable('circuit_awards')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('classification_id', 'text', (c) => c.notNull().references('circuit_classifications.id').onDelete('cascade'))
    .addColumn('circuit_id', 'text', (c) => c.notNull())
    .addColumn('season_id', 'text', (c) => c.notNull())
    .addColumn('tournament_id', 'text', (c) => c.notNull())
    .addColumn('participant_id', 'text', (c) => c.notNull())
    .addColumn('competitor_key', 'text', (c) => c.notNull())
    .addColumn('user_id', 'text')
    .addColumn('team_name', 'text')
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('placement', 'integer', (c) => c.notNull())
    .addColumn('points_hundredths', 'integer', (c) => c.notNull())
    .addColumn('wins', 'integer', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('circuit_awards_classification_idx').on('circuit_awards').columns(['classification_id', 'placement']).execute();
  await db.schema.createIndex('circuit_awards_season_idx').on('circuit_awards').column('season_id').execute();
  await db.schema.createIndex('circuit_awards_circuit_idx').on('circuit_awards').column('circuit_id').execute();

  await db.schema
    .createTable('circuit_standings')
    .addColumn('season_id', 'text', (c) => c.notNull().references('circuit_seasons.id').onDelete('cascade'))
    .addColumn('circuit_id', 'text', (c) => c.notNull())
    .addColumn('competitor_key', 'text', (c) => c.notNull())
    .addColumn('user_id', 'text')
    .addColumn('team_name', 'text')
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('points_hundredths', 'integer', (c) => c.notNull())
    .addColumn('wins', 'integer', (c) => c.notNull())
    .addColumn('tournaments_played', 'integer', (c) => c.notNull())
    .addColumn('best_placement', 'integer', (c) => c.notNull())
    .addColumn('rank', 'integer', (c) => c.notNull())
    .addColumn('position', 'integer', (c) => c.notNull())
    .addColumn('updated_at', 'text', (c) => c.notNull())
    .addPrimaryKeyConstraint('circuit_standings_pk', ['season_id', 'competitor_key'])
    .execute();
  await db.schema.createIndex('circuit_standings_season_position_idx').on('circuit_standings').columns(['season_id', 'position']).execute();
}

/** Drops everything 0004 created. */
export async function down(db: Kysely<any>): Promise<void> {
  for (const table of ['circuit_standings', 'circuit_awards', 'circuit_classifications', 'circuit_seasons', 'circuits']) {
    await db.schema.dropTable(table).ifExists().execute();
  }
}
