import { type Kysely, sql } from 'kysely';
import { columns, createIndex } from './columns';

/**
 * Anti-cheat surface (R12.1 to R12.15): enrolled clients, monitoring sessions and their participants,
 * detections, evidence media files and the detection-evidence links. Portable DDL (columns.ts: text ids and instants, integer
 * booleans, partial unique indexes that SQLite and PostgreSQL both support); every list filter has a narrow index.
 */
export async function up(db: Kysely<any>): Promise<void> {
  const c = columns(db);
  await db.schema
    .createTable('anti_cheat_clients')
    .$call(c.id)
    .$call(c.reference('project_id', 'projects.id'))
    .$call(c.reference('user_id', 'users.id'))
    .$call(c.optionalText('label'))
    .$call(c.text('created_at'))
    .$call(c.optionalText('revoked_at'))
    .execute();
  // One non-revoked client per user and project (also closes the race of two enrolments at once).
  await db.schema
    .createIndex('anti_cheat_clients_active_uq')
    .on('anti_cheat_clients')
    .columns(['project_id', 'user_id'])
    .unique()
    .where(sql.ref('revoked_at'), 'is', null)
    .execute();
  await createIndex(db, 'anti_cheat_clients_project_idx', 'anti_cheat_clients', ['project_id', 'created_at']);
  await createIndex(db, 'anti_cheat_clients_project_user_idx', 'anti_cheat_clients', ['project_id', 'user_id', 'created_at']);

  await db.schema
    .createTable('anti_cheat_sessions')
    .$call(c.id)
    .$call(c.reference('project_id', 'projects.id'))
    .$call(c.text('match_id', 'game', 'status', 'started_at'))
    .$call(c.optionalText('ended_at', 'end_reason', 'started_by_key_id'))
    .execute();
  // One active session per match and project (R12.5: the session id is the match id).
  await db.schema
    .createIndex('anti_cheat_sessions_active_uq')
    .on('anti_cheat_sessions')
    .columns(['project_id', 'match_id'])
    .unique()
    .where(sql.ref('status'), '=', sql.lit('ACTIVE'))
    .execute();
  await createIndex(db, 'anti_cheat_sessions_match_idx', 'anti_cheat_sessions', ['project_id', 'match_id', 'started_at']);

  await db.schema
    .createTable('anti_cheat_session_participants')
    .$call(c.reference('session_id', 'anti_cheat_sessions.id'))
    .$call(c.text('user_id'))
    .$call(c.integer('position', 'covered'))
    .$call(c.optionalText('client_id'))
    .addPrimaryKeyConstraint('anti_cheat_session_participants_pk', ['session_id', 'user_id'])
    .execute();

  await db.schema
    .createTable('anti_cheat_detections')
    .$call(c.id)
    .$call(c.reference('project_id', 'projects.id'))
    .$call(c.reference('session_id', 'anti_cheat_sessions.id'))
    .$call(c.text('match_id', 'user_id', 'rule', 'severity'))
    .$call(c.optionalText('ai_verdict', 'verdict', 'verdict_note', 'reviewed_at'))
    .$call(c.text('created_at'))
    .execute();
  await createIndex(db, 'anti_cheat_detections_project_idx', 'anti_cheat_detections', ['project_id', 'created_at']);
  await createIndex(db, 'anti_cheat_detections_unreviewed_idx', 'anti_cheat_detections', ['project_id', 'reviewed_at', 'created_at']);
  await createIndex(db, 'anti_cheat_detections_session_idx', 'anti_cheat_detections', ['session_id', 'created_at']);

  await db.schema
    .createTable('anti_cheat_media_files')
    .$call(c.id)
    .$call(c.reference('project_id', 'projects.id'))
    .$call(c.reference('session_id', 'anti_cheat_sessions.id'))
    .$call(c.text('kind', 'content_type'))
    .$call(c.integer('size_bytes'))
    .$call(c.text('sha256'))
    .$call(c.uniqueText('storage_key'))
    .$call(c.text('status', 'expires_at', 'created_at'))
    .$call(c.optionalText('uploaded_at'))
    .execute();
  await createIndex(db, 'anti_cheat_media_files_session_idx', 'anti_cheat_media_files', ['session_id', 'status']);

  await db.schema
    .createTable('anti_cheat_detection_evidence')
    .$call(c.reference('detection_id', 'anti_cheat_detections.id'))
    .$call(c.reference('media_file_id', 'anti_cheat_media_files.id'))
    .addPrimaryKeyConstraint('anti_cheat_detection_evidence_pk', ['detection_id', 'media_file_id'])
    .execute();
  await createIndex(db, 'anti_cheat_detection_evidence_media_idx', 'anti_cheat_detection_evidence', ['media_file_id']);
}

/** Drops the anti-cheat tables (children first). */
export async function down(db: Kysely<any>): Promise<void> {
  for (const table of [
    'anti_cheat_detection_evidence',
    'anti_cheat_media_files',
    'anti_cheat_detections',
    'anti_cheat_session_participants',
    'anti_cheat_sessions',
    'anti_cheat_clients',
  ]) {
    await db.schema.dropTable(table).ifExists().execute();
  }
}
