import { describe, expect } from 'vitest';
import { writeEvents } from '../src/services/events';
import { addStaffMember, registerUser, request, test, type TestServer, type TestTenant, type TestUser } from './helpers/index';
import { allMatches, betterSeed, joinAll, lifecycle, openTournament, playMatch, registerPlayers } from './tournaments-helpers';

/** Helpers bound to the file's server and tenant (the `bound` fixture). */
function bound(server: TestServer, tenant: TestTenant) {
  /** Every in-app notification of `user`, newest first. */
  async function inbox(user: Pick<TestUser, 'accessToken'>, query: Record<string, string | number | boolean> = {}): Promise<any[]> {
    const res = await request(server, 'GET', '/notifications', { token: user.accessToken, query: { limit: 100, ...query } });
    expect(res.status).toBe(200);
    return res.body.data;
  }

  /** A started 4-player single elimination and the player of each participant. */
  async function started4() {
    const t = await openTournament(server, tenant, { name: 'Notify Cup' });
    const players = await registerPlayers(server, 4);
    const { byParticipant, participantOf } = await joinAll(server, t.id, players);
    await lifecycle(server, tenant, t.id, 'start');
    const matches = await allMatches(server, t.id);
    return { tournamentId: t.id as string, players, byParticipant, participantOf, matches };
  }
  return { inbox, started4 };
}
const it = test.extend<{ bound: ReturnType<typeof bound> }>({ bound: async ({ server, tenant }, use) => use(bound(server, tenant)) });

const typesOf = (list: any[]) => list.map((n) => n.type).reverse();

