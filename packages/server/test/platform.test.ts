import { Writable } from 'node:stream';
import pino from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ApiError } from '../src/index';
import { registerUser, request, startTestServer, type TestServer } from './helpers/index';

const RATE_HEADERS = ['x-ratelimit-limit', 'x-ratelimit-remaining', 'x-ratelimit-reset'];

/** The code and the field paths of an error answer (status 400 expected). */
function res400(res: { status: number; body: any }) {
  expect(res.status).toBe(400);
  return { code: res.body.error.code, paths: (res.body.error.details ?? []).map((d: { path: string }) => d.path) };
}

function expectPlatformHeaders(headers: Headers) {
  expect(headers.get('x-request-id')).toBeTruthy();
  for (const name of RATE_HEADERS) expect(headers.get(name), name).toMatch(/^\d+$/);
}

describe('platform: health, headers, routing and errors', () => {
  let server: TestServer;
  const logLines: Record<string, unknown>[] = [];

  beforeAll(async () => {
    const sink = new Writable({
      write(chunk, _encoding, done) {
        for (const line of String(chunk).split('\n').filter(Boolean)) logLines.push(JSON.parse(line));
        done();
      },
    });
    server = await startTestServer({
      logger: pino({ level: 'info' }, sink),
      handlers: {
        // An operation without a handler answers 501 (inviteStaff is implemented; its handler is removed here).
        inviteStaff: undefined,
        // A handler with a bug: its error must not reach the client.
        getUserProfile: async () => {
          throw new Error('database password is hunter2 at /srv/secret/db.sqlite');
        },
        // Reports which operation the router picked (route specificity checks).
        listActiveCircuitsPublic: async (ctx) => {
          throw new ApiError('NOT_IMPLEMENTED', `routed to ${ctx.state.operationId}`);
        },
        getCircuitPublic: async (ctx) => {
          throw new ApiError('NOT_IMPLEMENTED', `routed to ${ctx.state.operationId}`);
        },
        getCircuit: async (ctx) => {
          throw new ApiError('NOT_IMPLEMENTED', `routed to ${ctx.state.operationId}`);
        },
      },
    });
  });
  afterAll(() => server.close());

  it('GET /health answers ok with version, uptime and time, plus rate-limit and request-id headers', async () => {
    const res = await request(server, 'GET', '/health');
    expect(res.status).toBe(200);
    expect(res.body).toEqual({
      success: true,
      data: { status: 'ok', version: expect.stringMatching(/^\d+\.\d+\.\d+/), uptimeSeconds: 0, time: server.clock.now().toISOString(), checks: { database: 'ok' } },
    });
    expectPlatformHeaders(res.headers);
    expect(Number(res.headers.get('x-ratelimit-reset'))).toBeGreaterThan(server.clock.now().getTime() / 1000);
    server.clock.advance(61_000);
    expect((await request(server, 'GET', '/health')).body.data.uptimeSeconds).toBe(61);
  });

  it('keeps a sane incoming X-Request-Id and replaces an insane one', async () => {
    const kept = await request(server, 'GET', '/health', { headers: { 'x-request-id': 'trace-abc.123' } });
    expect(kept.headers.get('x-request-id')).toBe('trace-abc.123');
    const replaced = await request(server, 'GET', '/health', { headers: { 'x-request-id': 'bad id with spaces <script>' } });
    expect(replaced.headers.get('x-request-id')).toMatch(/^[0-9a-f-]{36}$/);
  });

  it('answers 401 with headers and the request id in the body when credentials are missing', async () => {
    const res = await request(server, 'GET', '/users/me', { headers: { 'x-request-id': 'req-401' } });
    expect(res.status).toBe(401);
    expect(res.body).toEqual({ success: false, error: { code: 'UNAUTHORIZED', message: expect.any(String), requestId: 'req-401' } });
    expectPlatformHeaders(res.headers);
  });

  it('answers 401 for invalid credentials even on a public operation', async () => {
    // A public organization (getOrganization); /health ignores credentials instead (R1.21).
    const publicPath = '/organizations/0193f2a4-6b1e-7c3d-9a5f-2e8b4c6d1a07';
    const badToken = await request(server, 'GET', publicPath, { token: `tat_${'x'.repeat(43)}` });
    expect(badToken.status).toBe(401);
    expect(badToken.body.error.code).toBe('UNAUTHORIZED');
    expectPlatformHeaders(badToken.headers);
    const badKey = await request(server, 'GET', publicPath, { apiKey: 'tk_not-a-key' });
    expect(badKey.status).toBe(401);
    const badScheme = await request(server, 'GET', publicPath, { headers: { authorization: 'Basic dXNlcjpwYXNz' } });
    expect(badScheme.status).toBe(401);
    expect(badScheme.body.error.message).toContain('Bearer');
  });

  it('answers 404 NOT_FOUND as JSON for an unknown route', async () => {
    for (const path of ['/nope', `${server.url.replace('/api/v1', '')}/other`]) {
      const res = await request(server, 'GET', path);
      expect(res.status).toBe(404);
      expect(res.headers.get('content-type')).toContain('application/json');
      expect(res.body.error.code).toBe('NOT_FOUND');
      expectPlatformHeaders(res.headers);
    }
  });

  it('routes by first path segment: paths match case-insensitively, unknown paths under a known segment are 404', async () => {
    const root = server.url.replace('/api/v1', '');
    const health = await request(server, 'GET', `${root}/API/V1/Health`);
    expect(health.status).toBe(200);
    expect(health.body.data.status).toBeDefined();
    for (const path of ['/tournaments/a/b/c/d', '/health/more', '/', `${root}/api/v1`, `${root}/api/v1x/health`]) {
      const res = await request(server, 'GET', path);
      expect(res.status, path).toBe(404);
      expect(res.body.error.code).toBe('NOT_FOUND');
    }
  });

  it('answers 405 METHOD_NOT_ALLOWED with Allow for a known path and another method', async () => {
    const res = await request(server, 'DELETE', '/health');
    expect(res.status).toBe(405);
    expect(res.body.error.code).toBe('METHOD_NOT_ALLOWED');
    expect(res.headers.get('allow')).toContain('GET');
    const put = await request(server, 'PUT', '/users/me', { headers: { 'x-request-id': 'req-405' } });
    expect(put.status).toBe(405);
    expect(put.headers.get('allow')).toBe('HEAD, GET, DELETE, PATCH');
    expect(put.body).toEqual({
      success: false,
      error: { code: 'METHOD_NOT_ALLOWED', message: 'PUT is not allowed on /api/v1/users/me; allowed: HEAD, GET, DELETE, PATCH', requestId: 'req-405' },
    });
  });

  it('answers OPTIONS on a known path with 204 and Allow, and on an unknown path with 404', async () => {
    const res = await request(server, 'OPTIONS', '/tournaments');
    expect(res.status).toBe(204);
    expect(res.headers.get('allow')).toBe('HEAD, GET, POST');
    expect(res.text).toBe('');
    const unknown = await request(server, 'OPTIONS', '/nope');
    expect(unknown.status).toBe(404);
    expect(unknown.body.error).toMatchObject({ code: 'NOT_FOUND', message: 'no route for OPTIONS /api/v1/nope' });
  });

  it('answers 501 NOT_IMPLEMENTED for a method the server implements nowhere', async () => {
    for (const path of ['/health', '/nope']) {
      const res = await request(server, 'PROPFIND', path);
      expect(res.status).toBe(501);
      expect(res.body.error).toMatchObject({ code: 'NOT_IMPLEMENTED', message: 'the method PROPFIND is not implemented by this server' });
    }
    expect((await request(server, 'PROPFIND', '/health')).headers.get('allow')).toBe('HEAD, GET');
    expect((await request(server, 'PROPFIND', '/nope')).headers.get('allow')).toBeNull();
  });

  it('answers 501 NOT_IMPLEMENTED for an operation without a handler', async () => {
    const user = await registerUser(server);
    const res = await request(server, 'POST', '/organizations/0193f2a4-6b1e-7c3d-9a5f-2e8b4c6d1a07/staff/invite', {
      token: user.accessToken,
      body: { username: 'someone', role: 'ADMIN' },
    });
    expect(res.status).toBe(501);
    expect(res.body.error).toMatchObject({ code: 'NOT_IMPLEMENTED', message: 'operation inviteStaff is not implemented yet' });
  });

  it('answers 500 INTERNAL_ERROR without internals when a handler throws, and logs the real error', async () => {
    const res = await request(server, 'GET', '/users/someone', { headers: { 'x-request-id': 'req-boom' } });
    expect(res.status).toBe(500);
    expect(res.body).toEqual({ success: false, error: { code: 'INTERNAL_ERROR', message: expect.any(String), requestId: 'req-boom' } });
    expect(res.text).not.toMatch(/hunter2|secret|stack|Error:/);
    const logged = logLines.find((l) => l.requestId === 'req-boom' && l.msg === 'unhandled error');
    expect(JSON.stringify(logged)).toContain('hunter2');
  });

  it('logs one line per request with method, path, status, ms and request id, and never credentials', async () => {
    const user = await registerUser(server);
    await request(server, 'GET', '/users/me', { token: user.accessToken, headers: { 'x-request-id': 'req-log' } });
    const lines = logLines.filter((l) => l.requestId === 'req-log' && l.msg === 'request');
    expect(lines).toHaveLength(1);
    expect(lines[0]).toMatchObject({ method: 'GET', path: '/api/v1/users/me', status: 200, ms: expect.any(Number) });
    expect(JSON.stringify(logLines)).not.toContain(user.accessToken);
    expect(JSON.stringify(logLines)).not.toContain(user.password);
  });

  it('routes literal segments before parameters', async () => {
    const me = await request(server, 'GET', '/users/me');
    expect(me.body.error.code).toBe('UNAUTHORIZED'); // getMe, not the public getUserProfile
    const active = await request(server, 'GET', '/circuits/public/active');
    expect(active.body.error.message).toBe('routed to listActiveCircuitsPublic');
    const publicOne = await request(server, 'GET', '/circuits/public/0193f2a4-6b1e-7c3d-9a5f-2e8b4c6d1a07');
    expect(publicOne.body.error.message).toBe('routed to getCircuitPublic');
  });

  it('checks the operation security: key on a bearer-only operation, bearer on a key-only operation', async () => {
    const user = await registerUser(server);
    const keyOnly = await request(server, 'GET', '/anti-cheat/detections', { token: user.accessToken });
    expect(keyOnly.status).toBe(401);
    expect(keyOnly.body.error).toMatchObject({ code: 'UNAUTHORIZED', message: expect.stringContaining('X-API-Key') });
  });
});

