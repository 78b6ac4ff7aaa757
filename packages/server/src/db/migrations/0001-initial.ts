import type { Kysely } from 'kysely';

/**
 * Initial schema: identity, tenancy, tournaments, stages, participants, matches, history and the event outbox.
 * Portable DDL only (text ids and instants, integer booleans) so the PostgreSQL dialect runs it unchanged.
 * Every list filter has a narrow index (R3.8: COUNT(*) without one walks the table).
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('users')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('username', 'text', (c) => c.notNull())
    .addColumn('username_lower', 'text', (c) => c.notNull().unique())
    .addColumn('email', 'text', (c) => c.notNull().unique())
    .addColumn('password_hash', 'text', (c) => c.notNull())
    .addColumn('display_name', 'text')
    .addColumn('bio', 'text')
    .addColumn('avatar_url', 'text')
    .addColumn('country', 'text')
    .addColumn('time_zone', 'text')
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('updated_at', 'text', (c) => c.notNull())
    .execute();

  await db.schema
    .createTable('auth_sessions')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('user_id', 'text', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('access_token_hash', 'text', (c) => c.notNull().unique())
    .addColumn('refresh_token_hash', 'text', (c) => c.notNull().unique())
    .addColumn('access_expires_at', 'text', (c) => c.notNull())
    .addColumn('refresh_expires_at', 'text', (c) => c.notNull())
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('revoked_at', 'text')
    .execute();
  await db.schema.createIndex('auth_sessions_user_idx').on('auth_sessions').column('user_id').execute();

  await db.schema
    .createTable('organizations')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('slug', 'text', (c) => c.notNull().unique())
    .addColumn('description', 'text')
    .addColumn('website', 'text')
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('updated_at', 'text', (c) => c.notNull())
    .execute();

  await db.schema
    .createTable('organization_members')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('organization_id', 'text', (c) => c.notNull().references('organizations.id').onDelete('cascade'))
    .addColumn('user_id', 'text', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('role', 'text', (c) => c.notNull())
    .addColumn('joined_at', 'text', (c) => c.notNull())
    .addUniqueConstraint('organization_members_org_user_uq', ['organization_id', 'user_id'])
    .execute();
  await db.schema.createIndex('organization_members_user_idx').on('organization_members').column('user_id').execute();

  await db.schema
    .createTable('projects')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('organization_id', 'text', (c) => c.notNull().references('organizations.id').onDelete('cascade'))
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('plan', 'text', (c) => c.notNull())
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('updated_at', 'text', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('projects_org_idx').on('projects').columns(['organization_id', 'created_at']).execute();

  await db.schema
    .createTable('api_keys')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('project_id', 'text', (c) => c.notNull().references('projects.id').onDelete('cascade'))
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('key_hash', 'text', (c) => c.notNull().unique())
    .addColumn('prefix', 'text', (c) => c.notNull())
    .addColumn('last_four', 'text', (c) => c.notNull())
    .addColumn('scopes', 'text', (c) => c.notNull())
    .addColumn('created_by_user_id', 'text')
    .addColumn('created_by_key_id', 'text')
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('last_used_at', 'text')
    .addColumn('expires_at', 'text')
    .addColumn('revoked_at', 'text')
    .execute();
  await db.schema.createIndex('api_keys_project_idx').on('api_keys').columns(['project_id', 'created_at']).execute();

  await db.schema
    .createTable('tournaments')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('project_id', 'text', (c) => c.notNull().references('projects.id').onDelete('cascade'))
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('description', 'text')
    .addColumn('discipline_id', 'text', (c) => c.notNull())
    .addColumn('status', 'text', (c) => c.notNull())
    .addColumn('max_participants', 'integer', (c) => c.notNull())
    .addColumn('team_size', 'integer', (c) => c.notNull())
    .addColumn('start_date', 'text', (c) => c.notNull())
    .addColumn('registration_opens_at', 'text')
    .addColumn('registration_closes_at', 'text')
    .addColumn('check_in_required', 'integer', (c) => c.notNull())
    .addColumn('check_in_opens_minutes_before', 'integer', (c) => c.notNull())
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('updated_at', 'text', (c) => c.notNull())
    .addColumn('published_at', 'text')
    .addColumn('started_at', 'text')
    .addColumn('completed_at', 'text')
    .execute();
  for (const column of ['created_at', 'start_date', 'name', 'status']) {
    await db.schema.createIndex(`tournaments_project_${column}_idx`).on('tournaments').columns(['project_id', column]).execute();
  }
  await db.schema
    .createIndex('tournaments_project_status_start_idx')
    .on('tournaments')
    .columns(['project_id', 'status', 'start_date'])
    .execute();

  await db.schema
    .createTable('stages')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('tournament_id', 'text', (c) => c.notNull().references('tournaments.id').onDelete('cascade'))
    .addColumn('number', 'integer', (c) => c.notNull())
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('format', 'text', (c) => c.notNull())
    .addColumn('status', 'text', (c) => c.notNull())
    .addColumn('settings', 'text', (c) => c.notNull())
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addUniqueConstraint('stages_tournament_number_uq', ['tournament_id', 'number'])
    .execute();

  await db.schema
    .createTable('participants')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('tournament_id', 'text', (c) => c.notNull().references('tournaments.id').onDelete('cascade'))
    .addColumn('user_id', 'text', (c) => c.references('users.id').onDelete('set null'))
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('seed', 'integer')
    .addColumn('status', 'text', (c) => c.notNull())
    .addColumn('team_name', 'text')
    .addColumn('registered_at', 'text', (c) => c.notNull())
    .addColumn('checked_in_at', 'text')
    .addColumn('final_placement', 'integer')
    .addColumn('placement_range', 'text')
    .execute();
  await db.schema.createIndex('participants_tournament_status_idx').on('participants').columns(['tournament_id', 'status']).execute();
  await db.schema.createIndex('participants_tournament_registered_idx').on('participants').columns(['tournament_id', 'registered_at']).execute();

  await db.schema
    .createTable('participant_members')
    .addColumn('participant_id', 'text', (c) => c.notNull().references('participants.id').onDelete('cascade'))
    .addColumn('tournament_id', 'text', (c) => c.notNull().references('tournaments.id').onDelete('cascade'))
    .addColumn('user_id', 'text', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addPrimaryKeyConstraint('participant_members_pk', ['participant_id', 'user_id'])
    .addUniqueConstraint('participant_members_tournament_user_uq', ['tournament_id', 'user_id'])
    .execute();
  await db.schema.createIndex('participant_members_user_idx').on('participant_members').column('user_id').execute();

  await db.schema
    .createTable('matches')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('tournament_id', 'text', (c) => c.notNull().references('tournaments.id').onDelete('cascade'))
    .addColumn('stage_id', 'text', (c) => c.notNull().references('stages.id').onDelete('cascade'))
    .addColumn('key', 'text', (c) => c.notNull())
    .addColumn('bracket', 'text', (c) => c.notNull())
    .addColumn('group_number', 'integer')
    .addColumn('round', 'integer', (c) => c.notNull())
    .addColumn('number', 'integer', (c) => c.notNull())
    .addColumn('status', 'text', (c) => c.notNull())
    .addColumn('participant1_id', 'text')
    .addColumn('participant2_id', 'text')
    .addColumn('score1', 'integer')
    .addColumn('score2', 'integer')
    .addColumn('winner_id', 'text')
    .addColumn('loser_id', 'text')
    .addColumn('is_draw', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('result_type', 'text')
    .addColumn('next_winner_match_id', 'text')
    .addColumn('next_winner_slot', 'integer')
    .addColumn('next_loser_match_id', 'text')
    .addColumn('next_loser_slot', 'integer')
    .addColumn('reported_result', 'text')
    .addColumn('scheduled_at', 'text')
    .addColumn('started_at', 'text')
    .addColumn('completed_at', 'text')
    .addColumn('version', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('updated_at', 'text', (c) => c.notNull())
    .addUniqueConstraint('matches_stage_key_uq', ['stage_id', 'key'])
    .execute();
  await db.schema.createIndex('matches_tournament_order_idx').on('matches').columns(['tournament_id', 'round', 'number']).execute();
  await db.schema.createIndex('matches_tournament_status_idx').on('matches').columns(['tournament_id', 'status']).execute();
  await db.schema.createIndex('matches_participant1_idx').on('matches').column('participant1_id').execute();
  await db.schema.createIndex('matches_participant2_idx').on('matches').column('participant2_id').execute();

  await db.schema
    .createTable('match_history')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('match_id', 'text', (c) => c.notNull().references('matches.id').onDelete('cascade'))
    .addColumn('type', 'text', (c) => c.notNull())
    .addColumn('actor_user_id', 'text')
    .addColumn('at', 'text', (c) => c.notNull())
    .addColumn('data', 'text', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('match_history_match_idx').on('match_history').columns(['match_id', 'at']).execute();

  await db.schema
    .createTable('events')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('project_id', 'text', (c) => c.notNull())
    .addColumn('type', 'text', (c) => c.notNull())
    .addColumn('subject_id', 'text')
    .addColumn('data', 'text', (c) => c.notNull())
    .addColumn('created_at', 'text', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('events_project_created_idx').on('events').columns(['project_id', 'created_at']).execute();
  await db.schema.createIndex('events_subject_idx').on('events').columns(['subject_id', 'type']).execute();
}

/** Drops everything 0001 created. */
export async function down(db: Kysely<any>): Promise<void> {
  for (const table of [
    'events', 'match_history', 'matches', 'participant_members', 'participants', 'stages', 'tournaments',
    'api_keys', 'projects', 'organization_members', 'organizations', 'auth_sessions', 'users',
  ]) {
    await db.schema.dropTable(table).ifExists().execute();
  }
}
