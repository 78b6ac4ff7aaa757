import { http, HttpResponse } from 'msw';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { createTourneyClient, isTourneyError, TourneyError } from '../src/index';
import { BASE, createTestServer, CUP_BODY, errorBody, testClient, tournament } from './helpers';

const server = createTestServer();
beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
afterEach(() => server.resetHandlers());
afterAll(() => server.close());

const ID = '0190f5a2-7c1e-7000-8000-000000000001';

/** Awaits `promise`, which must reject with a TourneyError, and returns that error. */
async function rejection(promise: Promise<unknown>): Promise<TourneyError> {
  try {
    await promise;
  } catch (error) {
    expect(isTourneyError(error)).toBe(true);
    return error as TourneyError;
  }
  throw new Error('expected the call to reject with a TourneyError');
}

/** Answers GET /tournaments/:id with a tournament; returns the headers of every such request, in order. */
function recordTournamentGets(): Headers[] {
  const requests: Headers[] = [];
  server.use(
    http.get(`${BASE}/tournaments/:id`, ({ request }) => {
      requests.push(request.headers);
      return HttpResponse.json({ success: true, data: tournament(ID) });
    }),
  );
  return requests;
}

describe('createTourneyClient: credentials', () => {
  it('sends X-API-Key, Authorization: Bearer and a User-Agent naming the SDK and the caller', async () => {
    const requests = recordTournamentGets();
    const { client } = testClient({ apiKey: 'tk_secret_key', accessToken: 'at_secret', userAgent: 'game-server/2.1' });
    await client.GET('/tournaments/{id}', { params: { path: { id: ID } } });
    const [seen] = requests;
    expect(seen?.get('x-api-key')).toBe('tk_secret_key');
    expect(seen?.get('authorization')).toBe('Bearer at_secret');
    expect(seen?.get('user-agent')).toBe('game-server/2.1 tourney-sdk/0.1.0');
  });

  it('sends no credentials when none are configured', async () => {
    const requests = recordTournamentGets();
    const { client } = testClient();
    await client.GET('/tournaments/{id}', { params: { path: { id: ID } } });
    const [seen] = requests;
    expect(seen?.has('x-api-key')).toBe(false);
    expect(seen?.has('authorization')).toBe(false);
  });

  it('setAccessToken and setApiKey switch the credentials of the next requests', async () => {
    const requests = recordTournamentGets();
    const { client } = testClient({ apiKey: 'tk_first' });
    const get = () => client.GET('/tournaments/{id}', { params: { path: { id: ID } } });
    await get();
    client.setAccessToken('at_user');
    await get();
    client.setApiKey(null);
    client.setAccessToken('at_refreshed');
    await get();
    client.setAccessToken(null);
    client.setApiKey('tk_second');
    await get();
    const seen = requests.map((h) => ({ key: h.get('x-api-key'), auth: h.get('authorization') }));
    expect(seen).toEqual([
      { key: 'tk_first', auth: null },
      { key: 'tk_first', auth: 'Bearer at_user' },
      { key: null, auth: 'Bearer at_refreshed' },
      { key: 'tk_second', auth: null },
    ]);
  });

  it('keeps an Authorization header given on the call itself', async () => {
    const requests = recordTournamentGets();
    const { client } = testClient({ accessToken: 'at_default' });
    await client.GET('/tournaments/{id}', { params: { path: { id: ID } }, headers: { Authorization: 'Bearer at_other' } });
    expect(requests.map((h) => h.get('authorization'))).toEqual(['Bearer at_other']);
  });
});

