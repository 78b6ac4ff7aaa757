import type { Selectable } from 'kysely';
import type { AntiCheatClientsTable } from '../../db/schema';
import { isUniqueViolation } from '../../db/unique-violation';
import { AppError, notFound } from '../../errors/app-error';
import { newId } from '../../ids';
import { newestFirstPage, type Page, withTotalCap } from '../../db/page-query';
import { type RecordAnswer, recordNothing } from './idempotent-write';
import type { AntiCheatContext, ProjectKey } from './types';
import type { AntiCheatClient, AntiCheatClientEnroll, AntiCheatClientListQuery } from '../../contract-types';

/** The API shape of a client row. */
export function toAntiCheatClient(row: Selectable<AntiCheatClientsTable>): AntiCheatClient {
  return {
    id: row.id,
    projectId: row.project_id,
    userId: row.user_id,
    label: row.label,
    createdAt: row.created_at,
    revokedAt: row.revoked_at,
  };
}

const alreadyEnrolled = (userId: string) =>
  new AppError('CONFLICT', `user ${userId} already has an enrolled anti-cheat client in this project; revoke it first`);

/**
 * Enrolls the anti-cheat client of a user for the project (R12.3, needed by the coverage rule R12.4): from then on the
 * user is covered by new sessions. 404 unknown user; 409 CONFLICT when the user already has a non-revoked client.
 * `record` stores the answer under the Idempotency-Key in the enrolment's transaction (R12.19).
 */
export async function enrollClient(
  ctx: AntiCheatContext,
  key: ProjectKey,
  input: AntiCheatClientEnroll,
  record: RecordAnswer<AntiCheatClient> = recordNothing,
): Promise<AntiCheatClient> {
  const { db, clock } = ctx.deps;
  const userId = input.userId.toLowerCase();
  const user = await db.selectFrom('users').select('id').where('id', '=', userId).executeTakeFirst();
  if (!user) throw notFound('user');
  const existing = await db
    .selectFrom('anti_cheat_clients')
    .select('id')
    .where('project_id', '=', key.projectId)
    .where('user_id', '=', userId)
    .where('revoked_at', 'is', null)
    .executeTakeFirst();
  if (existing) throw alreadyEnrolled(userId);
  const row: Selectable<AntiCheatClientsTable> = {
    id: newId(),
    project_id: key.projectId,
    user_id: userId,
    label: input.label ?? null,
    created_at: clock.now().toISOString(),
    revoked_at: null,
  };
  const client = toAntiCheatClient(row);
  try {
    await db.transaction().execute(async (trx) => {
      await trx.insertInto('anti_cheat_clients').values(row).execute();
      await record(trx, client);
    });
  } catch (error) {
    if (isUniqueViolation(error)) throw alreadyEnrolled(userId);
    throw error;
  }
  return client;
}

/** Clients of the project, newest first; revoked ones only with `includeRevoked`; optionally one user's. */
export async function listClients(ctx: AntiCheatContext, key: ProjectKey, query: AntiCheatClientListQuery): Promise<Page<AntiCheatClient>> {
  let base = ctx.deps.db.selectFrom('anti_cheat_clients').where('project_id', '=', key.projectId);
  if (query.userId !== undefined) base = base.where('user_id', '=', query.userId.toLowerCase());
  if (!query.includeRevoked) base = base.where('revoked_at', 'is', null);
  return newestFirstPage(base, withTotalCap(query, ctx.deps.config.listTotalCap), toAntiCheatClient);
}

/**
 * Revokes a client of the project: its user is no longer covered by new sessions (sessions already started keep
 * their coverage). Idempotent (the first revocation time is kept); 404 for an unknown client or another project's.
 */
export async function revokeClient(ctx: AntiCheatContext, key: ProjectKey, clientId: string): Promise<void> {
  const { db, clock } = ctx.deps;
  const row = await db
    .selectFrom('anti_cheat_clients')
    .select('id')
    .where('id', '=', clientId.toLowerCase())
    .where('project_id', '=', key.projectId)
    .executeTakeFirst();
  if (!row) throw notFound('anti-cheat client');
  const now = clock.now().toISOString();
  await db.transaction().execute((trx) =>
    trx.updateTable('anti_cheat_clients').set({ revoked_at: now }).where('id', '=', row.id).where('revoked_at', 'is', null).execute(),
  );
}
