import { describe, expect, it } from 'vitest';
import {
  allowedMatchActions,
  applyMatchAction,
  DomainError,
  MATCH_ACTION_TYPES,
  type DomainErrorCode,
  type MatchAction,
  type MatchActionType,
  type MatchActor,
  type MatchState,
  type MatchStatus,
  type ReportedResult,
} from '../src/index';
import { catchDomainError } from './helpers/domain-error';

const A: MatchActor = { kind: 'participant', participantId: 'a' };
const B: MatchActor = { kind: 'participant', participantId: 'b' };
const STRANGER: MatchActor = { kind: 'participant', participantId: 'x' };
const ORGANIZER: MatchActor = { kind: 'organizer' };
const MODERATOR: MatchActor = { kind: 'moderator' };
const ACTORS = { A, B, STRANGER, ORGANIZER, MODERATOR };
type ActorName = keyof typeof ACTORS;

const STATUSES: MatchStatus[] = ['SCHEDULED', 'IN_PROGRESS', 'PENDING_RESULT', 'COMPLETED', 'DISPUTED', 'RESOLVED'];
const SCORES = [
  { participantId: 'a', score: 2 },
  { participantId: 'b', score: 1 },
];
const REPORTED_BY_A: ReportedResult = { winnerId: 'a', scores: SCORES, reportedBy: 'a' };

const ACTIONS: Record<MatchActionType, MatchAction> = {
  start: { type: 'start' },
  report: { type: 'report', scores: SCORES },
  confirm: { type: 'confirm' },
  dispute: { type: 'dispute', reason: 'score was 1-2', evidence: ['https://example.com/shot.png'] },
  resolve: { type: 'resolve', winnerId: 'b', scores: [{ participantId: 'a', score: 1 }, { participantId: 'b', score: 2 }], reason: 'replay' },
};

function state(status: MatchStatus, overrides: Partial<MatchState> = {}): MatchState {
  const reported = status === 'PENDING_RESULT' || status === 'DISPUTED' ? REPORTED_BY_A : null;
  return { status, participants: ['a', 'b'], reported, allowDraw: false, ...overrides };
}

/** Every allowed (status, action, actor) combination with a reporter of A, and the status it leads to. */
const ALLOWED: [MatchStatus, MatchActionType, ActorName, MatchStatus][] = [
  ['SCHEDULED', 'start', 'A', 'IN_PROGRESS'],
  ['SCHEDULED', 'start', 'B', 'IN_PROGRESS'],
  ['SCHEDULED', 'start', 'ORGANIZER', 'IN_PROGRESS'],
  ['SCHEDULED', 'report', 'A', 'PENDING_RESULT'],
  ['SCHEDULED', 'report', 'B', 'PENDING_RESULT'],
  ['SCHEDULED', 'report', 'ORGANIZER', 'PENDING_RESULT'],
  ['IN_PROGRESS', 'report', 'A', 'PENDING_RESULT'],
  ['IN_PROGRESS', 'report', 'B', 'PENDING_RESULT'],
  ['IN_PROGRESS', 'report', 'ORGANIZER', 'PENDING_RESULT'],
  ['PENDING_RESULT', 'confirm', 'B', 'COMPLETED'],
  ['PENDING_RESULT', 'confirm', 'ORGANIZER', 'COMPLETED'],
  ['PENDING_RESULT', 'dispute', 'A', 'DISPUTED'],
  ['PENDING_RESULT', 'dispute', 'B', 'DISPUTED'],
  ['DISPUTED', 'resolve', 'ORGANIZER', 'RESOLVED'],
  ['DISPUTED', 'resolve', 'MODERATOR', 'RESOLVED'],
  ['SCHEDULED', 'resolve', 'ORGANIZER', 'RESOLVED'],
  ['IN_PROGRESS', 'resolve', 'ORGANIZER', 'RESOLVED'],
  ['PENDING_RESULT', 'resolve', 'ORGANIZER', 'RESOLVED'],
];

