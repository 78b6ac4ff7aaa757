import { describe, expect } from 'vitest';
import { newId } from '../src/ids';
import { expectStatus, it, registerUser, request, type TestUser } from './helpers/index';
import { expectAnalyticsKeyRules } from './analytics-helpers';
import { allMatches, joinAll, lifecycle, openTournament, registerPlayers } from './tournaments-helpers';

const MINUTE = 60_000;

describe('GET /tournaments/{id}/analytics', () => {
  it('computes participants, check-in rate, matches, duration, dispute rate and walkovers of a known scenario', async ({ server, tenant }) => {
    const startDate = new Date(server.clock.now().getTime() + 30 * MINUTE).toISOString();
    const t = await openTournament(server, tenant, { checkInRequired: true, startDate });
    const [p1, p2, p3, p4, p5, p6] = await registerPlayers(server, 6);
    const { participantOf } = await joinAll(server, t.id, [p1!, p2!, p3!, p4!, p5!, p6!]);
    const as = (key: string) => ({ apiKey: key });
    // p1-p4 check in, p5 does not (NO_SHOW at the start), p6 withdraws.
    for (const p of [p1, p2, p3, p4]) expectStatus(await request(server, 'POST', `/tournaments/${t.id}/checkin`, { token: p!.accessToken }), 200, 'checkin');
    expectStatus(
      await request(server, 'PATCH', `/tournaments/${t.id}/participants/${participantOf.get(p6!.id)}`, { ...as(tenant.apiKey.key), body: { status: 'WITHDRAWN' } }),
      200,
      'withdraw',
    );
    const before = await request(server, 'GET', `/tournaments/${t.id}/analytics`, as(tenant.apiKey.key));
    expect(before.status).toBe(200);
    expect(before.body.data).toMatchObject({
      status: 'REGISTRATION_OPEN',
      totalParticipants: 6,
      participants: { registered: 1, checkedIn: 4, withdrawn: 1 },
      checkInRate: 0.8,
      matches: { total: 0 },
      progress: 0,
      disputeRate: 0,
      averageMatchDurationSeconds: null,
    });

    await lifecycle(server, tenant, t.id, 'start');
    const [semi1, semi2] = (await allMatches(server, t.id)).filter((m) => m.round === 1);
    const pid = (u: { id: string }) => participantOf.get(u.id) as string;
    /** `by` starts match `id`, `minutes` later reports a win 2-0 or 2-1 over `other` (tokens live 15 minutes). */
    const startAndReport = async (id: string, by: TestUser, other: TestUser, minutes: number, otherScore: number) => {
      expectStatus(await request(server, 'POST', `/matches/${id}/start`, { token: by.accessToken }), 200, `start ${id}`);
      server.clock.advance(minutes * MINUTE);
      const scores = [{ participantId: pid(by), score: 2 }, { participantId: pid(other), score: otherScore }];
      const body = { winnerId: pid(by), scores };
      expectStatus(await request(server, 'POST', `/matches/${id}/report`, { token: by.accessToken, body }), 200, `report ${id}`);
    };
    // Semi-final 1 (p1 v p4): started, 4 minutes later reported and confirmed.
    await startAndReport(semi1.id, p1!, p4!, 4, 0);
    expectStatus(await request(server, 'POST', `/matches/${semi1.id}/confirm`, { token: p4!.accessToken }), 200, 'confirm');
    // Semi-final 2 (p2 v p3): p3 is disqualified, p2 wins by walkover (never started: no duration).
    expect(semi2.participants.map((s: any) => s.participantId).sort()).toEqual([pid(p2!), pid(p3!)].sort());
    expect((await request(server, 'DELETE', `/tournaments/${t.id}/participants/${pid(p3!)}`, as(tenant.apiKey.key))).status).toBe(204);
    // Final (p1 v p2): started and reported, then disputed (a DISPUTED history entry, written directly until the
    // dispute endpoint exists).
    const final = (await allMatches(server, t.id)).find((m) => m.round === 2);
    await startAndReport(final.id, p2!, p1!, 3, 1);
    await server.deps.db
      .insertInto('match_history')
      .values({ id: newId(), match_id: final.id, type: 'DISPUTED', actor_user_id: p1!.id, at: server.clock.now().toISOString(), data: '{}' })
      .execute();

    const res = await request(server, 'GET', `/tournaments/${t.id}/analytics`, { token: tenant.owner.accessToken });
    expect(res.status).toBe(200);
    expect(res.body.data).toEqual({
      tournamentId: t.id,
      status: 'ONGOING',
      participants: { registered: 0, checkedIn: 0, active: 2, eliminated: 1, disqualified: 1, withdrawn: 1, noShow: 1, waitlisted: 0 },
      totalParticipants: 6,
      matches: { total: 3, scheduled: 0, inProgress: 0, pendingResult: 1, completed: 2, disputed: 0, resolved: 0, byes: 0, walkovers: 1, draws: 0 },
      checkInRate: 0.8,
      disputeRate: 0.5,
      averageMatchDurationSeconds: 240,
      progress: 2 / 3,
      generatedAt: server.clock.now().toISOString(),
    });
  });

  it('has a null check-in rate when check-in is not required', async ({ server, tenant }) => {
    const t = await openTournament(server, tenant);
    const res = await request(server, 'GET', `/tournaments/${t.id}/analytics`, { apiKey: tenant.apiKey.key });
    expect(res.body.data).toMatchObject({ checkInRate: null, totalParticipants: 0, progress: 0 });
  });

  it('needs read:analytics for keys and a staff role for users; 404 for another project', async ({ server, tenant }) => {
    const t = await openTournament(server, tenant);
    await expectAnalyticsKeyRules(server, tenant, `/tournaments/${t.id}/analytics`);
    const user = await registerUser(server);
    expect((await request(server, 'GET', `/tournaments/${t.id}/analytics`, { token: user.accessToken })).status).toBe(403);
    expect((await request(server, 'GET', `/tournaments/${t.id}/analytics`)).status).toBe(401);
  });
});
