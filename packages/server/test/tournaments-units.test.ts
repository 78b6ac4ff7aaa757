import { generateSingleElimination } from '@tourney/core';
import { describe, expect, it } from 'vitest';
import { AppError } from '../src/index';
import { buildMatchRows } from '../src/services/brackets/bracket-rows';
import { chunks } from '../src/db/chunks';
import { checkParticipantStatusChange } from '../src/services/participants/participant-status';
import { scheduledAtForRound } from '../src/services/stages/scheduling';
import { assignSeeds } from '../src/services/stages/seeding';
import { withFormatDefaults } from '../src/services/stages/stage-settings';
import { sameStages, validateDates } from '../src/services/tournaments/tournament-input';
import { dayEnd, dayStart } from '../src/services/tournaments/tournament-list-query';

const codeOf = (fn: () => unknown): string | undefined => {
  try {
    fn();
    return undefined;
  } catch (error) {
    return error instanceof AppError ? error.code : 'not an AppError';
  }
};

describe('assignSeeds', () => {
  it('puts explicit seeds first (ascending, gaps closed), then registration order, ties by id', () => {
    const entrants = assignSeeds([
      { id: 'a', seed: null, registeredAt: '2030-01-01T00:00:02.000Z' },
      { id: 'b', seed: 5, registeredAt: '2030-01-01T00:00:09.000Z' },
      { id: 'd', seed: null, registeredAt: '2030-01-01T00:00:01.000Z' },
      { id: 'c', seed: null, registeredAt: '2030-01-01T00:00:01.000Z' },
      { id: 'e', seed: 2, registeredAt: '2030-01-01T00:00:05.000Z' },
    ]);
    expect(entrants).toEqual([
      { id: 'e', seed: 1 },
      { id: 'b', seed: 2 },
      { id: 'c', seed: 3 },
      { id: 'd', seed: 4 },
      { id: 'a', seed: 5 },
    ]);
  });
});

describe('schedule and date helpers', () => {
  it('schedules round r at start + (r-1) intervals', () => {
    expect(scheduledAtForRound('2030-06-01T12:00:00.000Z', 1, 45)).toBe('2030-06-01T12:00:00.000Z');
    expect(scheduledAtForRound('2030-06-01T12:00:00.000Z', 3, 45)).toBe('2030-06-01T13:30:00.000Z');
  });

  it('turns UTC days into inclusive bounds, across month and year ends', () => {
    expect(dayStart('2031-03-01')).toBe('2031-03-01T00:00:00.000Z');
    expect(dayEnd('2031-02-28')).toBe('2031-02-28T23:59:59.999Z');
    expect(dayEnd('2031-12-31')).toBe('2031-12-31T23:59:59.999Z');
    // The bounds of the first and last days allowed (R2.13) still sort as text among stored instants.
    expect(dayEnd('9999-12-31') > '2030-06-01T12:00:00.000Z').toBe(true);
    expect(dayEnd('0050-03-01') < '2030-06-01T12:00:00.000Z').toBe(true);
    expect(dayEnd('0050-03-01') > '0050-03-01T12:00:00.000Z' && dayEnd('0050-03-01') < '0050-03-02T00:00:00.000Z').toBe(true);
  });

  it('checks that registration opens before it closes and both precede the start', () => {
    const start = '2030-06-01T12:00:00.000Z';
    expect(codeOf(() => validateDates({ startDate: start, registrationOpensAt: null, registrationClosesAt: null }))).toBeUndefined();
    expect(codeOf(() => validateDates({ startDate: start, registrationOpensAt: '2030-06-02T00:00:00.000Z', registrationClosesAt: null }))).toBe('VALIDATION_ERROR');
    expect(
      codeOf(() => validateDates({ startDate: start, registrationOpensAt: '2030-05-02T00:00:00.000Z', registrationClosesAt: '2030-05-01T00:00:00.000Z' })),
    ).toBe('VALIDATION_ERROR');
  });

  it('splits rows into chunks of at most 500', () => {
    expect(chunks(Array.from({ length: 1001 }, (_, i) => i)).map((c) => c.length)).toEqual([500, 500, 1]);
    expect(chunks([])).toEqual([]);
  });
});

describe('buildMatchRows', () => {
  it('gives each generated match an id and resolves advancement keys to those ids', () => {
    const entrants = Array.from({ length: 6 }, (_, i) => ({ id: `p${i + 1}`, seed: i + 1 }));
    const stage = generateSingleElimination(entrants, { thirdPlaceMatch: true });
    const rows = buildMatchRows(stage, { tournamentId: 't', stageId: 's', startDate: '2030-06-01T12:00:00.000Z', intervalMinutes: 30, now: 'now' });
    expect(rows).toHaveLength(6);
    const byKey = new Map(rows.map((r) => [r.key, r]));
    for (const m of stage.matches) {
      const row = byKey.get(m.key)!;
      expect(row.next_winner_match_id).toBe(m.next.winner ? byKey.get(m.next.winner.key)!.id : null);
      expect(row.next_loser_match_id).toBe(m.next.loser ? byKey.get(m.next.loser.key)!.id : null);
      expect(row.scheduled_at).toBe(scheduledAtForRound('2030-06-01T12:00:00.000Z', m.round, 30));
      expect(row).toMatchObject({ status: 'SCHEDULED', version: 0, participant1_id: m.participants[0], participant2_id: m.participants[1] });
    }
    expect(new Set(rows.map((r) => r.id)).size).toBe(6);
  });
});

