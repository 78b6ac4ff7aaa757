import type { AppDeps } from '../../deps';
import { AppError } from '../../errors/app-error';
import { applySimpleTransition } from './status-transitions';
import { findTournamentRow } from './tournament-reader';
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
 * It never opens from REGISTRATION_CLOSED: a registration the organizer closed by hand (or that closed by time) reopens
 * only by hand (openRegistration, R5.8), which refuses while `registrationClosesAt` has passed, so a reopened
 * registration is closed by time only when its (moved) `registrationClosesAt` passes again (R5.11).
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
  for (const row of due) moved += await applyDueRegistrationSteps(deps, row, now);
  return moved;
}

/**
 * True when the registration of `row` is due to move at `now` (R5.11): PUBLISHED with `registrationOpensAt` passed,
 * or REGISTRATION_OPEN with `registrationClosesAt` passed. Never REGISTRATION_CLOSED (it reopens only by hand, R5.8).
 */
export function registrationStepDue(row: TournamentRow, now: string): boolean {
  const opens = row.registration_opens_at;
  const closes = row.registration_closes_at;
  return (row.status === 'PUBLISHED' && opens !== null && opens <= now) || (row.status === 'REGISTRATION_OPEN' && closes !== null && closes <= now);
}

/**
 * Moves the registration of one tournament as the schedule does (R5.11), in its own transaction: PUBLISHED with
 * `registrationOpensAt` passed -> REGISTRATION_OPEN, then (or from REGISTRATION_OPEN) with `registrationClosesAt`
 * passed -> REGISTRATION_CLOSED, with the organizer's conditional updates and events, decided under the tournament's
 * lock. `row` is the tournament as the caller read it; one no longer due (moved or rescheduled meanwhile) is left as it
 * is (0). Returns the steps applied (0-2).
 * Used by the schedule and by participateInTournament, which sees the clock before the schedule's next run (R5.11).
 */
export async function applyDueRegistrationSteps(deps: AppDeps, row: TournamentRow, now: string): Promise<number> {
  if (!registrationStepDue(row, now)) return 0;
  try {
    return await deps.db.transaction().execute(async (trx) => {
      // Decided on the row as it is under the tournament's lock: an update of its dates or a transition committed
      // since `row` was read is seen, never undone.
      await deps.dialect.lockRows(trx, 'tournaments', [row.id]);
      const current = await findTournamentRow(trx, row.id);
      if (current === undefined || !registrationStepDue(current, now)) return 0;
      let steps = 0;
      let tournament = current;
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
    return 0;
  }
}