/** Forbidden combinations and the code each must raise. */
const FORBIDDEN: [MatchStatus, MatchActionType, ActorName, DomainErrorCode][] = [
  // start
  ['IN_PROGRESS', 'start', 'A', 'INVALID_TRANSITION'],
  ['PENDING_RESULT', 'start', 'ORGANIZER', 'INVALID_TRANSITION'],
  ['DISPUTED', 'start', 'B', 'INVALID_TRANSITION'],
  ['COMPLETED', 'start', 'A', 'MATCH_ALREADY_COMPLETED'],
  ['RESOLVED', 'start', 'ORGANIZER', 'MATCH_ALREADY_COMPLETED'],
  ['SCHEDULED', 'start', 'STRANGER', 'NOT_MATCH_PARTICIPANT'],
  ['SCHEDULED', 'start', 'MODERATOR', 'FORBIDDEN'],
  // report
  ['PENDING_RESULT', 'report', 'B', 'INVALID_TRANSITION'],
  ['DISPUTED', 'report', 'A', 'INVALID_TRANSITION'],
  ['COMPLETED', 'report', 'A', 'MATCH_ALREADY_COMPLETED'],
  ['RESOLVED', 'report', 'B', 'MATCH_ALREADY_COMPLETED'],
  ['IN_PROGRESS', 'report', 'STRANGER', 'NOT_MATCH_PARTICIPANT'],
  ['IN_PROGRESS', 'report', 'MODERATOR', 'FORBIDDEN'],
  // confirm
  ['SCHEDULED', 'confirm', 'B', 'INVALID_TRANSITION'],
  ['IN_PROGRESS', 'confirm', 'ORGANIZER', 'INVALID_TRANSITION'],
  ['DISPUTED', 'confirm', 'B', 'INVALID_TRANSITION'],
  ['COMPLETED', 'confirm', 'B', 'MATCH_ALREADY_COMPLETED'],
  ['RESOLVED', 'confirm', 'ORGANIZER', 'MATCH_ALREADY_COMPLETED'],
  ['PENDING_RESULT', 'confirm', 'A', 'FORBIDDEN'],
  ['PENDING_RESULT', 'confirm', 'STRANGER', 'NOT_MATCH_PARTICIPANT'],
  ['PENDING_RESULT', 'confirm', 'MODERATOR', 'FORBIDDEN'],
  // dispute
  ['SCHEDULED', 'dispute', 'A', 'INVALID_TRANSITION'],
  ['IN_PROGRESS', 'dispute', 'B', 'INVALID_TRANSITION'],
  ['DISPUTED', 'dispute', 'B', 'INVALID_TRANSITION'],
  ['COMPLETED', 'dispute', 'B', 'MATCH_ALREADY_COMPLETED'],
  ['RESOLVED', 'dispute', 'A', 'MATCH_ALREADY_COMPLETED'],
  ['PENDING_RESULT', 'dispute', 'STRANGER', 'NOT_MATCH_PARTICIPANT'],
  ['PENDING_RESULT', 'dispute', 'ORGANIZER', 'FORBIDDEN'],
  ['PENDING_RESULT', 'dispute', 'MODERATOR', 'FORBIDDEN'],
  // resolve
  ['COMPLETED', 'resolve', 'ORGANIZER', 'MATCH_ALREADY_COMPLETED'],
  ['RESOLVED', 'resolve', 'MODERATOR', 'MATCH_ALREADY_COMPLETED'],
  ['DISPUTED', 'resolve', 'A', 'FORBIDDEN'],
  ['DISPUTED', 'resolve', 'STRANGER', 'FORBIDDEN'],
  ['SCHEDULED', 'resolve', 'MODERATOR', 'FORBIDDEN'],
  ['IN_PROGRESS', 'resolve', 'MODERATOR', 'FORBIDDEN'],
  ['PENDING_RESULT', 'resolve', 'MODERATOR', 'FORBIDDEN'],
];

describe('match state machine: allowed transitions', () => {
  it.each(ALLOWED)('%s --%s by %s--> %s', (status, type, actorName, to) => {
    const transition = applyMatchAction(state(status), ACTIONS[type], ACTORS[actorName]);
    expect(transition.status).toBe(to);
    const events = { start: 'match.started', report: 'match.score_reported', confirm: 'match.completed', dispute: 'match.disputed', resolve: 'match.resolved' };
    expect(transition.event).toBe(events[type]);
  });
});

