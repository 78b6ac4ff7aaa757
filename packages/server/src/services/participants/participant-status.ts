import { AppError } from '../../errors/app-error';
import type { ParticipantStatus } from '../../contract-types';

/** Statuses an organizer may move a participant between before the tournament starts. */
const BEFORE_START: readonly ParticipantStatus[] = ['REGISTERED', 'CHECKED_IN', 'WITHDRAWN', 'DISQUALIFIED'];

/**
 * What an organizer may make of a WAITLISTED entry before the start (R6.14): give it a place (REGISTERED or CHECKED_IN,
 * when one is free) or take it off the waitlist (WITHDRAWN). Nothing is ever moved onto the waitlist by hand.
 */
const FROM_WAITLIST: readonly ParticipantStatus[] = ['REGISTERED', 'CHECKED_IN', 'WITHDRAWN'];

/** Statuses a participant may be disqualified from while the tournament is ONGOING (updateParticipant, removeParticipant). */
export const DISQUALIFIABLE_WHILE_ONGOING: readonly ParticipantStatus[] = ['ACTIVE', 'ELIMINATED'];

/** Status changes an organizer may make while the tournament is ONGOING (both forfeit open matches). */
const WHILE_ONGOING: Partial<Record<ParticipantStatus, readonly ParticipantStatus[]>> = {
  DISQUALIFIED: DISQUALIFIABLE_WHILE_ONGOING,
  // An entry that waited in vain leaves the line at any time (R6.14): it holds no place and has no match.
  WITHDRAWN: ['ACTIVE', 'WAITLISTED'],
};

/** Statuses that hold a place against maxParticipants: all but WITHDRAWN and WAITLISTED (tournament-mapper.ts `holdingPlaces`). */
export const PLACE_HOLDING_STATUSES: readonly ParticipantStatus[] = [
  'REGISTERED',
  'CHECKED_IN',
  'ACTIVE',
  'ELIMINATED',
  'DISQUALIFIED',
  'NO_SHOW',
];

/** Statuses of participants who will play when the tournament starts: those its seeding and draw are made of (R23.3, R24.6). */
export const ENTERING_STATUSES: readonly ParticipantStatus[] = ['REGISTERED', 'CHECKED_IN'];

/** Statuses that forfeit the participant's open matches once the tournament runs. */
export const FORFEIT_STATUSES: readonly ParticipantStatus[] = ['DISQUALIFIED', 'WITHDRAWN'];

/**
 * Checks an organizer's status change of a participant (updateParticipant, R6.6):
 * - before the start: between REGISTERED, CHECKED_IN, WITHDRAWN and DISQUALIFIED (ACTIVE, ELIMINATED and
 *   NO_SHOW are set by the start and by results only), and from WAITLISTED to REGISTERED, CHECKED_IN or WITHDRAWN
 *   (WAITLISTED is set by a player's entry into a full tournament only, R6.14);
 * - while ONGOING: ACTIVE or ELIMINATED -> DISQUALIFIED, ACTIVE -> WITHDRAWN (open matches become walkovers),
 *   WAITLISTED -> WITHDRAWN;
 * - once COMPLETED: nothing.
 * @throws AppError 409 INVALID_STATE for a COMPLETED tournament, 409 INVALID_TRANSITION for any other refused change.
 */
export function checkParticipantStatusChange(tournamentStatus: string, from: ParticipantStatus, to: ParticipantStatus): void {
  if (tournamentStatus === 'COMPLETED') {
    throw new AppError('INVALID_STATE', 'participants of a COMPLETED tournament cannot change');
  }
  const allowed =
    tournamentStatus === 'ONGOING'
      ? (WHILE_ONGOING[to] ?? []).includes(from)
      : from === 'WAITLISTED'
        ? FROM_WAITLIST.includes(to)
        : BEFORE_START.includes(from) && BEFORE_START.includes(to);
  if (!allowed) {
    throw new AppError('INVALID_TRANSITION', `a participant cannot go from ${from} to ${to} while the tournament is ${tournamentStatus}`, {
      details: [{ path: 'body.status', message: `cannot go from ${from} to ${to} while the tournament is ${tournamentStatus}` }],
    });
  }
}
