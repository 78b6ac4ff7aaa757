import { DomainError, throwIfInvalid, type DomainErrorDetail } from '../errors/domain-error';
import type {
  MatchAction,
  MatchActionType,
  MatchActor,
  MatchState,
  MatchStatus,
  MatchTransition,
  ReportedResult,
} from './types';
import { validateResult } from './validate-result';

/** Every match action type. */
export const MATCH_ACTION_TYPES: readonly MatchActionType[] = ['start', 'report', 'confirm', 'dispute', 'resolve'];

/** Statuses after which a match accepts no action (its result is final and has advanced). */
export const FINAL_MATCH_STATUSES: readonly MatchStatus[] = ['COMPLETED', 'RESOLVED'];

/** Statuses of a match still to be decided (a stage completes once none of its matches is in one). */
export const OPEN_MATCH_STATUSES: readonly MatchStatus[] = ['SCHEDULED', 'IN_PROGRESS', 'PENDING_RESULT', 'DISPUTED'];

/** Longest dispute or resolution reason, in characters. */
export const MAX_REASON_LENGTH = 2000;

/** True for COMPLETED and RESOLVED. */
export function isFinalMatchStatus(status: MatchStatus): boolean {
  return status === 'COMPLETED' || status === 'RESOLVED';
}

/** Actor kinds that may ever take each action. */
const ALLOWED_ACTORS: Record<MatchActionType, readonly MatchActor['kind'][]> = {
  start: ['participant', 'organizer'],
  report: ['participant', 'organizer'],
  confirm: ['participant', 'organizer'],
  dispute: ['participant'],
  resolve: ['organizer', 'moderator'],
};

/** Statuses each action may start from (final statuses never appear). */
const ALLOWED_FROM: Record<MatchActionType, readonly MatchStatus[]> = {
  start: ['SCHEDULED'],
  report: ['SCHEDULED', 'IN_PROGRESS'],
  confirm: ['PENDING_RESULT'],
  dispute: ['PENDING_RESULT'],
  resolve: ['SCHEDULED', 'IN_PROGRESS', 'PENDING_RESULT', 'DISPUTED'],
};

const ACTOR_KINDS: readonly string[] = ['participant', 'organizer', 'moderator'];

/**
 * Checks that `actor` may take an action of type `type` on a match in `state`, without looking at the
 * action's payload (R8.1, R8.23). Checks, in order: the actor's role may take the action at all (FORBIDDEN),
 * a participant belongs to the match (NOT_MATCH_PARTICIPANT), the match is not final
 * (MATCH_ALREADY_COMPLETED), both participants are known (MATCH_NOT_READY), the status allows the action
 * (INVALID_TRANSITION), then state-dependent rules: the reporting side may not confirm its own report and a
 * moderator may resolve only a DISPUTED match (FORBIDDEN).
 * @throws DomainError with the codes above, or VALIDATION_ERROR for an unknown action type or actor kind.
 */
export function authorizeMatchAction(state: MatchState, type: MatchActionType, actor: MatchActor): void {
  const allowedActors = ALLOWED_ACTORS[type];
  if (allowedActors === undefined) {
    throw new DomainError('VALIDATION_ERROR', `Unknown match action ${String(type)}`, [
      { path: 'type', message: `must be one of ${MATCH_ACTION_TYPES.join(', ')}` },
    ]);
  }
  if (!ACTOR_KINDS.includes(actor?.kind)) {
    throw new DomainError('VALIDATION_ERROR', `Unknown actor kind ${String(actor?.kind)}`, [
      { path: 'actor.kind', message: `must be one of ${ACTOR_KINDS.join(', ')}` },
    ]);
  }
  if (!allowedActors.includes(actor.kind)) {
    throw new DomainError('FORBIDDEN', `A ${actor.kind} may not ${type} a match`);
  }
  if (actor.kind === 'participant' && !state.participants.includes(actor.participantId)) {
    throw new DomainError('NOT_MATCH_PARTICIPANT', 'Only participants of this match may do this');
  }
  if (isFinalMatchStatus(state.status)) {
    throw new DomainError('MATCH_ALREADY_COMPLETED', `The match is already ${state.status}`);
  }
  if (state.participants[0] === null || state.participants[1] === null) {
    throw new DomainError('MATCH_NOT_READY', 'Both participants of the match must be known');
  }
  if (!ALLOWED_FROM[type].includes(state.status)) {
    throw new DomainError('INVALID_TRANSITION', `Cannot ${type} a match that is ${state.status}`);
  }
  if (type === 'confirm') {
    if (state.reported === null) {
      throw new DomainError('INVALID_TRANSITION', 'There is no reported result to confirm');
    }
    if (actor.kind === 'participant' && state.reported.reportedBy === actor.participantId) {
      throw new DomainError('FORBIDDEN', 'The opponent of the reporting side (or an organizer) must confirm');
    }
  }
  if (type === 'resolve' && actor.kind === 'moderator' && state.status !== 'DISPUTED') {
    throw new DomainError('FORBIDDEN', 'A moderator may only resolve a DISPUTED match');
  }
}

