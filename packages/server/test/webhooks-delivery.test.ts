import { verifyWebhook } from '@tourney/sdk';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { AppDeps } from '../src/index';
import { WebhookDispatcher } from '../src/services/webhooks/dispatcher';
import { createTenant, request, startTestServer, type TestServer, type TestTenant } from './helpers/index';
import { createTournament, lifecycle } from './tournaments-helpers';
import { deliveriesOf, payloadErrors, startReceiver, subscribe, type TestReceiver } from './webhooks-helpers';

// Delivery mechanics with a real receiver on 127.0.0.1 and a ManualClock: the dispatcher's loop is off and each test
// triggers runOnce(), moving the clock past the retry delays (30 s, 2 min, 10 min here, jittered by up to 20 %).
const SCHEDULE = [30, 120, 600];
let server: TestServer;
let tenant: TestTenant;
let receiver: TestReceiver | undefined;

beforeAll(async () => {
  server = await startTestServer({ allowPrivateWebhookUrls: true, webhookDispatcher: false, webhookRetryScheduleSeconds: SCHEDULE, webhookTimeoutMs: 5000 });
});
beforeEach(async () => {
  tenant = await createTenant(server); // fresh tokens: tests move the clock by hours
});
afterEach(async () => {
  await receiver?.close();
  receiver = undefined;
  await server.deps.db.deleteFrom('webhook_subscriptions').execute(); // and, by cascade, their deliveries
});
afterAll(async () => server?.close());

/** Publishes a new tournament of the tenant: one tournament.published event. Returns the tournament id. */
async function publishOne(): Promise<string> {
  const t = await createTournament(server, tenant);
  await lifecycle(server, tenant, t.id, 'publish');
  return t.id;
}

/** A dispatcher over the server's database with some settings changed (another process, a stricter config). */
function dispatcherWith(config: Partial<AppDeps['config']>, options: ConstructorParameters<typeof WebhookDispatcher>[1] = {}): WebhookDispatcher {
  return new WebhookDispatcher({ ...server.deps, config: { ...server.deps.config, ...config } }, options);
}

const seconds = (s: number) => s * 1000;

