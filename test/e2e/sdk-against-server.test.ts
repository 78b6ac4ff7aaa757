import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { createTourneyClient, isTourneyError, TourneyError, type TourneyClient } from '@tourney/sdk';
import { ManualClock, type StartedServer } from '@tourney/server';
import { startServerOnTestDatabase } from '../../packages/server/test/helpers/server';

// The SDK against the real server over HTTP: typed calls, errors, pagination and rate-limit retries.
let server: StartedServer;
let organizer: TourneyClient;
let automation: TourneyClient;
let apiKey: string;
let projectId: string;

beforeAll(async () => {
  server = await startServerOnTestDatabase({ port: 0, logLevel: 'silent', validateResponses: true });
  organizer = createTourneyClient({ baseUrl: server.url });
  const registered = await organizer.POST('/auth/register', {
    body: { username: 'sdk_org', email: 'sdk_org@example.test', password: 'a long enough password' },
  });
  organizer.setAccessToken(registered.data.accessToken);
  const org = await organizer.POST('/organizations', { body: { name: 'SDK League' } });
  const project = await organizer.POST('/organizations/{id}/projects', { params: { path: { id: org.data.id } }, body: { name: 'Main' } });
  projectId = project.data.id;
  const key = await organizer.POST('/developer/api-keys', {
    body: { name: 'automation', scopes: ['manage:tournaments'], projectId },
  });
  apiKey = key.data.key;
  automation = createTourneyClient({ baseUrl: server.url, apiKey });
});
afterAll(async () => server?.close());

const newTournament = (name: string) => ({
  name,
  disciplineId: 'rl',
  maxParticipants: 8,
  startDate: '2030-06-01T12:00:00Z',
  stages: [{ name: 'Bracket', format: 'SINGLE_ELIMINATION' as const }],
});

describe('@tourney/sdk against @tourney/server', () => {
  it('iterates every page of a list with paginate()', async () => {
    const created = new Set<string>();
    for (let i = 0; i < 12; i++) created.add((await automation.POST('/tournaments', { body: newTournament(`Page cup ${i}`) })).data.id);
    const seen: string[] = [];
    for await (const t of automation.paginate('/tournaments', { params: { query: { limit: 5, sortBy: 'createdAt', sortOrder: 'asc' } } })) {
      seen.push(t.id);
    }
    expect(seen).toHaveLength(12);
    expect(new Set(seen)).toEqual(created);
    const page = await automation.GET('/tournaments', { params: { query: { limit: 5, page: 3 } } });
    expect(page.pagination).toEqual({ page: 3, limit: 5, total: 12, totalPages: 3, hasNext: false, hasPrevious: true });
  });

  it('throws TourneyError with the API code, field details, request id and a redacted request', async () => {
    const error = await automation
      .POST('/tournaments', { body: { ...newTournament('Bad'), maxParticipants: 1 } })
      .catch((e: unknown) => e);
    expect(isTourneyError(error)).toBe(true);
    const e = error as TourneyError;
    expect(e.status).toBe(400);
    expect(e.code).toBe('VALIDATION_ERROR');
    expect(e.details?.[0]?.path).toBe('body.maxParticipants');
    expect(e.requestId).toBeTruthy();
    expect(JSON.stringify(e.request)).not.toContain(apiKey);
    expect(JSON.stringify(e.request)).toContain('[REDACTED]');
  });

  it('maps a match write with an API key to 403 API_KEY_NOT_ALLOWED', async () => {
    const error = await automation
      .POST('/matches/{id}/start', { params: { path: { id: '00000000-0000-7000-8000-000000000000' } } })
      .catch((e: unknown) => e);
    expect(error).toBeInstanceOf(TourneyError);
    expect((error as TourneyError).status).toBe(403);
    expect((error as TourneyError).code).toBe('API_KEY_NOT_ALLOWED');
  });

  it('reports a refused connection as status 0', async () => {
    const offline = createTourneyClient({ baseUrl: 'http://127.0.0.1:9/api/v1', retry: { retries: 0 } });
    const error = await offline.GET('/health').catch((e: unknown) => e);
    expect((error as TourneyError).status).toBe(0);
  });
});

describe('rate limiting seen through the SDK', () => {
  let limited: StartedServer;
  // The server's clock and the system time of the rate limiter's window (fake Date) move together: the client's sleep
  // moves both instead of waiting.
  const clock = new ManualClock('2030-01-01T00:00:00.000Z');
  beforeAll(async () => {
    vi.useFakeTimers({ toFake: ['Date'], now: clock.now() });
    limited = await startServerOnTestDatabase({ port: 0, logLevel: 'silent', clock, rateLimit: { points: 2, durationSeconds: 1 } });
  });
  afterAll(async () => {
    vi.useRealTimers();
    await limited?.close();
  });

  it('gets 429 RATE_LIMITED without retries and succeeds after waiting for the reset with them', async () => {
    const noRetry = createTourneyClient({ baseUrl: limited.url, retry: { retries: 0 } });
    await noRetry.GET('/health');
    await noRetry.GET('/health');
    const error = (await noRetry.GET('/health').catch((e: unknown) => e)) as TourneyError;
    expect(error.status).toBe(429);
    expect(error.code).toBe('RATE_LIMITED');

    const waits: number[] = [];
    const patient = createTourneyClient({
      baseUrl: limited.url,
      retry: { retries: 3 },
      sleep: async (ms: number) => {
        waits.push(ms);
        clock.advance(ms);
        vi.setSystemTime(clock.now());
      },
    });
    const health = await patient.GET('/health');
    expect(health.data.status).toBe('ok');
    expect(waits).toEqual([1000]); // Retry-After: 1, and the window has reset by then
  });
});
