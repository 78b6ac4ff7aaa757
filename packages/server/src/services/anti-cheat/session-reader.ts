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

/** The API shape of a session row with its participants (request order) and its detection and evidence counts. */
export async function readSession(db: AntiCheatDb, row: SessionRow): Promise<AntiCheatSession> {
  const [participants, detections, evidence] = await Promise.all([
    db
      .selectFrom('anti_cheat_session_participants')
      .select(['user_id', 'covered', 'client_id'])
      .where('session_id', '=', row.id)
      .orderBy('position', 'asc')
      .execute(),
    db
      .selectFrom('anti_cheat_detections')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .where('session_id', '=', row.id)
      .executeTakeFirstOrThrow(),
    db
      .selectFrom('anti_cheat_media_files')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .where('session_id', '=', row.id)
      .where('status', '=', 'UPLOADED')
      .executeTakeFirstOrThrow(),
  ]);
  return {
    sessionId: row.match_id,
    matchId: row.match_id,
    projectId: row.project_id,
    game: row.game as AntiCheatGame,
    status: row.status as AntiCheatSessionStatus,
    participants: participants.map((p) => ({ userId: p.user_id, covered: p.covered === 1, clientId: p.client_id })),
    startedAt: row.started_at,
    endedAt: row.ended_at,
    endReason: row.end_reason,
    detectionCount: Number(detections.n),
    evidenceCount: Number(evidence.n),
  };
}
