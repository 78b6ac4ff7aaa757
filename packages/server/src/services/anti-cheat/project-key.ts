import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema';
import type { AuthContext } from '../../auth/auth-context';
import { AppError } from '../../errors/app-error';
import type { ProjectKey } from './types';

/** Plan that includes the anti-cheat capability (R4.9, R12.2). */
export const ANTI_CHEAT_PLAN = 'PRO';

/**
 * The calling API key's project (R12.1, R12.15): anti-cheat operations take an API key only, and the project is the
 * key's, whatever projectId a body or query carries. 401 UNAUTHORIZED for any other caller (the router already
 * refuses them; this keeps the services safe on their own).
 */
export function requireProjectKey(auth: AuthContext): ProjectKey {
  if (auth.kind !== 'apiKey') throw new AppError('UNAUTHORIZED', 'the anti-cheat surface needs an API key: send X-API-Key');
  return { projectId: auth.projectId, apiKeyId: auth.apiKeyId };
}

/**
 * 403 PLAN_REQUIRED unless the project's plan includes anti-cheat (R12.2: starting a session, even with the
 * anticheat:session.write scope; ending one is clean-up and needs no plan).
 */
export async function requireAntiCheatPlan(db: Kysely<Database>, projectId: string): Promise<void> {
  const project = await db.selectFrom('projects').select('plan').where('id', '=', projectId).executeTakeFirst();
  if (project?.plan !== ANTI_CHEAT_PLAN) {
    throw new AppError(
      'PLAN_REQUIRED',
      `anti-cheat sessions need the ${ANTI_CHEAT_PLAN} plan; this project is on ${project?.plan ?? 'no'} plan (an OWNER changes it with PATCH /projects/{id})`,
    );
  }
}
