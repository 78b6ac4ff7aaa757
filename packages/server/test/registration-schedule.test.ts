import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createTenant, request, startTestServer, type TestServer, type TestTenant } from './helpers/index';
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

  it('does not touch a tournament the organizer already moved', async () => {
    const now = server.clock.now().getTime();
    const t = await createTournament(server, tenant, { registrationOpensAt: new Date(now + 60_000).toISOString() });
    await lifecycle(server, tenant, t.id, 'publish');
    await lifecycle(server, tenant, t.id, 'registration/open');
    server.clock.advance(120_000);
    expect(await server.registrationSchedule.runOnce()).toBe(0);
    expect(await eventTypes(t.id)).toEqual(['tournament.published', 'tournament.registration_opened']);
  });
});