describe('match state machine: forbidden transitions', () => {
  it.each(FORBIDDEN)('%s --%s by %s--> %s', (status, type, actorName, code) => {
    expect(catchDomainError(() => applyMatchAction(state(status), ACTIONS[type], ACTORS[actorName])).code).toBe(code);
  });

  it('refuses every combination that is not in the allowed table', () => {
    const allowed = new Set(ALLOWED.map(([s, t, a]) => `${s}/${t}/${a}`));
    let refused = 0;
    for (const status of STATUSES) {
      for (const type of MATCH_ACTION_TYPES) {
        for (const actorName of Object.keys(ACTORS) as ActorName[]) {
          const run = () => applyMatchAction(state(status), ACTIONS[type], ACTORS[actorName]);
          const expected = allowed.has(`${status}/${type}/${actorName}`);
          if (expected) expect(run).not.toThrow();
          else {
            expect(run).toThrow(DomainError);
            refused++;
          }
          expect(allowedMatchActions(state(status), ACTORS[actorName]).includes(type)).toBe(expected);
        }
      }
    }
    expect(refused).toBe(STATUSES.length * MATCH_ACTION_TYPES.length * 5 - ALLOWED.length);
  });

  it.each(MATCH_ACTION_TYPES)('%s needs both participants (MATCH_NOT_READY)', (type) => {
    const from: MatchStatus = type === 'confirm' || type === 'dispute' ? 'PENDING_RESULT' : 'SCHEDULED';
    const actor = type === 'resolve' ? ORGANIZER : type === 'confirm' ? ORGANIZER : A;
    for (const participants of [['a', null], [null, 'a'], [null, null]] as [string | null, string | null][]) {
      const error = catchDomainError(() => applyMatchAction(state(from, { participants }), ACTIONS[type], actor));
      expect(error.code).toBe(participants.includes('a') || actor.kind !== 'participant' ? 'MATCH_NOT_READY' : 'NOT_MATCH_PARTICIPANT');
    }
  });

  it('lets either participant confirm an organizer report, but not twice the same side', () => {
    const reportedByOrganizer = state('PENDING_RESULT', { reported: { ...REPORTED_BY_A, reportedBy: null } });
    expect(applyMatchAction(reportedByOrganizer, ACTIONS.confirm, A).status).toBe('COMPLETED');
    expect(applyMatchAction(reportedByOrganizer, ACTIONS.confirm, B).status).toBe('COMPLETED');
    const reportedByB = state('PENDING_RESULT', { reported: { ...REPORTED_BY_A, reportedBy: 'b' } });
    expect(applyMatchAction(reportedByB, ACTIONS.confirm, A).status).toBe('COMPLETED');
    expect(catchDomainError(() => applyMatchAction(reportedByB, ACTIONS.confirm, B)).code).toBe('FORBIDDEN');
  });

  it('refuses to confirm when no result is stored', () => {
    const error = catchDomainError(() => applyMatchAction(state('PENDING_RESULT', { reported: null }), ACTIONS.confirm, B));
    expect(error.code).toBe('INVALID_TRANSITION');
  });

  it('refuses unknown action types and actor kinds', () => {
    const badType = catchDomainError(() => applyMatchAction(state('SCHEDULED'), { type: 'cancel' } as unknown as MatchAction, A));
    expect(badType.details?.[0]?.path).toBe('type');
    const badActor = catchDomainError(() =>
      applyMatchAction(state('SCHEDULED'), ACTIONS.start, { kind: 'admin' } as unknown as MatchActor),
    );
    expect(badActor.details?.[0]?.path).toBe('actor.kind');
  });
});

