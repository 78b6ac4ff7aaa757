import { http, HttpResponse } from 'msw';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { createTourneyClient, isTourneyError, type TourneyError } from '../src/index';
import { BASE, createTestServer, errorBody, testClient, tournament } from './helpers';

const server = createTestServer();
beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
afterEach(() => {
  server.resetHandlers();
  vi.restoreAllMocks();
});
afterAll(() => server.close());

const ID = '0190f5a2-7c1e-7000-8000-000000000002';
const MATCH_ID = '0190f5a2-7c1e-7000-8000-0000000000aa';
const P1 = '0190f5a2-7c1e-7000-8000-0000000000b1';
const P2 = '0190f5a2-7c1e-7000-8000-0000000000b2';
const REPORT = { winnerId: P1, scores: [{ participantId: P1, score: 3 }, { participantId: P2, score: 1 }] };
const MATCH_BODY = { success: true, data: { id: MATCH_ID, status: 'PENDING_RESULT' } };

/** Answers the listed responses in order (the last one repeats), counting calls. */
function sequence(responses: (() => Response)[]) {
  const state = { calls: 0 };
  const next = () => {
    const make = responses[Math.min(state.calls, responses.length - 1)];
    state.calls += 1;
    if (!make) throw new Error('sequence needs at least one response');
    return make();
  };
  return { state, next };
}

const unavailable = () =>
  HttpResponse.json(errorBody('SERVICE_UNAVAILABLE', 'Try again later', 'req_503'), { status: 503 });
const ok = () => HttpResponse.json({ success: true, data: tournament(ID) });

async function rejection(promise: Promise<unknown>): Promise<TourneyError> {
  try {
    await promise;
  } catch (error) {
    if (isTourneyError(error)) return error;
    throw error;
  }
  throw new Error('expected the call to reject with a TourneyError');
}

describe('retries on 429', () => {
  it('honours Retry-After seconds, for any method (here a plain POST)', async () => {
    const { state, next } = sequence([
      () =>
        HttpResponse.json(errorBody('RATE_LIMITED', 'Too many requests', 'req_429'), {
          status: 429,
          headers: { 'Retry-After': '2', 'X-RateLimit-Reset': '9999999999' },
        }),
      () => HttpResponse.json(MATCH_BODY),
    ]);
    server.use(http.post(`${BASE}/matches/:id/report`, next));
    const { client, delays } = testClient({ accessToken: 'at' });
    const result = await client.POST('/matches/{id}/report', { params: { path: { id: MATCH_ID } }, body: REPORT });
    expect(result).toEqual(MATCH_BODY);
    expect(state.calls).toBe(2);
    expect(delays).toEqual([2000]);
  });

  it('honours X-RateLimit-Reset (epoch seconds) when there is no Retry-After', async () => {
    vi.spyOn(Date, 'now').mockReturnValue(1_700_000_000_250);
    const { state, next } = sequence([
      () =>
        HttpResponse.json(errorBody('RATE_LIMITED', 'Too many requests', 'req_429'), {
          status: 429,
          headers: { 'X-RateLimit-Limit': '60', 'X-RateLimit-Remaining': '0', 'X-RateLimit-Reset': '1700000005' },
        }),
      ok,
    ]);
    server.use(http.get(`${BASE}/tournaments/:id`, next));
    const { client, delays } = testClient();
    await client.GET('/tournaments/{id}', { params: { path: { id: ID } } });
    expect(state.calls).toBe(2);
    expect(delays).toEqual([4750]);
  });

  it('caps the requested wait at maxDelayMs', async () => {
    const { next } = sequence([
      () => HttpResponse.json(errorBody('RATE_LIMITED', 'Slow down', 'r'), { status: 429, headers: { 'Retry-After': '120' } }),
      ok,
    ]);
    server.use(http.get(`${BASE}/tournaments/:id`, next));
    const { client, delays } = testClient({ retry: { maxDelayMs: 10_000 } });
    await client.GET('/tournaments/{id}', { params: { path: { id: ID } } });
    expect(delays).toEqual([10_000]);
  });

  it('falls back to back-off when the 429 carries no timing header', async () => {
    const { next } = sequence([
      () => HttpResponse.json(errorBody('RATE_LIMITED', 'Slow down', 'r'), { status: 429 }),
      ok,
    ]);
    server.use(http.get(`${BASE}/tournaments/:id`, next));
    const { client, delays } = testClient({ retry: { minDelayMs: 400 } });
    await client.GET('/tournaments/{id}', { params: { path: { id: ID } } });
    expect(delays).toHaveLength(1);
    expect(delays[0]).toBeGreaterThanOrEqual(200);
    expect(delays[0]).toBeLessThanOrEqual(400);
  });

  it('gives up after the configured retries with the last 429 as a TourneyError', async () => {
    const { state, next } = sequence([
      () =>
        HttpResponse.json(errorBody('RATE_LIMITED', 'Too many requests', 'req_last'), {
          status: 429,
          headers: { 'Retry-After': '1' },
        }),
    ]);
    server.use(http.get(`${BASE}/tournaments/:id`, next));
    const { client, delays } = testClient({ retry: { retries: 2 } });
    const error = await rejection(client.GET('/tournaments/{id}', { params: { path: { id: ID } } }));
    expect(state.calls).toBe(3);
    expect(delays).toEqual([1000, 1000]);
    expect(error.status).toBe(429);
    expect(error.code).toBe('RATE_LIMITED');
    expect(error.retryAfter).toBe(1);
    expect(error.requestId).toBe('req_last');
  });
});

