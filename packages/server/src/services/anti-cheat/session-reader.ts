import type { Kysely, Transaction } from 'kysely';
import type { Database } from '../../db/schema';
import type { AntiCheatGame, AntiCheatSession, AntiCheatSessionStatus } from '../../contract-types';
import type { SessionRow } from '../../db/rows';

/** A database handle usable inside or outside a transaction. */
export type AntiCheatDb = Kysely<Database> | Transaction<Database>;

/**
 * The session of `projectId` addressed by `sessionId` (= its match id, R12.4, R12.5): the active one, else the most
 * recently started one; undefined when the project has none (another project's session is invisible).
 */
export async function findSession(db: AntiCheatDb, projectId: string, sessionId: string): Promise<SessionRow | undefined> {
  const rows = await db
    .selectFrom('anti_cheat_sessions')
    .selectAll()
    .where('project_id', '=', projectId)
    .where('match_id', '=', sessionId)
    .orderBy('started_at', 'desc')
    .orderBy('id', 'desc')
    .execute();
  return rows.find((row) => row.status === 'ACTIVE') ?? rows[0];
}

/** The project's active session with this id, or undefined. */
export async function findActiveSession(db: AntiCheatDb, projectId: string, sessionId: string): Promise<SessionRow | undefined> {
  return db
    .selectFrom('anti_cheat_sessions')
    .selectAll()
    .where('project_id', '=', projectId)
    .where('match_id', '=', sessionId)
    .where('status', '=', 'ACTIVE')
    .executeTakeFirst();
}

/**
 * The API shape of a session row with its participants (request order) and its detection and evidence counts; see
 * {@link readSessions}.
 */
export async function readSession(db: AntiCheatDb, row: SessionRow): Promise<AntiCheatSession> {
  const [session] = await readSessions(db, [row]);
  return session!;
}

/**
 * The API shapes of session rows, in their order, each with its participants (request order), detection count and
 * count of uploaded evidence files: three queries whatever the number of rows (a page of listAntiCheatSessions).
 * A participant is covered when a client covered it at the start (the snapshot of R12.4) and that client still
 * exists (R12.22): an enrolment deleted with its account (R14.8) no longer covers, and its clientId is then null; a
 * revoked client is kept, and still covers the sessions it was in.
 */
export async function readSessions(db: AntiCheatDb, rows: readonly SessionRow[]): Promise<AntiCheatSession[]> {
  if (rows.length === 0) return [];
  const ids = rows.map((r) => r.id);
  const [participants, detections, evidence] = await Promise.all([
    db
      .selectFrom('anti_cheat_session_participants as p')
      .leftJoin('anti_cheat_clients as c', 'c.id', 'p.client_id')
      .select(['p.session_id', 'p.user_id', 'p.covered', 'p.client_id', 'c.id as existing_client_id'])
      .where('p.session_id', 'in', ids)
      .orderBy('p.session_id')
      .orderBy('p.position', 'asc')
      .execute(),
    db
      .selectFrom('anti_cheat_detections')
      .select((eb) => ['session_id', eb.fn.countAll<number>().as('n')])
      .where('session_id', 'in', ids)
      .groupBy('session_id')
      .execute(),
    db
      .selectFrom('anti_cheat_media_files')
      .select((eb) => ['session_id', eb.fn.countAll<number>().as('n')])
      .where('session_id', 'in', ids)
      .where('status', '=', 'UPLOADED')
      .groupBy('session_id')
      .execute(),
  ]);
  const detectionCount = new Map(detections.map((d) => [d.session_id, Number(d.n)]));
  const evidenceCount = new Map(evidence.map((e) => [e.session_id, Number(e.n)]));
  const participantsOf = new Map<string, AntiCheatSession['participants']>();
  for (const p of participants) {
    const covered = p.covered === 1 && p.existing_client_id !== null;
    const list = participantsOf.get(p.session_id) ?? [];
    list.push({ userId: p.user_id, covered, clientId: covered ? p.client_id : null });
    participantsOf.set(p.session_id, list);
  }
  return rows.map((row) => ({
    sessionId: row.match_id,
    matchId: row.match_id,
    projectId: row.project_id,
    game: row.game as AntiCheatGame,
    status: row.status as AntiCheatSessionStatus,
    participants: participantsOf.get(row.id) ?? [],
    startedAt: row.started_at,
    endedAt: row.ended_at,
    endReason: row.end_reason,
    detectionCount: detectionCount.get(row.id) ?? 0,
    evidenceCount: evidenceCount.get(row.id) ?? 0,
  }));
}

/**
 * Whether `userId` is a monitored participant of the session with row id `sessionRowId`: covered by a client at the
 * start (R12.4) that still exists (R12.22), as {@link readSessions} shows it.
 */
export async function isCoveredParticipant(db: AntiCheatDb, sessionRowId: string, userId: string): Promise<boolean> {
  const row = await db
    .selectFrom('anti_cheat_session_participants as p')
    .innerJoin('anti_cheat_clients as c', 'c.id', 'p.client_id')
    .select('p.covered')
    .where('p.session_id', '=', sessionRowId)
    .where('p.user_id', '=', userId)
    .executeTakeFirst();
  return row?.covered === 1;
}