describe('createTourneyClient: success', () => {
  it('resolves to the success envelope', async () => {
    const body = { success: true, data: tournament(ID, 'Spring Cup') };
    server.use(http.get(`${BASE}/tournaments/:id`, () => HttpResponse.json(body)));
    const { client } = testClient();
    const result = await client.GET('/tournaments/{id}', { params: { path: { id: ID } } });
    expect(result).toEqual(body);
    expect(result.data.name).toBe('Spring Cup');
  });

  it('sends the JSON body and query parameters', async () => {
    let received: { body: unknown; contentType: string | null } | undefined;
    server.use(
      http.post(`${BASE}/auth/login`, async ({ request }) => {
        received = { body: await request.json(), contentType: request.headers.get('content-type') };
        return HttpResponse.json({ success: true, data: { accessToken: 'a' } });
      }),
    );
    const { client } = testClient();
    await client.POST('/auth/login', { body: { username: 'alice', password: 'correct horse' } });
    expect(received).toEqual({
      body: { username: 'alice', password: 'correct horse' },
      contentType: 'application/json',
    });
  });

  it('resolves DELETE with 204 to undefined', async () => {
    server.use(http.delete(`${BASE}/developer/api-keys/:id`, () => new HttpResponse(null, { status: 204 })));
    const { client } = testClient({ apiKey: 'tk_x' });
    await expect(client.DELETE('/developer/api-keys/{id}', { params: { path: { id: ID } } })).resolves.toBeUndefined();
  });

  it('tolerates a trailing slash on baseUrl', async () => {
    let path = '';
    server.use(
      http.get(`${BASE}/tournaments/:id`, ({ request }) => {
        path = new URL(request.url).pathname;
        return HttpResponse.json({ success: true, data: tournament(ID) });
      }),
    );
    const client = createTourneyClient({ baseUrl: `${BASE}/` });
    await client.GET('/tournaments/{id}', { params: { path: { id: ID } } });
    expect(path).toBe(`/api/v1/tournaments/${ID}`);
    expect(client.baseUrl).toBe(BASE);
  });

  it('rejects a missing baseUrl and bad retry settings at construction', () => {
    expect(() => createTourneyClient({ baseUrl: '' })).toThrow(/baseUrl is required/);
    expect(() => createTourneyClient({ baseUrl: BASE, retry: { retries: -1 } })).toThrow(/retry\.retries/);
    expect(() => createTourneyClient({ baseUrl: BASE, retry: { minDelayMs: 10, maxDelayMs: 5 } })).toThrow(
      /retry\.maxDelayMs/,
    );
  });
});

