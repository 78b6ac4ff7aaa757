import type { Kysely } from 'kysely';
import { columns, createIndex } from './columns';

/**
 * Initial schema: identity, tenancy, tournaments, stages, participants, matches, history and the event outbox.
 * Portable DDL only (columns.ts: text ids and instants, integer booleans) so SQLite and PostgreSQL run it alike.
 * Every list filter has a narrow index (R3.8: COUNT(*) without one walks the table).
 */
export async function up(db: Kysely<any>): Promise<void> {
  const c = columns(db);
  await db.schema
    .createTable('users')
    .$call(c.id)
    .$call(c.text('username'))
    .$call(c.uniqueText('username_lower', 'email'))
    .$call(c.text('password_hash'))
    .$call(c.optionalText('display_name', 'bio', 'avatar_url', 'country', 'time_zone'))
    .$call(c.timestamps)
    .execute();

  await db.schema
    .createTable('auth_sessions')
    .$call(c.id)
    .$call(c.reference('user_id', 'users.id'))
    .$call(c.uniqueText('access_token_hash', 'refresh_token_hash'))
    .$call(c.text('access_expires_at', 'refresh_expires_at', 'created_at'))
    .$call(c.optionalText('revoked_at'))
    .execute();
  await createIndex(db, 'auth_sessions_user_idx', 'auth_sessions', ['user_id']);

  await db.schema
    .createTable('organizations')
    .$call(c.id)
    .$call(c.text('name'))
    .$call(c.uniqueText('slug'))
    .$call(c.optionalText('description', 'website'))
    .$call(c.timestamps)
    .execute();

  await db.schema
    .createTable('organization_members')
    .$call(c.id)
    .$call(c.reference('organization_id', 'organizations.id'))
    .$call(c.reference('user_id', 'users.id'))
    .$call(c.text('role', 'joined_at'))
    .addUniqueConstraint('organization_members_org_user_uq', ['organization_id', 'user_id'])
    .execute();
  await createIndex(db, 'organization_members_user_idx', 'organization_members', ['user_id']);

  await db.schema
    .createTable('projects')
    .$call(c.id)
    .$call(c.reference('organization_id', 'organizations.id'))
    .$call(c.text('name', 'plan'))
    .$call(c.timestamps)
    .execute();
  await createIndex(db, 'projects_org_idx', 'projects', ['organization_id', 'created_at']);

  await db.schema
    .createTable('api_keys')
    .$call(c.id)
    .$call(c.reference('project_id', 'projects.id'))
    .$call(c.text('name'))
    .$call(c.uniqueText('key_hash'))
    .$call(c.text('prefix', 'last_four', 'scopes'))
    .$call(c.optionalText('created_by_user_id', 'created_by_key_id'))
    .$call(c.text('created_at'))
    .$call(c.optionalText('last_used_at', 'expires_at', 'revoked_at'))
    .execute();
  await createIndex(db, 'api_keys_project_idx', 'api_keys', ['project_id', 'created_at']);

  await db.schema
    .createTable('tournaments')
    .$call(c.id)
    .$call(c.reference('project_id', 'projects.id'))
    .$call(c.text('name'))
    .$call(c.optionalText('description'))
    .$call(c.text('discipline_id', 'status'))
    .$call(c.integer('max_participants', 'team_size'))
    .$call(c.text('start_date'))
    .$call(c.optionalText('registration_opens_at', 'registration_closes_at'))
    .$call(c.integer('check_in_required', 'check_in_opens_minutes_before'))
    .$call(c.timestamps)
    .$call(c.optionalText('published_at', 'started_at', 'completed_at'))
    .execute();
  for (const column of ['created_at', 'start_date', 'name', 'status']) {
    await createIndex(db, `tournaments_project_${column}_idx`, 'tournaments', ['project_id', column]);
  }
  await createIndex(db, 'tournaments_project_status_start_idx', 'tournaments', ['project_id', 'status', 'start_date']);

  await db.schema
    .createTable('stages')
    .$call(c.id)
    .$call(c.reference('tournament_id', 'tournaments.id'))
    .$call(c.integer('number'))
    .$call(c.text('name', 'format', 'status', 'settings', 'created_at'))
    .addUniqueConstraint('stages_tournament_number_uq', ['tournament_id', 'number'])
    .execute();

  await db.schema
    .createTable('participants')
    .$call(c.id)
    .$call(c.reference('tournament_id', 'tournaments.id'))
    .$call(c.reference('user_id', 'users.id', { optional: true, onDelete: 'set null' }))
    .$call(c.text('name'))
    .$call(c.optionalInteger('seed'))
    .$call(c.text('status'))
    .$call(c.optionalText('team_name'))
    .$call(c.text('registered_at'))
    .$call(c.optionalText('checked_in_at'))
    .$call(c.optionalInteger('final_placement'))
    .$call(c.optionalText('placement_range'))
    .execute();
  await createIndex(db, 'participants_tournament_status_idx', 'participants', ['tournament_id', 'status']);
  await createIndex(db, 'participants_tournament_registered_idx', 'participants', ['tournament_id', 'registered_at']);

  await db.schema
    .createTable('participant_members')
    .$call(c.reference('participant_id', 'participants.id'))
    .$call(c.reference('tournament_id', 'tournaments.id'))
    .$call(c.reference('user_id', 'users.id'))
    .addPrimaryKeyConstraint('participant_members_pk', ['participant_id', 'user_id'])
    .addUniqueConstraint('participant_members_tournament_user_uq', ['tournament_id', 'user_id'])
    .execute();
  await createIndex(db, 'participant_members_user_idx', 'participant_members', ['user_id']);

  await db.schema
    .createTable('matches')
    .$call(c.id)
    .$call(c.reference('tournament_id', 'tournaments.id'))
    .$call(c.reference('stage_id', 'stages.id'))
    .$call(c.text('key', 'bracket'))
    .$call(c.optionalInteger('group_number'))
    .$call(c.integer('round', 'number'))
    .$call(c.text('status'))
    .$call(c.optionalText('participant1_id', 'participant2_id'))
    .$call(c.optionalInteger('score1', 'score2'))
    .$call(c.optionalText('winner_id', 'loser_id'))
    .addColumn('is_draw', 'integer', (col) => col.notNull().defaultTo(0))
    .$call(c.optionalText('result_type', 'next_winner_match_id'))
    .$call(c.optionalInteger('next_winner_slot'))
    .$call(c.optionalText('next_loser_match_id'))
    .$call(c.optionalInteger('next_loser_slot'))
    .$call(c.optionalText('reported_result', 'scheduled_at', 'started_at', 'completed_at'))
    .addColumn('version', 'integer', (col) => col.notNull().defaultTo(0))
    .$call(c.timestamps)
    .addUniqueConstraint('matches_stage_key_uq', ['stage_id', 'key'])
    .execute();
  await createIndex(db, 'matches_tournament_order_idx', 'matches', ['tournament_id', 'round', 'number']);
  await createIndex(db, 'matches_tournament_status_idx', 'matches', ['tournament_id', 'status']);
  await createIndex(db, 'matches_participant1_idx', 'matches', ['participant1_id']);
  await createIndex(db, 'matches_participant2_idx', 'matches', ['participant2_id']);

  await db.schema
    .createTable('match_history')
    .$call(c.id)
    .$call(c.reference('match_id', 'matches.id'))
    .$call(c.text('type'))
    .$call(c.optionalText('actor_user_id'))
    .$call(c.text('at', 'data'))
    .execute();
  await createIndex(db, 'match_history_match_idx', 'match_history', ['match_id', 'at']);

  await db.schema
    .createTable('events')
    .$call(c.id)
    .$call(c.text('project_id', 'type'))
    .$call(c.optionalText('subject_id'))
    .$call(c.text('data', 'created_at'))
    .execute();
  await createIndex(db, 'events_project_created_idx', 'events', ['project_id', 'created_at']);
  await createIndex(db, 'events_subject_idx', 'events', ['subject_id', 'type']);
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
