import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addStaffMember, createApiKey, createTenant, registerUser, request, startTestServer, type TestServer, type TestTenant } from './helpers/index';

// Subscription management over HTTP (R10.1 to R10.3, R10.9, R10.10): scopes and roles, validation of events and URLs,
// secrets shown once. The server refuses private URLs here (the default): receivers of these tests are never called.
let server: TestServer;
let tenant: TestTenant;
const PUBLIC_URL = 'http://93.184.215.14/hooks/tourney'; // a public address literal: no DNS needed

beforeAll(async () => {
  server = await startTestServer({ webhookDispatcher: false });
  tenant = await createTenant(server);
});
afterAll(async () => server?.close());

const create = (body: unknown, credentials: { apiKey?: string; token?: string } = { apiKey: tenant.apiKey.key }) =>
  request(server, 'POST', '/developer/webhooks', { ...credentials, body });

describe('webhook subscriptions', () => {
  it('creates a subscription with a whsec_ secret shown once, then lists, reads, updates and deletes it', async () => {
    const created = await create({ url: PUBLIC_URL, events: ['match.completed', 'tournament.started'] });
    expect(created.status).toBe(201);
    expect(created.headers.get('cache-control')).toBe('no-store');
    const sub = created.body.data;
    expect(sub).toMatchObject({
      projectId: tenant.project.id,
      url: PUBLIC_URL,
      events: ['match.completed', 'tournament.started'],
      enabled: true,
      disabledReason: null,
      previousSecretExpiresAt: null,
    });
    expect(sub.secret).toMatch(/^whsec_[A-Za-z0-9+/]{43}=$/);

    const listed = await request(server, 'GET', '/developer/webhooks', { apiKey: tenant.apiKey.key });
    expect(listed.status).toBe(200);
    expect(listed.body.data.map((s: any) => s.id)).toContain(sub.id);
    expect(listed.text).not.toContain(sub.secret);
    const read = await request(server, 'GET', `/developer/webhooks/${sub.id}`, { apiKey: tenant.apiKey.key });
    expect(read.body.data).toEqual(Object.fromEntries(Object.entries(sub).filter(([k]) => k !== 'secret')));

    const patched = await request(server, 'PATCH', `/developer/webhooks/${sub.id}`, {
      apiKey: tenant.apiKey.key,
      body: { events: ['*'], enabled: false },
    });
    expect(patched.status).toBe(200);
    expect(patched.body.data).toMatchObject({ events: ['*'], enabled: false, disabledReason: 'MANUAL' });
    expect(patched.body.data.disabledAt).toBe(server.clock.now().toISOString());
    const enabled = await request(server, 'PATCH', `/developer/webhooks/${sub.id}`, { apiKey: tenant.apiKey.key, body: { enabled: true } });
    expect(enabled.body.data).toMatchObject({ enabled: true, disabledReason: null, disabledAt: null });

    expect((await request(server, 'DELETE', `/developer/webhooks/${sub.id}`, { apiKey: tenant.apiKey.key })).status).toBe(204);
    expect((await request(server, 'GET', `/developer/webhooks/${sub.id}`, { apiKey: tenant.apiKey.key })).status).toBe(404);
  });

  it('caps a project at 20 subscriptions, also when they are created at once (409 CONFLICT)', async () => {
    const own = await createTenant(server);
    const answers = await Promise.all(Array.from({ length: 24 }, (_, i) => create({ url: `${PUBLIC_URL}/${i}`, events: ['*'] }, { apiKey: own.apiKey.key })));
    expect(answers.filter((a) => a.status === 201)).toHaveLength(20);
    const refused = answers.filter((a) => a.status !== 201);
    expect(refused).toHaveLength(4);
    for (const a of refused) expect(a.body.error).toMatchObject({ code: 'CONFLICT', message: expect.stringContaining('at most 20') });
    const first = answers.find((a) => a.status === 201)!.body.data.id;
    expect((await request(server, 'DELETE', `/developer/webhooks/${first}`, { apiKey: own.apiKey.key })).status).toBe(204);
    expect((await create({ url: `${PUBLIC_URL}/again`, events: ['*'] }, { apiKey: own.apiKey.key })).status).toBe(201);
  });

  it('names the unknown event of body.events and accepts "*"', async () => {
    const res = await create({ url: PUBLIC_URL, events: ['match.completed', 'match.exploded'] });
    expect(res.status).toBe(400);
    expect(res.body.error.code).toBe('VALIDATION_ERROR');
    expect(res.body.error.details.map((d: any) => d.path)).toContain('body.events[1]');
    expect(res.body.error.message).toMatch(/^body\.events\[1\]/);
    expect((await create({ url: PUBLIC_URL, events: ['*'] })).status).toBe(201);
    expect((await create({ url: PUBLIC_URL, events: [] })).status).toBe(400);
    const patch = await request(server, 'PATCH', `/developer/webhooks/${(await create({ url: PUBLIC_URL, events: ['*'] })).body.data.id}`, {
      apiKey: tenant.apiKey.key,
      body: { events: ['webhook.test'] },
    });
    expect(patch.status).toBe(400);
    expect(patch.body.error.details.map((d: any) => d.path)).toContain('body.events[0]');
  });

  it('refuses URLs on private, loopback and link-local addresses, checked after DNS resolution', async () => {
    const refused = [
      'http://127.0.0.1:8080/hook',
      'http://10.1.2.3/hook',
      'http://192.168.1.10/hook',
      'http://172.20.0.5/hook',
      'http://169.254.169.254/latest/meta-data',
      'http://[::1]:8080/hook',
      'http://[fd00::1]/hook',
      'http://[fe80::1]/hook',
      'http://[::ffff:127.0.0.1]/hook',
      'http://0.0.0.0/hook',
      'http://localhost:8080/hook', // resolves (hosts file) to loopback
    ];
    for (const url of refused) {
      const res = await create({ url, events: ['*'] });
      expect(res.status, url).toBe(400);
      expect(res.body.error.details[0].path, url).toBe('body.url');
      expect(res.body.error.message, url).toMatch(/private, loopback or link-local/);
    }
    expect((await create({ url: 'http://localhost:8080/hook', events: ['*'] })).body.error.message).toMatch(/the host localhost resolves to/);
    const credentials = await create({ url: 'http://user:pass@93.184.215.14/hook', events: ['*'] });
    expect(credentials.status).toBe(400);
    expect(credentials.body.error.message).toMatch(/credentials/);
    expect((await create({ url: 'ftp://93.184.215.14/hook', events: ['*'] })).status).toBe(400);
    const unresolvable = await create({ url: 'http://no-such-host.invalid/hook', events: ['*'] });
    expect(unresolvable.status).toBe(400);
    expect(unresolvable.body.error.message).toMatch(/could not be resolved/);

    const sub = (await create({ url: PUBLIC_URL, events: ['*'] })).body.data;
    const moved = await request(server, 'PATCH', `/developer/webhooks/${sub.id}`, { apiKey: tenant.apiKey.key, body: { url: 'http://127.0.0.1/x' } });
    expect(moved.status).toBe(400);
    expect(moved.body.error.details[0].path).toBe('body.url');
  });

  it('lets a key select the anti-cheat events only with anticheat:detections.read ("*" included); users may', async () => {
    const webhooksOnly = await createApiKey(server, tenant.owner, tenant.project.id, ['manage:webhooks']);
    for (const events of [['anticheat.detection_raised'], ['match.completed', 'anticheat.session_completed'], ['*']]) {
      const refused = await create({ url: PUBLIC_URL, events }, { apiKey: webhooksOnly.key });
      expect(refused.status, events.join()).toBe(403);
      expect(refused.body.error.code).toBe('INSUFFICIENT_SCOPE');
      expect(refused.body.error.message).toContain('anticheat:detections.read');
    }
    const plain = await create({ url: PUBLIC_URL, events: ['match.completed'] }, { apiKey: webhooksOnly.key });
    expect(plain.status).toBe(201);
    const widened = await request(server, 'PATCH', `/developer/webhooks/${plain.body.data.id}`, { apiKey: webhooksOnly.key, body: { events: ['*'] } });
    expect(widened.status).toBe(403);
    expect((await request(server, 'GET', `/developer/webhooks/${plain.body.data.id}`, { apiKey: webhooksOnly.key })).body.data.events).toEqual(['match.completed']);

    const withDetections = await createApiKey(server, tenant.owner, tenant.project.id, ['manage:webhooks', 'anticheat:detections.read']);
    expect((await create({ url: PUBLIC_URL, events: ['*'] }, { apiKey: withDetections.key })).status).toBe(201);
    const asOwner = await create({ url: PUBLIC_URL, events: ['anticheat.detection_raised'], projectId: tenant.project.id }, { token: tenant.owner.accessToken });
    expect(asOwner.status).toBe(201);

    // The owner's subscription to the detections: the key may not redirect, re-enable, re-key or replay it.
    const id = asOwner.body.data.id;
    const attempts = [
      request(server, 'PATCH', `/developer/webhooks/${id}`, { apiKey: webhooksOnly.key, body: { url: 'http://93.184.215.15/elsewhere' } }),
      request(server, 'PATCH', `/developer/webhooks/${id}`, { apiKey: webhooksOnly.key, body: { enabled: false } }),
      request(server, 'POST', `/developer/webhooks/${id}/rotate-secret`, { apiKey: webhooksOnly.key, body: {} }),
      request(server, 'POST', `/developer/webhooks/${id}/deliveries/${id}/redeliver`, { apiKey: webhooksOnly.key }),
    ];
    for (const refused of await Promise.all(attempts)) {
      expect(refused.status, refused.text).toBe(403);
      expect(refused.body.error.code).toBe('INSUFFICIENT_SCOPE');
    }
    expect((await request(server, 'GET', `/developer/webhooks/${id}`, { apiKey: webhooksOnly.key })).body.data).toMatchObject({ url: PUBLIC_URL, enabled: true });
    // Taking the anti-cheat events out is no gain: allowed, and then the rest is too.
    const narrowed = await request(server, 'PATCH', `/developer/webhooks/${id}`, { apiKey: webhooksOnly.key, body: { events: ['match.completed'] } });
    expect(narrowed.status).toBe(200);
    expect((await request(server, 'PATCH', `/developer/webhooks/${id}`, { apiKey: webhooksOnly.key, body: { enabled: false } })).status).toBe(200);
  });

  it('needs manage:webhooks for keys, OWNER or ADMIN for users, and hides other projects (404)', async () => {
    const readOnly = await createApiKey(server, tenant.owner, tenant.project.id, ['manage:tournaments']);
    const denied = await create({ url: PUBLIC_URL, events: ['*'] }, { apiKey: readOnly.key });
    expect(denied.status).toBe(403);
    expect(denied.body.error.code).toBe('INSUFFICIENT_SCOPE');

    const asOwner = await create({ url: PUBLIC_URL, events: ['*'], projectId: tenant.project.id }, { token: tenant.owner.accessToken });
    expect(asOwner.status).toBe(201);
    const noProject = await request(server, 'GET', '/developer/webhooks', { token: tenant.owner.accessToken });
    expect(noProject.status).toBe(400);
    expect(noProject.body.error.details[0].path).toBe('query.projectId');
    const ownerList = await request(server, 'GET', '/developer/webhooks', { token: tenant.owner.accessToken, query: { projectId: tenant.project.id } });
    expect(ownerList.body.data.map((s: any) => s.id)).toContain(asOwner.body.data.id);

    const organizer = await registerUser(server);
    await addStaffMember(server, tenant.organization.id, organizer.id, 'ORGANIZER');
    const forbidden = await create({ url: PUBLIC_URL, events: ['*'], projectId: tenant.project.id }, { token: organizer.accessToken });
    expect(forbidden.status).toBe(403);
    expect(forbidden.body.error.code).toBe('FORBIDDEN');

    const other = await createTenant(server);
    const id = asOwner.body.data.id;
    for (const [method, path] of [
      ['GET', `/developer/webhooks/${id}`],
      ['PATCH', `/developer/webhooks/${id}`],
      ['DELETE', `/developer/webhooks/${id}`],
      ['GET', `/developer/webhooks/${id}/deliveries`],
      ['POST', `/developer/webhooks/${id}/test`],
      ['POST', `/developer/webhooks/${id}/rotate-secret`],
    ] as const) {
      const res = await request(server, method, path, { apiKey: other.apiKey.key, ...(method === 'PATCH' ? { body: { enabled: false } } : {}) });
      expect(res.status, `${method} ${path}`).toBe(404);
    }
    const otherList = await request(server, 'GET', '/developer/webhooks', { apiKey: other.apiKey.key });
    expect(otherList.body.data).toEqual([]);
    expect((await request(server, 'GET', '/developer/webhooks')).status).toBe(401);
  });

  it('rotates the secret: the new one is shown once, the old one keeps signing until previousSecretExpiresAt', async () => {
    const sub = (await create({ url: PUBLIC_URL, events: ['*'] })).body.data;
    const rotated = await request(server, 'POST', `/developer/webhooks/${sub.id}/rotate-secret`, {
      apiKey: tenant.apiKey.key,
      body: { overlapSeconds: 3600 },
    });
    expect(rotated.status).toBe(200);
    expect(rotated.headers.get('cache-control')).toBe('no-store');
    expect(rotated.body.data.secret).toMatch(/^whsec_/);
    expect(rotated.body.data.secret).not.toBe(sub.secret);
    expect(rotated.body.data.previousSecretExpiresAt).toBe(new Date(server.clock.now().getTime() + 3_600_000).toISOString());
    const defaults = await request(server, 'POST', `/developer/webhooks/${sub.id}/rotate-secret`, { apiKey: tenant.apiKey.key });
    expect(defaults.body.data.previousSecretExpiresAt).toBe(new Date(server.clock.now().getTime() + 86_400_000).toISOString());
    const immediate = await request(server, 'POST', `/developer/webhooks/${sub.id}/rotate-secret`, { apiKey: tenant.apiKey.key, body: { overlapSeconds: 0 } });
    expect(immediate.body.data.previousSecretExpiresAt).toBeNull();
    const tooLong = await request(server, 'POST', `/developer/webhooks/${sub.id}/rotate-secret`, { apiKey: tenant.apiKey.key, body: { overlapSeconds: 8 * 86_400 } });
    expect(tooLong.status).toBe(400);
    expect(tooLong.body.error.details[0].path).toBe('body.overlapSeconds');
  });

  it('queues a test event (202) for an enabled subscription and refuses it for a disabled one (409)', async () => {
    const sub = (await create({ url: PUBLIC_URL, events: ['match.completed'] })).body.data;
    const queued = await request(server, 'POST', `/developer/webhooks/${sub.id}/test`, { apiKey: tenant.apiKey.key });
    expect(queued.status).toBe(202);
    expect(queued.body.data).toMatchObject({ subscriptionId: sub.id, eventType: 'webhook.test', status: 'PENDING', attemptCount: 0, attempts: [] });
    const log = await request(server, 'GET', `/developer/webhooks/${sub.id}/deliveries`, { apiKey: tenant.apiKey.key });
    expect(log.body.data.map((d: any) => d.id)).toEqual([queued.body.data.id]);
    expect(log.body.pagination).toMatchObject({ total: 1, page: 1 });
    const one = await request(server, 'GET', `/developer/webhooks/${sub.id}/deliveries/${queued.body.data.id}`, { apiKey: tenant.apiKey.key });
    expect(one.body.data.eventId).toBe(queued.body.data.eventId);
    const missing = await request(server, 'GET', `/developer/webhooks/${sub.id}/deliveries/${sub.id}`, { apiKey: tenant.apiKey.key });
    expect(missing.status).toBe(404);

    await request(server, 'PATCH', `/developer/webhooks/${sub.id}`, { apiKey: tenant.apiKey.key, body: { enabled: false } });
    const refused = await request(server, 'POST', `/developer/webhooks/${sub.id}/test`, { apiKey: tenant.apiKey.key });
    expect(refused.status).toBe(409);
    expect(refused.body.error.code).toBe('INVALID_STATE');
    const redeliver = await request(server, 'POST', `/developer/webhooks/${sub.id}/deliveries/${queued.body.data.id}/redeliver`, { apiKey: tenant.apiKey.key });
    expect(redeliver.status).toBe(409);
  });
});