describe('createTourneyClient: HTTP errors', () => {
  it('throws TourneyError on 404 with status, code, message, requestId and a redacted request', async () => {
    server.use(
      http.get(`${BASE}/tournaments/:id`, () =>
        HttpResponse.json(errorBody('NOT_FOUND', 'Tournament not found', 'req_404'), {
          status: 404,
          headers: { 'X-Request-Id': 'req_404' },
        }),
      ),
    );
    const { client } = testClient({ apiKey: 'tk_very_secret', accessToken: 'at_very_secret' });
    const error = await rejection(client.GET('/tournaments/{id}', { params: { path: { id: ID } } }));
    expect(error).toBeInstanceOf(TourneyError);
    expect(error).toBeInstanceOf(Error);
    expect(error.name).toBe('TourneyError');
    expect(error.status).toBe(404);
    expect(error.code).toBe('NOT_FOUND');
    expect(error.message).toBe('Tournament not found');
    expect(error.details).toEqual([]);
    expect(error.requestId).toBe('req_404');
    expect(error.request.method).toBe('GET');
    expect(error.request.url).toBe(`${BASE}/tournaments/${ID}`);
    expect(error.request.headers['x-api-key']).toBe('[REDACTED]');
    expect(error.request.headers.authorization).toBe('[REDACTED]');
    expect(error.response?.status).toBe(404);
    expect(error.response?.headers['x-request-id']).toBe('req_404');
    const serialized = JSON.stringify(error) + JSON.stringify(error.request) + String(error.stack);
    expect(serialized).not.toContain('tk_very_secret');
    expect(serialized).not.toContain('at_very_secret');
  });

  it('throws TourneyError on 409 and takes requestId from X-Request-Id when the body has none', async () => {
    server.use(
      http.post(`${BASE}/tournaments/:id/participate`, () =>
        HttpResponse.json(
          { success: false, error: { code: 'ALREADY_REGISTERED', message: 'Already registered for this tournament' } },
          { status: 409, headers: { 'X-Request-Id': 'req_from_header' } },
        ),
      ),
    );
    const { client } = testClient({ accessToken: 'at_user' });
    const error = await rejection(client.POST('/tournaments/{id}/participate', { params: { path: { id: ID } } }));
    expect(error.status).toBe(409);
    expect(error.code).toBe('ALREADY_REGISTERED');
    expect(error.message).toBe('Already registered for this tournament');
    expect(error.requestId).toBe('req_from_header');
    expect(error.request.method).toBe('POST');
  });

  it('throws TourneyError on 400 with the validation details', async () => {
    const details = [
      { path: 'body.name', message: 'must NOT have fewer than 1 characters' },
      { path: 'body.maxParticipants', message: 'must be >= 2' },
    ];
    server.use(
      http.post(`${BASE}/tournaments`, () =>
        HttpResponse.json(errorBody('VALIDATION_ERROR', 'Request body is invalid', 'req_400', details), {
          status: 400,
        }),
      ),
    );
    const { client } = testClient({ apiKey: 'tk_x' });
    const error = await rejection(
      client.POST('/tournaments', { body: { ...CUP_BODY, name: '', maxParticipants: 1 } }),
    );
    expect(error.status).toBe(400);
    expect(error.code).toBe('VALIDATION_ERROR');
    expect(error.message).toBe('Request body is invalid');
    expect(error.details).toEqual(details);
    expect(error.requestId).toBe('req_400');
    expect(error.request.headers['x-api-key']).toBe('[REDACTED]');
    expect(error.request.headers['content-type']).toBe('application/json');
  });

  it('reports an error response that is not the API envelope as INVALID_RESPONSE with its status', async () => {
    server.use(
      http.post(`${BASE}/tournaments`, () =>
        new HttpResponse('<html>Bad Gateway</html>', { status: 502, headers: { 'Content-Type': 'text/html' } }),
      ),
    );
    const { client, delays } = testClient();
    const error = await rejection(
      client.POST('/tournaments', { body: CUP_BODY }),
    );
    expect(error.status).toBe(502);
    expect(error.code).toBe('INVALID_RESPONSE');
    expect(error.message).toContain('Bad Gateway');
    expect(delays).toEqual([]);
  });

  it('reports a 200 whose body is not JSON as INVALID_RESPONSE', async () => {
    server.use(
      http.get(`${BASE}/tournaments/:id`, () =>
        new HttpResponse('not json', { status: 200, headers: { 'Content-Type': 'application/json' } }),
      ),
    );
    const { client } = testClient();
    const error = await rejection(client.GET('/tournaments/{id}', { params: { path: { id: ID } } }));
    expect(error.status).toBe(200);
    expect(error.code).toBe('INVALID_RESPONSE');
    expect(error.cause).toBeInstanceOf(SyntaxError);
  });
});

describe('createTourneyClient: bodies by media type', () => {
  it('resolves a CSV or iCalendar answer to its text, and JSON answers to values', async () => {
    server.use(
      http.get(`${BASE}/tournaments/:id/results.csv`, () =>
        new HttpResponse('place,participant\n1,Alice\n', { headers: { 'Content-Type': 'text/csv; charset=utf-8' } }),
      ),
      http.get(`${BASE}/calendar/export`, () => new HttpResponse('BEGIN:VCALENDAR\r\nEND:VCALENDAR\r\n', { headers: { 'Content-Type': 'text/calendar' } })),
    );
    recordTournamentGets();
    const { client } = testClient();
    const csv: string = await client.GET('/tournaments/{id}/results.csv', { params: { path: { id: ID } } });
    expect(csv).toBe('place,participant\n1,Alice\n');
    expect(await client.GET('/calendar/export', { params: { query: { token: `tcf_${'a'.repeat(43)}` } } })).toBe('BEGIN:VCALENDAR\r\nEND:VCALENDAR\r\n');
    expect((await client.GET('/tournaments/{id}', { params: { path: { id: ID } } })).data.id).toBe(ID);
  });

  it('reports a body cut off while it is read as NETWORK_ERROR (status 0), not as an invalid answer', async () => {
    const cutOff = async () =>
      new Response(
        new ReadableStream({
          start(controller) {
            controller.enqueue(new TextEncoder().encode('{"success":true,"da'));
            controller.error(new TypeError('terminated'));
          },
        }),
        { status: 200, headers: { 'Content-Type': 'application/json' } },
      );
    const client = createTourneyClient({ baseUrl: BASE, fetch: cutOff, retry: { retries: 0 } });
    const error = await rejection(client.GET('/tournaments/{id}', { params: { path: { id: ID } } }));
    expect(error.status).toBe(0);
    expect(error.code).toBe('NETWORK_ERROR');
  });
});

