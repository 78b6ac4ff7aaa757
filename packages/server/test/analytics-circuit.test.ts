import { describe, expect } from 'vitest';
import { it, request, type TestUser } from './helpers/index';
import { expectAnalyticsKeyRules } from './analytics-helpers';
import { classify, completedTournament, createCircuit, createSeason, seasonTransition } from './circuits-helpers';
import { registerPlayers } from './tournaments-helpers';

describe('GET /circuits/{id}/analytics', () => {
  it('computes tournaments, competitors, points, distribution, leaders and engagement of a known scenario', async ({ server, tenant }) => {
    const [p1, p2, p3, p4, p5, p6] = (await registerPlayers(server, 6)) as [TestUser, TestUser, TestUser, TestUser, TestUser, TestUser];
    const c = await createCircuit(server, tenant);
    const s1 = await createSeason(server, tenant, c.id, { name: 'One' }); // 100, 70, 40 (3-4), 20 (5-8)
    const s2 = await createSeason(server, tenant, c.id, {
      name: 'Two',
      startDate: '2031-01-01',
      endDate: '2031-12-31',
      scoring: { strategy: 'LINEAR', maxPoints: 50, step: 20, minPoints: 5 },
    });
    const empty = await request(server, 'GET', `/circuits/${c.id}/analytics`, { apiKey: tenant.apiKey.key });
    expect(empty.body.data).toMatchObject({ status: 'DRAFT', seasonCount: 2, tournamentsClassified: 0, uniqueCompetitors: 0, pointsDistribution: null, topCompetitors: [], engagement: [] });

    await seasonTransition(server, tenant, c.id, 'start');
    // T1: p1 100, p2 70, p3 40, p4 40.
    const t1 = await completedTournament(server, tenant, [p1, p2, p3, p4]);
    server.clock.advance(1000);
    await classify(server, tenant, c.id, t1.id);
    // T2 (seeds p1, p2, p5, p6; p5 strongest): p5 100, p1 70, p2 40, p6 40 - p5 and p6 are new.
    const t2 = await completedTournament(server, tenant, [p1, p2, p5, p6], { winOrder: [p5, p1, p2, p6] });
    server.clock.advance(1000);
    await classify(server, tenant, c.id, t2.id);
    await seasonTransition(server, tenant, c.id, 'complete');
    await seasonTransition(server, tenant, c.id, 'start');
    // T3 under LINEAR 50/20/min 5: p3 50, p4 30, p5 10, p6 10 - nobody new.
    const t3 = await completedTournament(server, tenant, [p3, p4, p5, p6]);
    server.clock.advance(1000);
    await classify(server, tenant, c.id, t3.id);

    const res = await request(server, 'GET', `/circuits/${c.id}/analytics`, { apiKey: tenant.apiKey.key });
    expect(res.status).toBe(200);
    const a = res.body.data;
    expect(a).toMatchObject({
      circuitId: c.id,
      status: 'ACTIVE',
      seasonCount: 2,
      activeSeasonId: s2.id,
      tournamentsClassified: 3,
      uniqueCompetitors: 6,
      totalPointsAwarded: 600,
      generatedAt: server.clock.now().toISOString(),
    });
    // Cumulative: p1 170, p5 110 (2 wins), p2 110 (1 win), p3 90, p4 70, p6 50.
    expect(a.topCompetitors.map((s: any) => [s.userId, s.points, s.rank, s.seasonId])).toEqual([
      [p1.id, 170, 1, null],
      [p5.id, 110, 2, null],
      [p2.id, 110, 3, null],
      [p3.id, 90, 4, null],
      [p4.id, 70, 5, null],
      [p6.id, 50, 6, null],
    ]);
    expect(a.pointsDistribution).toEqual({ count: 6, min: 50, p25: 75, median: 100, p75: 110, max: 170, mean: 100 });
    expect(a.engagement.map((e: any) => [e.tournamentId, e.seasonId, e.competitors, e.newCompetitors, e.returningCompetitors])).toEqual([
      [t1.id, s1.id, 4, 4, 0],
      [t2.id, s1.id, 4, 2, 2],
      [t3.id, s2.id, 4, 0, 4],
    ]);
    expect(a.seasons.map((s: any) => [s.seasonId, s.status, s.tournamentsClassified, s.competitors, s.pointsAwarded, s.averageParticipantsPerTournament, s.leader?.userId, s.leader?.points])).toEqual([
      [s1.id, 'COMPLETED', 2, 6, 500, 4, p1.id, 170],
      [s2.id, 'ACTIVE', 1, 4, 100, 4, p3.id, 50],
    ]);
  });

  it('needs read:analytics for keys; 404 for another project', async ({ server, tenant }) => {
    const c = await createCircuit(server, tenant);
    await expectAnalyticsKeyRules(server, tenant, `/circuits/${c.id}/analytics`);
    expect((await request(server, 'GET', `/circuits/${c.id}/analytics`, { token: tenant.owner.accessToken })).status).toBe(200);
  });
});
