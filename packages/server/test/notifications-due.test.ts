import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ManualClock } from '../src/index';
import { AccessService } from '../src/services/access';
import { NotificationService } from '../src/services/notifications/notification-service';
import { createTenant, request, startTestServer, type TestServer, type TestTenant, type TestUser } from './helpers/index';
import { allMatches, joinAll, lifecycle, openTournament, registerPlayers } from './tournaments-helpers';

let server: TestServer;
let tenant: TestTenant;
const START = '2030-06-01T12:00:00.000Z';

beforeAll(async () => {
  server = await startTestServer({ clock: new ManualClock('2030-06-01T10:55:00.000Z') });
  tenant = await createTenant(server);
});
afterAll(async () => server?.close());

/** A fresh access token (the clock moves past the 15-minute token lifetime in these tests). */
async function relogin(user: TestUser): Promise<TestUser> {
  const res = await request(server, 'POST', '/auth/login', { body: { username: user.username, password: user.password } });
  return { ...user, accessToken: res.body.data.accessToken };
}

const inboxTypes = async (user: TestUser): Promise<string[]> =>
  (await request(server, 'GET', '/notifications', { token: user.accessToken, query: { limit: 100 } })).body.data.map((n: any) => n.type);

describe('time-based notifications', () => {
  it('CHECK_IN_OPEN once the window opens, for the registered who have not checked in; MATCH_STARTING_SOON 15 minutes before', async () => {
    const t = await openTournament(server, tenant, { name: 'Clock Cup', startDate: START, checkInRequired: true, checkInOpensMinutesBefore: 60 });
    const plain = await openTournament(server, tenant, { name: 'No Check-in Cup', startDate: START });
    let players = await registerPlayers(server, 4);
    await joinAll(server, t.id, players);
    await joinAll(server, plain.id, players.slice(0, 2));
    expect(await inboxTypes(players[0]!)).not.toContain('CHECK_IN_OPEN');

    server.clock.set('2030-06-01T11:00:00.000Z');
    const [a, b] = [players[0]!, players[1]!];
    expect((await request(server, 'POST', `/tournaments/${t.id}/checkin`, { token: a.accessToken })).status).toBe(200);
    expect(await inboxTypes(a)).not.toContain('CHECK_IN_OPEN');
    const bTypes = await inboxTypes(b);
    expect(bTypes.filter((x) => x === 'CHECK_IN_OPEN')).toHaveLength(1);
    expect(await inboxTypes(b)).toEqual(bTypes);
    const note = (await request(server, 'GET', '/notifications', { token: b.accessToken })).body.data[0];
    expect(note).toMatchObject({ type: 'CHECK_IN_OPEN', title: 'Check-in is open for Clock Cup', data: { tournamentId: t.id }, createdAt: '2030-06-01T11:00:00.000Z' });

    // Everyone else is covered by the sweep a timer would run.
    const sweeper = new NotificationService(server.deps, new AccessService(server.deps));
    expect(await sweeper.sweepDue()).toBe(2);
    expect(await sweeper.sweepDue()).toBe(0);

    for (const p of players.slice(1)) {
      expect((await request(server, 'POST', `/tournaments/${t.id}/checkin`, { token: p.accessToken })).status).toBe(200);
    }
    await lifecycle(server, tenant, t.id, 'start');
    const round1 = (await allMatches(server, t.id)).filter((m) => m.participants.every((s: any) => s.participantId));
    expect(round1.map((m) => m.scheduledAt)).toEqual([START, START]);

    server.clock.set('2030-06-01T11:44:00.000Z');
    players = await Promise.all(players.map(relogin));
    expect(await inboxTypes(players[0]!)).not.toContain('MATCH_STARTING_SOON');
    server.clock.set('2030-06-01T11:45:00.000Z');
    for (const p of players) {
      const types = await inboxTypes(p);
      expect(types.filter((x) => x === 'MATCH_STARTING_SOON')).toHaveLength(1);
    }
  });

  it('announces again for the new time: a match rescheduled after its notice, a check-in window moved with the start', async () => {
    server.clock.set('2030-07-01T09:00:00.000Z');
    const organizer = { ...tenant, owner: await relogin(tenant.owner) };
    const first = '2030-07-01T12:00:00.000Z';
    const t = await openTournament(server, organizer, { name: 'Moved Cup', startDate: first, checkInRequired: true, checkInOpensMinutesBefore: 60 });
    const [a, b] = (await registerPlayers(server, 2)) as [TestUser, TestUser];
    await joinAll(server, t.id, [a, b]);
    const noticesOf = async (user: TestUser, type: string) =>
      (await request(server, 'GET', '/notifications', { token: (await relogin(user)).accessToken, query: { limit: 100 } })).body.data.filter(
        (n: any) => n.type === type && n.data.tournamentId === t.id,
      );

    server.clock.set('2030-07-01T11:10:00.000Z');
    expect(await noticesOf(a, 'CHECK_IN_OPEN')).toHaveLength(1);
    const later = '2030-07-08T12:00:00.000Z';
    const { accessToken } = await relogin(tenant.owner);
    expect((await request(server, 'PUT', `/tournaments/${t.id}`, { token: accessToken, body: { startDate: later } })).status).toBe(200);
    expect(await noticesOf(a, 'CHECK_IN_OPEN')).toHaveLength(1);
    server.clock.set('2030-07-08T11:10:00.000Z');
    const checkIn = await noticesOf(a, 'CHECK_IN_OPEN');
    expect(checkIn).toHaveLength(2);
    expect(checkIn[0].message).toContain('2030-07-08 12:00 UTC');

    for (const p of [a, b]) {
      expect((await request(server, 'POST', `/tournaments/${t.id}/checkin`, { token: (await relogin(p)).accessToken })).status).toBe(200);
    }
    server.clock.set(later);
    await lifecycle(server, { ...organizer, owner: await relogin(tenant.owner) }, t.id, 'start');
    const [match] = await allMatches(server, t.id);
    server.clock.set('2030-07-08T11:50:00.000Z');
    expect(await noticesOf(a, 'MATCH_STARTING_SOON')).toHaveLength(1);
    const owner = await relogin(tenant.owner);
    const moved = await request(server, 'POST', `/matches/${match.id}/reschedule`, { token: owner.accessToken, body: { scheduledAt: '2030-07-08T14:00:00Z' } });
    expect(moved.status).toBe(200);
    server.clock.set('2030-07-08T13:40:00.000Z');
    expect(await noticesOf(b, 'MATCH_STARTING_SOON')).toHaveLength(1);
    server.clock.set('2030-07-08T13:50:00.000Z');
    const soon = await noticesOf(b, 'MATCH_STARTING_SOON');
    expect(soon).toHaveLength(2);
    expect(soon[0].message).toContain('2030-07-08 14:00 UTC');
    expect(await noticesOf(b, 'MATCH_STARTING_SOON')).toHaveLength(2);
  });

  it('writes the times of messages in the time zone the recipient set, and in UTC for the others', async () => {
    server.clock.set('2030-08-01T09:00:00.000Z');
    const organizer = { ...tenant, owner: await relogin(tenant.owner) };
    const start = '2030-08-01T12:00:00.000Z';
    const t = await openTournament(server, organizer, { name: 'Zone Cup', startDate: start, checkInRequired: true, checkInOpensMinutesBefore: 60 });
    const [paris, tokyo, plain] = (await registerPlayers(server, 3)) as [TestUser, TestUser, TestUser];
    for (const [user, timeZone] of [[paris, 'Europe/Paris'], [tokyo, 'Asia/Tokyo']] as const) {
      expect((await request(server, 'PATCH', '/users/me', { token: user.accessToken, body: { timeZone } })).status).toBe(200);
    }
    await joinAll(server, t.id, [paris, tokyo, plain]);
    server.clock.set('2030-08-01T11:10:00.000Z');
    const checkInMessage = async (user: TestUser) =>
      (await request(server, 'GET', '/notifications', { token: (await relogin(user)).accessToken, query: { limit: 100 } })).body.data.find(
        (n: any) => n.type === 'CHECK_IN_OPEN' && n.data.tournamentId === t.id,
      ).message;
    expect(await checkInMessage(paris)).toContain('before it starts on 2030-08-01 14:00 Europe/Paris,');
    expect(await checkInMessage(tokyo)).toContain('before it starts on 2030-08-01 21:00 Asia/Tokyo,');
    expect(await checkInMessage(plain)).toContain('before it starts on 2030-08-01 12:00 UTC,');
  });
});