describe('webhook delivery', () => {
  it('retries a receiver answering 500, 500, 200: three attempts with the same webhook-id and body, logged', async () => {
    receiver = await startReceiver((_, i) => [500, 500][i] ?? 200);
    const sub = await subscribe(server, tenant, receiver.url(), ['tournament.published']);
    const tournamentId = await publishOne();

    expect(await server.webhookDispatcher.runOnce()).toEqual({ claimed: 1, succeeded: 0, failed: 1 });
    let [delivery] = await deliveriesOf(server, tenant, sub.id);
    expect(delivery).toMatchObject({ status: 'PENDING', attemptCount: 1, lastStatusCode: 500, lastError: 'HTTP 500' });
    const firstRetry = Date.parse(delivery.nextAttemptAt) - server.clock.now().getTime();
    expect(firstRetry).toBeGreaterThanOrEqual(seconds(30 * 0.8));
    expect(firstRetry).toBeLessThanOrEqual(seconds(30 * 1.2));
    expect((await server.webhookDispatcher.runOnce()).claimed).toBe(0); // not due yet

    server.clock.advance(seconds(36) + 1);
    expect(await server.webhookDispatcher.runOnce()).toEqual({ claimed: 1, succeeded: 0, failed: 1 });
    server.clock.advance(seconds(144) + 1);
    expect(await server.webhookDispatcher.runOnce()).toEqual({ claimed: 1, succeeded: 1, failed: 0 });

    const got = receiver.received;
    expect(got.map((r) => r.status)).toEqual([500, 500, 200]);
    const ids = new Set(got.map((r) => r.headers['webhook-id']));
    expect(ids.size).toBe(1);
    const payload = JSON.parse(got[0]!.body);
    expect(payload).toMatchObject({ type: 'tournament.published', data: { tournamentId, status: 'PUBLISHED', previousStatus: 'DRAFT' } });
    expect([...ids][0]).toBe(payload.id);
    expect(new Set(got.map((r) => r.body)).size).toBe(1);
    const stamps = got.map((r) => Number(r.headers['webhook-timestamp']));
    expect(stamps[1]! - stamps[0]!).toBeGreaterThanOrEqual(36);
    expect(stamps[2]! - stamps[1]!).toBeGreaterThanOrEqual(144);
    expect(payloadErrors(got[0]!.body)).toBe('');
    for (const r of got) {
      const at = Number(r.headers['webhook-timestamp']) * 1000;
      await expect(verifyWebhook(r.body, r.headers as Record<string, string>, sub.secret, { now: at })).resolves.toMatchObject({ id: payload.id });
    }

    [delivery] = await deliveriesOf(server, tenant, sub.id);
    expect(delivery).toMatchObject({ status: 'SUCCEEDED', attemptCount: 3, lastStatusCode: 200, lastError: null, nextAttemptAt: null, eventId: payload.id });
    expect(delivery.completedAt).toBe(server.clock.now().toISOString());
    expect(delivery.attempts.map((a: any) => [a.number, a.statusCode, a.succeeded, a.error])).toEqual([
      [1, 500, false, 'HTTP 500'],
      [2, 500, false, 'HTTP 500'],
      [3, 200, true, null],
    ]);
    expect(delivery.attempts[0].nextAttemptAt).not.toBeNull();
    expect(delivery.attempts[2].nextAttemptAt).toBeNull();
    for (const a of delivery.attempts) expect(a.durationMs).toBeGreaterThanOrEqual(0);
    const succeeded = await deliveriesOf(server, tenant, sub.id, { status: 'SUCCEEDED' });
    expect(succeeded).toHaveLength(1);
    expect(await deliveriesOf(server, tenant, sub.id, { status: 'PENDING' })).toHaveLength(0);
  });

  it('disables the subscription on 410; its other deliveries wait and go out once it is enabled again', async () => {
    receiver = await startReceiver((_, i) => (i === 0 ? 410 : 204));
    const sub = await subscribe(server, tenant, receiver.url(), ['tournament.published']);
    await publishOne();
    await publishOne();
    const oneAtATime = dispatcherWith({}, { batchSize: 1 });
    expect(await oneAtATime.runOnce()).toMatchObject({ claimed: 1, failed: 1 });
    const read = await request(server, 'GET', `/developer/webhooks/${sub.id}`, { apiKey: tenant.apiKey.key });
    expect(read.body.data).toMatchObject({ enabled: false, disabledReason: 'GONE' });
    expect(await deliveriesOf(server, tenant, sub.id, { status: 'FAILED' })).toHaveLength(1);

    expect((await oneAtATime.runOnce()).claimed).toBe(0); // the pending one waits
    await publishOne(); // a disabled subscription receives nothing new
    expect(await deliveriesOf(server, tenant, sub.id)).toHaveLength(2);

    await request(server, 'PATCH', `/developer/webhooks/${sub.id}`, { apiKey: tenant.apiKey.key, body: { enabled: true } });
    expect(await oneAtATime.runUntilIdle()).toMatchObject({ claimed: 1, succeeded: 1 });
    expect(receiver.received.map((r) => r.status)).toEqual([410, 204]);
  });

  it('disables a subscription whose delivery failed on every retry, and never follows redirects', async () => {
    receiver = await startReceiver((entry, _i, res) => {
      if (entry.path === '/moved') {
        res.setHeader('location', receiver!.url('/elsewhere'));
        return 302;
      }
      return 503;
    });
    const sub = await subscribe(server, tenant, receiver.url('/moved'), ['tournament.published']);
    await publishOne();
    for (const wait of [0, ...SCHEDULE]) {
      server.clock.advance(seconds(wait * 1.2) + 1);
      expect((await server.webhookDispatcher.runOnce()).claimed).toBe(1);
    }
    const [delivery] = await deliveriesOf(server, tenant, sub.id);
    expect(delivery).toMatchObject({ status: 'FAILED', attemptCount: 4, nextAttemptAt: null, lastStatusCode: 302 });
    expect(delivery.lastError).toBe(`redirect not followed: HTTP 302 to ${receiver.url('/elsewhere')}`);
    expect(receiver.received.every((r) => r.path === '/moved')).toBe(true);
    const read = await request(server, 'GET', `/developer/webhooks/${sub.id}`, { apiKey: tenant.apiKey.key });
    expect(read.body.data).toMatchObject({ enabled: false, disabledReason: 'FAILING' });
    server.clock.advance(seconds(3600));
    expect((await server.webhookDispatcher.runOnce()).claimed).toBe(0);
  });

  it('gives up on a receiver that does not answer within the timeout', async () => {
    receiver = await startReceiver(() => 'hang');
    const sub = await subscribe(server, tenant, receiver.url(), ['tournament.published']);
    await publishOne();
    const impatient = dispatcherWith({ webhookTimeoutMs: 150 });
    expect(await impatient.runOnce()).toMatchObject({ claimed: 1, failed: 1 });
    const [delivery] = await deliveriesOf(server, tenant, sub.id);
    expect(delivery).toMatchObject({ status: 'PENDING', lastStatusCode: null, lastError: 'no answer within 150 ms' });
    expect(delivery.attempts[0].durationMs).toBeGreaterThanOrEqual(140);
  });

  it('signs with both secrets during a rotation overlap, then only with the new one', async () => {
    receiver = await startReceiver();
    const sub = await subscribe(server, tenant, receiver.url(), ['tournament.published']);
    const rotated = await request(server, 'POST', `/developer/webhooks/${sub.id}/rotate-secret`, { apiKey: tenant.apiKey.key, body: { overlapSeconds: 600 } });
    await publishOne();
    await server.webhookDispatcher.runOnce();
    const during = receiver.received[0]!;
    expect(String(during.headers['webhook-signature']).split(' ')).toHaveLength(2);
    const now = { now: server.clock.now() };
    const headers = during.headers as Record<string, string>;
    await expect(verifyWebhook(during.body, headers, sub.secret, now)).resolves.toBeTruthy();
    await expect(verifyWebhook(during.body, headers, rotated.body.data.secret, now)).resolves.toBeTruthy();

    server.clock.advance(seconds(601));
    await publishOne();
    await server.webhookDispatcher.runOnce();
    const after = receiver.received[1]!;
    expect(String(after.headers['webhook-signature']).split(' ')).toHaveLength(1);
    const later = { now: server.clock.now() };
    await expect(verifyWebhook(after.body, after.headers as Record<string, string>, rotated.body.data.secret, later)).resolves.toBeTruthy();
    await expect(verifyWebhook(after.body, after.headers as Record<string, string>, sub.secret, later)).rejects.toMatchObject({ code: 'NO_MATCHING_SIGNATURE' });
  });

  it('keeps every secret of two rotations signing until the end of its own overlap, then drops it', async () => {
    receiver = await startReceiver();
    const sub = await subscribe(server, tenant, receiver.url(), ['tournament.published']);
    const rotate = async (overlapSeconds?: number) => {
      const res = await request(server, 'POST', `/developer/webhooks/${sub.id}/rotate-secret`, { apiKey: tenant.apiKey.key, body: overlapSeconds === undefined ? {} : { overlapSeconds } });
      expect(res.status).toBe(200);
      return res.body.data;
    };
    const start = server.clock.now().getTime();
    const s0 = sub.secret as string;
    const s1 = (await rotate()).secret as string; // s0 promised until start + 24 h (the default overlap)
    server.clock.advance(seconds(60));
    const second = await rotate(600); // a second rotation a minute later: s1 until start + 11 min
    const s2 = second.secret as string;
    expect(second.previousSecretExpiresAt).toBe(new Date(start + seconds(660)).toISOString());
    /** The next delivery (a test event: API keys do not expire with the clock): which secrets verify it. */
    const deliver = async () => {
      expect((await request(server, 'POST', `/developer/webhooks/${sub.id}/test`, { apiKey: tenant.apiKey.key })).status).toBe(202);
      expect(await server.webhookDispatcher.runOnce()).toMatchObject({ claimed: 1, succeeded: 1 });
      const got = receiver!.received.at(-1)!;
      const headers = got.headers as Record<string, string>;
      const at = { now: server.clock.now() };
      const verifies = await Promise.all(
        [s0, s1, s2].map((secret) => verifyWebhook(got.body, headers, secret, at).then(() => true, (error) => (error.code === 'NO_MATCHING_SIGNATURE' ? false : Promise.reject(error)))),
      );
      return { verifies, signatures: String(headers['webhook-signature']).split(' ').length };
    };

    expect(await deliver()).toEqual({ verifies: [true, true, true], signatures: 3 });
    server.clock.advance(seconds(599)); // start + 10:59: all three still inside their overlaps
    expect(await deliver()).toEqual({ verifies: [true, true, true], signatures: 3 });
    server.clock.advance(seconds(2)); // start + 11:01: s1's overlap is over, s0's (24 h) is not
    expect(await deliver()).toEqual({ verifies: [true, false, true], signatures: 2 });
    server.clock.advance(seconds(86_400 - 661 - 1)); // start + 24 h - 1 s
    expect(await deliver()).toEqual({ verifies: [true, false, true], signatures: 2 });
    server.clock.advance(seconds(2)); // start + 24 h + 1 s
    expect(await deliver()).toEqual({ verifies: [false, false, true], signatures: 1 });
  });

  it('sends a test event on demand and redelivers with the same webhook-id; a failed redelivery is not retried', async () => {
    receiver = await startReceiver((_, i) => (i === 2 ? 500 : 200));
    const sub = await subscribe(server, tenant, receiver.url(), ['match.completed']);
    const queued = await request(server, 'POST', `/developer/webhooks/${sub.id}/test`, { apiKey: tenant.apiKey.key });
    expect(await server.webhookDispatcher.runOnce()).toMatchObject({ claimed: 1, succeeded: 1 });
    const test = JSON.parse(receiver.received[0]!.body);
    expect(test).toMatchObject({ type: 'webhook.test', data: { subscriptionId: sub.id } });
    expect(payloadErrors(receiver.received[0]!.body)).toBe('');
    expect(test.id).toBe(queued.body.data.eventId);

    const path = `/developer/webhooks/${sub.id}/deliveries/${queued.body.data.id}/redeliver`;
    const again = await request(server, 'POST', path, { apiKey: tenant.apiKey.key });
    expect(again.status).toBe(202);
    expect(again.body.data).toMatchObject({ status: 'PENDING', attemptCount: 1 });
    await server.webhookDispatcher.runOnce();
    expect(receiver.received[1]!.headers['webhook-id']).toBe(test.id);
    expect(receiver.received[1]!.body).toBe(receiver.received[0]!.body);

    await request(server, 'POST', path, { apiKey: tenant.apiKey.key });
    await server.webhookDispatcher.runOnce();
    const after = await request(server, 'GET', `/developer/webhooks/${sub.id}/deliveries/${queued.body.data.id}`, { apiKey: tenant.apiKey.key });
    expect(after.body.data).toMatchObject({ status: 'FAILED', attemptCount: 3, nextAttemptAt: null, lastStatusCode: 500 });
    expect(after.body.data.attempts.map((a: any) => a.statusCode)).toEqual([200, 200, 500]);
    server.clock.advance(seconds(3600));
    expect((await server.webhookDispatcher.runOnce()).claimed).toBe(0);
    const still = await request(server, 'GET', `/developer/webhooks/${sub.id}`, { apiKey: tenant.apiKey.key });
    expect(still.body.data.enabled).toBe(true);
  });

  it('a test event or a redelivery answered 410 Gone does not disable the subscription', async () => {
    receiver = await startReceiver(() => 410);
    const sub = await subscribe(server, tenant, receiver.url(), ['match.completed']);
    const queued = await request(server, 'POST', `/developer/webhooks/${sub.id}/test`, { apiKey: tenant.apiKey.key });
    expect(queued.status).toBe(202);
    expect(await server.webhookDispatcher.runOnce()).toMatchObject({ claimed: 1, failed: 1 });
    const path = `/developer/webhooks/${sub.id}/deliveries/${queued.body.data.id}`;
    let delivery = await request(server, 'GET', path, { apiKey: tenant.apiKey.key });
    expect(delivery.body.data).toMatchObject({ status: 'FAILED', attemptCount: 1, nextAttemptAt: null, lastStatusCode: 410, lastError: 'HTTP 410' });
    let read = await request(server, 'GET', `/developer/webhooks/${sub.id}`, { apiKey: tenant.apiKey.key });
    expect(read.body.data).toMatchObject({ enabled: true, disabledReason: null });

    const again = await request(server, 'POST', `${path}/redeliver`, { apiKey: tenant.apiKey.key }); // 409 if disabled
    expect(again.status).toBe(202);
    expect(await server.webhookDispatcher.runOnce()).toMatchObject({ claimed: 1, failed: 1 });
    delivery = await request(server, 'GET', path, { apiKey: tenant.apiKey.key });
    expect(delivery.body.data).toMatchObject({ status: 'FAILED', attemptCount: 2, nextAttemptAt: null, lastStatusCode: 410 });
    expect(delivery.body.data.attempts.map((a: any) => a.statusCode)).toEqual([410, 410]);
    expect(receiver.received.map((r) => r.status)).toEqual([410, 410]);
    server.clock.advance(seconds(3600));
    expect((await server.webhookDispatcher.runOnce()).claimed).toBe(0);

    read = await request(server, 'GET', `/developer/webhooks/${sub.id}`, { apiKey: tenant.apiKey.key });
    expect(read.body.data).toMatchObject({ enabled: true, disabledReason: null });
    const disabledNotes = await server.deps.db
      .selectFrom('notifications')
      .select('id')
      .where('user_id', '=', tenant.owner.id)
      .where('type', '=', 'WEBHOOK_DISABLED')
      .execute();
    expect(disabledNotes).toEqual([]);
  });

  it('refuses private addresses at delivery time unless allowed, also behind a host name', async () => {
    receiver = await startReceiver();
    const byAddress = await subscribe(server, tenant, receiver.url(), ['tournament.published']);
    const byName = await subscribe(server, tenant, receiver.url().replace('127.0.0.1', 'localhost'), ['tournament.published']);
    await publishOne();
    const strict = dispatcherWith({ allowPrivateWebhookUrls: false });
    expect(await strict.runOnce()).toMatchObject({ claimed: 2, failed: 2 });
    expect(receiver.received).toHaveLength(0);
    const [a] = await deliveriesOf(server, tenant, byAddress.id);
    const [n] = await deliveriesOf(server, tenant, byName.id);
    expect(a.lastError).toMatch(/^refused: the address 127\.0\.0\.1, a private, loopback or link-local address/);
    expect(n.lastError).toMatch(/^refused: the host localhost resolves to (127\.0\.0\.1|::1)/);
    expect(a.status).toBe('PENDING');
  });
});
