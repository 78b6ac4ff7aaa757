import type { AppDeps } from '../../deps';
import { AppError } from '../../errors/app-error';
import { applySimpleTransition } from './status-transitions';
import type { TournamentRow } from '../../db/rows';

/** Tournaments moved per run at most; the next run takes the rest. */
const BATCH = 200;

/**
 * Moves registration by time (R5.11: optional `registrationOpensAt` /
 * `registrationClosesAt` move the status): a PUBLISHED tournament whose registrationOpensAt has passed becomes
 * REGISTRATION_OPEN (event tournament.registration_opened), and a REGISTRATION_OPEN one whose registrationClosesAt has
 * passed becomes REGISTRATION_CLOSED (tournament.registration_closed); one whose both instants passed takes both steps.
 * Each tournament moves in its own transaction with the same conditional updates as the organizer's operations, so a
 * concurrent organizer call or another process's run makes this one skip it. Returns how many transitions it applied.
 */
export async function applyRegistrationSchedule(deps: AppDeps): Promise<number> {
  const now = deps.clock.now().toISOString();
  const due = (await deps.db
    .selectFrom('tournaments')
    .selectAll()
    .where((eb) =>
      eb.or([
        eb.and([eb('status', '=', 'PUBLISHED'), eb('registration_opens_at', '<=', now)]),
        eb.and([eb('status', '=', 'REGISTRATION_OPEN'), eb('registration_closes_at', '<=', now)]),
      ]),
    )
    .limit(BATCH)
    .execute()) as TournamentRow[];
  let moved = 0;
  for (const row of due) {
    try {
      moved += await deps.db.transaction().execute(async (trx) => {
        let steps = 0;
        let tournament = row;
        if (tournament.status === 'PUBLISHED') {
          await applySimpleTransition({ db: trx, sink: deps, tournament, now, dialect: deps.dialect }, 'openRegistration');
          tournament = { ...tournament, status: 'REGISTRATION_OPEN' };
          steps++;
        }
        if (tournament.registration_closes_at !== null && tournament.registration_closes_at <= now) {
          await applySimpleTransition({ db: trx, sink: deps, tournament, now, dialect: deps.dialect }, 'closeRegistration');
          steps++;
        }
        return steps;
      });
    } catch (error) {
      // Another caller moved it first: nothing to do for this one.
      if (!(error instanceof AppError && error.code === 'INVALID_STATE')) throw error;
    }
  }
  return moved;
}
