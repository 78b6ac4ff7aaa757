import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { createApiKey, request, startTestServer, type TestServer } from './helpers/index';
import { ANTI_CHEAT_SCOPES, antiCheatTenant, enrolledUsers, raise, startSession } from './anti-cheat-helpers';
import { deliveriesOf, startReceiver, subscribe, type TestReceiver } from './webhooks-helpers';

// A key holding manage:webhooks but not anticheat:detections.read never gets an anti-cheat event sent where it
// chooses (R10.2): not by redelivering one, nor through pending deliveries that follow a change of the subscription.
// The dispatcher's loop is off: each test runs it once by hand.

let server: TestServer;
const receivers: TestReceiver[] = [];
beforeAll(async () => {
  server = await startTestServer({ allowPrivateWebhookUrls: true, webhookDispatcher: false, webhookRetryScheduleSeconds: [30, 120] });
});
afterEach(async () => {
  await Promise.all(receivers.splice(0).map((r) => r.close()));
});
afterAll(async () => server?.close());

/** A receiver answering `status` to every delivery, closed after the test. */
async function receiverAnswering(status: number): Promise<TestReceiver> {
  const receiver = await startReceiver(() => status);
  receivers.push(receiver);
  return receiver;
}

/** A PRO tenant subscribing `url` to the detections (its key may), one detection raised, and a key with manage:webhooks only. */
async function detectionDelivered(url: string): Promise<{ tenant: Awaited<ReturnType<typeof antiCheatTenant>>; subId: string; webhooksOnly: string }> {
  const tenant = await antiCheatTenant(server, { scopes: [...ANTI_CHEAT_SCOPES, 'manage:webhooks'] });
  const sub = await subscribe(server, tenant, url, ['anticheat.detection_raised', 'match.started']);
  const [player] = await enrolledUsers(server, tenant, 1);
  const session = await startSession(server, tenant, [player!]);
  await raise(server, tenant, session.sessionId, player!.id, { rule: 'wallhack.trace', severity: 'CRITICAL' });
  await server.webhookDispatcher.runOnce();
  const webhooksOnly = await createApiKey(server, tenant.owner, tenant.project.id, ['manage:webhooks']);
  return { tenant, subId: sub.id, webhooksOnly: webhooksOnly.key };
}

describe('anti-cheat events and keys without anticheat:detections.read', () => {
  it('refuses to redeliver an anti-cheat event after the subscription was narrowed and redirected', async () => {
    const soc = await receiverAnswering(204);
    const attacker = await receiverAnswering(204);
    const { tenant, subId, webhooksOnly } = await detectionDelivered(soc.url('/soc'));
    const [delivered] = await deliveriesOf(server, tenant, subId, { status: 'SUCCEEDED' });
    expect(delivered.eventType).toBe('anticheat.detection_raised');

    const moved = await request(server, 'PATCH', `/developer/webhooks/${subId}`, {
      apiKey: webhooksOnly,
      body: { url: attacker.url('/loot'), events: ['match.started'] },
    });
    expect(moved.status).toBe(200);
    const replay = await request(server, 'POST', `/developer/webhooks/${subId}/deliveries/${delivered.id}/redeliver`, { apiKey: webhooksOnly });
    expect(replay.status).toBe(403);
    expect(replay.body.error).toMatchObject({ code: 'INSUFFICIENT_SCOPE', message: expect.stringContaining('anticheat:detections.read') });
    await server.webhookDispatcher.runOnce();
    expect(attacker.received).toEqual([]);
  });

  it('drops pending deliveries of events the subscription no longer selects, so none follows the new URL', async () => {
    const soc = await receiverAnswering(500);
    const attacker = await receiverAnswering(204);
    const { tenant, subId, webhooksOnly } = await detectionDelivered(soc.url('/soc'));
    const [waiting] = await deliveriesOf(server, tenant, subId, { status: 'PENDING' });
    expect(waiting.eventType).toBe('anticheat.detection_raised');

    const moved = await request(server, 'PATCH', `/developer/webhooks/${subId}`, {
      apiKey: webhooksOnly,
      body: { url: attacker.url('/loot'), events: ['match.started'] },
    });
    expect(moved.status).toBe(200);
    server.clock.advance(3600_000);
    await server.webhookDispatcher.runOnce();
    expect(attacker.received).toEqual([]);
    const [dropped] = await deliveriesOf(server, tenant, subId);
    expect(dropped).toMatchObject({ id: waiting.id, status: 'FAILED', lastError: expect.stringContaining('no longer selects') });
  });
});
