import { describe, expect } from 'vitest';
import { it, registerUser, test } from './helpers/index';
import { antiCheatTenant, startSession, withKey, withEvidenceDir } from './anti-cheat-helpers';

test.scoped({ serverOptions: withEvidenceDir() });

describe('anti-cheat clients', () => {
  it('enrolls a client for a user once (409 for a second), 404 for an unknown user', async ({ server }) => {
    const tenant = await antiCheatTenant(server);
    const user = await registerUser(server);
    const res = await withKey(server, tenant.apiKey.key, 'POST', '/anti-cheat/clients', { body: { userId: user.id, label: 'gaming-pc' } });
    expect(res.status).toBe(201);
    expect(res.body.data).toEqual({
      id: expect.any(String),
      projectId: tenant.project.id,
      userId: user.id,
      label: 'gaming-pc',
      createdAt: server.clock.now().toISOString(),
      revokedAt: null,
    });
    const again = await withKey(server, tenant.apiKey.key, 'POST', '/anti-cheat/clients', { body: { userId: user.id } });
    expect(again.status).toBe(409);
    expect(again.body.error.code).toBe('CONFLICT');
    const unknown = await withKey(server, tenant.apiKey.key, 'POST', '/anti-cheat/clients', { body: { userId: '0190aaaa-0000-7000-8000-000000000000' } });
    expect(unknown.status).toBe(404);
    // The same user can have a client in another project.
    const other = await antiCheatTenant(server);
    expect((await withKey(server, other.apiKey.key, 'POST', '/anti-cheat/clients', { body: { userId: user.id } })).status).toBe(201);
  });

  it('coverage follows enrolment: revoked clients no longer cover, re-enrolment covers again', async ({ server }) => {
    const tenant = await antiCheatTenant(server);
    const users = [await registerUser(server), await registerUser(server), await registerUser(server)];
    const clientIds: string[] = [];
    for (const u of users) {
      const res = await withKey(server, tenant.apiKey.key, 'POST', '/anti-cheat/clients', { body: { userId: u.id } });
      clientIds.push(res.body.data.id);
    }
    const all = await startSession(server, tenant, users, 'cov-1');
    expect(all.coveredParticipants).toBe(3);

    const revoke = await withKey(server, tenant.apiKey.key, 'DELETE', `/anti-cheat/clients/${clientIds[1]}`);
    expect(revoke.status).toBe(204);
    expect(revoke.text).toBe('');
    expect((await withKey(server, tenant.apiKey.key, 'DELETE', `/anti-cheat/clients/${clientIds[1]}`)).status).toBe(204);
    const fewer = await startSession(server, tenant, users, 'cov-2');
    expect(fewer).toMatchObject({ requestedParticipants: 3, coveredParticipants: 2, coveredUserIds: [users[0]!.id, users[2]!.id] });
    // A session started before the revocation keeps its coverage.
    const first = await withKey(server, tenant.apiKey.key, 'GET', '/anti-cheat/sessions/cov-1');
    expect(first.body.data.participants.every((p: { covered: boolean }) => p.covered)).toBe(true);

    const reenrolled = await withKey(server, tenant.apiKey.key, 'POST', '/anti-cheat/clients', { body: { userId: users[1]!.id } });
    expect(reenrolled.status).toBe(201);
    expect((await startSession(server, tenant, users, 'cov-3')).coveredParticipants).toBe(3);
  });

  it('lists clients newest first with pagination, hides revoked ones unless asked, filters by user', async ({ server }) => {
    const tenant = await antiCheatTenant(server);
    const ids: string[] = [];
    const users = [];
    for (let i = 0; i < 5; i++) {
      const u = await registerUser(server);
      users.push(u);
      server.clock.advance(1000);
      ids.push((await withKey(server, tenant.apiKey.key, 'POST', '/anti-cheat/clients', { body: { userId: u.id } })).body.data.id);
    }
    await withKey(server, tenant.apiKey.key, 'DELETE', `/anti-cheat/clients/${ids[4]}`);
    const page1 = await withKey(server, tenant.apiKey.key, 'GET', '/anti-cheat/clients', { query: { limit: 2 } });
    expect(page1.body.data.map((c: { id: string }) => c.id)).toEqual([ids[3], ids[2]]);
    expect(page1.body.pagination).toEqual({ page: 1, limit: 2, total: 4, totalPages: 2, hasNext: true, hasPrevious: false });
    const withRevoked = await withKey(server, tenant.apiKey.key, 'GET', '/anti-cheat/clients', { query: { includeRevoked: true } });
    expect(withRevoked.body.data[0]).toMatchObject({ id: ids[4], revokedAt: server.clock.now().toISOString() });
    const oneUser = await withKey(server, tenant.apiKey.key, 'GET', '/anti-cheat/clients', { query: { userId: users[1]!.id } });
    expect(oneUser.body.data.map((c: { id: string }) => c.id)).toEqual([ids[1]]);
  });
});