describe('platform: request bodies and parameters', () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer({ maxBodyBytes: 2048 });
  });
  afterAll(() => server.close());

  it('answers 400 VALIDATION_ERROR naming the field for a bad body', async () => {
    const user = await registerUser(server);
    const res = await request(server, 'POST', '/organizations', { token: user.accessToken, body: { name: '', extra: true } });
    expect(res.status).toBe(400);
    expect(res.body.error.code).toBe('VALIDATION_ERROR');
    const first = res.body.error.details[0];
    expect(res.body.error.message).toBe(`${first.path}: ${first.message}`);
    expect(res.body.error.details).toEqual(
      expect.arrayContaining([
        { path: 'body.name', message: expect.any(String) },
        { path: 'body.extra', message: 'is not allowed' },
      ]),
    );
  });

  it('answers 400 naming the field for a missing required body and a missing property', async () => {
    const none = await request(server, 'POST', '/auth/register', { headers: { 'content-type': 'application/json' } });
    expect(none.status).toBe(400);
    expect(none.body.error.details).toEqual([{ path: 'body', message: 'is required' }]);
    const missing = await request(server, 'POST', '/auth/register', { body: { username: 'abc', password: 'longenough' } });
    expect(missing.body.error.message).toBe('body.email: is required');
  });

  it('answers 400 naming the parameter for a bad query or path parameter, and coerces good ones', async () => {
    const owner = await registerUser(server);
    const org = await request(server, 'POST', '/organizations', { token: owner.accessToken, body: { name: 'Query Org' } });
    const bad = await request(server, 'GET', `/organizations/${org.body.data.id}/projects`, { token: owner.accessToken, query: { limit: 1000 } });
    expect(bad.status).toBe(400);
    expect(bad.body.error.message).toBe('query.limit: must be <= 100');
    const notInt = await request(server, 'GET', `/organizations/${org.body.data.id}/projects`, { token: owner.accessToken, query: { page: 'two' } });
    expect(notInt.body.error.details).toEqual([{ path: 'query.page', message: 'must be integer' }]);
    const badId = await request(server, 'GET', '/organizations/not-a-uuid');
    expect(badId.status).toBe(400);
    expect(badId.body.error.details[0].path).toBe('path.id');
    const good = await request(server, 'GET', `/organizations/${org.body.data.id}/projects`, { token: owner.accessToken, query: { page: '2' } });
    expect(good.status).toBe(200);
    expect(good.body.pagination).toMatchObject({ page: 2, limit: 10 });
  });

  it('answers 413 PAYLOAD_TOO_LARGE above maxBodyBytes', async () => {
    const res = await request(server, 'POST', '/auth/register', {
      body: { username: 'big', email: 'big@example.com', password: 'x'.repeat(4000) },
    });
    expect(res.status).toBe(413);
    expect(res.body.error.code).toBe('PAYLOAD_TOO_LARGE');
    expect(res.headers.get('x-request-id')).toBeTruthy();
  });

  it('GET /health answers 200 whatever credentials come with it, valid or not', async () => {
    const credentials: Record<string, string>[] = [
      { 'x-api-key': `tk_${'x'.repeat(43)}` },
      { 'x-api-key': 'garbage' },
      { authorization: `Bearer tat_${'x'.repeat(43)}` },
      { authorization: 'Basic Zm9vOmJhcg==' },
    ];
    for (const headers of credentials) {
      const res = await request(server, 'GET', '/health', { headers });
      expect(res.status, `${JSON.stringify(headers)}: ${res.text}`).toBe(200);
      expect(res.body.data.status).toBe('ok');
    }
  });

  it('GET /API/V1/Health (mixed case, as routed) answers 200 with an invalid API key or bearer token', async () => {
    const root = server.url.replace('/api/v1', '');
    for (const path of [`${root}/API/V1/Health`, `${root}/Api/V1/health/`]) {
      for (const headers of [{ 'x-api-key': `tk_${'x'.repeat(43)}` }, { authorization: `Bearer tat_${'x'.repeat(43)}` }] as Record<string, string>[]) {
        const res = await request(server, 'GET', path, { headers });
        expect(res.status, `${path} ${JSON.stringify(headers)}: ${res.text}`).toBe(200);
        expect(res.body.data.status).toBe('ok');
      }
    }
  });

  it('answers 401 with a WWW-Authenticate challenge for the credentials the operation takes', async () => {
    const user = await registerUser(server);
    const challenge = async (path: string, options: Parameters<typeof request>[3] = {}) => {
      const res = await request(server, 'GET', path, options);
      expect(res.status, res.text).toBe(401);
      return res.headers.get('www-authenticate');
    };
    expect(await challenge('/users/me')).toBe('Bearer realm="tourney"');
    expect(await challenge('/anti-cheat/detections')).toBe('ApiKey realm="tourney", header="X-API-Key"');
    expect(await challenge('/tournaments')).toBe('Bearer realm="tourney", ApiKey realm="tourney", header="X-API-Key"');
    // A bad credential is refused before the operation is known: both challenges.
    expect(await challenge('/users/me', { apiKey: `tk_${'x'.repeat(43)}` })).toBe('Bearer realm="tourney", ApiKey realm="tourney", header="X-API-Key"');
    server.clock.advance(16 * 60_000);
    expect(await challenge('/users/me', { token: user.accessToken })).toBe(
      'Bearer realm="tourney", error="invalid_token", error_description="the access token expired", ApiKey realm="tourney", header="X-API-Key"',
    );
    const login = await request(server, 'POST', '/auth/login', { body: { username: user.username, password: 'wrong password!' } });
    expect(login.status).toBe(401);
    expect(login.headers.get('www-authenticate')).toBe('Bearer realm="tourney"');
  });

  it('answers 400 INVALID_JSON for malformed JSON', async () => {
    const res = await request(server, 'POST', '/auth/login', { rawBody: '{"username": "abc",', headers: { 'content-type': 'application/json' } });
    expect(res.status).toBe(400);
    expect(res.body.error.code).toBe('INVALID_JSON');
    const scalar = await request(server, 'POST', '/auth/login', { rawBody: '"just a string"', headers: { 'content-type': 'application/json' } });
    expect(scalar.body.error.code).toBe('INVALID_JSON');
  });

  it('refuses a lone UTF-16 surrogate in any string of a JSON body with 400 naming the field', async () => {
    const user = await registerUser(server);
    const post = (path: string, body: unknown) => request(server, 'POST', path, { token: user.accessToken, body });
    // JSON.stringify escapes a lone surrogate as \ud800: exactly what a client sends.
    const lone = await post('/organizations', { name: 'Cup \ud800 x' });
    expect(res400(lone)).toEqual({ code: 'VALIDATION_ERROR', paths: ['body.name'] });
    const org = await post('/organizations', { name: 'Surrogates League', description: 'ok' });
    expect(org.status).toBe(201);
    const project = await post(`/organizations/${org.body.data.id}/projects`, { name: 'Main' });
    const tournament = (stageName: string, description: string) =>
      post('/tournaments', {
        projectId: project.body.data.id,
        name: 'Cup',
        description,
        disciplineId: 'chess',
        maxParticipants: 8,
        startDate: '2030-06-01T12:00:00Z',
        stages: [{ name: stageName, format: 'SINGLE_ELIMINATION' }],
      });
    const nested = await tournament('Main \udc00', 'Fine \udfff\ud800 twice');
    expect(res400(nested)).toEqual({ code: 'VALIDATION_ERROR', paths: ['body.description', 'body.stages[0].name'] });
    expect(await request(server, 'GET', '/tournaments', { token: user.accessToken, query: { projectId: project.body.data.id } })).toMatchObject({
      body: { pagination: { total: 0 } },
    });
    // A surrogate pair (an astral character) is well formed and kept as sent.
    const trophy = await tournament('Main \u{1F3C6}', 'Winner gets \u{1F3C6}');
    expect(trophy.status, trophy.text).toBe(201);
    expect(trophy.body.data.stages[0].name).toBe('Main \u{1F3C6}');
  });

  it('refuses the NUL character in any string of a JSON body with 400 naming the field, and writes nothing', async () => {
    // PostgreSQL's text cannot hold U+0000: each of these answered 500 there before the check.
    const name = `nul${Date.now().toString(36)}`;
    const register = await request(server, 'POST', '/auth/register', {
      body: { username: name, email: `${name}@example.com`, password: 'long enough password', displayName: 'a\u0000b' },
    });
    expect(res400(register)).toEqual({ code: 'VALIDATION_ERROR', paths: ['body.displayName'] });
    expect(register.body.error.message).toBe('body.displayName: must not contain the NUL character (U+0000)');
    expect((await request(server, 'GET', `/users/${name}`)).status).toBe(404);
    const user = await registerUser(server);
    const org = await request(server, 'POST', '/organizations', { token: user.accessToken, body: { name: 'Nul\u0000 League' } });
    expect(res400(org)).toEqual({ code: 'VALIDATION_ERROR', paths: ['body.name'] });
    const created = await request(server, 'POST', '/organizations', { token: user.accessToken, body: { name: 'Nul League' } });
    const project = await request(server, 'POST', `/organizations/${created.body.data.id}/projects`, { token: user.accessToken, body: { name: 'Main' } });
    const tournament = await request(server, 'POST', '/tournaments', {
      token: user.accessToken,
      body: {
        projectId: project.body.data.id,
        name: 'Cup',
        disciplineId: 'chess',
        maxParticipants: 8,
        startDate: '2030-06-01T12:00:00Z',
        stages: [{ name: 'Main\u0000', format: 'SINGLE_ELIMINATION' }],
      },
    });
    expect(res400(tournament)).toEqual({ code: 'VALIDATION_ERROR', paths: ['body.stages[0].name'] });
    expect(await request(server, 'GET', '/tournaments', { token: user.accessToken, query: { projectId: project.body.data.id } })).toMatchObject({
      body: { pagination: { total: 0 } },
    });
  });

  it('answers 415 UNSUPPORTED_MEDIA_TYPE for a JSON body sent with another content type', async () => {
    const res = await request(server, 'POST', '/auth/login', {
      rawBody: '{"username":"abc","password":"x"}',
      headers: { 'content-type': 'text/plain' },
    });
    expect(res.status).toBe(415);
    expect(res.body.error.code).toBe('UNSUPPORTED_MEDIA_TYPE');
  });

  it('accepts application/*+json and charset parameters', async () => {
    const res = await request(server, 'POST', '/auth/login', {
      rawBody: '{"username":"nobody","password":"x"}',
      headers: { 'content-type': 'application/vnd.tourney+json; charset=utf-8' },
    });
    expect(res.status).toBe(401);
    expect(res.body.error.code).toBe('INVALID_CREDENTIALS');
  });
});
