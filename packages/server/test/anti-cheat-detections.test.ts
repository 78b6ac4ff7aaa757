import { describe, expect } from 'vitest';
import { totalCountQuery } from '../src/db/page-query';
import { detectionsNewestFirst, filterDetections } from '../src/services/anti-cheat/detections';
import { onPostgres, registerUser, test, type TestTenant, type TestUser } from './helpers/index';
import { antiCheatTenant, artifact, enrolledUsers, presign, raise, startAntiCheatServer, startSession, withEvidenceDir, withKey } from './anti-cheat-helpers';

test.scoped({ serverOptions: withEvidenceDir() });

/** An anti-cheat tenant with two enrolled users, alice and bob, in the session det-1. */
const it = test.extend<{ scene: { tenant: TestTenant; alice: TestUser; bob: TestUser } }>({
  scene: [
    async ({ server }, use) => {
      const tenant = await antiCheatTenant(server);
      const [alice, bob] = (await enrolledUsers(server, tenant, 2)) as [TestUser, TestUser];
      await startSession(server, tenant, [alice, bob], 'det-1');
      await use({ tenant, alice, bob });
    },
    { scope: 'file' },
  ],
});

describe('anti-cheat detections', () => {
  it('raises a detection with rule, severity and AI verdict, and emits anticheat.detection_raised', async ({ server, scene: { tenant, alice } }) => {
    const res = await withKey(server, tenant.apiKey.key, 'POST', '/anti-cheat/sessions/det-1/detections', {
      body: { userId: alice.id, rule: 'aim.snap_angle', severity: 'CRITICAL', aiVerdict: { label: 'likely_aimbot', confidence: 0.97 } },
    });
    expect(res.status).toBe(201);
    const detection = res.body.data;
    expect(detection).toEqual({
      id: expect.any(String),
      sessionId: 'det-1',
      matchId: 'det-1',
      userId: alice.id,
      rule: 'aim.snap_angle',
      severity: 'CRITICAL',
      aiVerdictRecorded: true,
      evidenceCount: 0,
      reviewed: false,
      createdAt: server.clock.now().toISOString(),
      verdict: null,
      reviewedAt: null,
    });
    const event = await server.deps.db
      .selectFrom('events')
      .selectAll()
      .where('type', '=', 'anticheat.detection_raised')
      .where('subject_id', '=', detection.id)
      .executeTakeFirstOrThrow();
    expect(event.project_id).toBe(tenant.project.id);
    expect(JSON.parse(event.data)).toEqual({ detection });
  });

  it('reads one detection of the project by id; another project or an unknown id is 404 (getDetection)', async ({ server, scene: { tenant, alice } }) => {
    const raised = await withKey(server, tenant.apiKey.key, 'POST', '/anti-cheat/sessions/det-1/detections', {
      body: { userId: alice.id, rule: 'wallhack.trace', severity: 'HIGH' },
    });
    expect(raised.status).toBe(201);
    const read = await withKey(server, tenant.apiKey.key, 'GET', `/anti-cheat/detections/${raised.body.data.id}`);
    expect(read.status).toBe(200);
    expect(read.body.data).toEqual({ ...raised.body.data, aiVerdict: null, verdictNote: null, evidence: [] });
    const stranger = await antiCheatTenant(server);
    expect((await withKey(server, stranger.apiKey.key, 'GET', `/anti-cheat/detections/${raised.body.data.id}`)).status).toBe(404);
    expect((await withKey(server, tenant.apiKey.key, 'GET', '/anti-cheat/detections/00000000-0000-7000-8000-000000000000')).status).toBe(404);
  });

  it('refuses a detection for a user the session does not monitor (400) and evidence of another session (400)', async ({ server, scene: { tenant, alice } }) => {
    const stranger = await registerUser(server);
    const res = await withKey(server, tenant.apiKey.key, 'POST', '/anti-cheat/sessions/det-1/detections', {
      body: { userId: stranger.id, rule: 'wallhack', severity: 'LOW' },
    });
    expect(res.status).toBe(400);
    expect(res.body.error.details[0].path).toBe('body.userId');

    const [carol] = await enrolledUsers(server, tenant, 1);
    await startSession(server, tenant, [carol!], 'det-other');
    const foreign = await presign(server, tenant, 'det-other', artifact('f'));
    const withForeign = await withKey(server, tenant.apiKey.key, 'POST', '/anti-cheat/sessions/det-1/detections', {
      body: { userId: alice.id, rule: 'wallhack', severity: 'LOW', evidenceMediaFileIds: [foreign.mediaFileId] },
    });
    expect(withForeign.status).toBe(400);
    expect(withForeign.body.error.details[0].path).toBe('body.evidenceMediaFileIds[0]');
  });

  it('refuses detections into an ended session (409 INVALID_STATE) and an unknown one (404)', async ({ server, scene: { tenant, alice } }) => {
    await startSession(server, tenant, [alice], 'det-ended');
    await withKey(server, tenant.apiKey.key, 'POST', '/anti-cheat/sessions/det-ended/end');
    const res = await withKey(server, tenant.apiKey.key, 'POST', '/anti-cheat/sessions/det-ended/detections', {
      body: { userId: alice.id, rule: 'speed', severity: 'LOW' },
    });
    expect(res.status).toBe(409);
    expect(res.body.error.code).toBe('INVALID_STATE');
    const unknown = await withKey(server, tenant.apiKey.key, 'POST', '/anti-cheat/sessions/det-none/detections', {
      body: { userId: alice.id, rule: 'speed', severity: 'LOW' },
    });
    expect(unknown.status).toBe(404);
  });

  describe('list', () => {
    /** Another tenant `t` with 205 detections in session list-1, one second apart (`ids`, oldest first). */
    const listed = it.extend<{ listing: { t: TestTenant; ids: string[] } }>({
      listing: [
        async ({ server }, use) => {
          const t = await antiCheatTenant(server);
          const [u] = await enrolledUsers(server, t, 1);
          await startSession(server, t, [u!], 'list-1');
          const ids: string[] = [];
          for (let i = 0; i < 205; i++) {
            server.clock.advance(1000);
            ids.push((await raise(server, t, 'list-1', u!.id, { rule: `rule.${i}`, severity: i % 2 ? 'LOW' : 'MEDIUM' })).id);
          }
          await use({ t, ids });
        },
        { scope: 'file' },
      ],
    });

    listed('lists newest first, 50 by default, at most 200; 201 and 0 are 400 naming query.limit', async ({ server, listing: { t, ids } }) => {
      const byDefault = await withKey(server, t.apiKey.key, 'GET', '/anti-cheat/detections');
      expect(byDefault.status).toBe(200);
      expect(byDefault.body.pagination).toEqual({ page: 1, limit: 50, total: 205, totalPages: 5, hasNext: true, hasPrevious: false });
      expect(byDefault.body.data.map((d: { id: string }) => d.id)).toEqual(ids.slice().reverse().slice(0, 50));
      const max = await withKey(server, t.apiKey.key, 'GET', '/anti-cheat/detections', { query: { limit: 200 } });
      expect(max.body.data).toHaveLength(200);
      expect(max.body.data[0].rule).toBe('rule.204');
      for (const limit of [201, 0]) {
        const bad = await withKey(server, t.apiKey.key, 'GET', '/anti-cheat/detections', { query: { limit } });
        expect(bad.status).toBe(400);
        expect(bad.body.error.details[0].path).toBe('query.limit');
      }
      // Detections carry no evidence content, only counts.
      expect(Object.keys(max.body.data[0]).sort()).toEqual(
        ['aiVerdictRecorded', 'createdAt', 'evidenceCount', 'id', 'matchId', 'reviewed', 'reviewedAt', 'rule', 'sessionId', 'severity', 'userId', 'verdict'].sort(),
      );
    });

    listed('pages newest first: page 2 holds the next older detections, the oldest are reachable, a page past the end is empty (R3.3)', async ({ server, listing: { t, ids } }) => {
      const newestFirst = ids.slice().reverse();
      const get = async (query: Record<string, string | number>) => {
        const res = await withKey(server, t.apiKey.key, 'GET', '/anti-cheat/detections', { query });
        expect(res.status, res.text).toBe(200);
        return { ids: res.body.data.map((d: { id: string }) => d.id) as string[], pagination: res.body.pagination };
      };
      const second = await get({ page: 2 });
      expect(second.ids).toEqual(newestFirst.slice(50, 100));
      expect(second.pagination).toEqual({ page: 2, limit: 50, total: 205, totalPages: 5, hasNext: true, hasPrevious: true });
      // Every page of 50, one after the other, lists each detection once, newest first.
      const pages = [second];
      for (const page of [3, 4, 5]) pages.push(await get({ page }));
      expect([...newestFirst.slice(0, 50), ...pages.flatMap((p) => p.ids)]).toEqual(newestFirst);
      expect(pages[3]!.pagination).toEqual({ page: 5, limit: 50, total: 205, totalPages: 5, hasNext: false, hasPrevious: true });
      // Past the newest 200: the five oldest, once out of reach, are page 2 of 200.
      const oldest = await get({ page: 2, limit: 200 });
      expect(oldest.ids).toEqual([ids[4], ids[3], ids[2], ids[1], ids[0]]);
      expect(oldest.pagination).toEqual({ page: 2, limit: 200, total: 205, totalPages: 2, hasNext: false, hasPrevious: true });
      const beyond = await get({ page: 6 });
      expect(beyond.ids).toEqual([]);
      expect(beyond.pagination).toEqual({ page: 6, limit: 50, total: 205, totalPages: 5, hasNext: false, hasPrevious: true });
      // The session filter pages the same way.
      const bySession = await get({ sessionId: 'list-1', page: 3, limit: 100 });
      expect(bySession.ids).toEqual(newestFirst.slice(200));
      expect(bySession.pagination).toEqual({ page: 3, limit: 100, total: 205, totalPages: 3, hasNext: false, hasPrevious: true });
    });

    listed('records a verdict once (second is 409), and unreviewedOnly leaves reviewed detections out', async ({ server, listing: { t, ids } }) => {
      const target = ids[204]!;
      const verdict = await withKey(server, t.apiKey.key, 'POST', `/anti-cheat/detections/${target}/verdict`, {
        body: { verdict: 'CONFIRMED_CHEAT', note: 'clear snap on replay' },
      });
      expect(verdict.status).toBe(200);
      expect(verdict.body.data).toMatchObject({ id: target, reviewed: true, verdict: 'CONFIRMED_CHEAT', reviewedAt: server.clock.now().toISOString() });
      const second = await withKey(server, t.apiKey.key, 'POST', `/anti-cheat/detections/${target}/verdict`, { body: { verdict: 'FALSE_POSITIVE' } });
      expect(second.status).toBe(409);
      expect(second.body.error.code).toBe('CONFLICT');

      const all = await withKey(server, t.apiKey.key, 'GET', '/anti-cheat/detections', { query: { limit: 3 } });
      expect(all.body.data.map((d: { id: string }) => d.id)).toEqual([ids[204], ids[203], ids[202]]);
      expect(all.body.data[0].reviewed).toBe(true);
      const unreviewed = await withKey(server, t.apiKey.key, 'GET', '/anti-cheat/detections', { query: { limit: 3, unreviewedOnly: true } });
      expect(unreviewed.body.data.map((d: { id: string }) => d.id)).toEqual([ids[203], ids[202], ids[201]]);
      expect(unreviewed.body.data.every((d: { reviewed: boolean }) => !d.reviewed)).toBe(true);
      const explicitFalse = await withKey(server, t.apiKey.key, 'GET', '/anti-cheat/detections', { query: { limit: 3, unreviewedOnly: false } });
      expect(explicitFalse.body.data[0].id).toBe(ids[204]);
    });

    listed('filters by session', async ({ server, listing: { t } }) => {
      const [u] = await enrolledUsers(server, t, 1);
      await startSession(server, t, [u!], 'list-2');
      const only = await raise(server, t, 'list-2', u!.id);
      const res = await withKey(server, t.apiKey.key, 'GET', '/anti-cheat/detections', { query: { sessionId: 'list-2' } });
      expect(res.body.data.map((d: { id: string }) => d.id)).toEqual([only.id]);
    });

    listed('breaks ties of one instant by id, so pages neither overlap nor skip, with each filter (R3.3)', async ({ server }) => {
      const t = await antiCheatTenant(server);
      const [u] = await enrolledUsers(server, t, 1);
      await startSession(server, t, [u!], 'ties-1');
      const detections: { id: string; createdAt: string }[] = [];
      for (let i = 0; i < 5; i++) detections.push(await raise(server, t, 'ties-1', u!.id));
      expect(new Set(detections.map((d) => d.createdAt)).size).toBe(1); // one instant: only the id orders them
      const raised = detections.map((d) => d.id);
      const byIdDesc = raised.slice().sort().reverse();
      const walk = async (query: Record<string, string | number | boolean>) => {
        const seen: string[] = [];
        const paginations: unknown[] = [];
        for (let page = 1; page <= 3; page++) {
          const res = await withKey(server, t.apiKey.key, 'GET', '/anti-cheat/detections', { query: { ...query, page, limit: 2 } });
          expect(res.status, res.text).toBe(200);
          seen.push(...res.body.data.map((d: { id: string }) => d.id));
          paginations.push(res.body.pagination);
        }
        return { seen, paginations };
      };
      const all = await walk({});
      expect(all.seen).toEqual(byIdDesc);
      expect(all.paginations).toEqual([
        { page: 1, limit: 2, total: 5, totalPages: 3, hasNext: true, hasPrevious: false },
        { page: 2, limit: 2, total: 5, totalPages: 3, hasNext: true, hasPrevious: true },
        { page: 3, limit: 2, total: 5, totalPages: 3, hasNext: false, hasPrevious: true },
      ]);
      expect((await walk({ sessionId: 'ties-1' })).seen).toEqual(byIdDesc);
      const reviewed = byIdDesc[1]!;
      const verdict = await withKey(server, t.apiKey.key, 'POST', `/anti-cheat/detections/${reviewed}/verdict`, { body: { verdict: 'FALSE_POSITIVE' } });
      expect(verdict.status).toBe(200);
      const unreviewed = await walk({ sessionId: 'ties-1', unreviewedOnly: true });
      expect(unreviewed.seen).toEqual(byIdDesc.filter((id) => id !== reviewed));
      expect(unreviewed.paginations[0]).toEqual({ page: 1, limit: 2, total: 4, totalPages: 2, hasNext: true, hasPrevious: false });
      expect((await walk({ unreviewedOnly: true })).seen).toEqual(byIdDesc.filter((id) => id !== reviewed));
      // Another project's key sees none of them, with or without the session filter.
      const stranger = await antiCheatTenant(server);
      for (const query of [{}, { sessionId: 'ties-1' }]) {
        const res = await withKey(server, stranger.apiKey.key, 'GET', '/anti-cheat/detections', { query });
        expect(res.body).toMatchObject({ data: [], pagination: { total: 0, totalPages: 0 } });
      }
    });

    listed('verdict on an unknown detection is 404', async ({ server, listing: { t } }) => {
      const res = await withKey(server, t.apiKey.key, 'POST', '/anti-cheat/detections/0190aaaa-0000-7000-8000-000000000000/verdict', {
        body: { verdict: 'INCONCLUSIVE' },
      });
      expect(res.status).toBe(404);
    });
  });
});

