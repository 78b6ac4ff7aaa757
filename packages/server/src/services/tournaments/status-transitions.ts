import type { Updateable } from 'kysely';
import type { TournamentsTable } from '../../db/schema';
import { AppError } from '../../errors/app-error';
import { writeEvents } from '../events';
import type { TournamentStatus } from '../../contract-types';
import type { WriteContext } from '../matches/write-context';

/** The simple tournament transitions moved by an organizer (spec 3.1, DESIGN "Tournament and match lifecycle"). */
export type SimpleTransition = 'publish' | 'openRegistration' | 'closeRegistration';

interface TransitionRule {
  from: TournamentStatus;
  to: TournamentStatus;
  event: string;
  verb: string;
  stamp?: (now: string) => Updateable<TournamentsTable>;
}

const RULES: Record<SimpleTransition, TransitionRule> = {
  publish: { from: 'DRAFT', to: 'PUBLISHED', event: 'tournament.published', verb: 'publish', stamp: (now) => ({ published_at: now }) },
  openRegistration: { from: 'PUBLISHED', to: 'REGISTRATION_OPEN', event: 'tournament.registration_opened', verb: 'open registration of' },
  closeRegistration: { from: 'REGISTRATION_OPEN', to: 'REGISTRATION_CLOSED', event: 'tournament.registration_closed', verb: 'close registration of' },
};

/**
 * Applies a simple transition inside the caller's transaction with a conditional update
 * (`WHERE status = from`, so concurrent calls cannot both succeed) and records its event
 * (`tournament.published` | `tournament.registration_opened` | `tournament.registration_closed`;
 * data: tournamentId, status (new), previousStatus).
 * @throws AppError 409 INVALID_STATE when the tournament is not in the rule's `from` status.
 */
export async function applySimpleTransition(ctx: WriteContext, transition: SimpleTransition): Promise<void> {
  const rule = RULES[transition];
  const { db, tournament, now } = ctx;
  const result = await db
    .updateTable('tournaments')
    .set({ status: rule.to, updated_at: now, ...(rule.stamp?.(now) ?? {}) })
    .where('id', '=', tournament.id)
    .where('status', '=', rule.from)
    .executeTakeFirst();
  if (Number(result.numUpdatedRows) === 0) {
    throw new AppError('INVALID_STATE', `cannot ${rule.verb} a tournament that is ${tournament.status} (it must be ${rule.from})`);
  }
  await writeEvents(db, ctx.sink, [
    {
      projectId: tournament.project_id,
      type: rule.event,
      subjectId: tournament.id,
      data: { tournamentId: tournament.id, status: rule.to, previousStatus: rule.from },
    },
  ]);
}
