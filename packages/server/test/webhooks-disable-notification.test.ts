import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { addStaffMember, createTenant, registerUser, request, startTestServer, type TestServer, type TestTenant, type TestUser } from './helpers/index';
import { createTournament, lifecycle } from './tournaments-helpers';
import { startReceiver, subscribe, type TestReceiver } from './webhooks-helpers';

// A subscription the dispatcher disables (410 Gone, or a delivery failing every retry) notifies the OWNER and ADMIN
// staff of the project's organization (WEBHOOK_DISABLED), as their preferences allow. ManualClock + runOnce().
const SCHEDULE = [30, 120, 600];
let server: TestServer;
let tenant: TestTenant;
let admin: TestUser;
let organizer: TestUser;
let receiver: TestReceiver | undefined;

beforeAll(async () => {
  server = await startTestServer({
    allowPrivateWebhookUrls: true,
    webhookDispatcher: false,
    notificationSweepIntervalMs: 0,
    webhookRetryScheduleSeconds: SCHEDULE,
    webhookTimeoutMs: 5000,
  });
});
beforeEach(async () => {
  tenant = await createTenant(server); // fresh tokens: a test moves the clock past their lifetime
  admin = await registerUser(server);
  organizer = await registerUser(server);
  await addStaffMember(server, tenant.organization.id, admin.id, 'ADMIN');
  await addStaffMember(server, tenant.organization.id, organizer.id, 'ORGANIZER');
});
afterEach(async () => {
  await receiver?.close();
  receiver = undefined;
});
afterAll(async () => server?.close());

const seconds = (s: number) => s * 1000;

/** Publishes a new tournament of the tenant: one tournament.published event, so one delivery per subscription. */
async function publishOne(): Promise<void> {
  const t = await createTournament(server, tenant);
  await lifecycle(server, tenant, t.id, 'publish');
}

/** A fresh access token (the clock may have moved past the 15-minute token lifetime). */
async function relogin(user: TestUser): Promise<TestUser> {
  const res = await request(server, 'POST', '/auth/login', { body: { username: user.username, password: user.password } });
  return { ...user, accessToken: res.body.data.accessToken };
}

/** The user's WEBHOOK_DISABLED notifications as GET /notifications lists them (response checked against the contract). */
async function disabledNotes(user: TestUser): Promise<any[]> {
  const res = await request(server, 'GET', '/notifications', { token: (await relogin(user)).accessToken, query: { limit: 100 } });
  expect(res.status).toBe(200);
  return res.body.data.filter((n: any) => n.type === 'WEBHOOK_DISABLED');
}

/** Every stored WEBHOOK_DISABLED notification row of a user (listed or not). */
const storedFor = (userId: string) =>
  server.deps.db.selectFrom('notifications').selectAll().where('user_id', '=', userId).where('type', '=', 'WEBHOOK_DISABLED').execute();

