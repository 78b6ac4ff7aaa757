import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTenant, registerUser, request, startTestServer, unique, type TestServer } from './helpers/index';

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(async () => server?.close());

const patchMe = (token: string, body: unknown) => request(server, 'PATCH', '/users/me', { token, body });

describe('public profiles', () => {
  it('shows public fields only, by username in any case, to anyone', async () => {
    const alice = await registerUser(server, { displayName: 'Alice' });
    await patchMe(alice.accessToken, { bio: 'Chess and coffee', avatarUrl: 'https://cdn.example.com/a.png', country: 'FR', timeZone: 'Europe/Paris' });
    const res = await request(server, 'GET', `/users/${alice.username.toUpperCase()}`);
    expect(res.status).toBe(200);
    expect(res.body.data).toEqual({
      id: alice.id,
      username: alice.username,
      displayName: 'Alice',
      createdAt: expect.any(String),
      bio: 'Chess and coffee',
      avatarUrl: 'https://cdn.example.com/a.png',
      country: 'FR',
    });
    expect(res.text).not.toContain(alice.email);
    expect(res.text).not.toContain('Europe/Paris');
    const asOther = await request(server, 'GET', `/users/${alice.username}`, { token: (await registerUser(server)).accessToken });
    expect(Object.keys(asOther.body.data).sort()).toEqual(['avatarUrl', 'bio', 'country', 'createdAt', 'displayName', 'id', 'username']);
  });

  it('answers 404 for an unknown username and 400 for a malformed one', async () => {
    expect((await request(server, 'GET', `/users/nobody_${unique()}`.slice(0, 40))).status).toBe(404);
    const bad = await request(server, 'GET', '/users/a');
    expect(bad.status).toBe(400);
    expect(bad.body.error.details[0].path).toBe('path.username');
  });
});

describe('own profile', () => {
  it('returns private fields to the owner and updates them; null clears', async () => {
    const bob = await registerUser(server);
    const res = await patchMe(bob.accessToken, {
      displayName: 'Bobby',
      bio: 'Hi',
      avatarUrl: 'http://img.example.com/b.jpg',
      country: 'DE',
      timeZone: 'europe/berlin',
    });
    expect(res.status).toBe(200);
    expect(res.body.data).toMatchObject({
      id: bob.id,
      email: bob.email,
      displayName: 'Bobby',
      bio: 'Hi',
      avatarUrl: 'http://img.example.com/b.jpg',
      country: 'DE',
      timeZone: 'Europe/Berlin',
    });
    const cleared = await patchMe(bob.accessToken, { bio: null, country: null, timeZone: null });
    expect(cleared.body.data).toMatchObject({ displayName: 'Bobby', bio: null, country: null, timeZone: null });
    const me = await request(server, 'GET', '/users/me', { token: bob.accessToken });
    expect(me.body.data).toEqual(cleared.body.data);
  });

  it('accepts time zone aliases the runtime knows (UTC) and refuses unknown ones naming the field', async () => {
    const carol = await registerUser(server);
    expect((await patchMe(carol.accessToken, { timeZone: 'UTC' })).body.data.timeZone).toBe('UTC');
    const res = await patchMe(carol.accessToken, { timeZone: 'Mars/Olympus_Mons' });
    expect(res.status).toBe(400);
    expect(res.body.error.details).toEqual([{ path: 'body.timeZone', message: expect.stringContaining('IANA') }]);
  });

  it('refuses unassigned country codes, avatars that are not http(s) URLs with a host, and unknown fields, naming the field', async () => {
    const dave = await registerUser(server);
    const cases: Array<[unknown, string]> = [
      [{ country: 'ZZ' }, 'body.country'],
      [{ country: 'fr' }, 'body.country'],
      [{ avatarUrl: 'javascript:alert(1)' }, 'body.avatarUrl'],
      [{ avatarUrl: 'not a url' }, 'body.avatarUrl'],
      [{ avatarUrl: 'http://' }, 'body.avatarUrl'],
      [{ email: 'x@example.com' }, 'body.email'],
      [{ displayName: '' }, 'body.displayName'],
    ];
    for (const [body, path] of cases) {
      const res = await patchMe(dave.accessToken, body);
      expect(res.status, JSON.stringify(body)).toBe(400);
      expect(res.body.error.details.map((d: any) => d.path)).toContain(path);
    }
    expect((await patchMe(dave.accessToken, {})).status).toBe(400);
  });

  it('changes the username when free (case-insensitive), answers 409 USERNAME_TAKEN otherwise', async () => {
    const erin = await registerUser(server);
    const frank = await registerUser(server);
    const taken = await patchMe(erin.accessToken, { username: frank.username.toUpperCase() });
    expect(taken.status).toBe(409);
    expect(taken.body.error.code).toBe('USERNAME_TAKEN');
    const recase = await patchMe(erin.accessToken, { username: erin.username.toUpperCase() });
    expect(recase.status).toBe(200);
    const fresh = `erin_${unique()}`.slice(0, 32);
    const renamed = await patchMe(erin.accessToken, { username: fresh });
    expect(renamed.body.data.username).toBe(fresh);
    expect((await request(server, 'GET', `/users/${fresh}`)).body.data.id).toBe(erin.id);
    expect((await request(server, 'GET', `/users/${erin.username}`)).status).toBe(404);
    const login = await request(server, 'POST', '/auth/login', { body: { username: fresh, password: erin.password } });
    expect(login.status).toBe(200);
  });

  it('needs a user token: 401 anonymous, 403 API_KEY_NOT_ALLOWED for a key', async () => {
    const tenant = await createTenant(server);
    expect((await request(server, 'PATCH', '/users/me', { body: { bio: 'x' } })).status).toBe(401);
    const byKey = await request(server, 'PATCH', '/users/me', { apiKey: tenant.apiKey.key, body: { bio: 'x' } });
    expect(byKey.status).toBe(403);
    expect(byKey.body.error.code).toBe('API_KEY_NOT_ALLOWED');
  });
});
