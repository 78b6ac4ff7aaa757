import { isUniqueViolation } from '../../db/unique-violation';
import { AppError, invalidField, notFound } from '../../errors/app-error';
import { newId } from '../../ids';
import { writeEvents } from '../events';
import { type RecordAnswer, recordNothing } from './idempotent-write';
import { requireAntiCheatPlan } from './project-key';
import { findActiveSession, findSession, readSession } from './session-reader';
import type { AntiCheatContext, ProjectKey } from './types';
import type { AntiCheatSession, AntiCheatSessionEndResult, AntiCheatSessionStart, AntiCheatSessionStarted } from '../../contract-types';

/** Event emitted when a session ends (R11.9); data `{ session: AntiCheatSession }`. */
export const SESSION_COMPLETED_EVENT = 'anticheat.session_completed';

const activeConflict = (matchId: string) =>
  new AppError('CONFLICT', `match ${matchId} already has an active anti-cheat session in this project; end it first`);

/**
 * Starts a session (R12.4, R12.5): needs the PRO plan (403 PLAN_REQUIRED). `matchId` is the caller's (a UUID v7 is
 * generated when omitted) and becomes the sessionId. Only requested users with an enrolled, non-revoked client of the
 * project are covered (rule 1); the others are kept as uncovered participants. 400 for a userId listed twice;
 * 409 CONFLICT when the match already has an active session in the project. `record` stores the answer under the
 * request's Idempotency-Key in the start's transaction (R12.19).
 */
export async function startSession(
  ctx: AntiCheatContext,
  key: ProjectKey,
  input: AntiCheatSessionStart,
  record: RecordAnswer<AntiCheatSessionStarted> = recordNothing,
): Promise<AntiCheatSessionStarted> {
  const { db, clock } = ctx.deps;
  const userIds = input.participants.map((p) => p.userId.toLowerCase());
  const duplicate = userIds.findIndex((id, i) => userIds.indexOf(id) !== i);
  if (duplicate >= 0) throw invalidField(`body.participants[${duplicate}].userId`, 'lists a user already listed');
  await requireAntiCheatPlan(db, key.projectId); // after the body's own checks: 400 before 403 (R12.2)
  const matchId = input.matchId ?? newId();
  if (await findActiveSession(db, key.projectId, matchId)) throw activeConflict(matchId);

  const clients = await db
    .selectFrom('anti_cheat_clients')
    .select(['id', 'user_id'])
    .where('project_id', '=', key.projectId)
    .where('user_id', 'in', userIds)
    .where('revoked_at', 'is', null)
    .execute();
  const clientOf = new Map(clients.map((c) => [c.user_id, c.id]));
  const startedAt = clock.now().toISOString();
  const coveredUserIds = userIds.filter((id) => clientOf.has(id));
  const started: AntiCheatSessionStarted = {
    sessionId: matchId,
    matchId,
    game: input.game,
    status: 'ACTIVE',
    requestedParticipants: userIds.length,
    coveredParticipants: coveredUserIds.length,
    coveredUserIds,
    startedAt,
  };
  const row = {
    id: newId(),
    project_id: key.projectId,
    match_id: matchId,
    game: input.game,
    status: 'ACTIVE',
    started_at: startedAt,
    ended_at: null,
    end_reason: null,
    started_by_key_id: key.apiKeyId,
  };
  try {
    await db.transaction().execute(async (trx) => {
      await trx.insertInto('anti_cheat_sessions').values(row).execute();
      await trx
        .insertInto('anti_cheat_session_participants')
        .values(
          userIds.map((userId, position) => ({
            session_id: row.id,
            user_id: userId,
            position,
            covered: clientOf.has(userId) ? 1 : 0,
            client_id: clientOf.get(userId) ?? null,
          })),
        )
        .execute();
      await record(trx, started);
    });
  } catch (error) {
    if (isUniqueViolation(error)) throw activeConflict(matchId);
    throw error;
  }
  return started;
}

/** The project's session with this id (its active one, else the latest); 404 when the project has none. */
export async function getSession(ctx: AntiCheatContext, key: ProjectKey, sessionId: string): Promise<AntiCheatSession> {
  const row = await findSession(ctx.deps.db, key.projectId, sessionId);
  if (!row) throw notFound('anti-cheat session');
  return readSession(ctx.deps.db, row);
}

/**
 * Ends the project's active session with this id (R12.6), whatever the project's plan (R12.2: ending is clean-up, so
 * a project downgraded to FREE still ends the sessions it left running; starting one needs PRO). Records the
 * optional reason and emits anticheat.session_completed in the same transaction, under the session's row lock (as
 * raiseDetection), so that its detectionCount is the session's final count. When the project has no active
 * session with this id the request is a no-op that still succeeds with `ended: false` (rule 3).
 */
export async function endSession(
  ctx: AntiCheatContext,
  key: ProjectKey,
  sessionId: string,
  reason: string | undefined,
): Promise<AntiCheatSessionEndResult> {
  const { db, clock } = ctx.deps;
  const active = await findActiveSession(db, key.projectId, sessionId);
  if (!active) return { sessionId, ended: false, endedAt: null };
  const ended = await db.transaction().execute(async (trx) => {
    // The session's lock, as raiseDetection takes it (R18.12): the detections counted below are all it will ever
    // have, and the end is stamped after the last of them.
    await ctx.deps.dialect.lockRows(trx, 'anti_cheat_sessions', [active.id]);
    const endedAt = clock.now().toISOString();
    const result = await trx
      .updateTable('anti_cheat_sessions')
      .set({ status: 'ENDED', ended_at: endedAt, end_reason: reason ?? null })
      .where('id', '=', active.id)
      .where('status', '=', 'ACTIVE')
      .executeTakeFirst();
    if (Number(result.numUpdatedRows) === 0) return null;
    const session = await readSession(trx, { ...active, status: 'ENDED', ended_at: endedAt, end_reason: reason ?? null });
    await writeEvents(trx, ctx.deps, [
      { projectId: key.projectId, type: SESSION_COMPLETED_EVENT, subjectId: session.sessionId, data: { session } },
    ]);
    return endedAt;
  });
  return ended !== null ? { sessionId, ended: true, endedAt: ended } : { sessionId, ended: false, endedAt: null };
}
