import { describe, expect } from 'vitest';
import { registerUser, request, test, type TestServer, type TestTenant, type TestUser } from './helpers/index';
import { allMatches, betterSeed, joinAll, lifecycle, openTournament, playMatch } from './tournaments-helpers';

const TYPES = [
  'TOURNAMENT_STARTED',
  'TOURNAMENT_COMPLETED',
  'REGISTRATION_CONFIRMED',
  'CHECK_IN_OPEN',
  'MATCH_READY',
  'MATCH_STARTING_SOON',
  'MATCH_STARTED',
  'MATCH_RESULT_REPORTED',
  'MATCH_COMPLETED',
  'MATCH_DISPUTED',
  'MATCH_RESOLVED',
  'MATCH_RESCHEDULED',
  'MATCH_RESULT_CORRECTED',
  'PARTICIPANT_DISQUALIFIED',
  'STAFF_INVITATION',
  'WEBHOOK_DISABLED',
];

/** Helpers bound to the file's server and tenant (the `bound` fixture). */
function bound(server: TestServer, tenant: TestTenant) {
  const setPrefs = (user: TestUser, types: unknown) => request(server, 'PATCH', '/notifications/preferences', { token: user.accessToken, body: { types } });
  return { setPrefs };
}
const it = test.extend<{ bound: ReturnType<typeof bound> }>({ bound: async ({ server, tenant }, use) => use(bound(server, tenant)) });

describe('notification preferences', () => {
  it('defaults to in-app on, email and webhook off, for every type', async ({ server }) => {
    const alice = await registerUser(server);
    const res = await request(server, 'GET', '/notifications/preferences', { token: alice.accessToken });
    expect(res.status).toBe(200);
    expect(res.body.data.updatedAt).toBeNull();
    expect(Object.keys(res.body.data.types).sort()).toEqual([...TYPES].sort());
    for (const type of TYPES) expect(res.body.data.types[type]).toEqual({ inApp: true, email: false, webhook: false });
  });

  it('changes only the named channels of the named types', async ({ server, bound: { setPrefs } }) => {
    const bob = await registerUser(server);
    const res = await setPrefs(bob, { MATCH_COMPLETED: { email: true }, MATCH_STARTED: { inApp: false, webhook: true } });
    expect(res.status).toBe(200);
    expect(res.body.data.updatedAt).toBe(server.clock.now().toISOString());
    expect(res.body.data.types.MATCH_COMPLETED).toEqual({ inApp: true, email: true, webhook: false });
    expect(res.body.data.types.MATCH_STARTED).toEqual({ inApp: false, email: false, webhook: true });
    expect(res.body.data.types.MATCH_READY).toEqual({ inApp: true, email: false, webhook: false });
    const next = await setPrefs(bob, { MATCH_COMPLETED: { inApp: false } });
    expect(next.body.data.types.MATCH_COMPLETED).toEqual({ inApp: false, email: true, webhook: false });
    expect(next.body.data.types.MATCH_STARTED).toEqual({ inApp: false, email: false, webhook: true });
    const read = await request(server, 'GET', '/notifications/preferences', { token: bob.accessToken });
    expect(read.body.data).toEqual(next.body.data);
  });

  it('refuses unknown types, unknown channels, non-booleans and empty changes, naming the field', async ({ server, bound: { setPrefs } }) => {
    const carol = await registerUser(server);
    const cases: Array<[unknown, string]> = [
      [{ NOPE: { inApp: false } }, 'body.types.NOPE'],
      [{ MATCH_READY: { sms: true } }, 'body.types.MATCH_READY.sms'],
      [{ MATCH_READY: { inApp: 'no' } }, 'body.types.MATCH_READY.inApp'],
      [{ MATCH_READY: {} }, 'body.types.MATCH_READY'],
      [{}, 'body.types'],
    ];
    for (const [types, path] of cases) {
      const res = await setPrefs(carol, types);
      expect(res.status, JSON.stringify(types)).toBe(400);
      expect(res.body.error.details.map((d: any) => d.path)).toContain(path);
    }
  });

  it('is respected when notifications are created: off means none, email-only means a pending delivery and no inbox entry', async ({ server, tenant, bound: { setPrefs } }) => {
    const t = await openTournament(server, tenant, { name: 'Prefs Cup' });
    const [p1, p2] = [await registerUser(server), await registerUser(server)];
    for (const p of [p1, p2]) {
      await setPrefs(p, {
        REGISTRATION_CONFIRMED: { inApp: false },
        MATCH_RESULT_REPORTED: { inApp: false },
        MATCH_COMPLETED: { inApp: false, email: true, webhook: true },
      });
    }
    const { byParticipant, participantOf } = await joinAll(server, t.id, [p1, p2]);
    await lifecycle(server, tenant, t.id, 'start');
    const [final] = await allMatches(server, t.id);
    await playMatch(server, final, byParticipant);

    const loser = participantOf.get(p1.id) === betterSeed(final) ? p2 : p1;
    const list = await request(server, 'GET', '/notifications', { token: loser.accessToken, query: { limit: 100 } });
    expect(list.body.data.map((n: any) => n.type).sort()).toEqual(['MATCH_READY', 'TOURNAMENT_COMPLETED', 'TOURNAMENT_STARTED']);

    const stored = await server.deps.db.selectFrom('notifications').selectAll().where('user_id', '=', loser.id).execute();
    expect(stored.map((n) => n.type)).not.toContain('MATCH_RESULT_REPORTED');
    expect(stored.map((n) => n.type)).not.toContain('REGISTRATION_CONFIRMED');
    const completed = stored.find((n) => n.type === 'MATCH_COMPLETED')!;
    expect(completed).toMatchObject({ in_app: 0, channels: JSON.stringify(['EMAIL', 'WEBHOOK']) });
    const deliveries = await server.deps.db.selectFrom('notification_deliveries').selectAll().where('notification_id', '=', completed.id).execute();
    expect(deliveries.map((d) => [d.channel, d.status, d.user_id]).sort()).toEqual([
      ['EMAIL', 'PENDING', loser.id],
      ['WEBHOOK', 'PENDING', loser.id],
    ]);
    const foreign = await request(server, 'PATCH', `/notifications/${completed.id}/read`, { token: loser.accessToken });
    expect(foreign.status).toBe(404);
  });
});
