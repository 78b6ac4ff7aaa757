import { afterEach, describe, expect } from 'vitest';
import { createApiKey, it, request, startTestServer, test } from './helpers/index';
import { ANTI_CHEAT_SCOPES, antiCheatTenant, enrolledUsers, raise, startSession, withKey } from './anti-cheat-helpers';
import { deliveriesOf, payloadErrors, startReceiver, subscribe, type TestReceiver } from './webhooks-helpers';

// Webhooks of a game-server integration: anticheat.verdict_recorded (R11.13) reaches the subscribers that may see
// anti-cheat events (R10.2), and a refused loopback URL names the setting that allows it (R10.3). The dispatcher's
// loop is off: each test runs it once by hand.

test.scoped({ serverOptions: { allowPrivateWebhookUrls: true, webhookDispatcher: false } });

const receivers: TestReceiver[] = [];
afterEach(async () => {
  await Promise.all(receivers.splice(0).map((r) => r.close()));
});

describe('anti-cheat webhooks', () => {
  it('delivers anticheat.verdict_recorded with the reviewed detection to a subscriber of it, signed and valid', async ({ server }) => {
    const receiver = await startReceiver();
    receivers.push(receiver);
    const tenant = await antiCheatTenant(server, { scopes: [...ANTI_CHEAT_SCOPES, 'manage:webhooks'] });
    const verdicts = await subscribe(server, tenant, receiver.url('/verdicts'), ['anticheat.verdict_recorded']);
    const everything = await subscribe(server, tenant, receiver.url('/all'), ['*']);
    const [alice] = await enrolledUsers(server, tenant, 1);
    await startSession(server, tenant, [alice!], 'hook-1');
    const detection = await raise(server, tenant, 'hook-1', alice!.id);
    server.clock.advance(1000);
    const verdict = await withKey(server, tenant.apiKey.key, 'POST', `/anti-cheat/detections/${detection.id}/verdict`, { body: { verdict: 'FALSE_POSITIVE', note: 'desync' } });
    expect(verdict.status).toBe(200);
    await server.webhookDispatcher.runOnce();

    const [delivered] = await deliveriesOf(server, tenant, verdicts.id);
    expect(delivered).toMatchObject({ eventType: 'anticheat.verdict_recorded', status: 'SUCCEEDED' });
    const body = receiver.received.find((r) => r.path === '/verdicts')!.body;
    expect(payloadErrors(body)).toBe('');
    expect(JSON.parse(body)).toMatchObject({ type: 'anticheat.verdict_recorded', data: { detection: verdict.body.data } });
    expect(verdict.body.data).toMatchObject({ reviewed: true, verdict: 'FALSE_POSITIVE', reviewedAt: server.clock.now().toISOString() });
    const all = (await deliveriesOf(server, tenant, everything.id)).map((d) => d.eventType).sort();
    expect(all).toEqual(['anticheat.detection_raised', 'anticheat.verdict_recorded']);
  });

  it('lets only a key holding anticheat:detections.read subscribe to it', async ({ server }) => {
    const tenant = await antiCheatTenant(server, { scopes: [...ANTI_CHEAT_SCOPES, 'manage:webhooks'] });
    const webhooksOnly = await createApiKey(server, tenant.owner, tenant.project.id, ['manage:webhooks']);
    const refused = await request(server, 'POST', '/developer/webhooks', {
      apiKey: webhooksOnly.key,
      body: { url: 'http://127.0.0.1:9/hook', events: ['anticheat.verdict_recorded'] },
    });
    expect(refused.status).toBe(403);
    expect(refused.body.error).toMatchObject({ code: 'INSUFFICIENT_SCOPE', message: expect.stringContaining('anticheat:detections.read') });
  });

  it('names the environment variable TOURNEY_ALLOW_PRIVATE_WEBHOOK_URLS when refusing a loopback URL', async () => {
    const strict = await startTestServer({ webhookDispatcher: false });
    try {
      const tenant = await antiCheatTenant(strict, { scopes: [...ANTI_CHEAT_SCOPES, 'manage:webhooks'] });
      const res = await request(strict, 'POST', '/developer/webhooks', {
        apiKey: tenant.apiKey.key,
        body: { url: 'http://127.0.0.1:8080/anticheat', events: ['anticheat.detection_raised'] },
      });
      expect(res.status).toBe(400);
      expect(res.body.error.details).toEqual([
        { path: 'body.url', message: expect.stringContaining('unless the server runs with TOURNEY_ALLOW_PRIVATE_WEBHOOK_URLS=1') },
      ]);
      expect(res.text).not.toContain('allowPrivateWebhookUrls');
    } finally {
      await strict.close();
    }
  });
});