describe('createTourneyClient: network failures', () => {
  it('throws TourneyError with status 0 and NETWORK_ERROR, keeping the cause', async () => {
    let calls = 0;
    server.use(
      http.post(`${BASE}/tournaments/:id/checkin`, () => {
        calls += 1;
        return HttpResponse.error();
      }),
    );
    const { client, delays } = testClient({ accessToken: 'at_secret' });
    const error = await rejection(client.POST('/tournaments/{id}/checkin', { params: { path: { id: ID } } }));
    expect(error.status).toBe(0);
    expect(error.code).toBe('NETWORK_ERROR');
    expect(error.cause).toBeInstanceOf(Error);
    expect(error.response).toBeUndefined();
    expect(error.request.url).toBe(`${BASE}/tournaments/${ID}/checkin`);
    expect(error.request.headers.authorization).toBe('[REDACTED]');
    expect(calls).toBe(1);
    expect(delays).toEqual([]);
  });

  it('reports an aborted request as status 0 without retrying it', async () => {
    let calls = 0;
    server.use(
      http.get(`${BASE}/tournaments/:id`, () => {
        calls += 1;
        return HttpResponse.json({ success: true, data: tournament(ID) });
      }),
    );
    const { client, delays } = testClient();
    const controller = new AbortController();
    controller.abort();
    const error = await rejection(
      client.GET('/tournaments/{id}', { params: { path: { id: ID } }, signal: controller.signal }),
    );
    expect(error.status).toBe(0);
    expect(error.code).toBe('NETWORK_ERROR');
    expect(error.message).toMatch(/aborted/i);
    expect(calls).toBe(0);
    expect(delays).toEqual([]);
  });
});

describe('createTourneyClient: raw', () => {
  it('gives openapi-fetch results without throwing on HTTP errors', async () => {
    server.use(
      http.get(`${BASE}/tournaments/:id`, () =>
        HttpResponse.json(errorBody('NOT_FOUND', 'Tournament not found', 'req_raw'), { status: 404 }),
      ),
    );
    const { client } = testClient({ apiKey: 'tk_raw' });
    const { data, error, response } = await client.raw.GET('/tournaments/{id}', { params: { path: { id: ID } } });
    expect(data).toBeUndefined();
    expect(response.status).toBe(404);
    expect(error).toEqual(errorBody('NOT_FOUND', 'Tournament not found', 'req_raw'));
  });

  it('rejects with TourneyError (status 0) on a network failure', async () => {
    server.use(http.get(`${BASE}/tournaments/:id`, () => HttpResponse.error()));
    const { client } = testClient({ retry: { retries: 0 } });
    const error = await rejection(client.raw.GET('/tournaments/{id}', { params: { path: { id: ID } } }));
    expect(error.status).toBe(0);
    expect(error.code).toBe('NETWORK_ERROR');
  });
});

describe('isTourneyError', () => {
  it('recognises TourneyError instances and look-alikes from another SDK copy, nothing else', () => {
    const error = new TourneyError({
      status: 409,
      code: 'CONFLICT',
      message: 'x',
      request: { method: 'GET', url: BASE, headers: {} },
    });
    expect(isTourneyError(error)).toBe(true);
    expect(isTourneyError({ name: 'TourneyError', status: 0, code: 'NETWORK_ERROR', message: 'm' })).toBe(true);
    expect(isTourneyError(new Error('plain'))).toBe(false);
    expect(isTourneyError({ status: 404, code: 'NOT_FOUND', message: 'm' })).toBe(false);
    expect(isTourneyError(null)).toBe(false);
    expect(isTourneyError('TourneyError')).toBe(false);
  });
});
