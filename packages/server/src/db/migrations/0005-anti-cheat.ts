import { type Kysely, sql } from 'kysely';

/**
 * Anti-cheat surface (R12.1 to R12.15): enrolled clients, monitoring sessions and their participants,
 * detections, evidence media files and the detection-evidence links. Portable DDL (text ids and instants, integer
 * booleans, partial unique indexes that SQLite and PostgreSQL both support); every list filter has a narrow index.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('anti_cheat_clients')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('project_id', 'text', (c) => c.notNull().references('projects.id').onDelete('cascade'))
    .addColumn('user_id', 'text', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('label', 'text')
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('revoked_at', 'text')
    .execute();
  // One non-revoked client per user and project (also closes the race of two enrolments at once).
  await db.schema
    .createIndex('anti_cheat_clients_active_uq')
    .on('anti_cheat_clients')
    .columns(['project_id', 'user_id'])
    .unique()
    .where(sql.ref('revoked_at'), 'is', null)
    .execute();
  await db.schema.createIndex('anti_cheat_clients_project_idx').on('anti_cheat_clients').columns(['project_id', 'created_at']).execute();
  await db.schema
    .createIndex('anti_cheat_clients_project_user_idx')
    .on('anti_cheat_clients')
    .columns(['project_id', 'user_id', 'created_at'])
    .execute();

  await db.schema
    .createTable('anti_cheat_sessions')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('project_id', 'text', (c) => c.notNull().references('projects.id').onDelete('cascade'))
    .addColumn('match_id', 'text', (c) => c.notNull())
    .addColumn('game', 'text', (c) => c.notNull())
    .addColumn('status', 'text', (c) => c.notNull())
    .addColumn('started_at', 'text', (c) => c.notNull())
    .addColumn('ended_at', 'text')
    .addColumn('end_reason', 'text')
    .addColumn('started_by_key_id', 'text')
    .execute();
  // One active session per match and project (R12.5: the session id is the match id).
  await db.schema
    .createIndex('anti_cheat_sessions_active_uq')
    .on('anti_cheat_sessions')
    .columns(['project_id', 'match_id'])
    .unique()
    .where(sql.ref('status'), '=', sql.lit('ACTIVE'))
    .execute();
  await db.schema
    .createIndex('anti_cheat_sessions_match_idx')
    .on('anti_cheat_sessions')
    .columns(['project_id', 'match_id', 'started_at'])
    .execute();

  await db.schema
    .createTable('anti_cheat_session_participants')
    .addColumn('session_id', 'text', (c) => c.notNull().references('anti_cheat_sessions.id').onDelete('cascade'))
    .addColumn('user_id', 'text', (c) => c.notNull())
    .addColumn('position', 'integer', (c) => c.notNull())
    .addColumn('covered', 'integer', (c) => c.notNull())
    .addColumn('client_id', 'text')
    .addPrimaryKeyConstraint('anti_cheat_session_participants_pk', ['session_id', 'user_id'])
    .execute();

  await db.schema
    .createTable('anti_cheat_detections')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('project_id', 'text', (c) => c.notNull().references('projects.id').onDelete('cascade'))
    .addColumn('session_id', 'text', (c) => c.notNull().references('anti_cheat_sessions.id').onDelete('cascade'))
    .addColumn('match_id', 'text', (c) => c.notNull())
    .addColumn('user_id', 'text', (c) => c.notNull())
    .addColumn('rule', 'text', (c) => c.notNull())
    .addColumn('severity', 'text', (c) => c.notNull())
    .addColumn('ai_verdict', 'text')
    .addColumn('verdict', 'text')
    .addColumn('verdict_note', 'text')
    .addColumn('reviewed_at', 'text')
    .addColumn('created_at', 'text', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('anti_cheat_detections_project_idx').on('anti_cheat_detections').columns(['project_id', 'created_at']).execute();
  await db.schema
    .createIndex('anti_cheat_detections_unreviewed_idx')
    .on('anti_cheat_detections')
    .columns(['project_id', 'reviewed_at', 'created_at'])
    .execute();
  await db.schema.createIndex('anti_cheat_detections_session_idx').on('anti_cheat_detections').columns(['session_id', 'created_at']).execute();

  await db.schema
    .createTable('anti_cheat_media_files')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('project_id', 'text', (c) => c.notNull().references('projects.id').onDelete('cascade'))
    .addColumn('session_id', 'text', (c) => c.notNull().references('anti_cheat_sessions.id').onDelete('cascade'))
    .addColumn('kind', 'text', (c) => c.notNull())
    .addColumn('content_type', 'text', (c) => c.notNull())
    .addColumn('size_bytes', 'integer', (c) => c.notNull())
    .addColumn('sha256', 'text', (c) => c.notNull())
    .addColumn('storage_key', 'text', (c) => c.notNull().unique())
    .addColumn('status', 'text', (c) => c.notNull())
    .addColumn('expires_at', 'text', (c) => c.notNull())
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('uploaded_at', 'text')
    .execute();
  await db.schema.createIndex('anti_cheat_media_files_session_idx').on('anti_cheat_media_files').columns(['session_id', 'status']).execute();

  await db.schema
    .createTable('anti_cheat_detection_evidence')
    .addColumn('detection_id', 'text', (c) => c.notNull().references('anti_cheat_detections.id').onDelete('cascade'))
    .addColumn('media_file_id', 'text', (c) => c.notNull().references('anti_cheat_media_files.id').onDelete('cascade'))
    .addPrimaryKeyConstraint('anti_cheat_detection_evidence_pk', ['detection_id', 'media_file_id'])
    .execute();
  await db.schema
    .createIndex('anti_cheat_detection_evidence_media_idx')
    .on('anti_cheat_detection_evidence')
    .column('media_file_id')
    .execute();
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
