import { describe, expect } from 'vitest';
import { it, registerUser, request, test } from './helpers/index';
import { antiCheatTenant, enrolledUsers, raise, startSession, withKey, withEvidenceDir } from './anti-cheat-helpers';

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

  it('coverage reflects the enrolments that exist: a player who deleted their account no longer shows covered (R12.22)', async ({ server }) => {
    const tenant = await antiCheatTenant(server);
    const [alice, bob] = await enrolledUsers(server, tenant, 2);
    await startSession(server, tenant, [alice!, bob!], 'gone-1');
    await raise(server, tenant, 'gone-1', bob!.id);
    const deleted = await request(server, 'DELETE', '/users/me', { token: bob!.accessToken, body: { password: bob!.password } });
    expect(deleted.status, deleted.text).toBe(204);

    const session = await withKey(server, tenant.apiKey.key, 'GET', '/anti-cheat/sessions/gone-1');
    expect(session.body.data.participants).toEqual([
      { userId: alice!.id, covered: true, clientId: expect.any(String) },
      { userId: bob!.id, covered: false, clientId: null },
    ]);
    const listed = await withKey(server, tenant.apiKey.key, 'GET', '/anti-cheat/sessions', { query: { matchId: 'gone-1' } });
    expect(listed.body.data[0].participants).toEqual(session.body.data.participants);
    // No detection for a player no client monitors any more; the one raised before stays (the project's record).
    const raised = await withKey(server, tenant.apiKey.key, 'POST', '/anti-cheat/sessions/gone-1/detections', { body: { userId: bob!.id, rule: 'esp', severity: 'LOW' } });
    expect(raised.status).toBe(400);
    expect(raised.body.error.details[0].path).toBe('body.userId');
    expect(session.body.data.detectionCount).toBe(1);
    // The end's event carries the session as it is read now.
    await withKey(server, tenant.apiKey.key, 'POST', '/anti-cheat/sessions/gone-1/end');
    const event = await server.deps.db
      .selectFrom('events')
      .select('data')
      .where('project_id', '=', tenant.project.id)
      .where('type', '=', 'anticheat.session_completed')
      .executeTakeFirstOrThrow();
    expect(JSON.parse(event.data).session.participants[1]).toEqual({ userId: bob!.id, covered: false, clientId: null });
  });
});
