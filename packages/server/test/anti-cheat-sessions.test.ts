import { describe, expect } from 'vitest';
import { it, registerUser, request, test } from './helpers/index';
import { fullScans, isPlannedRead, statementsOf, tablesOf } from './helpers/query-plans';
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
    it('start is 403 PLAN_REQUIRED on a FREE project even with the scope; end needs no plan', async ({ server }) => {
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
      // Ending is clean-up: no plan needed (a FREE project with nothing running gets the no-op answer).
      const end = await withKey(server, tenant.apiKey.key, 'POST', '/anti-cheat/sessions/any/end');
      expect(end.status, end.text).toBe(200);
      expect(end.body.data).toEqual({ sessionId: 'any', ended: false, endedAt: null });
      expect(await server.deps.db.selectFrom('anti_cheat_sessions').select('id').where('project_id', '=', tenant.project.id).execute()).toEqual([]);
    });

    it('after a downgrade to FREE, start is 403 while ending the running session, detections and presign still work', async ({ server }) => {
      const tenant = await antiCheatTenant(server);
      const [alice] = await enrolledUsers(server, tenant, 1);
      await startSession(server, tenant, [alice!], 'm-downgrade');
      await raise(server, tenant, 'm-downgrade', alice!.id);
      const patch = await request(server, 'PATCH', `/projects/${tenant.project.id}`, { token: tenant.owner.accessToken, body: { plan: 'FREE' } });
      expect(patch.status).toBe(200);

      const start = await withKey(server, tenant.apiKey.key, 'POST', '/anti-cheat/sessions', {
        body: { game: 'cs2', participants: [{ userId: alice!.id }] },
      });
      expect(start.status).toBe(403);
      expect(start.body.error.code).toBe('PLAN_REQUIRED');

      const list = await withKey(server, tenant.apiKey.key, 'GET', '/anti-cheat/detections');
      expect(list.status).toBe(200);
      expect(list.body.data).toHaveLength(1);
      const presign = await withKey(server, tenant.apiKey.key, 'POST', '/anti-cheat/evidence/presign', {
        body: { sessionId: 'm-downgrade', kind: 'log', contentType: 'text/plain', sizeBytes: 10, sha256: 'a'.repeat(64) },
      });
      expect(presign.status, presign.text).toBe(201);
      const session = await withKey(server, tenant.apiKey.key, 'GET', '/anti-cheat/sessions/m-downgrade');
      expect(session.body.data.status).toBe('ACTIVE');

      // The session left running is ended (clean-up), with its event, on the FREE project.
      server.clock.advance(1000);
      const end = await withKey(server, tenant.apiKey.key, 'POST', '/anti-cheat/sessions/m-downgrade/end', { body: { reason: 'plan downgraded' } });
      expect(end.status, end.text).toBe(200);
      expect(end.body.data).toEqual({ sessionId: 'm-downgrade', ended: true, endedAt: server.clock.now().toISOString() });
      const ended = await withKey(server, tenant.apiKey.key, 'GET', '/anti-cheat/sessions/m-downgrade');
      expect(ended.body.data).toMatchObject({ status: 'ENDED', endReason: 'plan downgraded', detectionCount: 1 });
      const events = await server.deps.db
        .selectFrom('events')
        .select('data')
        .where('project_id', '=', tenant.project.id)
        .where('type', '=', 'anticheat.session_completed')
        .execute();
      expect(events.map((e) => JSON.parse(e.data))).toEqual([{ session: ended.body.data }]);
    });
  });

  describe('list (R12.20)', () => {
    it("lists the project's sessions newest first, a page at a time, each as getAntiCheatSession reads it, filtered by status and match", async ({ server }) => {
      const tenant = await antiCheatTenant(server);
      const other = await antiCheatTenant(server);
      const [alice] = await enrolledUsers(server, tenant, 1);
      const carol = await registerUser(server);
      const key = tenant.apiKey.key;
      await startSession(server, tenant, [alice!, carol], 'list-a');
      await raise(server, tenant, 'list-a', alice!.id);
      server.clock.advance(1000);
      await withKey(server, key, 'POST', '/anti-cheat/sessions/list-a/end', { body: { reason: 'map 1 over' } });
      server.clock.advance(1000);
      await startSession(server, tenant, [alice!], 'list-b');
      server.clock.advance(1000);
      await startSession(server, tenant, [alice!], 'list-a'); // the match played again
      server.clock.advance(1000);
      await startSession(server, tenant, [carol], 'list-c');
      await startSession(server, other, [carol], 'list-b');

      const list = async (query: Record<string, string | number> = {}) => {
        const res = await withKey(server, key, 'GET', '/anti-cheat/sessions', { query });
        expect(res.status, res.text).toBe(200);
        return res.body;
      };
      const all = await list();
      expect(all.data.map((s: any) => [s.sessionId, s.status])).toEqual([
        ['list-c', 'ACTIVE'],
        ['list-a', 'ACTIVE'],
        ['list-b', 'ACTIVE'],
        ['list-a', 'ENDED'],
      ]);
      expect(all.pagination).toEqual({ page: 1, limit: 10, total: 4, totalPages: 1, hasNext: false, hasPrevious: false });
      // Each item is the session as getAntiCheatSession answers it (the active one of list-a there).
      for (const item of all.data.slice(0, 3)) {
        expect(item).toEqual((await withKey(server, key, 'GET', `/anti-cheat/sessions/${item.sessionId}`)).body.data);
      }
      expect(all.data[3]).toMatchObject({
        projectId: tenant.project.id,
        endReason: 'map 1 over',
        detectionCount: 1,
        participants: [
          { userId: alice!.id, covered: true, clientId: expect.any(String) },
          { userId: carol.id, covered: false, clientId: null },
        ],
      });

      const second = await list({ page: 2, limit: 2 });
      expect(second.data.map((s: any) => [s.sessionId, s.status])).toEqual([['list-b', 'ACTIVE'], ['list-a', 'ENDED']]);
      expect(second.pagination).toEqual({ page: 2, limit: 2, total: 4, totalPages: 2, hasNext: false, hasPrevious: true });
      expect((await list({ status: 'ENDED' })).data.map((s: any) => s.sessionId)).toEqual(['list-a']);
      expect((await list({ matchId: 'list-a' })).data.map((s: any) => s.status)).toEqual(['ACTIVE', 'ENDED']);
      expect((await list({ matchId: 'list-a', status: 'ACTIVE' })).data.map((s: any) => s.startedAt)).toEqual([all.data[1].startedAt]);
      expect((await list({ matchId: 'none' })).data).toEqual([]);

      // Another project's sessions are never listed, the same match id included.
      const theirs = await withKey(server, other.apiKey.key, 'GET', '/anti-cheat/sessions');
      expect(theirs.body.data.map((s: any) => [s.sessionId, s.projectId])).toEqual([['list-b', other.project.id]]);

      for (const [query, path] of [[{ status: 'DONE' }, 'query.status'], [{ limit: 101 }, 'query.limit'], [{ matchId: 'a b' }, 'query.matchId']] as const) {
        const bad = await withKey(server, key, 'GET', '/anti-cheat/sessions', { query });
        expect(bad.status).toBe(400);
        expect(bad.body.error.details[0].path).toBe(path);
      }
    });

    it('lets a game server that crashed find the sessions it left ACTIVE and end them', async ({ server }) => {
      const tenant = await antiCheatTenant(server);
      const [alice] = await enrolledUsers(server, tenant, 1);
      for (const match of ['crash-1', 'crash-2', 'crash-3']) await startSession(server, tenant, [alice!], match);
      await withKey(server, tenant.apiKey.key, 'POST', '/anti-cheat/sessions/crash-2/end');

      // After a restart: page through the ACTIVE sessions and end each.
      const active = await withKey(server, tenant.apiKey.key, 'GET', '/anti-cheat/sessions', { query: { status: 'ACTIVE', limit: 100 } });
      expect(active.body.data.map((s: any) => s.sessionId).sort()).toEqual(['crash-1', 'crash-3']);
      for (const session of active.body.data) {
        const end = await withKey(server, tenant.apiKey.key, 'POST', `/anti-cheat/sessions/${session.sessionId}/end`, { body: { reason: 'server restarted' } });
        expect(end.body.data.ended).toBe(true);
      }
      const left = await withKey(server, tenant.apiKey.key, 'GET', '/anti-cheat/sessions', { query: { status: 'ACTIVE' } });
      expect(left.body).toMatchObject({ data: [], pagination: { total: 0 } });
    });

    it('reads each filter through an index (R3.8)', async ({ server }) => {
      const tenant = await antiCheatTenant(server);
      const [alice] = await enrolledUsers(server, tenant, 1);
      await startSession(server, tenant, [alice!], 'plan-1');
      await raise(server, tenant, 'plan-1', alice!.id);
      const tables = await tablesOf(server);
      const report: string[] = [];
      for (const query of [{}, { status: 'ACTIVE' }, { matchId: 'plan-1' }, { matchId: 'plan-1', status: 'ENDED' }]) {
        const statements = await statementsOf(server, async () => {
          const res = await withKey(server, tenant.apiKey.key, 'GET', '/anti-cheat/sessions', { query });
          expect(res.status, res.text).toBe(200);
        });
        const selects = statements.filter((statement) => isPlannedRead(statement, /select|with/));
        expect(selects.length).toBeGreaterThan(0);
        for (const select of selects) for (const scan of await fullScans(server, select, tables)) report.push(`${JSON.stringify(query)}: ${scan}\n    ${select.sql}`);
      }
      expect(report.join('\n')).toBe('');
    });
  });
});
