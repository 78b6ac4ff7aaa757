import { setupServer } from 'msw/node';
import { createTourneyClient, type TournamentCreate, type TourneyClientOptions } from '../src/index';

/** API root used by every SDK test; msw answers it, anything else fails the test (onUnhandledRequest: 'error'). */
export const BASE = 'http://tourney.test/api/v1';

/** One msw server per test file; register handlers per test with `server.use(...)`. */
export function createTestServer() {
  return setupServer();
}

/** A sleep that records the requested delays (ms) and returns at once. */
export function recordingSleep() {
  const delays: number[] = [];
  const sleep = async (ms: number) => {
    delays.push(ms);
  };
  return { delays, sleep };
}

/** A client against {@link BASE} with a recording sleep; extra options override the defaults. */
export function testClient(options: Partial<TourneyClientOptions> = {}) {
  const { delays, sleep } = recordingSleep();
  const client = createTourneyClient({ baseUrl: BASE, sleep, ...options });
  return { client, delays };
}

/** The API's error envelope (contract: `{ success: false, error: { code, message, details?, requestId } }`). */
export function errorBody(code: string, message: string, requestId: string, details?: { path: string; message: string }[]) {
  return { success: false, error: { code, message, requestId, ...(details ? { details } : {}) } };
}

/** A body of POST /tournaments: a single-elimination chess cup for 8 players (spread it to change a field). */
export const CUP_BODY: TournamentCreate = {
  name: 'Cup',
  disciplineId: 'chess',
  maxParticipants: 8,
  startDate: '2030-01-01T10:00:00Z',
  stages: [{ name: 'Main', format: 'SINGLE_ELIMINATION' }],
};

/** A minimal tournament as the API returns it (only the fields the tests look at are meaningful). */
export function tournament(id: string, name = `Cup ${id}`) {
  return { id, name, status: 'PUBLISHED' };
}
