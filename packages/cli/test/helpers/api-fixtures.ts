import type { Match, Participant, Tournament } from '../../src/api-types';

/** API root the msw handlers answer on. */
export const BASE = 'http://api.test/api/v1';

/** A tournament as the API returns it. */
export function tournament(overrides: Partial<Tournament> = {}): Tournament {
  return {
    id: '01900000-0000-7000-8000-000000000001',
    projectId: '01900000-0000-7000-8000-0000000000aa',
    name: 'Spring Open',
    description: null,
    disciplineId: 'chess',
    status: 'REGISTRATION_OPEN',
    maxParticipants: 16,
    currentParticipants: 5,
    teamSize: 1,
    startDate: '2030-03-01T18:00:00.000Z',
    registrationOpensAt: null,
    registrationClosesAt: null,
    checkInRequired: false,
    checkInOpensMinutesBefore: 60,
    waitlistCapacity: 0,
    stages: [
      {
        id: '01900000-0000-7000-8000-0000000000s1',
        number: 1,
        name: 'Main',
        format: 'SINGLE_ELIMINATION',
        status: 'PENDING',
        settings: { thirdPlaceMatch: false },
      },
    ],
    participantCounts: { registered: 5, checkedIn: 0, active: 0, eliminated: 0, disqualified: 0, withdrawn: 0 },
    createdAt: '2030-01-01T00:00:00.000Z',
    updatedAt: '2030-01-01T00:00:00.000Z',
    publishedAt: '2030-01-01T00:00:00.000Z',
    startedAt: null,
    completedAt: null,
    ...overrides,
  } as Tournament;
}

/** A match between alice (side 1) and bob (side 2). */
export function match(overrides: Partial<Match> = {}): Match {
  return {
    id: '01900000-0000-7000-8000-0000000000m1',
    tournamentId: '01900000-0000-7000-8000-000000000001',
    stageId: '01900000-0000-7000-8000-0000000000s1',
    stageNumber: 1,
    bracket: 'WINNERS',
    groupNumber: null,
    round: 1,
    number: 1,
    status: 'SCHEDULED',
    participants: [
      { participantId: 'pa', name: 'alice', seed: 1, score: null },
      { participantId: 'pb', name: 'bob', seed: 2, score: null },
    ],
    winnerId: null,
    loserId: null,
    isDraw: false,
    resultType: null,
    scheduledAt: null,
    startedAt: null,
    completedAt: null,
    next: { winner: null, loser: null },
    reportedResult: null,
    bestOf: 1,
    games: null,
    decider: null,
    history: [],
    ...overrides,
  } as Match;
}

/** A participant. */
export function participant(overrides: Partial<Participant> = {}): Participant {
  return {
    id: 'pa',
    tournamentId: '01900000-0000-7000-8000-000000000001',
    userId: 'ua',
    name: 'alice',
    seed: 1,
    status: 'REGISTERED',
    team: null,
    registeredAt: '2030-01-01T00:00:00.000Z',
    checkedInAt: null,
    finalPlacement: null,
    waitlistPosition: null,
    ...overrides,
  } as Participant;
}

/** A list envelope. */
export function page<T>(data: T[], pageNumber = 1, totalPages = 1, limit = 10): {
  success: true;
  data: T[];
  pagination: { page: number; limit: number; total: number; totalPages: number; hasNext: boolean; hasPrevious: boolean };
} {
  return {
    success: true,
    data,
    pagination: {
      page: pageNumber,
      limit,
      total: totalPages * limit,
      totalPages,
      hasNext: pageNumber < totalPages,
      hasPrevious: pageNumber > 1,
    },
  };
}

/** An error envelope. */
export function apiError(code: string, message: string, requestId = 'req-123') {
  return { success: false, error: { code, message, requestId } };
}

/** Tokens answered by login/refresh. */
export function tokens(suffix = '1') {
  return {
    accessToken: `tat_access_${suffix}`,
    refreshToken: `trt_refresh_${suffix}`,
    tokenType: 'Bearer',
    expiresIn: 900,
    refreshExpiresIn: 2592000,
    user: {
      id: 'ua',
      username: 'alice',
      displayName: null,
      createdAt: '2030-01-01T00:00:00.000Z',
      email: 'alice@example.com',
    },
  };
}