describe('webhook subscription disabled -> WEBHOOK_DISABLED notification', () => {
  it('a receiver answering 410 notifies the OWNER and ADMIN (not the ORGANIZER) with the subscription id, url and reason', async () => {
    receiver = await startReceiver(() => 410);
    const sub = await subscribe(server, tenant, receiver.url(), ['tournament.published']);
    await publishOne();
    expect(await disabledNotes(tenant.owner)).toEqual([]);

    expect(await server.webhookDispatcher.runOnce()).toMatchObject({ claimed: 1, failed: 1 });
    const [note, ...more] = await disabledNotes(tenant.owner);
    expect(more).toEqual([]);
    expect(note).toMatchObject({
      type: 'WEBHOOK_DISABLED',
      channels: ['IN_APP'],
      readAt: null,
      createdAt: server.clock.now().toISOString(),
      data: { subscriptionId: sub.id, url: receiver.url(), reason: 'GONE', projectId: tenant.project.id, organizationId: tenant.organization.id },
    });
    expect(note.title).toBe(`Webhook disabled in ${tenant.project.name}`);
    expect(note.message).toContain(receiver.url());
    expect(note.message).toContain('410 Gone');
    expect((await disabledNotes(admin)).map((n) => n.data.subscriptionId)).toEqual([sub.id]);
    expect(await storedFor(organizer.id)).toEqual([]);

    // Enabled again and gone again: news again (no dedupe across disable periods).
    await request(server, 'PATCH', `/developer/webhooks/${sub.id}`, { apiKey: tenant.apiKey.key, body: { enabled: true } });
    await publishOne();
    expect(await server.webhookDispatcher.runOnce()).toMatchObject({ claimed: 1, failed: 1 });
    expect(await disabledNotes(tenant.owner)).toHaveLength(2);
  });

  it('a delivery failing every retry notifies once, when the last attempt fails; a manual disable notifies nobody', async () => {
    receiver = await startReceiver(() => 503);
    const sub = await subscribe(server, tenant, receiver.url(), ['tournament.published']);
    await publishOne();
    for (const wait of [0, ...SCHEDULE]) {
      expect(await disabledNotes(tenant.owner)).toEqual([]); // still retrying
      server.clock.advance(seconds(wait * 1.2) + 1);
      expect((await server.webhookDispatcher.runOnce()).claimed).toBe(1);
    }
    const read = await request(server, 'GET', `/developer/webhooks/${sub.id}`, { apiKey: tenant.apiKey.key });
    expect(read.body.data).toMatchObject({ enabled: false, disabledReason: 'FAILING' });
    const notes = await disabledNotes(tenant.owner);
    expect(notes).toHaveLength(1);
    expect(notes[0]).toMatchObject({ data: { subscriptionId: sub.id, url: receiver.url(), reason: 'FAILING' } });
    expect(notes[0].message).toContain('failed on all 4 attempts (last: HTTP 503)');
    expect(await disabledNotes(admin)).toHaveLength(1);

    const manual = await subscribe(server, tenant, receiver.url('/other'), ['tournament.published']);
    const off = await request(server, 'PATCH', `/developer/webhooks/${manual.id}`, { apiKey: tenant.apiKey.key, body: { enabled: false } });
    expect(off.body.data).toMatchObject({ enabled: false, disabledReason: 'MANUAL' });
    expect(await disabledNotes(tenant.owner)).toHaveLength(1);
  });

  it('respects preferences: in-app off -> nothing for that user; email only -> a pending email delivery, not listed', async () => {
    const owner = await relogin(tenant.owner);
    const off = await request(server, 'PATCH', '/notifications/preferences', {
      token: owner.accessToken,
      body: { types: { WEBHOOK_DISABLED: { inApp: false } } },
    });
    expect(off.body.data.types.WEBHOOK_DISABLED).toEqual({ inApp: false, email: false, webhook: false });
    const emailOnly = await request(server, 'PATCH', '/notifications/preferences', {
      token: (await relogin(admin)).accessToken,
      body: { types: { WEBHOOK_DISABLED: { inApp: false, email: true } } },
    });
    expect(emailOnly.status).toBe(200);

    receiver = await startReceiver(() => 410);
    await subscribe(server, tenant, receiver.url(), ['tournament.published']);
    await publishOne();
    expect(await server.webhookDispatcher.runOnce()).toMatchObject({ claimed: 1, failed: 1 });

    expect(await storedFor(tenant.owner.id)).toEqual([]);
    expect(await disabledNotes(tenant.owner)).toEqual([]);
    expect(await disabledNotes(admin)).toEqual([]);
    const [stored] = await storedFor(admin.id);
    expect(stored).toMatchObject({ in_app: 0, channels: '["EMAIL"]' });
    const deliveries = await server.deps.db.selectFrom('notification_deliveries').selectAll().where('notification_id', '=', stored!.id).execute();
    expect(deliveries.map((d) => [d.channel, d.status])).toEqual([['EMAIL', 'PENDING']]);
  });
});
