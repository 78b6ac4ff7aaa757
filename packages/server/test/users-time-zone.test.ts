/**
 * Time zones as stored (R14.4): the canonical name the runtime's time zone database resolves a typed name to, so
 * notifications write the zone as the database spells it (R15.10).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ManualClock } from '../src/index';
import * as canonicalTimeZones from '../src/db/migrations/0025-canonical-time-zones';
import { createTenant, registerUser, request, startTestServer, type TestServer, type TestTenant, type TestUser } from './helpers/index';
import { joinAll, openTournament } from './tournaments-helpers';

let server: TestServer;
let tenant: TestTenant;

beforeAll(async () => {
  server = await startTestServer({ clock: new ManualClock('2030-08-01T09:00:00.000Z') });
  tenant = await createTenant(server);
});
afterAll(async () => server?.close());

const patchMe = (token: string, body: unknown) => request(server, 'PATCH', '/users/me', { token, body });

/** A fresh access token (the clock moves past the token lifetime). */
async function relogin(user: TestUser): Promise<TestUser> {
  const res = await request(server, 'POST', '/auth/login', { body: { username: user.username, password: user.password } });
  return { ...user, accessToken: res.body.data.accessToken };
}

describe('time zone of the profile (R14.4)', () => {
  it('stores the canonical name of a time zone typed in any case or as an alias, and refuses unknown ones', async () => {
    const user = await registerUser(server);
    for (const [typed, stored] of [
      ['utc', 'UTC'],
      ['Etc/UTC', 'UTC'],
      ['Europe/paris', 'Europe/Paris'],
      ['EUROPE/PARIS', 'Europe/Paris'],
      ['etc/gmt+5', 'Etc/GMT+5'],
      ['US/Pacific', 'America/Los_Angeles'],
      ['Asia/Tokyo', 'Asia/Tokyo'],
    ]) {
      const res = await patchMe(user.accessToken, { timeZone: typed });
      expect([res.status, res.body.data?.timeZone], typed).toEqual([200, stored]);
      expect((await request(server, 'GET', '/users/me', { token: user.accessToken })).body.data.timeZone, typed).toBe(stored);
    }
    const unknown = await patchMe(user.accessToken, { timeZone: 'Europe/Atlantis' });
    expect([unknown.status, unknown.body.error?.details?.[0]?.path]).toEqual([400, 'body.timeZone']);
    expect((await patchMe(user.accessToken, { timeZone: null })).body.data.timeZone).toBeNull();
  });

  it('writes the canonical name in the times notifications announce (R15.10)', async () => {
    const t = await openTournament(server, tenant, { name: 'Typed Zone Cup', startDate: '2030-08-01T12:00:00.000Z', checkInRequired: true, checkInOpensMinutesBefore: 60 });
    const lower = await registerUser(server);
    const mixed = await registerUser(server);
    expect((await patchMe(lower.accessToken, { timeZone: 'utc' })).status).toBe(200);
    expect((await patchMe(mixed.accessToken, { timeZone: 'europe/PARIS' })).status).toBe(200);
    await joinAll(server, t.id, [lower, mixed]);
    server.clock.set('2030-08-01T11:10:00.000Z');
    const checkInMessage = async (user: TestUser) =>
      (await request(server, 'GET', '/notifications', { token: (await relogin(user)).accessToken, query: { limit: 100 } })).body.data.find(
        (n: any) => n.type === 'CHECK_IN_OPEN' && n.data.tournamentId === t.id,
      )?.message;
    expect(await checkInMessage(lower)).toContain('before it starts on 2030-08-01 12:00 UTC,');
    expect(await checkInMessage(mixed)).toContain('before it starts on 2030-08-01 14:00 Europe/Paris,');
  });

  it('rewrites the time zones stored before as typed by their canonical name (migration 0025), leaving unknown ones', async () => {
    const [a, b, c] = [await registerUser(server), await registerUser(server), await registerUser(server)];
    const set = (id: string, zone: string | null) => server.deps.db.updateTable('users').set({ time_zone: zone }).where('id', '=', id).execute();
    await set(a.id, 'utc');
    await set(b.id, 'europe/paris');
    await set(c.id, 'Mars/Olympus_Mons');
    await canonicalTimeZones.up(server.deps.db as never);
    const zones = await server.deps.db.selectFrom('users').select(['id', 'time_zone']).where('id', 'in', [a.id, b.id, c.id]).execute();
    expect(Object.fromEntries(zones.map((z) => [z.id, z.time_zone]))).toEqual({ [a.id]: 'UTC', [b.id]: 'Europe/Paris', [c.id]: 'Mars/Olympus_Mons' });
  });
});
