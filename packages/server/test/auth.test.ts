import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTenant, registerUser, request, startTestServer, type TestServer } from './helpers/index';

describe('auth: register, login, refresh, logout', () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer({ accessTokenTtlSeconds: 900, refreshTokenTtlSeconds: 3600 });
  });
  afterAll(() => server.close());

  it('registers a user and returns a token pair with the own profile', async () => {
    const res = await request(server, 'POST', '/auth/register', {
      body: { username: 'Alice_1', email: 'Alice@Example.com', password: 'wonderland!', displayName: 'Alice' },
    });
    expect(res.status).toBe(201);
    expect(res.headers.get('cache-control')).toBe('no-store');
    expect(res.body.data).toMatchObject({
      accessToken: expect.stringMatching(/^tat_[A-Za-z0-9_-]{43}$/),
      refreshToken: expect.stringMatching(/^trt_[A-Za-z0-9_-]{43}$/),
      tokenType: 'Bearer',
      expiresIn: 900,
      refreshExpiresIn: 3600,
      user: { username: 'Alice_1', email: 'alice@example.com', displayName: 'Alice', bio: null },
    });
    expect(res.text).not.toContain('password');
  });

  it('refuses a taken username or email case-insensitively (409)', async () => {
    await registerUser(server, { username: 'Bob_dup', email: 'bob.dup@example.com' });
    const sameName = await request(server, 'POST', '/auth/register', { body: { username: 'BOB_DUP', email: 'other@example.com', password: 'password1' } });
    expect(sameName.status).toBe(409);
    expect(sameName.body.error.code).toBe('USERNAME_TAKEN');
    const sameEmail = await request(server, 'POST', '/auth/register', { body: { username: 'bob_other', email: 'BOB.DUP@example.com', password: 'password1' } });
    expect(sameEmail.status).toBe(409);
    expect(sameEmail.body.error.code).toBe('EMAIL_TAKEN');
  });

  it('logs in by username or email, case-insensitively', async () => {
    const user = await registerUser(server, { username: 'Carol_x', email: 'carol.x@example.com', password: 'carolpass' });
    const byName = await request(server, 'POST', '/auth/login', { body: { username: 'carol_X', password: 'carolpass' } });
    expect(byName.status).toBe(200);
    expect(byName.body.data.user.id).toBe(user.id);
    const byEmail = await request(server, 'POST', '/auth/login', { body: { email: 'CAROL.X@example.com', password: 'carolpass' } });
    expect(byEmail.status).toBe(200);
    expect(byEmail.body.data.accessToken).not.toBe(byName.body.data.accessToken);
  });

  it('answers 401 INVALID_CREDENTIALS with the same message for a wrong password and an unknown user', async () => {
    const user = await registerUser(server);
    const wrong = await request(server, 'POST', '/auth/login', { body: { username: user.username, password: 'not the password' } });
    const unknown = await request(server, 'POST', '/auth/login', { body: { username: 'nobody_here', password: 'whatever1' } });
    expect(wrong.status).toBe(401);
    expect(unknown.status).toBe(401);
    expect(wrong.body.error.code).toBe('INVALID_CREDENTIALS');
    expect(unknown.body.error.code).toBe('INVALID_CREDENTIALS');
    expect(wrong.body.error.message).toBe(unknown.body.error.message);
  });

  it('serves the own profile with the access token (GET /users/me)', async () => {
    const user = await registerUser(server, { displayName: 'Dee' });
    const me = await request(server, 'GET', '/users/me', { token: user.accessToken });
    expect(me.status).toBe(200);
    expect(me.body.data).toMatchObject({ id: user.id, username: user.username, email: user.email, displayName: 'Dee' });
  });

  it('answers 401 TOKEN_EXPIRED once the access token has expired, and refresh issues a working pair', async () => {
    const user = await registerUser(server);
    server.clock.advance(901_000);
    const expired = await request(server, 'GET', '/users/me', { token: user.accessToken });
    expect(expired.status).toBe(401);
    expect(expired.body.error.code).toBe('TOKEN_EXPIRED');

    const refreshed = await request(server, 'POST', '/auth/refresh', { body: { refreshToken: user.refreshToken } });
    expect(refreshed.status).toBe(200);
    const { accessToken, refreshToken } = refreshed.body.data;
    expect(refreshToken).not.toBe(user.refreshToken);
    expect((await request(server, 'GET', '/users/me', { token: accessToken })).status).toBe(200);
  });

  it('rotates refresh tokens: the old refresh token and the old access token stop working', async () => {
    const user = await registerUser(server);
    const first = await request(server, 'POST', '/auth/refresh', { body: { refreshToken: user.refreshToken } });
    expect(first.status).toBe(200);
    const reused = await request(server, 'POST', '/auth/refresh', { body: { refreshToken: user.refreshToken } });
    expect(reused.status).toBe(401);
    expect(reused.body.error.code).toBe('UNAUTHORIZED');
    const oldAccess = await request(server, 'GET', '/users/me', { token: user.accessToken });
    expect(oldAccess.status).toBe(401);
    const second = await request(server, 'POST', '/auth/refresh', { body: { refreshToken: first.body.data.refreshToken } });
    expect(second.status).toBe(200);
  });

  it('logs out every session of a login when a spent refresh token comes back after the grace period, and only refuses it within', async () => {
    const user = await registerUser(server);
    // Within 30 s (two requests of one client refreshing at once): refused, the new pair keeps working.
    const first = await request(server, 'POST', '/auth/refresh', { body: { refreshToken: user.refreshToken } });
    expect(first.status).toBe(200);
    server.clock.advance(10_000);
    expect((await request(server, 'POST', '/auth/refresh', { body: { refreshToken: user.refreshToken } })).body.error.message).toBe(
      'refresh token is invalid or has been revoked; log in again',
    );
    expect((await request(server, 'GET', '/users/me', { token: first.body.data.accessToken })).status).toBe(200);
    const second = await request(server, 'POST', '/auth/refresh', { body: { refreshToken: first.body.data.refreshToken } });
    expect(second.status).toBe(200);
    // Another login of the same account is another family: it stays.
    const other = await request(server, 'POST', '/auth/login', { body: { username: user.username, password: user.password } });

    // Twenty minutes later the first refresh token comes back (a copy): every session of that login ends.
    server.clock.advance(20 * 60_000);
    const replay = await request(server, 'POST', '/auth/refresh', { body: { refreshToken: user.refreshToken } });
    expect(replay.status).toBe(401);
    expect(replay.body.error).toMatchObject({ code: 'UNAUTHORIZED', message: expect.stringContaining('already used') });
    expect((await request(server, 'POST', '/auth/refresh', { body: { refreshToken: second.body.data.refreshToken } })).status).toBe(401);
    expect((await request(server, 'POST', '/auth/refresh', { body: { refreshToken: other.body.data.refreshToken } })).status).toBe(200);
    // A token revoked by a logout is only refused: it ends nothing.
    const third = await request(server, 'POST', '/auth/login', { body: { username: user.username, password: user.password } });
    const fourth = await request(server, 'POST', '/auth/login', { body: { username: user.username, password: user.password } });
    expect((await request(server, 'POST', '/auth/logout', { token: third.body.data.accessToken })).status).toBe(204);
    server.clock.advance(60_000);
    const loggedOut = await request(server, 'POST', '/auth/refresh', { body: { refreshToken: third.body.data.refreshToken } });
    expect(loggedOut.body.error.message).toBe('refresh token is invalid or has been revoked; log in again');
    expect((await request(server, 'GET', '/users/me', { token: fourth.body.data.accessToken })).status).toBe(200);
  });

  it('answers 401 TOKEN_EXPIRED for an expired refresh token and 401 for a malformed one', async () => {
    const user = await registerUser(server);
    server.clock.advance(3601_000);
    const expired = await request(server, 'POST', '/auth/refresh', { body: { refreshToken: user.refreshToken } });
    expect(expired.status).toBe(401);
    expect(expired.body.error.code).toBe('TOKEN_EXPIRED');
    expect(expired.headers.get('www-authenticate')).toContain('error_description="the refresh token expired"');
    const malformed = await request(server, 'POST', '/auth/refresh', { body: { refreshToken: 'nope' } });
    expect(malformed.status).toBe(401);
  });

  it('logout revokes the session (204), and the refresh token given in the body', async () => {
    const user = await registerUser(server);
    const other = await request(server, 'POST', '/auth/login', { body: { username: user.username, password: user.password } });
    const res = await request(server, 'POST', '/auth/logout', { token: user.accessToken, body: { refreshToken: other.body.data.refreshToken } });
    expect(res.status).toBe(204);
    expect(res.text).toBe('');
    expect((await request(server, 'GET', '/users/me', { token: user.accessToken })).status).toBe(401);
    expect((await request(server, 'POST', '/auth/refresh', { body: { refreshToken: user.refreshToken } })).status).toBe(401);
    expect((await request(server, 'POST', '/auth/refresh', { body: { refreshToken: other.body.data.refreshToken } })).status).toBe(401);
  });

  it('keeps only the sessions that can still be used or recognised: a login or refresh deletes the user\'s dead ones', async () => {
    const user = await registerUser(server);
    const count = async () => Number((await server.deps.db.selectFrom('auth_sessions').select((eb) => eb.fn.countAll().as('n')).where('user_id', '=', user.id).executeTakeFirstOrThrow()).n);
    // A client refreshing all day: every refresh revokes its session and opens the next one.
    let refreshToken = user.refreshToken;
    for (let i = 0; i < 10; i++) {
      server.clock.advance(901 * 1000);
      const res = await request(server, 'POST', '/auth/refresh', { body: { refreshToken } });
      expect(res.status).toBe(200);
      refreshToken = res.body.data.refreshToken;
    }
    // The live session and the replaced ones whose spent refresh token has not expired (kept to recognise a replay,
    // R1.28): refreshed every 901 s with a 3600 s refresh token, the last 3; the 6 before are gone.
    expect(await count()).toBe(4);
    // A refresh keeps the session it replaces.
    const early = await request(server, 'POST', '/auth/refresh', { body: { refreshToken } });
    refreshToken = early.body.data.refreshToken;
    expect(await count()).toBe(5);
    // Another device, logged in once and idle past its refresh token's life, is gone at the next login.
    const idle = await request(server, 'POST', '/auth/login', { body: { username: user.username, password: user.password } });
    server.clock.advance(3601 * 1000);
    await request(server, 'POST', '/auth/login', { body: { username: user.username, password: user.password } });
    expect((await request(server, 'POST', '/auth/refresh', { body: { refreshToken: idle.body.data.refreshToken } })).status).toBe(401);
    expect(await count()).toBe(1);
    expect((await request(server, 'POST', '/auth/refresh', { body: { refreshToken } })).status).toBe(401);
  });

  it('logs out with the refresh token alone once the access token has expired; an expired access token is refused', async () => {
    const user = await registerUser(server);
    server.clock.advance(901 * 1000);
    const expired = await request(server, 'POST', '/auth/logout', { token: user.accessToken, body: { refreshToken: user.refreshToken } });
    expect(expired.status).toBe(401);
    expect(expired.body.error.code).toBe('TOKEN_EXPIRED');
    const res = await request(server, 'POST', '/auth/logout', { body: { refreshToken: user.refreshToken } });
    expect(res.status, res.text).toBe(204);
    expect((await request(server, 'POST', '/auth/refresh', { body: { refreshToken: user.refreshToken } })).status).toBe(401);
    // Again, or with a token that names nothing: nothing left to revoke.
    expect((await request(server, 'POST', '/auth/logout', { body: { refreshToken: user.refreshToken } })).status).toBe(204);
    expect((await request(server, 'POST', '/auth/logout', { body: { refreshToken: `trt_${'x'.repeat(43)}` } })).status).toBe(204);
  });

  it('changes the password with the current one and ends every other session; a wrong current password is 403 naming it', async () => {
    const user = await registerUser(server);
    const laptop = (await request(server, 'POST', '/auth/login', { body: { username: user.username, password: user.password } })).body.data;
    const change = (token: string, body: unknown) => request(server, 'POST', '/auth/password', { token, body });
    const wrong = await change(user.accessToken, { currentPassword: 'not it at all', newPassword: 'a new secret' });
    expect(wrong.status).toBe(403);
    expect(wrong.body.error.details).toEqual([{ path: 'body.currentPassword', message: expect.any(String) }]);
    const same = await change(user.accessToken, { currentPassword: user.password, newPassword: user.password });
    expect(same.status).toBe(400);
    expect(same.body.error.details.map((d: any) => d.path)).toEqual(['body.newPassword']);
    expect((await change(user.accessToken, { currentPassword: user.password, newPassword: 'short' })).status).toBe(400);

    const changed = await change(user.accessToken, { currentPassword: user.password, newPassword: 'a new secret' });
    expect(changed.status).toBe(204);
    // This session goes on; the laptop's tokens stop working.
    expect((await request(server, 'GET', '/users/me', { token: user.accessToken })).status).toBe(200);
    expect((await request(server, 'GET', '/users/me', { token: laptop.accessToken })).status).toBe(401);
    expect((await request(server, 'POST', '/auth/refresh', { body: { refreshToken: laptop.refreshToken } })).status).toBe(401);
    expect((await request(server, 'POST', '/auth/login', { body: { username: user.username, password: user.password } })).status).toBe(401);
    expect((await request(server, 'POST', '/auth/login', { body: { username: user.username, password: 'a new secret' } })).status).toBe(200);
    const tenant = await createTenant(server);
    expect((await request(server, 'POST', '/auth/password', { apiKey: tenant.apiKey.key, body: { currentPassword: 'x', newPassword: 'a new secret' } })).status).toBe(403);
  });

  it('changes the email address with the current password: the new one logs in, the old one no longer; refusals name the field', async () => {
    const user = await registerUser(server);
    const other = await registerUser(server);
    const change = (body: unknown, token = user.accessToken) => request(server, 'POST', '/auth/email', { token, body });
    const newEmail = `New.${user.username}@Example.test`;
    const wrong = await change({ currentPassword: 'not it at all', newEmail });
    expect([wrong.status, wrong.body.error.code, wrong.body.error.details[0].path]).toEqual([403, 'FORBIDDEN', 'body.currentPassword']);
    const taken = await change({ currentPassword: user.password, newEmail: other.email.toUpperCase() });
    expect([taken.status, taken.body.error.code]).toEqual([409, 'EMAIL_TAKEN']);
    const same = await change({ currentPassword: user.password, newEmail: user.email.toUpperCase() });
    expect([same.status, same.body.error.details[0].path]).toEqual([400, 'body.newEmail']);
    const invalid = await change({ currentPassword: user.password, newEmail: 'not an address' });
    expect([invalid.status, invalid.body.error.details[0].path]).toEqual([400, 'body.newEmail']);

    const done = await change({ currentPassword: user.password, newEmail });
    expect(done.status, done.text).toBe(200);
    expect(done.body.data.email).toBe(newEmail.toLowerCase());
    expect(done.headers.get('cache-control')).toBe('no-store');
    expect((await request(server, 'GET', '/users/me', { token: user.accessToken })).body.data.email).toBe(newEmail.toLowerCase());
    expect((await request(server, 'POST', '/auth/login', { body: { email: newEmail, password: user.password } })).status).toBe(200);
    expect((await request(server, 'POST', '/auth/login', { body: { email: user.email, password: user.password } })).status).toBe(401);
    // The old address is free for someone else.
    const reuse = await request(server, 'POST', '/auth/register', { body: { username: `re_${user.username}`.slice(0, 32), email: user.email, password: 'long enough password' } });
    expect(reuse.status, reuse.text).toBe(201);
  });

  it('gives one new email address to exactly one of two accounts asking for it at once', async () => {
    const [a, b] = [await registerUser(server), await registerUser(server)];
    const email = `contested.${a.username}@example.test`;
    const answers = await Promise.all(
      [a, b].map((u) => request(server, 'POST', '/auth/email', { token: u.accessToken, body: { currentPassword: u.password, newEmail: email } })),
    );
    expect(answers.map((r) => r.status).sort()).toEqual([200, 409]);
    expect(answers.find((r) => r.status === 409)!.body.error.code).toBe('EMAIL_TAKEN');
    const holders = await server.deps.db.selectFrom('users').select('id').where('email', '=', email).execute();
    expect(holders).toHaveLength(1);
  });

  it('logout without a body works with a bearer token; without one, or with an API key, it is refused', async () => {
    const user = await registerUser(server);
    expect((await request(server, 'POST', '/auth/logout', { token: user.accessToken })).status).toBe(204);
    const anonymous = await request(server, 'POST', '/auth/logout');
    expect(anonymous.status).toBe(400);
    expect(anonymous.body.error.details.map((d: any) => d.path)).toEqual(['body.refreshToken']);
    const tenant = await createTenant(server);
    // A key names no session: refused as a call without either token.
    const withKey = await request(server, 'POST', '/auth/logout', { apiKey: tenant.apiKey.key });
    expect(withKey.status).toBe(400);
    expect(withKey.body.error.details.map((d: any) => d.path)).toEqual(['body.refreshToken']);
  });

  it('answers 403 API_KEY_NOT_ALLOWED for an API key on a bearer-only operation, and uses the token when both are sent', async () => {
    const tenant = await createTenant(server);
    const keyOnly = await request(server, 'GET', '/users/me', { apiKey: tenant.apiKey.key });
    expect(keyOnly.status).toBe(403);
    expect(keyOnly.body.error.code).toBe('API_KEY_NOT_ALLOWED');
    const both = await request(server, 'GET', '/users/me', { apiKey: tenant.apiKey.key, token: tenant.owner.accessToken });
    expect(both.status).toBe(200);
    expect(both.body.data.id).toBe(tenant.owner.id);
  });

  it('uses the key when both credentials are sent to an operation that accepts both', async () => {
    const home = await createTenant(server);
    const other = await createTenant(server);
    const body = { name: 'Both credentials', disciplineId: 'chess', maxParticipants: 8, startDate: '2030-06-01T12:00:00.000Z', stages: [{ name: 'Main', format: 'SINGLE_ELIMINATION' }] };
    // createTournament takes either; with a key the project is the key's and body.projectId is ignored, with a token
    // it is body.projectId. Each request names the token owner's project: the project written to tells who acted.
    for (const [key, owner] of [
      [home, other],
      [other, home],
    ] as const) {
      const res = await request(server, 'POST', '/tournaments', { apiKey: key.apiKey.key, token: owner.owner.accessToken, body: { ...body, projectId: owner.project.id } });
      expect(res.status).toBe(201);
      expect(res.body.data.projectId).toBe(key.project.id);
    }
  });

  it('reads one token sent as both Authorization and X-API-Key as that one credential, whichever kind it is', async () => {
    const tenant = await createTenant(server);
    const { owner, apiKey, project } = tenant;
    // A user access token in both headers (as generated clients send it) is the user.
    const userTwice = { token: owner.accessToken, headers: { 'x-api-key': owner.accessToken } };
    const me = await request(server, 'GET', '/users/me', userTwice);
    expect(me.status, me.text).toBe(200);
    expect(me.body.data.id).toBe(owner.id);
    const list = await request(server, 'GET', '/tournaments', { ...userTwice, query: { projectId: project.id } });
    expect(list.status, list.text).toBe(200);
    // An API key in both headers is the key: served where keys are, refused as a key alone is elsewhere.
    const keyTwice = { apiKey: apiKey.key, headers: { authorization: `Bearer ${apiKey.key}` } };
    const keyed = await request(server, 'GET', '/tournaments', keyTwice);
    expect(keyed.status, keyed.text).toBe(200);
    expect(keyed.body.pagination).toBeDefined();
    const notForKeys = await request(server, 'GET', '/users/me', keyTwice);
    expect(`${notForKeys.status} ${notForKeys.body.error.code}`).toBe('403 API_KEY_NOT_ALLOWED');
    // One unknown token in both headers is one bad credential: 401.
    const unknown = `tat_${'x'.repeat(43)}`;
    const bad = await request(server, 'GET', '/users/me', { token: unknown, headers: { 'x-api-key': unknown } });
    expect(`${bad.status} ${bad.body.error.code}`).toBe('401 UNAUTHORIZED');
  });
});
