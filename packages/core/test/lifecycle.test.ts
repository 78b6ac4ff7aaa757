import { describe, expect, it } from 'vitest';
import {
  canTransitionTournament,
  forfeitOutcome,
  nextTournamentStatus,
  TOURNAMENT_STATUSES,
  TOURNAMENT_TRANSITIONS,
  tournamentTransitionRefusal,
  type TournamentTransition,
} from '../src/index';
import { catchDomainError } from './helpers/domain-error';

describe('tournament status table', () => {
  it('walks DRAFT -> PUBLISHED -> REGISTRATION_OPEN -> REGISTRATION_CLOSED -> ONGOING -> COMPLETED', () => {
    let status: string = 'DRAFT';
    for (const t of ['publish', 'openRegistration', 'closeRegistration', 'start', 'complete'] as TournamentTransition[]) status = nextTournamentStatus(t, status);
    expect(status).toBe('COMPLETED');
  });

  it('starts from PUBLISHED, REGISTRATION_OPEN or REGISTRATION_CLOSED only', () => {
    expect(TOURNAMENT_STATUSES.filter((s) => canTransitionTournament('start', s))).toEqual(['PUBLISHED', 'REGISTRATION_OPEN', 'REGISTRATION_CLOSED']);
  });

  it('opens registration from PUBLISHED, and reopens it from REGISTRATION_CLOSED before the start', () => {
    expect(TOURNAMENT_STATUSES.filter((s) => canTransitionTournament('openRegistration', s))).toEqual(['PUBLISHED', 'REGISTRATION_CLOSED']);
    expect(nextTournamentStatus('openRegistration', 'REGISTRATION_CLOSED')).toBe('REGISTRATION_OPEN');
    expect(tournamentTransitionRefusal('openRegistration', 'ONGOING')).toBe(
      'cannot open registration of a tournament that is ONGOING (it must be PUBLISHED or REGISTRATION_CLOSED)',
    );
  });

  it('refuses every other transition with INVALID_STATE naming the status', () => {
    for (const [name, rule] of Object.entries(TOURNAMENT_TRANSITIONS)) {
      for (const status of TOURNAMENT_STATUSES.filter((s) => !(rule.from as readonly string[]).includes(s))) {
        const error = catchDomainError(() => nextTournamentStatus(name as TournamentTransition, status));
        expect(error.code).toBe('INVALID_STATE');
        expect(error.message).toContain(status);
      }
    }
    expect(tournamentTransitionRefusal('publish', 'ONGOING')).toBe('cannot publish a tournament that is ONGOING (it must be DRAFT)');
    expect(tournamentTransitionRefusal('start', 'DRAFT')).toBe(
      'a tournament can be started only when PUBLISHED, REGISTRATION_OPEN or REGISTRATION_CLOSED (it is DRAFT)',
    );
  });
});

describe('forfeitOutcome', () => {
  const side = (participantId: string, seed: number | null, forfeited: boolean) => ({ participantId, seed, forfeited });
  it('is a walkover for the side still in, a double forfeit won by the better seed, nothing when both play', () => {
    expect(forfeitOutcome(side('a', 1, false), side('b', 2, false))).toBeNull();
    expect(forfeitOutcome(side('a', 1, true), side('b', 2, false))).toEqual({ winnerId: 'b', loserId: 'a', resultType: 'WALKOVER' });
    expect(forfeitOutcome(side('a', 1, false), side('b', 2, true))).toEqual({ winnerId: 'a', loserId: 'b', resultType: 'WALKOVER' });
    expect(forfeitOutcome(side('a', 5, true), side('b', 2, true))).toEqual({ winnerId: 'b', loserId: 'a', resultType: 'DOUBLE_FORFEIT' });
    expect(forfeitOutcome(side('a', null, true), side('b', null, true))?.winnerId).toBe('a');
  });
});