describe('participant status changes', () => {
  it('allows pre-start moves among REGISTERED, CHECKED_IN, WITHDRAWN, DISQUALIFIED only', () => {
    expect(codeOf(() => checkParticipantStatusChange('REGISTRATION_OPEN', 'REGISTERED', 'CHECKED_IN'))).toBeUndefined();
    expect(codeOf(() => checkParticipantStatusChange('REGISTRATION_OPEN', 'WITHDRAWN', 'REGISTERED'))).toBeUndefined();
    expect(codeOf(() => checkParticipantStatusChange('REGISTRATION_OPEN', 'REGISTERED', 'ACTIVE'))).toBe('INVALID_TRANSITION');
  });

  it('allows only disqualification or withdrawal while ONGOING and nothing once COMPLETED', () => {
    expect(codeOf(() => checkParticipantStatusChange('ONGOING', 'ACTIVE', 'DISQUALIFIED'))).toBeUndefined();
    expect(codeOf(() => checkParticipantStatusChange('ONGOING', 'ELIMINATED', 'DISQUALIFIED'))).toBeUndefined();
    expect(codeOf(() => checkParticipantStatusChange('ONGOING', 'ACTIVE', 'WITHDRAWN'))).toBeUndefined();
    expect(codeOf(() => checkParticipantStatusChange('ONGOING', 'DISQUALIFIED', 'ACTIVE'))).toBe('INVALID_TRANSITION');
    expect(codeOf(() => checkParticipantStatusChange('ONGOING', 'ACTIVE', 'REGISTERED'))).toBe('INVALID_TRANSITION');
    expect(codeOf(() => checkParticipantStatusChange('COMPLETED', 'ACTIVE', 'DISQUALIFIED'))).toBe('INVALID_STATE');
  });
});

describe('stage settings', () => {
  it('fills in the defaults of each format', () => {
    expect(withFormatDefaults('SINGLE_ELIMINATION', {})).toEqual({ thirdPlaceMatch: false, seedOrdering: 'inner_outer', roundIntervalMinutes: 60 });
    expect(withFormatDefaults('DOUBLE_ELIMINATION', { roundIntervalMinutes: 15 })).toEqual({
      grandFinal: 'simple',
      seedOrdering: 'inner_outer',
      skipFirstRound: false,
      roundIntervalMinutes: 15,
    });
    expect(withFormatDefaults('SWISS', {}).tiebreaks).toEqual(['POINTS', 'BUCHHOLZ', 'BUCHHOLZ_CUT1', 'SONNEBORN_BERGER']);
  });

  it('compares stages with defaults filled in on both sides, and settings by what they mean', () => {
    const row = { id: 's', tournament_id: 't', number: 1, name: 'Main', format: 'SINGLE_ELIMINATION', status: 'PENDING', settings: '{}', group_draw: null, created_at: 'x' };
    expect(sameStages([row], [{ name: 'Main', format: 'SINGLE_ELIMINATION' }])).toBe(true);
    expect(sameStages([row], [{ name: 'Main', format: 'SINGLE_ELIMINATION', settings: { thirdPlaceMatch: false, roundIntervalMinutes: 60 } }])).toBe(true);
    expect(sameStages([row], [{ name: 'Main', format: 'SINGLE_ELIMINATION', settings: { thirdPlaceMatch: true } }])).toBe(false);
    // stopAtQualifiers false is what its absence means (R7.20); true is a change.
    expect(sameStages([row], [{ name: 'Main', format: 'SINGLE_ELIMINATION', settings: { stopAtQualifiers: false } }])).toBe(true);
    expect(sameStages([{ ...row, settings: '{"stopAtQualifiers":false}' }], [{ name: 'Main', format: 'SINGLE_ELIMINATION' }])).toBe(true);
    expect(sameStages([row], [{ name: 'Main', format: 'SINGLE_ELIMINATION', settings: { advanceCount: 4, stopAtQualifiers: true } }])).toBe(false);
    // Play-offs compare by what they mean (R27.9): consolation NONE is no third-place match, THIRD_PLACE is one.
    const third = { ...row, settings: '{"thirdPlaceMatch":true}' };
    expect(sameStages([row], [{ name: 'Main', format: 'SINGLE_ELIMINATION', settings: { consolation: 'NONE' } }])).toBe(true);
    expect(sameStages([third], [{ name: 'Main', format: 'SINGLE_ELIMINATION', settings: { consolation: 'THIRD_PLACE' } }])).toBe(true);
    expect(sameStages([third], [{ name: 'Main', format: 'SINGLE_ELIMINATION', settings: { consolation: 'NONE' } }])).toBe(false);
    expect(sameStages([row], [{ name: 'Main', format: 'SINGLE_ELIMINATION', settings: { consolation: 'FULL' } }])).toBe(false);
    // Fields that disagree are a change (the stage checks then refuse them).
    expect(sameStages([row], [{ name: 'Main', format: 'SINGLE_ELIMINATION', settings: { consolation: 'NONE', thirdPlaceMatch: true } }])).toBe(false);
    expect(sameStages([row], [{ name: 'Main', format: 'DOUBLE_ELIMINATION' }])).toBe(false);
    expect(sameStages([row], [])).toBe(false);
  });
});