describe('notifications from real match events', () => {
  it('tells an entry that did not check in that the tournament started without it, and the others where their matches are', async ({ server, tenant, bound: { inbox } }) => {
    const startDate = new Date(server.clock.now().getTime() + 30 * 60_000).toISOString();
    const t = await openTournament(server, tenant, { name: 'Roll Call Cup', checkInRequired: true, startDate });
    const players = await registerPlayers(server, 3);
    await joinAll(server, t.id, players);
    for (const p of players.slice(0, 2)) expect((await request(server, 'POST', `/tournaments/${t.id}/checkin`, { token: p.accessToken })).status).toBe(200);
    await lifecycle(server, tenant, t.id, 'start');
    const startNotice = async (p: TestUser) => (await inbox(p)).filter((n) => n.type === 'TOURNAMENT_STARTED').map((n) => n.message);
    for (const p of players.slice(0, 2)) expect(await startNotice(p)).toEqual(['Roll Call Cup has started; your matches are in the schedule.']);
    expect(await startNotice(players[2]!)).toEqual(['Roll Call Cup has started without you: your entry did not check in, so it was not seeded.']);
  });

  it('notifies registration, start, readiness, the opponent of a report, results and the end with placements', async ({ server, bound: { inbox, started4 } }) => {
    const { tournamentId, players, byParticipant, matches } = await started4();
    const [semi1, semi2, final] = [matches[0], matches[1], matches[2]];
    expect(final.participants.every((s: any) => s.participantId === null)).toBe(true);
    for (const p of players) {
      expect(typesOf(await inbox(p))).toEqual(['REGISTRATION_CONFIRMED', 'TOURNAMENT_STARTED', 'MATCH_READY']);
    }
    const [first] = await inbox(players[0]!);
    expect(first).toMatchObject({ title: 'Your match in Notify Cup is ready', data: { tournamentId, matchId: expect.any(String) }, channels: ['IN_APP'] });

    // Semi-final 1: start, report by the better seed, confirm by the other.
    const winnerId = betterSeed(semi1);
    const loserId = semi1.participants.find((s: any) => s.participantId !== winnerId).participantId;
    const [winner, loser] = [byParticipant.get(winnerId)!, byParticipant.get(loserId)!];
    expect((await request(server, 'POST', `/matches/${semi1.id}/start`, { token: winner.accessToken })).status).toBe(200);
    const report = await request(server, 'POST', `/matches/${semi1.id}/report`, {
      token: winner.accessToken,
      body: { winnerId, scores: [{ participantId: winnerId, score: 2 }, { participantId: loserId, score: 0 }] },
    });
    expect(report.status).toBe(200);
    const loserInbox = await inbox(loser);
    expect(typesOf(loserInbox).slice(-2)).toEqual(['MATCH_STARTED', 'MATCH_RESULT_REPORTED']);
    expect(loserInbox[0]).toMatchObject({ data: { tournamentId, matchId: semi1.id }, readAt: null });
    expect(loserInbox[0].message).toContain('Confirm it');
    expect(typesOf(await inbox(winner)).slice(-1)).toEqual(['MATCH_STARTED']);
    expect((await request(server, 'POST', `/matches/${semi1.id}/confirm`, { token: loser.accessToken })).status).toBe(200);
    const done = await inbox(winner);
    expect(done[0]).toMatchObject({ type: 'MATCH_COMPLETED', data: { matchId: semi1.id } });
    expect(done[0].message).toMatch(/won 2-0|won 0-2/);
    expect(done.filter((n) => n.type === 'MATCH_READY' && n.data.matchId === final.id)).toEqual([]);

    // The final becomes ready when the second semi-final ends: both finalists are told, once.
    const semi2Winner = byParticipant.get(betterSeed(semi2))!;
    await playMatch(server, semi2, byParticipant);
    for (const finalist of [winner, semi2Winner]) {
      const ready = (await inbox(finalist)).filter((n) => n.type === 'MATCH_READY');
      expect(ready.map((n) => n.data.matchId)).toEqual([final.id, expect.any(String)]);
    }
    const finalNow = (await allMatches(server, tournamentId)).find((m) => m.id === final.id);
    await playMatch(server, finalNow, byParticipant);
    const champion = byParticipant.get(betterSeed(finalNow))!;
    const end = (await inbox(champion))[0];
    expect(end).toMatchObject({ type: 'TOURNAMENT_COMPLETED', title: 'Notify Cup is over', data: { tournamentId } });
    expect(end.message).toContain('you placed 1st');
    expect((await inbox(loser))[0].message).toContain('you placed 3-4');
  });

  it('lists with pagination and unreadOnly; marks one read (idempotent) and all read', async ({ server, bound: { inbox, started4 } }) => {
    const { players } = await started4();
    const user = players[0]!;
    const page1 = await request(server, 'GET', '/notifications', { token: user.accessToken, query: { limit: 2 } });
    expect(page1.body.pagination).toMatchObject({ page: 1, limit: 2, total: 3, totalPages: 2, hasNext: true });
    const [latest] = page1.body.data;
    const read = await request(server, 'PATCH', `/notifications/${latest.id}/read`, { token: user.accessToken });
    expect(read.status).toBe(200);
    expect(read.body.data.readAt).toBe(server.clock.now().toISOString());
    server.clock.advance(5000);
    const again = await request(server, 'PATCH', `/notifications/${latest.id}/read`, { token: user.accessToken });
    expect(again.body.data.readAt).toBe(read.body.data.readAt);
    expect((await inbox(user, { unreadOnly: true })).map((n) => n.id)).not.toContain(latest.id);
    expect(await inbox(user, { unreadOnly: true })).toHaveLength(2);

    const other = players[1]!;
    const foreign = await request(server, 'PATCH', `/notifications/${latest.id}/read`, { token: other.accessToken });
    expect(foreign.status).toBe(404);

    const all = await request(server, 'PATCH', '/notifications/read-all', { token: user.accessToken });
    expect(all.body.data).toEqual({ updated: 2 });
    expect(await inbox(user, { unreadOnly: true })).toEqual([]);
    expect((await request(server, 'PATCH', '/notifications/read-all', { token: user.accessToken })).body.data).toEqual({ updated: 0 });
  });

  it('notifies a dispute to the other side and the staff, not to whoever disputed (match.disputed event)', async ({ server, tenant, bound: { inbox, started4 } }) => {
    const { tournamentId, byParticipant, matches } = await started4();
    const moderator = await registerUser(server);
    await addStaffMember(server, tenant.organization.id, moderator.id, 'MODERATOR');
    const m = matches[0];
    const [a, b] = m.participants.map((s: any) => byParticipant.get(s.participantId)!);
    await writeEvents(server.deps.db, server.deps, [
      {
        projectId: tenant.project.id,
        type: 'match.disputed',
        subjectId: m.id,
        data: { matchId: m.id, tournamentId, status: 'DISPUTED', disputedBy: a.id, reason: 'wrong score' },
      },
    ]);
    const staffNote = (await inbox(moderator))[0];
    expect(staffNote).toMatchObject({ type: 'MATCH_DISPUTED', data: { tournamentId, matchId: m.id } });
    expect(staffNote.message).toContain('wrong score');
    expect((await inbox(tenant.owner)).map((n) => n.data.matchId)).toContain(m.id);
    expect((await inbox(b))[0].type).toBe('MATCH_DISPUTED');
    expect((await inbox(a)).map((n) => n.type)).not.toContain('MATCH_DISPUTED');
  });

  it('creates nothing for anyone else', async ({ server, bound: { inbox, started4 } }) => {
    // Signed up before anything happens: every event of the tournament below could have reached them.
    const bystander = await registerUser(server);
    const { byParticipant, matches } = await started4();
    await playMatch(server, matches[0], byParticipant);
    await playMatch(server, matches[1], byParticipant);
    expect(await inbox(bystander)).toEqual([]);
  });

  it('needs a user token', async ({ server, tenant }) => {
    expect((await request(server, 'GET', '/notifications')).status).toBe(401);
    const byKey = await request(server, 'GET', '/notifications', { apiKey: tenant.apiKey.key });
    expect(byKey.body.error.code).toBe('API_KEY_NOT_ALLOWED');
  });
});
