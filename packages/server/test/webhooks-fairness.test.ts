import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import type { AppDeps } from '../src/index';
import { newId } from '../src/ids';
import { type DomainEvent, writeEvents } from '../src/services/events';
import { claimDueDeliveries } from '../src/services/webhooks/claims';
import { WebhookDispatcher, type WebhookDispatcherOptions } from '../src/services/webhooks/dispatcher';
import { createTenant, startTestServer, type TestServer, type TestTenant } from './helpers/index';
import { startReceiver, subscribe, type TestReceiver } from './webhooks-helpers';

// One endpoint that never answers must not delay the other subscriptions' webhooks (R10.11): a dispatcher sends at
// most webhookSubscriptionConcurrency (4) attempts to one subscription at once and claims into its free slots
// whenever it can, never waiting for the slowest attempt of a batch. The hanging attempts here would wait for a 60 s
// timeout; nothing waits for it: the dispatcher is stopped instead (its attempts are aborted and released). The
// bounds of waitFor are limits for a broken build, not timing assumptions.

let server: TestServer;
let tenant: TestTenant;
let other: TestTenant;
const receivers: TestReceiver[] = [];
const dispatchers: WebhookDispatcher[] = [];

beforeAll(async () => {
  server = await startTestServer({ allowPrivateWebhookUrls: true, webhookDispatcher: false, webhookTimeoutMs: 60_000 });
  tenant = await createTenant(server);
  other = await createTenant(server);
});
afterEach(async () => {
  for (const d of dispatchers.splice(0)) await d.stop();
  for (const r of receivers.splice(0)) await r.close();
  await server.deps.db.deleteFrom('webhook_subscriptions').execute(); // and, by cascade, their deliveries
});
afterAll(async () => server?.close());

/** A receiver closed after the test. */
async function receiver(respond: Parameters<typeof startReceiver>[0]): Promise<TestReceiver> {
  const r = await startReceiver(respond);
  receivers.push(r);
  return r;
}

/** A dispatcher over the server's database (another process), stopped after the test. */
function dispatcher(config: Partial<AppDeps['config']> = {}, options: WebhookDispatcherOptions = {}): WebhookDispatcher {
  const d = new WebhookDispatcher({ ...server.deps, config: { ...server.deps.config, ...config } }, options);
  dispatchers.push(d);
  return d;
}

/** Writes `n` tournament.published events of the project of `of`, in one transaction. Returns their ids. */
async function publishEvents(of: TestTenant, n: number): Promise<string[]> {
  const events: DomainEvent[] = Array.from({ length: n }, () => {
    const tournamentId = newId();
    return { projectId: of.project.id, type: 'tournament.published', subjectId: tournamentId, data: { tournamentId, status: 'PUBLISHED', previousStatus: 'DRAFT' } };
  });
  const recorded = await server.deps.db.transaction().execute((trx) => writeEvents(trx, server.deps, events));
  return recorded.map((e) => e.id);
}

/** The deliveries of a subscription: status, attempts and whether a lease holds them. */
async function deliveryStates(subscriptionId: string) {
  const rows = await server.deps.db
    .selectFrom('webhook_deliveries')
    .select(['event_id', 'status', 'attempt_count', 'lease_owner'])
    .where('subscription_id', '=', subscriptionId)
    .execute();
  return rows;
}