/** Action types `actor` may take on a match in `state` right now (payload aside), in MATCH_ACTION_TYPES order. */
export function allowedMatchActions(state: MatchState, actor: MatchActor): MatchActionType[] {
  return MATCH_ACTION_TYPES.filter((type) => {
    try {
      authorizeMatchAction(state, type, actor);
      return true;
    } catch (error) {
      if (error instanceof DomainError) return false;
      throw error;
    }
  });
}

function validateReason(reason: unknown, details: DomainErrorDetail[]): void {
  if (typeof reason !== 'string' || reason.trim().length === 0 || reason.length > MAX_REASON_LENGTH) {
    details.push({ path: 'reason', message: `must be a non-empty string of at most ${MAX_REASON_LENGTH} characters` });
  }
}

function validateEvidence(evidence: unknown, details: DomainErrorDetail[]): void {
  if (evidence === undefined) return;
  if (!Array.isArray(evidence)) {
    details.push({ path: 'evidence', message: 'must be an array of URIs' });
    return;
  }
  evidence.forEach((item: unknown, i) => {
    if (typeof item !== 'string' || item.length === 0) details.push({ path: `evidence[${i}]`, message: 'must be a non-empty URI' });
  });
}

/**
 * The match state machine (R8.1, R8.2, R8.4) as a pure function:
 * - start: SCHEDULED -> IN_PROGRESS, by a participant of the match or an organizer (match.started);
 * - report: SCHEDULED | IN_PROGRESS -> PENDING_RESULT, by a participant or an organizer (match.score_reported);
 * - confirm: PENDING_RESULT -> COMPLETED, by the side that did not report, or an organizer (match.completed);
 * - dispute: PENDING_RESULT -> DISPUTED, by a participant of the match (match.disputed);
 * - resolve: DISPUTED -> RESOLVED by an organizer or moderator, or any other non-final status -> RESOLVED
 *   by an organizer (override) (match.resolved).
 * Results are checked by `validateResult` with the state's `allowDraw` and `bestOf` (R25.2); reasons are 1..2000 characters.
 * @throws DomainError as `authorizeMatchAction`, then VALIDATION_ERROR for a bad payload.
 */
export function applyMatchAction(state: MatchState, action: MatchAction, actor: MatchActor): MatchTransition {
  authorizeMatchAction(state, action?.type, actor);
  const undecided = { winnerId: null, loserId: null, isDraw: false, scores: null };
  const { participants, allowDraw } = state;
  const bestOf = state.bestOf ?? 1;

  switch (action.type) {
    case 'start':
      return { status: 'IN_PROGRESS', ...undecided, event: 'match.started', reported: state.reported };
    case 'report': {
      const result = validateResult(participants, action, { allowDraw, bestOf });
      const reported: ReportedResult = {
        winnerId: result.winnerId,
        scores: result.scores,
        reportedBy: actor.kind === 'participant' ? actor.participantId : null,
        ...(result.games ? { games: result.games } : {}),
        ...(result.decider ? { decider: result.decider } : {}),
      };
      return { status: 'PENDING_RESULT', ...undecided, event: 'match.score_reported', reported };
    }
    case 'confirm': {
      const reported = state.reported as ReportedResult;
      const result = validateResult(participants, reported, { allowDraw, bestOf });
      return { status: 'COMPLETED', ...result, event: 'match.completed', reported };
    }
    case 'dispute': {
      const details: DomainErrorDetail[] = [];
      validateReason(action.reason, details);
      validateEvidence(action.evidence, details);
      throwIfInvalid(details, 'dispute');
      return { status: 'DISPUTED', ...undecided, event: 'match.disputed', reported: state.reported };
    }
    case 'resolve': {
      const details: DomainErrorDetail[] = [];
      validateReason(action.reason, details);
      throwIfInvalid(details, 'resolution');
      const result = validateResult(participants, action, { allowDraw, bestOf });
      return { status: 'RESOLVED', ...result, event: 'match.resolved', reported: state.reported };
    }
  }
}
