import { describe, expect } from 'vitest';
import { newId } from '../src/ids';
import { addStaffMember, createApiKey, createTenant, it, registerUser, request } from './helpers/index';

describe('API keys', () => {
  it('creates a key and shows its secret once, stored as a hash', async ({ server, tenant }) => {
    const res = await request(server, 'POST', '/developer/api-keys', {
      token: tenant.owner.accessToken,
      body: { name: 'CI', scopes: ['read:tournaments', 'manage:tournaments'], projectId: tenant.project.id },
    });
    expect(res.status).toBe(201);
    expect(res.headers.get('cache-control')).toBe('no-store');
    const created = res.body.data;
    expect(created).toMatchObject({
      projectId: tenant.project.id,
      name: 'CI',
      key: expect.stringMatching(/^tk_[A-Za-z0-9_-]{43}$/),
      scopes: ['read:tournaments', 'manage:tournaments'],
      lastUsedAt: null,
      expiresAt: null,
      revokedAt: null,
    });
    expect(created.prefix).toBe(created.key.slice(0, 8));
    expect(created.lastFour).toBe(created.key.slice(-4));
    const row = await server.deps.db.selectFrom('api_keys').selectAll().where('id', '=', created.id).executeTakeFirstOrThrow();
    expect(row.key_hash).toMatch(/^[0-9a-f]{64}$/);
    expect(JSON.stringify(row)).not.toContain(created.key);
  });

  it('lists keys with prefix and last four, never the secret, newest first', async ({ server, tenant }) => {
    const key = await createApiKey(server, tenant.owner, tenant.project.id, ['read:circuits'], 'listed');
    const list = await request(server, 'GET', '/developer/api-keys', { token: tenant.owner.accessToken, query: { projectId: tenant.project.id } });
    expect(list.status).toBe(200);
    expect(list.body.data[0]).toMatchObject({ id: key.id, name: 'listed', prefix: key.key.slice(0, 8), lastFour: key.key.slice(-4) });
    expect(list.body.data.every((k: Record<string, unknown>) => !('key' in k))).toBe(true);
    expect(list.text).not.toContain(key.key);
    expect(list.body.pagination.total).toBe(list.body.data.length);
  });

  it('lets a key with read:webhooks list its own project only, ignoring another projectId', async ({ server, tenant }) => {
    const other = await createTenant(server);
    const res = await request(server, 'GET', '/developer/api-keys', { apiKey: tenant.apiKey.key, query: { projectId: other.project.id } });
    expect(res.status).toBe(200);
    expect(res.body.data.every((k: { projectId: string }) => k.projectId === tenant.project.id)).toBe(true);
  });

  it('requires projectId for bearer callers (400 naming it) and OWNER/ADMIN (403)', async ({ server, tenant }) => {
    const missing = await request(server, 'GET', '/developer/api-keys', { token: tenant.owner.accessToken });
    expect(missing.status).toBe(400);
    expect(missing.body.error.details[0].path).toBe('query.projectId');
    const noProject = await request(server, 'POST', '/developer/api-keys', { token: tenant.owner.accessToken, body: { name: 'x', scopes: ['read:tournaments'] } });
    expect(noProject.body.error.details[0].path).toBe('body.projectId');
    const organizer = await registerUser(server);
    await addStaffMember(server, tenant.organization.id, organizer.id, 'ORGANIZER');
    const byOrganizer = await request(server, 'POST', '/developer/api-keys', {
      token: organizer.accessToken,
      body: { name: 'x', scopes: ['read:tournaments'], projectId: tenant.project.id },
    });
    expect(byOrganizer.status).toBe(403);
    const unknown = await request(server, 'POST', '/developer/api-keys', {
      token: tenant.owner.accessToken,
      body: { name: 'x', scopes: ['read:tournaments'], projectId: newId() },
    });
    expect(unknown.status).toBe(404);
  });

  it('answers 403 INSUFFICIENT_SCOPE naming the scope for a key without read:webhooks', async ({ server, tenant }) => {
    const narrow = await createApiKey(server, tenant.owner, tenant.project.id, ['read:tournaments']);
    const res = await request(server, 'GET', '/developer/api-keys', { apiKey: narrow.key });
    expect(res.status).toBe(403);
    expect(res.body.error).toMatchObject({ code: 'INSUFFICIENT_SCOPE', message: expect.stringContaining('read:webhooks') });
  });

  it('lets a key create keys only with scopes it holds itself', async ({ server, tenant }) => {
    const limited = await createApiKey(server, tenant.owner, tenant.project.id, ['read:webhooks', 'read:tournaments']);
    const ok = await request(server, 'POST', '/developer/api-keys', {
      apiKey: limited.key,
      body: { name: 'child', scopes: ['read:tournaments'], projectId: newId() },
    });
    expect(ok.status).toBe(201);
    expect(ok.body.data.projectId).toBe(tenant.project.id);
    const escalate = await request(server, 'POST', '/developer/api-keys', {
      apiKey: limited.key,
      body: { name: 'stronger', scopes: ['read:tournaments', 'manage:tournaments'] },
    });
    expect(escalate.status).toBe(403);
    expect(escalate.body.error).toMatchObject({ code: 'INSUFFICIENT_SCOPE', message: expect.stringContaining('manage:tournaments') });
  });

  it('lets a key revoke only keys whose scopes it holds itself', async ({ server, tenant }) => {
    const webhooksOnly = await createApiKey(server, tenant.owner, tenant.project.id, ['read:webhooks']);
    const allScopes = await createApiKey(server, tenant.owner, tenant.project.id);
    const refused = await request(server, 'DELETE', `/developer/api-keys/${allScopes.id}`, { apiKey: webhooksOnly.key });
    expect(refused.status, refused.text).toBe(403);
    expect(refused.body.error).toMatchObject({ code: 'INSUFFICIENT_SCOPE', message: expect.stringContaining('manage:tournaments') });
    // The stronger key still works.
    expect((await request(server, 'GET', '/developer/api-keys', { apiKey: allScopes.key })).status).toBe(200);

    const narrower = await createApiKey(server, tenant.owner, tenant.project.id, ['read:webhooks']);
    expect((await request(server, 'DELETE', `/developer/api-keys/${narrower.id}`, { apiKey: webhooksOnly.key })).status).toBe(204);
    expect((await request(server, 'GET', '/developer/api-keys', { apiKey: narrower.key })).status).toBe(401);
    // A manage scope covers its read scope here too; the all-scope key may revoke anything of its project.
    const manager = await createApiKey(server, tenant.owner, tenant.project.id, ['read:webhooks', 'manage:tournaments']);
    const reader = await createApiKey(server, tenant.owner, tenant.project.id, ['read:tournaments']);
    expect((await request(server, 'DELETE', `/developer/api-keys/${reader.id}`, { apiKey: manager.key })).status).toBe(204);
    expect((await request(server, 'DELETE', `/developer/api-keys/${manager.id}`, { apiKey: allScopes.key })).status).toBe(204);
  });

  it('records lastUsedAt at most once a minute', async ({ server, tenant }) => {
    const key = await createApiKey(server, tenant.owner, tenant.project.id, ['read:webhooks']);
    const firstUse = server.clock.now().toISOString();
    await request(server, 'GET', '/developer/api-keys', { apiKey: key.key });
    server.clock.advance(30_000);
    await request(server, 'GET', '/developer/api-keys', { apiKey: key.key });
    const read = async () =>
      (await server.deps.db.selectFrom('api_keys').select('last_used_at').where('id', '=', key.id).executeTakeFirstOrThrow()).last_used_at;
    expect(await read()).toBe(firstUse);
    server.clock.advance(31_000);
    await request(server, 'GET', '/developer/api-keys', { apiKey: key.key });
    expect(await read()).toBe(server.clock.now().toISOString());
  });

  it('revokes a key (204): it answers 401 afterwards and is listed only with includeRevoked', async ({ server, tenant }) => {
    const key = await createApiKey(server, tenant.owner, tenant.project.id, ['read:webhooks']);
    expect((await request(server, 'GET', `/projects/${tenant.project.id}`, { apiKey: key.key })).status).toBe(200);
    const res = await request(server, 'DELETE', `/developer/api-keys/${key.id}`, { token: tenant.owner.accessToken });
    expect(res.status).toBe(204);
    const after = await request(server, 'GET', `/projects/${tenant.project.id}`, { apiKey: key.key });
    expect(after.status).toBe(401);
    expect(after.body.error.code).toBe('UNAUTHORIZED');
    const active = await request(server, 'GET', '/developer/api-keys', { token: tenant.owner.accessToken, query: { projectId: tenant.project.id, limit: 100 } });
    expect(active.body.data.map((k: { id: string }) => k.id)).not.toContain(key.id);
    const all = await request(server, 'GET', '/developer/api-keys', {
      token: tenant.owner.accessToken,
      query: { projectId: tenant.project.id, includeRevoked: true, limit: 100 },
    });
    expect(all.body.data.find((k: { id: string }) => k.id === key.id)?.revokedAt).toBe(server.clock.now().toISOString());
    expect((await request(server, 'DELETE', `/developer/api-keys/${key.id}`, { token: tenant.owner.accessToken })).status).toBe(204);
  });

  it('answers 404 for another project key id and an unknown id', async ({ server, tenant }) => {
    const other = await createTenant(server);
    const res = await request(server, 'DELETE', `/developer/api-keys/${other.apiKey.id}`, { apiKey: tenant.apiKey.key });
    expect(res.status).toBe(404);
    expect((await request(server, 'DELETE', `/developer/api-keys/${newId()}`, { apiKey: tenant.apiKey.key })).status).toBe(404);
    expect((await request(server, 'GET', `/projects/${other.project.id}`, { apiKey: other.apiKey.key })).status).toBe(200);
  });

  it('expires keys at expiresAt (401) and refuses an expiresAt in the past (400)', async ({ server, tenant }) => {
    const expiresAt = new Date(server.clock.now().getTime() + 3600_000).toISOString();
    const res = await request(server, 'POST', '/developer/api-keys', {
      token: tenant.owner.accessToken,
      body: { name: 'short', scopes: ['read:webhooks'], projectId: tenant.project.id, expiresAt },
    });
    expect(res.body.data.expiresAt).toBe(expiresAt);
    expect((await request(server, 'GET', '/developer/api-keys', { apiKey: res.body.data.key })).status).toBe(200);
    server.clock.advance(3600_000);
    expect((await request(server, 'GET', '/developer/api-keys', { apiKey: res.body.data.key })).status).toBe(401);
    const login = await request(server, 'POST', '/auth/login', { body: { username: tenant.owner.username, password: tenant.owner.password } });
    const past = await request(server, 'POST', '/developer/api-keys', {
      token: login.body.data.accessToken,
      body: { name: 'past', scopes: ['read:webhooks'], projectId: tenant.project.id, expiresAt: '2000-01-01T00:00:00Z' },
    });
    expect(past.status).toBe(400);
    expect(past.body.error.details[0].path).toBe('body.expiresAt');
  });

  it('never lets a key mint a key that outlives it: expiry capped at its own, revocation cascading to its keys', async ({ server }) => {
    const tenant = await createTenant(server);
    const mint = (key: string, body: Record<string, unknown> = {}) =>
      request(server, 'POST', '/developer/api-keys', { apiKey: key, body: { name: `child ${newId()}`, scopes: ['read:webhooks'], ...body } });
    const soon = new Date(server.clock.now().getTime() + 3600_000).toISOString();
    const parent = await request(server, 'POST', '/developer/api-keys', {
      token: tenant.owner.accessToken,
      body: { name: 'short-lived', scopes: ['read:webhooks'], projectId: tenant.project.id, expiresAt: soon },
    });
    const child = await mint(parent.body.data.key);
    expect(child.status).toBe(201);
    expect(child.body.data.expiresAt).toBe(soon);
    const longer = await mint(parent.body.data.key, { expiresAt: new Date(Date.parse(soon) + 1000).toISOString() });
    expect(longer.status).toBe(400);
    expect(longer.body.error.details[0]).toMatchObject({ path: 'body.expiresAt', message: expect.stringContaining(soon) });
    const shorter = await mint(parent.body.data.key, { expiresAt: new Date(Date.parse(soon) - 1000).toISOString() });
    expect(shorter.status).toBe(201);
    server.clock.advance(3600_000);
    for (const key of [parent.body.data.key, child.body.data.key, shorter.body.data.key]) {
      expect((await request(server, 'GET', '/developer/api-keys', { apiKey: key })).status).toBe(401);
    }

    // Revoking a key revokes the keys it created, and theirs.
    const login = await request(server, 'POST', '/auth/login', { body: { username: tenant.owner.username, password: tenant.owner.password } });
    const owner = { accessToken: login.body.data.accessToken as string };
    const lasting = await createApiKey(server, owner, tenant.project.id, ['read:webhooks']);
    const second = (await mint(lasting.key)).body.data;
    const third = (await mint(second.key)).body.data;
    expect(third.expiresAt).toBeNull();
    expect((await request(server, 'DELETE', `/developer/api-keys/${lasting.id}`, { token: owner.accessToken })).status).toBe(204);
    for (const key of [second.key, third.key]) {
      const refused = await request(server, 'GET', '/developer/api-keys', { apiKey: key });
      expect(refused.status).toBe(401);
      expect(refused.body.error.message).toContain('revoked');
    }
  });

  it('answers 401 without credentials', async ({ server }) => {
    const res = await request(server, 'GET', '/developer/api-keys');
    expect(res.status).toBe(401);
    expect(res.body.error.code).toBe('UNAUTHORIZED');
  });
});
