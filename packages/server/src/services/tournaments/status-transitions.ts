import { canTransitionTournament, TOURNAMENT_TRANSITIONS, tournamentTransitionRefusal, type TournamentTransition } from '@tourney/core';
import type { Updateable } from 'kysely';
import type { TournamentsTable } from '../../db/schema';
import { AppError, notFound } from '../../errors/app-error';
import { writeEvents } from '../events';
import type { WriteContext } from '../matches/write-context';

/** The simple tournament transitions moved by an organizer (core `TOURNAMENT_TRANSITIONS`, R5.8). */
export type SimpleTransition = Extract<TournamentTransition, 'publish' | 'openRegistration' | 'closeRegistration'>;

/** Columns a transition stamps besides the status (publish records `published_at`). */
const STAMPS: Record<SimpleTransition, (now: string) => Updateable<TournamentsTable>> = {
  publish: (now) => ({ published_at: now }),
  openRegistration: () => ({}),
  closeRegistration: () => ({}),
};

/**
 * Applies a simple transition of core's tournament status table inside the caller's transaction, which holds the
 * tournament's lock (R5.8): reads the status as it is now, then moves it with a conditional update on exactly that
 * status (`WHERE status = current`, so concurrent calls cannot both succeed) and records its event
 * (`tournament.published` | `tournament.registration_opened` | `tournament.registration_closed`;
 * data: tournamentId, status (new), previousStatus (the status it left: openRegistration leaves PUBLISHED, or
 * REGISTRATION_CLOSED when registration reopens)).
 * @throws AppError 409 INVALID_STATE when the tournament is not in one of the rule's `from` statuses (see
 *   transitionRefused), 404 NOT_FOUND when it is gone.
 */
export async function applySimpleTransition(ctx: WriteContext, transition: SimpleTransition): Promise<void> {
  const rule = TOURNAMENT_TRANSITIONS[transition];
  const { db, tournament, now } = ctx;
  const current = await db.selectFrom('tournaments').select('status').where('id', '=', tournament.id).executeTakeFirst();
  if (!current) throw notFound('tournament');
  if (!canTransitionTournament(transition, current.status)) throw await transitionRefused(ctx, transition);
  const result = await db
    .updateTable('tournaments')
    .set({ status: rule.to, updated_at: now, ...STAMPS[transition](now) })
    .where('id', '=', tournament.id)
    .where('status', '=', current.status)
    .executeTakeFirst();
  if (Number(result.numUpdatedRows) === 0) throw await transitionRefused(ctx, transition);
  await writeEvents(db, ctx.sink, [
    {
      projectId: tournament.project_id,
      type: rule.event,
      subjectId: tournament.id,
      data: { tournamentId: tournament.id, status: rule.to, previousStatus: current.status },
    },
  ]);
}

/**
 * The error of a transition whose conditional update changed no row: the tournament changed since the caller read it
 * (another transition, a delete), so the refusal names the status it has now.
 * @returns AppError 409 INVALID_STATE (core `tournamentTransitionRefusal`), or 404 NOT_FOUND when it was deleted.
 */
export async function transitionRefused(ctx: Pick<WriteContext, 'db' | 'tournament'>, transition: TournamentTransition): Promise<AppError> {
  const row = await ctx.db.selectFrom('tournaments').select('status').where('id', '=', ctx.tournament.id).executeTakeFirst();
  if (!row) return notFound('tournament');
  return new AppError('INVALID_STATE', tournamentTransitionRefusal(transition, row.status));
}