describe('retries on 502/503/504 and network errors', () => {
  it('retries a GET on 503 with growing, jittered back-off', async () => {
    const { state, next } = sequence([unavailable, unavailable, ok]);
    server.use(http.get(`${BASE}/tournaments/:id`, next));
    const { client, delays } = testClient({ retry: { minDelayMs: 100 } });
    const result = await client.GET('/tournaments/{id}', { params: { path: { id: ID } } });
    expect(result.data.id).toBe(ID);
    expect(state.calls).toBe(3);
    expect(delays).toHaveLength(2);
    expect(delays[0]).toBeGreaterThanOrEqual(50);
    expect(delays[0]).toBeLessThanOrEqual(100);
    expect(delays[1]).toBeGreaterThanOrEqual(100);
    expect(delays[1]).toBeLessThanOrEqual(200);
  });

  it('retries 502 and 504 for a PUT', async () => {
    const { state, next } = sequence([
      () => new HttpResponse('bad gateway', { status: 502 }),
      () => new HttpResponse('gateway timeout', { status: 504 }),
      ok,
    ]);
    server.use(http.put(`${BASE}/tournaments/:id`, next));
    const { client, delays } = testClient({ apiKey: 'tk' });
    await client.PUT('/tournaments/{id}', { params: { path: { id: ID } }, body: { name: 'Renamed' } });
    expect(state.calls).toBe(3);
    expect(delays).toHaveLength(2);
  });

  it('retries a POST that carries an Idempotency-Key and re-sends its body intact', async () => {
    const received: { body: unknown; key: string | null; auth: string | null }[] = [];
    const { state, next } = sequence([unavailable, unavailable, () => HttpResponse.json(MATCH_BODY)]);
    server.use(
      http.post(`${BASE}/matches/:id/report`, async ({ request }) => {
        received.push({
          body: await request.json(),
          key: request.headers.get('idempotency-key'),
          auth: request.headers.get('authorization'),
        });
        return next();
      }),
    );
    const { client, delays } = testClient({ accessToken: 'at_player' });
    const result = await client.POST('/matches/{id}/report', {
      params: { path: { id: MATCH_ID }, header: { 'Idempotency-Key': 'report-42' } },
      body: REPORT,
    });
    expect(result).toEqual(MATCH_BODY);
    expect(state.calls).toBe(3);
    expect(delays).toHaveLength(2);
    expect(received).toEqual([
      { body: REPORT, key: 'report-42', auth: 'Bearer at_player' },
      { body: REPORT, key: 'report-42', auth: 'Bearer at_player' },
      { body: REPORT, key: 'report-42', auth: 'Bearer at_player' },
    ]);
  });

  it('does NOT retry a plain POST on 503', async () => {
    const { state, next } = sequence([unavailable, () => HttpResponse.json(MATCH_BODY)]);
    server.use(http.post(`${BASE}/matches/:id/report`, next));
    const { client, delays } = testClient({ accessToken: 'at' });
    const error = await rejection(
      client.POST('/matches/{id}/report', { params: { path: { id: MATCH_ID } }, body: REPORT }),
    );
    expect(error.status).toBe(503);
    expect(error.code).toBe('SERVICE_UNAVAILABLE');
    expect(state.calls).toBe(1);
    expect(delays).toEqual([]);
  });

  it('stops after `retries` retries and throws the last error', async () => {
    const { state, next } = sequence([unavailable]);
    server.use(http.get(`${BASE}/tournaments/:id`, next));
    const { client, delays } = testClient({ retry: { retries: 2, minDelayMs: 10 } });
    const error = await rejection(client.GET('/tournaments/{id}', { params: { path: { id: ID } } }));
    expect(state.calls).toBe(3);
    expect(delays).toHaveLength(2);
    expect(error.status).toBe(503);
    expect(error.requestId).toBe('req_503');
  });

  it('never waits longer than maxDelayMs between back-off attempts', async () => {
    const { state, next } = sequence([unavailable]);
    server.use(http.get(`${BASE}/tournaments/:id`, next));
    const { client, delays } = testClient({ retry: { retries: 4, minDelayMs: 100, maxDelayMs: 250 } });
    await rejection(client.GET('/tournaments/{id}', { params: { path: { id: ID } } }));
    expect(state.calls).toBe(5);
    const ceilings = [100, 200, 250, 250];
    delays.forEach((delay, i) => {
      expect(delay).toBeGreaterThanOrEqual((ceilings[i] ?? 0) / 2);
      expect(delay).toBeLessThanOrEqual(ceilings[i] ?? 0);
    });
  });

  it('retries: 0 disables retrying', async () => {
    const { state, next } = sequence([unavailable, ok]);
    server.use(http.get(`${BASE}/tournaments/:id`, next));
    const { client, delays } = testClient({ retry: { retries: 0 } });
    await rejection(client.GET('/tournaments/{id}', { params: { path: { id: ID } } }));
    expect(state.calls).toBe(1);
    expect(delays).toEqual([]);
  });

  it('retries a GET after a network error, not a plain POST', async () => {
    const get = sequence([() => HttpResponse.error(), ok]);
    const post = sequence([() => HttpResponse.error(), () => HttpResponse.json(MATCH_BODY)]);
    server.use(http.get(`${BASE}/tournaments/:id`, get.next), http.post(`${BASE}/matches/:id/report`, post.next));
    const { client, delays } = testClient({ accessToken: 'at' });
    await client.GET('/tournaments/{id}', { params: { path: { id: ID } } });
    expect(get.state.calls).toBe(2);
    expect(delays).toHaveLength(1);
    const error = await rejection(
      client.POST('/matches/{id}/report', { params: { path: { id: MATCH_ID } }, body: REPORT }),
    );
    expect(error.status).toBe(0);
    expect(post.state.calls).toBe(1);
    expect(delays).toHaveLength(1);
  });
});