describe('detection pages and their indexes', () => {
  test('caps the counted total like every list: a lower bound with totalCapped, exact near the end (R3.3, R3.11)', async () => {
    const { server, cleanup } = await startAntiCheatServer({ listTotalCap: 3 });
    try {
      const t = await antiCheatTenant(server);
      const [u] = await enrolledUsers(server, t, 1);
      await startSession(server, t, [u!], 'cap-1');
      for (let i = 0; i < 6; i++) {
        server.clock.advance(1000);
        await raise(server, t, 'cap-1', u!.id);
      }
      const page = async (n: number) => (await withKey(server, t.apiKey.key, 'GET', '/anti-cheat/detections', { query: { page: n, limit: 2 } })).body;
      expect((await page(1)).pagination).toEqual({ page: 1, limit: 2, total: 3, totalPages: 2, hasNext: true, hasPrevious: false, totalCapped: true });
      const last = await page(3);
      expect(last.data).toHaveLength(2);
      expect(last.pagination).toEqual({ page: 3, limit: 2, total: 6, totalPages: 3, hasNext: false, hasPrevious: true });
    } finally {
      await cleanup();
    }
  });

  // SQLite only, as for the tournaments list: PostgreSQL picks any index of tables this small (list-index-plans.test.ts
  // checks there that no query of the list reads a whole table).
  test.skipIf(onPostgres)('counts and reads a page on the detections index of its filter (R3.3, R3.8)', async ({ server }) => {
    const variants = [
      [{}, 'anti_cheat_detections_project_idx', 'anti_cheat_detections_(project|unreviewed)_idx'],
      [{ unreviewedOnly: true }, 'anti_cheat_detections_unreviewed_idx', 'anti_cheat_detections_unreviewed_idx'],
      [{ sessionId: 'm-1' }, 'anti_cheat_detections_session_idx', 'anti_cheat_detections_session_idx'],
      [{ sessionId: 'm-1', unreviewedOnly: true }, 'anti_cheat_detections_session_idx', 'anti_cheat_detections_session_idx'],
    ] as const;
    const window = { page: 2, limit: 50, totalCap: 1000 };
    for (const [filters, pageIndex, countIndex] of variants) {
      const base = filterDetections(server.deps.db, '01900000-0000-7000-8000-000000000001', filters);
      for (const [query, index] of [
        [detectionsNewestFirst(base).limit(window.limit).offset(window.limit), pageIndex],
        [totalCountQuery(base, window), countIndex],
      ] as const) {
        const compiled = query.compile();
        const plan = await server.deps.db.executeQuery<{ detail: string }>({ ...compiled, sql: `EXPLAIN QUERY PLAN ${compiled.sql}` });
        const detail = plan.rows.map((r) => r.detail).join(' | ');
        expect(detail, JSON.stringify(filters)).toMatch(new RegExp(`SEARCH d USING (COVERING )?INDEX ${index} `));
        if ('sessionId' in filters) expect(detail).toMatch(/SEARCH s USING INDEX anti_cheat_sessions_match_idx \(project_id=\? AND match_id=\?\)/);
      }
    }
  });
});

