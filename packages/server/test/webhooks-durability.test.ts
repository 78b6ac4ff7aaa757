import { verifyWebhook } from '@tourney/sdk';
import { describe, expect, it, vi } from 'vitest';
import { ManualClock } from '../src/index';
import { newId } from '../src/ids';
import { type DomainEvent, writeEvents } from '../src/services/events';
import { WebhookDispatcher } from '../src/services/webhooks/dispatcher';
import { createTenant, createTestDatabase, startTestServer } from './helpers/index';
import { createTournament, lifecycle } from './tournaments-helpers';
import { deliveriesOf, startReceiver, subscribe } from './webhooks-helpers';

// Nothing is lost: deliveries are rows, so they survive a restart, and a burst of events produced while the receiver
// is down arrives exactly once each when it comes back, even with two dispatchers (two processes) draining at once.

describe('webhook durability', () => {
  it('sends a delivery still pending when the server stopped once it is started again (file database)', async () => {
    // SQLite: a file; PostgreSQL: a database of its own (both kept across the restart).
    const database = await createTestDatabase({ file: true });
    const receiver = await startReceiver();
    const first = await startTestServer({ ...database.options, allowPrivateWebhookUrls: true, webhookDispatcher: false });
    const tenant = await createTenant(first);
    const sub = await subscribe(first, tenant, receiver.url(), ['tournament.published']);
    const t = await createTournament(first, tenant);
    await lifecycle(first, tenant, t.id, 'publish');
    const [pending] = await deliveriesOf(first, tenant, sub.id);
    expect(pending).toMatchObject({ status: 'PENDING', attemptCount: 0 });
    await first.close();
    expect(receiver.received).toHaveLength(0);

    // The second process runs its dispatcher loop (no runOnce here): it finds the row and sends it.
    const second = await startTestServer({ ...database.options, allowPrivateWebhookUrls: true, webhookPollIntervalMs: 50 });
    try {
      const [got] = await receiver.waitFor(1, 10_000);
      expect(got!.headers['webhook-id']).toBe(pending.eventId);
      const event = await verifyWebhook(got!.body, got!.headers as Record<string, string>, sub.secret, { now: second.clock.now() });
      expect(event).toMatchObject({ type: 'tournament.published', data: { tournamentId: t.id } });
      // The attempt is recorded once the receiver's answer is read: poll the API (bounded) until it shows.
      await vi.waitFor(async () => expect((await deliveriesOf(second, tenant, sub.id))[0]).toMatchObject({ status: 'SUCCEEDED', attemptCount: 1 }), {
        timeout: 5_000,
        interval: 20,
      });
    } finally {
      await second.close();
      await receiver.close();
      await database.drop();
    }
  });

  it('delivers 1,000 events produced while the receiver was down exactly once each once it is back', async () => {
    const clock = new ManualClock(new Date());
    const server = await startTestServer({ clock, allowPrivateWebhookUrls: true, webhookDispatcher: false, webhookRetryScheduleSeconds: [30, 120, 600] });
    const receiver = await startReceiver((_, _i) => (phase === 'recovering' ? 503 : 200));
    let phase: 'recovering' | 'up' = 'recovering';
    try {
      const tenant = await createTenant(server);
      const sub = await subscribe(server, tenant, receiver.url(), ['tournament.published']);
      await receiver.down();

      // 1,000 events, written the way every service writes them: in transactions, through writeEvents.
      const produced = new Set<string>();
      for (let batch = 0; batch < 10; batch++) {
        const events: DomainEvent[] = Array.from({ length: 100 }, () => {
          const tournamentId = newId();
          return { projectId: tenant.project.id, type: 'tournament.published', subjectId: tournamentId, data: { tournamentId, status: 'PUBLISHED', previousStatus: 'DRAFT' } };
        });
        const recorded = await server.deps.db.transaction().execute((trx) => writeEvents(trx, server.deps, events));
        for (const e of recorded) produced.add(e.id);
      }
      expect(produced.size).toBe(1000);

      // Down: every attempt is refused and rescheduled.
      expect(await server.webhookDispatcher.runUntilIdle()).toEqual({ claimed: 1000, succeeded: 0, failed: 1000 });
      // Back but still failing (503) for one more round.
      await receiver.up();
      clock.advance(36_001);
      expect(await server.webhookDispatcher.runUntilIdle()).toEqual({ claimed: 1000, succeeded: 0, failed: 1000 });
      // Healthy: two dispatchers (as two processes would) drain the backlog concurrently.
      phase = 'up';
      clock.advance(144_001);
      const other = new WebhookDispatcher(server.deps);
      const [a, b] = await Promise.all([server.webhookDispatcher.runUntilIdle(), other.runUntilIdle()]);
      expect(a.succeeded + b.succeeded).toBe(1000);
      expect(a.failed + b.failed).toBe(0);

      const ok = receiver.received.filter((r) => r.status === 200);
      const perId = new Map<string, number>();
      for (const r of ok) perId.set(String(r.headers['webhook-id']), (perId.get(String(r.headers['webhook-id'])) ?? 0) + 1);
      expect(perId.size).toBe(1000);
      expect([...perId.values()].every((n) => n === 1)).toBe(true);
      expect([...perId.keys()].every((id) => produced.has(id))).toBe(true);
      expect(receiver.received.filter((r) => r.status === 503)).toHaveLength(1000);

      const counts = await server.deps.db
        .selectFrom('webhook_deliveries')
        .select(['status', 'attempt_count', (eb) => eb.fn.countAll<number>().as('n')])
        .where('subscription_id', '=', sub.id)
        .groupBy(['status', 'attempt_count'])
        .execute();
      expect(counts.map((c) => [c.status, c.attempt_count, Number(c.n)])).toEqual([['SUCCEEDED', 3, 1000]]);
      const attempts = await server.deps.db
        .selectFrom('webhook_delivery_attempts')
        .select((eb) => eb.fn.countAll<number>().as('n'))
        .executeTakeFirstOrThrow();
      expect(Number(attempts.n)).toBe(3000);
    } finally {
      await receiver.close();
      await server.close();
    }
  });
});