describe('match state machine: transition contents', () => {
  it('start keeps the match undecided', () => {
    expect(applyMatchAction(state('SCHEDULED'), ACTIONS.start, B)).toEqual({
      status: 'IN_PROGRESS',
      winnerId: null,
      loserId: null,
      isDraw: false,
      scores: null,
      event: 'match.started',
      reported: null,
    });
  });

  it('report stores the claimed result and who reported it, without deciding the match', () => {
    const action: MatchAction = { type: 'report', scores: [{ participantId: 'b', score: 3 }, { participantId: 'a', score: 1 }] };
    expect(applyMatchAction(state('IN_PROGRESS'), action, A)).toEqual({
      status: 'PENDING_RESULT',
      winnerId: null,
      loserId: null,
      isDraw: false,
      scores: null,
      event: 'match.score_reported',
      reported: { winnerId: 'b', scores: [{ participantId: 'a', score: 1 }, { participantId: 'b', score: 3 }], reportedBy: 'a' },
    });
    expect(applyMatchAction(state('SCHEDULED'), action, ORGANIZER).reported?.reportedBy).toBeNull();
  });

  it('confirm decides the match from the reported result', () => {
    expect(applyMatchAction(state('PENDING_RESULT'), ACTIONS.confirm, B)).toEqual({
      status: 'COMPLETED',
      winnerId: 'a',
      loserId: 'b',
      isDraw: false,
      scores: SCORES,
      event: 'match.completed',
      reported: REPORTED_BY_A,
    });
  });

  it('a draw is reported and confirmed where draws are allowed, refused elsewhere', () => {
    const draw: MatchAction = { type: 'report', scores: [{ participantId: 'a', score: 1 }, { participantId: 'b', score: 1 }] };
    const reported = applyMatchAction(state('SCHEDULED', { allowDraw: true }), draw, A);
    expect(reported.reported?.winnerId).toBeNull();
    const confirmed = applyMatchAction(state('PENDING_RESULT', { allowDraw: true, reported: reported.reported }), ACTIONS.confirm, B);
    expect(confirmed).toMatchObject({ status: 'COMPLETED', winnerId: null, loserId: null, isDraw: true });
    const error = catchDomainError(() => applyMatchAction(state('SCHEDULED'), draw, A));
    expect(error.code).toBe('VALIDATION_ERROR');
    expect(error.details?.[0]?.path).toBe('winnerId');
  });

  it('dispute keeps the reported result for review', () => {
    expect(applyMatchAction(state('PENDING_RESULT'), ACTIONS.dispute, B)).toMatchObject({
      status: 'DISPUTED',
      winnerId: null,
      event: 'match.disputed',
      reported: REPORTED_BY_A,
    });
  });

  it('resolve sets the adjudicated result', () => {
    expect(applyMatchAction(state('DISPUTED'), ACTIONS.resolve, MODERATOR)).toEqual({
      status: 'RESOLVED',
      winnerId: 'b',
      loserId: 'a',
      isDraw: false,
      scores: [{ participantId: 'a', score: 1 }, { participantId: 'b', score: 2 }],
      event: 'match.resolved',
      reported: REPORTED_BY_A,
    });
  });
});

describe('match state machine: payload validation', () => {
  it.each([
    ['report', { type: 'report', scores: [{ participantId: 'a', score: 1 }, { participantId: 'c', score: 0 }] }, 'scores[1].participantId'],
    ['report', { type: 'report', winnerId: 'b', scores: SCORES }, 'winnerId'],
    ['dispute', { type: 'dispute', reason: '   ' }, 'reason'],
    ['dispute', { type: 'dispute', reason: 'x'.repeat(2001) }, 'reason'],
    ['dispute', { type: 'dispute', reason: 'wrong', evidence: 'https://e.x' }, 'evidence'],
    ['dispute', { type: 'dispute', reason: 'wrong', evidence: ['https://e.x', ''] }, 'evidence[1]'],
    ['resolve', { type: 'resolve', scores: SCORES, reason: '' }, 'reason'],
    ['resolve', { type: 'resolve', scores: [SCORES[0]], reason: 'ok' }, 'scores'],
  ] as [MatchActionType, MatchAction, string][])('%s refuses a bad payload at %s', (type, action, path) => {
    const from: MatchStatus = type === 'dispute' ? 'PENDING_RESULT' : type === 'resolve' ? 'DISPUTED' : 'IN_PROGRESS';
    const actor = type === 'resolve' ? ORGANIZER : B;
    const error = catchDomainError(() => applyMatchAction(state(from), action, actor));
    expect(error.code).toBe('VALIDATION_ERROR');
    expect(error.details?.[0]?.path).toBe(path);
  });

  it('accepts a dispute without evidence and a reason of exactly 2000 characters', () => {
    expect(applyMatchAction(state('PENDING_RESULT'), { type: 'dispute', reason: 'x'.repeat(2000) }, A).status).toBe('DISPUTED');
  });
});
