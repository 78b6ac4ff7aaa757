import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createTenant, registerUser, request, startTestServer, type TestServer, type TestTenant } from './helpers/index';
import { createTournament, lifecycle } from './tournaments-helpers';

// registrationOpensAt / registrationClosesAt move the status by time (R5.11).
describe('registration schedule', () => {
  let server: TestServer;
  let tenant: TestTenant;
  beforeAll(async () => {
    server = await startTestServer();
  });
  // A fresh owner for each test: moving the clock expires access tokens (15 minutes).
  beforeEach(async () => {
    tenant = await createTenant(server);
  });
  afterAll(async () => server.close());

  const status = async (id: string) => (await request(server, 'GET', `/tournaments/${id}`, { apiKey: tenant.apiKey.key })).body.data.status;
  const eventTypes = async (id: string) =>
    (await server.deps.db.selectFrom('events').select('type').where('subject_id', '=', id).orderBy('created_at').orderBy('id').execute()).map(
      (e) => e.type,
    );

  it('opens registration when registrationOpensAt passes and closes it when registrationClosesAt passes', async () => {
    const now = server.clock.now().getTime();
    const t = await createTournament(server, tenant, {
      registrationOpensAt: new Date(now + 3_600_000).toISOString(),
      registrationClosesAt: new Date(now + 7_200_000).toISOString(),
    });
    await lifecycle(server, tenant, t.id, 'publish');

    expect(await server.registrationSchedule.runOnce()).toBe(0);
    expect(await status(t.id)).toBe('PUBLISHED');

    server.clock.advance(3_600_000);
    expect(await server.registrationSchedule.runOnce()).toBe(1);
    expect(await status(t.id)).toBe('REGISTRATION_OPEN');
    expect(await server.registrationSchedule.runOnce()).toBe(0);

    server.clock.advance(3_600_000);
    expect(await server.registrationSchedule.runOnce()).toBe(1);
    expect(await status(t.id)).toBe('REGISTRATION_CLOSED');
    expect(await eventTypes(t.id)).toEqual(['tournament.published', 'tournament.registration_opened', 'tournament.registration_closed']);
  });

  it('takes both steps at once when both instants have passed, and leaves DRAFT tournaments alone', async () => {
    const now = server.clock.now().getTime();
    const times = { registrationOpensAt: new Date(now + 60_000).toISOString(), registrationClosesAt: new Date(now + 120_000).toISOString() };
    const published = await createTournament(server, tenant, times);
    await lifecycle(server, tenant, published.id, 'publish');
    const draft = await createTournament(server, tenant, times);

    server.clock.advance(180_000);
    expect(await server.registrationSchedule.runOnce()).toBe(2);
    expect(await status(published.id)).toBe('REGISTRATION_CLOSED');
    expect(await status(draft.id)).toBe('DRAFT');
  });

  it('refuses to open registration by hand once registrationClosesAt has passed, naming it, until it is moved', async () => {
    const now = server.clock.now().getTime();
    const t = await createTournament(server, tenant, { registrationClosesAt: new Date(now + 60_000).toISOString() });
    await lifecycle(server, tenant, t.id, 'publish');
    server.clock.advance(120_000);
    const late = await request(server, 'POST', `/tournaments/${t.id}/registration/open`, { token: tenant.owner.accessToken });
    expect(late.status, late.text).toBe(409);
    expect(late.body.error.code).toBe('CONFLICT');
    expect(late.body.error.details.map((d: any) => d.path)).toEqual(['registrationClosesAt']);
    expect(late.body.error.message).toMatch(/registrationClosesAt .* has passed: move it later/);
    expect(await status(t.id)).toBe('PUBLISHED');
    const later = new Date(now + 3_600_000).toISOString();
    const moved = await request(server, 'PUT', `/tournaments/${t.id}`, { token: tenant.owner.accessToken, body: { registrationClosesAt: later } });
    expect(moved.status, moved.text).toBe(200);
    expect((await lifecycle(server, tenant, t.id, 'registration/open')).status).toBe('REGISTRATION_OPEN');
    expect(await eventTypes(t.id)).toEqual(['tournament.published', 'tournament.updated', 'tournament.registration_opened']);
  });

  it('opens a due registration at the first entry, before the schedule runs, with the event the schedule records', async () => {
    const player = await registerUser(server);
    const now = server.clock.now().getTime();
    const t = await createTournament(server, tenant, { registrationOpensAt: new Date(now + 60_000).toISOString() });
    await lifecycle(server, tenant, t.id, 'publish');
    const participate = () => request(server, 'POST', `/tournaments/${t.id}/participate`, { token: player.accessToken });
    const early = await participate();
    expect(early.status).toBe(409);
    expect(early.body.error.code).toBe('REGISTRATION_CLOSED');
    // It says when registration opens.
    expect(early.body.error.message).toBe(`registration is not open (the tournament is PUBLISHED); it opens at ${new Date(now + 60_000).toISOString()}`);

    server.clock.advance(120_000);
    const entry = await participate();
    expect(entry.status, entry.text).toBe(201);
    expect(entry.body.data.status).toBe('REGISTERED');
    expect(await status(t.id)).toBe('REGISTRATION_OPEN');
    expect(await eventTypes(t.id)).toEqual(['tournament.published', 'tournament.registration_opened']);
    expect(await server.registrationSchedule.runOnce()).toBe(0);

    // Both instants passed: the entry sees the registration closed, and the tournament takes both steps as the schedule would.
    const both = await createTournament(server, tenant, {
      registrationOpensAt: new Date(now + 180_000).toISOString(),
      registrationClosesAt: new Date(now + 240_000).toISOString(),
    });
    await lifecycle(server, tenant, both.id, 'publish');
    server.clock.advance(240_000);
    const closed = await request(server, 'POST', `/tournaments/${both.id}/participate`, { token: player.accessToken });
    expect(closed.status).toBe(409);
    expect(closed.body.error.code).toBe('REGISTRATION_CLOSED');
    expect(await status(both.id)).toBe('REGISTRATION_CLOSED');
    expect(await eventTypes(both.id)).toEqual(['tournament.published', 'tournament.registration_opened', 'tournament.registration_closed']);
  });

  it('does not touch a tournament the organizer already moved', async () => {
    const now = server.clock.now().getTime();
    const t = await createTournament(server, tenant, { registrationOpensAt: new Date(now + 60_000).toISOString() });
    await lifecycle(server, tenant, t.id, 'publish');
    await lifecycle(server, tenant, t.id, 'registration/open');
    server.clock.advance(120_000);
    expect(await server.registrationSchedule.runOnce()).toBe(0);
    expect(await eventTypes(t.id)).toEqual(['tournament.published', 'tournament.registration_opened']);
  });
  // Reopening by hand (R5.8, R5.11): the schedule neither reopens a closed registration nor closes a reopened one early.
  const eventsOf = async (id: string) =>
    (await server.deps.db.selectFrom('events').select(['type', 'data']).where('subject_id', '=', id).orderBy('created_at').orderBy('id').execute()).map(
      (e) => ({ type: e.type, previousStatus: (typeof e.data === 'string' ? JSON.parse(e.data) : e.data).previousStatus }),
    );
  const byKey = (method: string, path: string, body?: unknown) => request(server, method, path, { apiKey: tenant.apiKey.key, body });

  it('reopens a registration closed by hand before the start; the schedule neither reopens it nor closes it before registrationClosesAt', async () => {
    const now = server.clock.now().getTime();
    const t = await createTournament(server, tenant, { registrationClosesAt: new Date(now + 600_000).toISOString() });
    await lifecycle(server, tenant, t.id, 'publish');
    await lifecycle(server, tenant, t.id, 'registration/open');
    await lifecycle(server, tenant, t.id, 'registration/close');
    expect(await server.registrationSchedule.runOnce()).toBe(0);
    expect(await status(t.id)).toBe('REGISTRATION_CLOSED');
    const player = await registerUser(server);
    const refused = await request(server, 'POST', `/tournaments/${t.id}/participate`, { token: player.accessToken });
    expect(refused.body.error?.code).toBe('REGISTRATION_CLOSED');

    const reopened = await byKey('POST', `/tournaments/${t.id}/registration/open`);
    expect(reopened.status, reopened.text).toBe(200);
    expect(reopened.body.data.status).toBe('REGISTRATION_OPEN');
    expect(await server.registrationSchedule.runOnce()).toBe(0);
    const entry = await request(server, 'POST', `/tournaments/${t.id}/participate`, { token: player.accessToken });
    expect(entry.status, entry.text).toBe(201);

    server.clock.advance(600_000);
    expect(await server.registrationSchedule.runOnce()).toBe(1);
    expect(await status(t.id)).toBe('REGISTRATION_CLOSED');
    expect(await eventsOf(t.id)).toEqual([
      { type: 'tournament.published', previousStatus: 'DRAFT' },
      { type: 'tournament.registration_opened', previousStatus: 'PUBLISHED' },
      { type: 'tournament.registration_closed', previousStatus: 'REGISTRATION_OPEN' },
      { type: 'tournament.registration_opened', previousStatus: 'REGISTRATION_CLOSED' },
      { type: 'tournament.registration_closed', previousStatus: 'REGISTRATION_OPEN' },
    ]);
  });

  it('refuses to reopen a registration whose registrationClosesAt passed, naming it, until it is moved or cleared; never after the start', async () => {
    const now = server.clock.now().getTime();
    const t = await createTournament(server, tenant, { registrationClosesAt: new Date(now + 60_000).toISOString() });
    await lifecycle(server, tenant, t.id, 'publish');
    await lifecycle(server, tenant, t.id, 'registration/open');
    server.clock.advance(120_000);
    expect(await server.registrationSchedule.runOnce()).toBe(1);
    const late = await byKey('POST', `/tournaments/${t.id}/registration/open`);
    expect(late.status, late.text).toBe(409);
    expect(late.body.error.code).toBe('CONFLICT');
    expect(late.body.error.details.map((d: any) => d.path)).toEqual(['registrationClosesAt']);
    expect(await status(t.id)).toBe('REGISTRATION_CLOSED');

    expect((await byKey('PUT', `/tournaments/${t.id}`, { registrationClosesAt: null })).status).toBe(200);
    const reopened = await byKey('POST', `/tournaments/${t.id}/registration/open`);
    expect(reopened.status, reopened.text).toBe(200);
    expect(await server.registrationSchedule.runOnce()).toBe(0);
    expect(await status(t.id)).toBe('REGISTRATION_OPEN');

    for (const player of [await registerUser(server), await registerUser(server)]) {
      expect((await request(server, 'POST', `/tournaments/${t.id}/participate`, { token: player.accessToken })).status).toBe(201);
    }
    expect((await byKey('POST', `/tournaments/${t.id}/start`)).status).toBe(200);
    const started = await byKey('POST', `/tournaments/${t.id}/registration/open`);
    expect(started.status).toBe(409);
    expect(started.body.error.code).toBe('INVALID_STATE');
    expect(started.body.error.message).toBe('cannot open registration of a tournament that is ONGOING (it must be PUBLISHED or REGISTRATION_CLOSED)');
  });
});
