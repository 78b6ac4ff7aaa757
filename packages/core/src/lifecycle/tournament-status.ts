import { DomainError } from '../errors/domain-error';

/** Tournament status (contract `TournamentStatus`), in lifecycle order. */
export const TOURNAMENT_STATUSES = ['DRAFT', 'PUBLISHED', 'REGISTRATION_OPEN', 'REGISTRATION_CLOSED', 'ONGOING', 'COMPLETED'] as const;

/** A tournament status. */
export type TournamentStatus = (typeof TOURNAMENT_STATUSES)[number];

/** A change of tournament status: moved by an organizer (publish, open/close registration, start) or automatic (complete). */
export type TournamentTransition = 'publish' | 'openRegistration' | 'closeRegistration' | 'start' | 'complete';

/** One row of the tournament status table. */
export interface TournamentTransitionRule {
  /** Statuses the transition is accepted from. */
  from: readonly TournamentStatus[];
  to: TournamentStatus;
  /** Event recorded when it happens (webhook event type). */
  event: string;
  /** What it does, for the refusal message ("cannot {verb} a tournament that is ..."). */
  verb: string;
}

/**
 * The tournament lifecycle (contract `TournamentStatus`): DRAFT -> PUBLISHED (publish) -> REGISTRATION_OPEN
 * (openRegistration, by hand or at registrationOpensAt) -> REGISTRATION_CLOSED (closeRegistration, by hand or at
 * registrationClosesAt) -> ONGOING (start, from PUBLISHED, REGISTRATION_OPEN or REGISTRATION_CLOSED) -> COMPLETED
 * (complete: automatically after the last match of the last stage). Registration reopens by hand before the start
 * (openRegistration from REGISTRATION_CLOSED, R5.8); the schedule only ever opens from PUBLISHED (R5.11).
 */
export const TOURNAMENT_TRANSITIONS = {
  publish: { from: ['DRAFT'], to: 'PUBLISHED', event: 'tournament.published', verb: 'publish' },
  openRegistration: { from: ['PUBLISHED', 'REGISTRATION_CLOSED'], to: 'REGISTRATION_OPEN', event: 'tournament.registration_opened', verb: 'open registration of' },
  closeRegistration: { from: ['REGISTRATION_OPEN'], to: 'REGISTRATION_CLOSED', event: 'tournament.registration_closed', verb: 'close registration of' },
  start: { from: ['PUBLISHED', 'REGISTRATION_OPEN', 'REGISTRATION_CLOSED'], to: 'ONGOING', event: 'tournament.started', verb: 'start' },
  complete: { from: ['ONGOING'], to: 'COMPLETED', event: 'tournament.completed', verb: 'complete' },
} as const satisfies Record<TournamentTransition, TournamentTransitionRule>;

function listOf(statuses: readonly string[]): string {
  return statuses.length <= 1 ? (statuses[0] ?? '') : `${statuses.slice(0, -1).join(', ')} or ${statuses[statuses.length - 1]}`;
}

/** True when `transition` is accepted from `status`. */
export function canTransitionTournament(transition: TournamentTransition, status: string): boolean {
  return (TOURNAMENT_TRANSITIONS[transition].from as readonly string[]).includes(status);
}

/**
 * Why `transition` is refused from `status`, e.g. "cannot publish a tournament that is ONGOING (it must be DRAFT)";
 * start names its three statuses ("a tournament can be started only when PUBLISHED, REGISTRATION_OPEN or
 * REGISTRATION_CLOSED (it is DRAFT)").
 */
export function tournamentTransitionRefusal(transition: TournamentTransition, status: string): string {
  const rule: TournamentTransitionRule = TOURNAMENT_TRANSITIONS[transition];
  if (transition === 'start') return `a tournament can be started only when ${listOf(rule.from)} (it is ${status})`;
  return `cannot ${rule.verb} a tournament that is ${status} (it must be ${listOf(rule.from)})`;
}

/**
 * The status after `transition` from `status`.
 * @throws DomainError INVALID_STATE (message from `tournamentTransitionRefusal`) when not accepted from `status`.
 */
export function nextTournamentStatus(transition: TournamentTransition, status: string): TournamentStatus {
  if (!canTransitionTournament(transition, status)) throw new DomainError('INVALID_STATE', tournamentTransitionRefusal(transition, status));
  return TOURNAMENT_TRANSITIONS[transition].to;
}

/** Statuses before the start (participants may still register, withdraw or be removed freely). */
export const TOURNAMENT_STATUSES_BEFORE_START: readonly TournamentStatus[] = ['DRAFT', ...TOURNAMENT_TRANSITIONS.start.from];

/** Statuses in which the structure (stages, teamSize, maxParticipants) is locked: from the start on. */
export const TOURNAMENT_STATUSES_STRUCTURE_LOCKED: readonly TournamentStatus[] = [TOURNAMENT_TRANSITIONS.start.to, TOURNAMENT_TRANSITIONS.complete.to];