describe('aborting', () => {
  it('an abort during the wait before a retry ends the call at once (default sleep)', async () => {
    // Fake timers: the default sleep's 60 s timer never fires on its own, so only the abort can end the call.
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    try {
      const controller = new AbortController();
      let calls = 0;
      server.use(
        http.get(`${BASE}/tournaments/:id`, () => {
          calls += 1;
          return unavailable();
        }),
      );
      const client = createTourneyClient({ baseUrl: BASE, retry: { minDelayMs: 60_000, maxDelayMs: 60_000 } });
      const pending = rejection(client.GET('/tournaments/{id}', { params: { path: { id: ID } }, signal: controller.signal }));
      // Let the first answer arrive and the client start its wait (event-loop turns, no time passes).
      while (vi.getTimerCount() === 0) await new Promise((r) => setImmediate(r));
      expect(calls).toBe(1);
      controller.abort();
      const error = await pending;
      expect(vi.getTimerCount()).toBe(0); // the wait's timer was cleared, not run
      expect(calls).toBe(1);
      expect(error.status).toBe(0);
      expect(error.message).toMatch(/aborted/i);
    } finally {
      vi.useRealTimers();
    }
  });
});

describe('statuses that are never retried', () => {
  for (const status of [400, 401, 403, 404, 409, 422, 500]) {
    it(`does not retry a GET answered ${status}`, async () => {
      const { state, next } = sequence([
        () => HttpResponse.json(errorBody('SOME_CODE', `status ${status}`, 'r'), { status }),
        ok,
      ]);
      server.use(http.get(`${BASE}/tournaments/:id`, next));
      const { client, delays } = testClient();
      const error = await rejection(client.GET('/tournaments/{id}', { params: { path: { id: ID } } }));
      expect(error.status).toBe(status);
      expect(state.calls).toBe(1);
      expect(delays).toEqual([]);
    });
  }
});
