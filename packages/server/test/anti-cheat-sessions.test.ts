import { describe, expect } from 'vitest';
import { it, registerUser, request, test } from './helpers/index';
import { antiCheatTenant, enrolledUsers, raise, startSession, withKey, withEvidenceDir } from './anti-cheat-helpers';

test.scoped({ serverOptions: withEvidenceDir() });

describe('anti-cheat sessions', () => {
  it('starts a session whose sessionId is the given matchId, covering only users with an enrolled client', async ({ server }) => {
    const tenant = await antiCheatTenant(server);
    const [alice, bob] = await enrolledUsers(server, tenant, 2);
    const carol = await registerUser(server); // no client
    const res = await withKey(server, tenant.apiKey.key, 'POST', '/anti-cheat/sessions', {
      body: { game: 'valorant', matchId: 'match-42', participants: [{ userId: alice!.id }, { userId: carol.id }, { userId: bob!.id }] },
    });
    expect(res.status).toBe(201);
    expect(res.body.data).toEqual({
      sessionId: 'match-42',
      matchId: 'match-42',
      game: 'valorant',
      status: 'ACTIVE',
      requestedParticipants: 3,
      coveredParticipants: 2,
      coveredUserIds: [alice!.id, bob!.id],
      startedAt: server.clock.now().toISOString(),
    });

    const got = await withKey(server, tenant.apiKey.key, 'GET', '/anti-cheat/sessions/match-42');
    expect(got.status).toBe(200);
    expect(got.body.data).toMatchObject({
      sessionId: 'match-42',
      projectId: tenant.project.id,
      status: 'ACTIVE',
      endedAt: null,
      detectionCount: 0,
      evidenceCount: 0,
    });
    expect(got.body.data.participants).toEqual([
      { userId: alice!.id, covered: true, clientId: expect.any(String) },
      { userId: carol.id, covered: false, clientId: null },
      { userId: bob!.id, covered: true, clientId: expect.any(String) },
    ]);
  });

  it('generates a UUID matchId when omitted and ignores a projectId in the body', async ({ server }) => {
    const tenant = await antiCheatTenant(server);
    const other = await antiCheatTenant(server);
    const res = await withKey(server, tenant.apiKey.key, 'POST', '/anti-cheat/sessions', {
      body: { game: 'rl', participants: [{ userId: tenant.owner.id }], projectId: other.project.id },
    });
    expect(res.status).toBe(201);
    expect(res.body.data.matchId).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-7[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
    expect(res.body.data.sessionId).toBe(res.body.data.matchId);
    expect(res.body.data.coveredParticipants).toBe(0);
    const row = await server.deps.db.selectFrom('anti_cheat_sessions').selectAll().where('match_id', '=', res.body.data.matchId).executeTakeFirstOrThrow();
    expect(row.project_id).toBe(tenant.project.id);
    const seenByOther = await withKey(server, other.apiKey.key, 'GET', `/anti-cheat/sessions/${res.body.data.sessionId}`);
    expect(seenByOther.status).toBe(404);
  });

  it('refuses a second active session for the same match (409) and allows a new one after the end', async ({ server }) => {
    const tenant = await antiCheatTenant(server);
    const [alice] = await enrolledUsers(server, tenant, 1);
    await startSession(server, tenant, [alice!], 'm-dup');
    const again = await withKey(server, tenant.apiKey.key, 'POST', '/anti-cheat/sessions', {
      body: { game: 'cs2', matchId: 'm-dup', participants: [{ userId: alice!.id }] },
    });
    expect(again.status).toBe(409);
    expect(again.body.error.code).toBe('CONFLICT');
    // Another project may use the same match id.
    const other = await antiCheatTenant(server);
    await startSession(server, other, [alice!], 'm-dup');

    const end = await withKey(server, tenant.apiKey.key, 'POST', '/anti-cheat/sessions/m-dup/end', { body: { reason: 'match over' } });
    expect(end.body.data.ended).toBe(true);
    const restarted = await startSession(server, tenant, [alice!], 'm-dup');
    expect(restarted.status).toBe('ACTIVE');
    const got = await withKey(server, tenant.apiKey.key, 'GET', '/anti-cheat/sessions/m-dup');
    expect(got.body.data).toMatchObject({ status: 'ACTIVE', endedAt: null });
  });

  it('refuses a participant listed twice, naming the field', async ({ server }) => {
    const tenant = await antiCheatTenant(server);
    const res = await withKey(server, tenant.apiKey.key, 'POST', '/anti-cheat/sessions', {
      body: { game: 'cs2', participants: [{ userId: tenant.owner.id }, { userId: tenant.owner.id }] },
    });
    expect(res.status).toBe(400);
    expect(res.body.error.details).toEqual([{ path: 'body.participants[1].userId', message: expect.stringContaining('already listed') }]);
  });

  it('ends a session with a reason and emits anticheat.session_completed; ending again or an unknown id is a no-op success', async ({ server }) => {
    const tenant = await antiCheatTenant(server);
    const [alice] = await enrolledUsers(server, tenant, 1);
    await startSession(server, tenant, [alice!], 'm-end');
    await raise(server, tenant, 'm-end', alice!.id);
    server.clock.advance(60_000);
    const end = await withKey(server, tenant.apiKey.key, 'POST', '/anti-cheat/sessions/m-end/end', { body: { reason: 'map finished' } });
    expect(end.status).toBe(200);
    expect(end.body.data).toEqual({ sessionId: 'm-end', ended: true, endedAt: server.clock.now().toISOString() });

    const got = await withKey(server, tenant.apiKey.key, 'GET', '/anti-cheat/sessions/m-end');
    expect(got.body.data).toMatchObject({ status: 'ENDED', endReason: 'map finished', endedAt: server.clock.now().toISOString(), detectionCount: 1 });

    const events = await server.deps.db
      .selectFrom('events')
      .selectAll()
      .where('project_id', '=', tenant.project.id)
      .where('type', '=', 'anticheat.session_completed')
      .execute();
    expect(events).toHaveLength(1);
    expect(JSON.parse(events[0]!.data)).toEqual({ session: got.body.data });

    const again = await withKey(server, tenant.apiKey.key, 'POST', '/anti-cheat/sessions/m-end/end');
    expect(again.status).toBe(200);
    expect(again.body.data).toEqual({ sessionId: 'm-end', ended: false, endedAt: null });
    const unknown = await withKey(server, tenant.apiKey.key, 'POST', '/anti-cheat/sessions/never-started/end', { body: {} });
    expect(unknown.status).toBe(200);
    expect(unknown.body.data).toEqual({ sessionId: 'never-started', ended: false, endedAt: null });
    const count = await server.deps.db
      .selectFrom('events')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .where('type', '=', 'anticheat.session_completed')
      .where('project_id', '=', tenant.project.id)
      .executeTakeFirstOrThrow();
    expect(Number(count.n)).toBe(1);
  });

  it('404 for an unknown session', async ({ server }) => {
    const tenant = await antiCheatTenant(server);
    const res = await withKey(server, tenant.apiKey.key, 'GET', '/anti-cheat/sessions/nope');
    expect(res.status).toBe(404);
    expect(res.body.error.code).toBe('NOT_FOUND');
  });

  describe('plan entitlement (R12.2)', () => {
    it('start and end are 403 PLAN_REQUIRED on a FREE project even with the scope', async ({ server }) => {
      const tenant = await antiCheatTenant(server, { plan: 'FREE' });
      const start = await withKey(server, tenant.apiKey.key, 'POST', '/anti-cheat/sessions', {
        body: { game: 'cs2', participants: [{ userId: tenant.owner.id }] },
      });
      expect(start.status).toBe(403);
      expect(start.body.error.code).toBe('PLAN_REQUIRED');
      // A body the server refuses is refused first, whatever the plan: 400 naming the field.
      const twice = await withKey(server, tenant.apiKey.key, 'POST', '/anti-cheat/sessions', {
        body: { game: 'cs2', participants: [{ userId: tenant.owner.id }, { userId: tenant.owner.id.toUpperCase() }] },
      });
      expect(twice.status).toBe(400);
      expect(twice.body.error.details[0].path).toBe('body.participants[1].userId');
      const end = await withKey(server, tenant.apiKey.key, 'POST', '/anti-cheat/sessions/any/end');
      expect(end.status).toBe(403);
      expect(end.body.error.code).toBe('PLAN_REQUIRED');
      expect(await server.deps.db.selectFrom('anti_cheat_sessions').select('id').where('project_id', '=', tenant.project.id).execute()).toEqual([]);
    });

    it('after a downgrade to FREE, start and end are 403 while detections and presign still work', async ({ server }) => {
      const tenant = await antiCheatTenant(server);
      const [alice] = await enrolledUsers(server, tenant, 1);
      await startSession(server, tenant, [alice!], 'm-downgrade');
      await raise(server, tenant, 'm-downgrade', alice!.id);
      const patch = await request(server, 'PATCH', `/projects/${tenant.project.id}`, { token: tenant.owner.accessToken, body: { plan: 'FREE' } });
      expect(patch.status).toBe(200);

      const end = await withKey(server, tenant.apiKey.key, 'POST', '/anti-cheat/sessions/m-downgrade/end');
      expect(end.status).toBe(403);
      expect(end.body.error.code).toBe('PLAN_REQUIRED');
      const start = await withKey(server, tenant.apiKey.key, 'POST', '/anti-cheat/sessions', {
        body: { game: 'cs2', participants: [{ userId: alice!.id }] },
      });
      expect(start.status).toBe(403);

      const list = await withKey(server, tenant.apiKey.key, 'GET', '/anti-cheat/detections');
      expect(list.status).toBe(200);
      expect(list.body.data).toHaveLength(1);
      const presign = await withKey(server, tenant.apiKey.key, 'POST', '/anti-cheat/evidence/presign', {
        body: { sessionId: 'm-downgrade', kind: 'log', contentType: 'text/plain', sizeBytes: 10, sha256: 'a'.repeat(64) },
      });
      expect(presign.status, presign.text).toBe(201);
      const session = await withKey(server, tenant.apiKey.key, 'GET', '/anti-cheat/sessions/m-downgrade');
      expect(session.body.data.status).toBe('ACTIVE');
    });
  });
});