describe('webhook dispatch with an endpoint that never answers', () => {
  it('sends the delivery of another subscription while an endpoint that never answers has 40 pending, holding at most 4 slots', async () => {
    const hole = await receiver(() => 'hang');
    const healthy = await receiver(() => 204);
    const stuck = await subscribe(server, tenant, hole.url(), ['tournament.published']);
    const fine = await subscribe(server, other, healthy.url(), ['tournament.published']);
    await publishEvents(tenant, 40);
    server.clock.advance(1000); // the endpoint's 40 deliveries are due before the other project's one
    const [eventId] = await publishEvents(other, 1);

    const d = dispatcher();
    const pass = d.runOnce();
    const [got] = await healthy.waitFor(1);
    expect(got!.headers['webhook-id']).toBe(eventId);
    // The other project's event went out while the endpoint's first attempts hang: they hold 4 of the 16 slots.
    await hole.waitFor(4);
    const stuckNow = await deliveryStates(stuck.id);
    expect(stuckNow.filter((r) => r.lease_owner !== null)).toHaveLength(4);
    expect(stuckNow.every((r) => r.status === 'PENDING' && r.attempt_count === 0)).toBe(true);
    // Recorded once the receiver's answer is in (polled: the answer reaches the receiver's log first).
    await vi.waitFor(async () => {
      expect(await deliveryStates(fine.id)).toEqual([{ event_id: eventId, status: 'SUCCEEDED', attempt_count: 1, lease_owner: null }]);
    });

    // Stopped: the hanging attempts are aborted and given back uncounted; the pass reports the one it sent.
    await d.stop();
    expect(await pass).toEqual({ claimed: 5, succeeded: 1, failed: 0 });
    expect(hole.received).toHaveLength(4);
    const released = await deliveryStates(stuck.id);
    expect(released).toHaveLength(40);
    expect(released.every((r) => r.status === 'PENDING' && r.attempt_count === 0 && r.lease_owner === null)).toBe(true);
  });

  it('claims as soon as it is woken while attempts hang: an event queued later goes out at once', async () => {
    const hole = await receiver(() => 'hang');
    const healthy = await receiver(() => 204);
    await subscribe(server, tenant, hole.url(), ['tournament.published']);
    await subscribe(server, other, healthy.url(), ['tournament.published']);
    await publishEvents(tenant, 40);

    // The loop, with room for only 4 attempts to one subscription and 8 in all: the endpoint takes its 4.
    const d = dispatcher({ webhookSubscriptionConcurrency: 4 }, { concurrency: 8 });
    d.start();
    await hole.waitFor(4);
    // Queued while those 4 hang (and 36 more of the endpoint are due): the loop does not wait for them.
    const [first] = await publishEvents(other, 1);
    d.wake();
    expect((await healthy.waitFor(1))[0]!.headers['webhook-id']).toBe(first);
    const [second] = await publishEvents(other, 1);
    d.wake();
    expect((await healthy.waitFor(2))[1]!.headers['webhook-id']).toBe(second);
    expect(hole.received).toHaveLength(4);
  });

  it('claims at most the per-subscription cap of each subscription, counting the attempts already in flight', async () => {
    const url = 'http://127.0.0.1:9/hook'; // never contacted: deliveries are only claimed here
    const a = await subscribe(server, tenant, url, ['tournament.published']);
    const b = await subscribe(server, other, url, ['tournament.published']);
    await publishEvents(tenant, 30);
    await publishEvents(other, 2);
    const bySubscription = (jobs: { subscriptionId: string }[]) =>
      Object.fromEntries([a.id, b.id].map((id) => [id === a.id ? 'a' : 'b', jobs.filter((j) => j.subscriptionId === id).length]));

    const first = await claimDueDeliveries(server.deps, `test:${newId()}`, { limit: 16, perSubscription: 4 });
    expect(bySubscription(first)).toEqual({ a: 4, b: 2 });
    // With 3 of a's in flight, a claimer takes 1 more of a's, whatever its free slots.
    const second = await claimDueDeliveries(server.deps, `test:${newId()}`, { limit: 16, perSubscription: 4, inFlight: new Map([[a.id, 3]]) });
    expect(bySubscription(second)).toEqual({ a: 1, b: 0 });
    // Without a cap (a number), the oldest due first, up to the limit.
    const third = await claimDueDeliveries(server.deps, `test:${newId()}`, 10);
    expect(bySubscription(third)).toEqual({ a: 10, b: 0 });
  });
});
