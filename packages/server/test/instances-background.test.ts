import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { newId } from '../src/ids';
import { PeriodicJob } from '../src/jobs/periodic-job';
import { type DomainEvent, writeEvents } from '../src/services/events';
import { WebhookDispatcher } from '../src/services/webhooks/dispatcher';
import type { WebhookTransport } from '../src/services/webhooks/transport';
import { createTenant, onPostgres, startTestServer, type TestServer, type TestTenant } from './helpers/index';
import { startReceiver, subscribe } from './webhooks-helpers';

// Background work of several instances on one database: claims of webhook deliveries (SKIP LOCKED on PostgreSQL),
// claims given back when a dispatcher stops, and periodic jobs run by one process at a time.

let server: TestServer;
let tenant: TestTenant;

beforeAll(async () => {
  server = await startTestServer({ allowPrivateWebhookUrls: true, webhookDispatcher: false });
  tenant = await createTenant(server);
});
afterAll(async () => server?.close());

/** Writes `n` tournament.published events of the tenant's project in one transaction; returns their ids. */
async function publishEvents(n: number): Promise<string[]> {
  const events: DomainEvent[] = Array.from({ length: n }, () => {
    const tournamentId = newId();
    return { projectId: tenant.project.id, type: 'tournament.published', subjectId: tournamentId, data: { tournamentId, status: 'PUBLISHED', previousStatus: 'DRAFT' } };
  });
  const recorded = await server.deps.db.transaction().execute((trx) => writeEvents(trx, server.deps, events));
  return recorded.map((e) => e.id);
}

/** A transport answering 200 at once that records the webhook-id of every attempt. */
function countingTransport(sent: string[]): WebhookTransport {
  return async (req) => {
    sent.push(req.headers['webhook-id']!);
    return { statusCode: 200, location: null, durationMs: 1, error: null, aborted: false };
  };
}

describe('webhook claims with several dispatchers', () => {
  it('two dispatchers claiming at once take disjoint batches and together send every delivery once', async () => {
    const receiverUrl = 'http://127.0.0.1:9/hook'; // never contacted: the transport is replaced
    const sub = await subscribe(server, tenant, receiverUrl, ['tournament.published']);
    try {
      const ids = await publishEvents(120);
      const sent: string[] = [];
      const a = new WebhookDispatcher(server.deps, { transport: countingTransport(sent), batchSize: 60 });
      const b = new WebhookDispatcher(server.deps, { transport: countingTransport(sent), batchSize: 60 });
      // Both claim at the same moment: on PostgreSQL the second SELECT skips the rows the first has locked instead of
      // waiting for them and then finding them leased; on SQLite the claims run one after the other.
      const [first, second] = await Promise.all([a.runOnce(), b.runOnce()]);
      expect(first.claimed).toBe(60);
      expect(second.claimed).toBe(60);
      expect(new Set(sent).size).toBe(120);
      expect(sent).toHaveLength(120);
      expect(new Set(sent)).toEqual(new Set(ids));
      expect((await a.runOnce()).claimed + (await b.runOnce()).claimed).toBe(0);
    } finally {
      await server.deps.db.deleteFrom('webhook_subscriptions').where('id', '=', sub.id).execute();
    }
  });

  it('a dispatcher stopped while attempts are in flight gives its claims back: another sends them at once', async () => {
    const receiver = await startReceiver(() => 'hang');
    const sub = await subscribe(server, tenant, receiver.url(), ['tournament.published']);
    try {
      const [eventId] = await publishEvents(1);
      const stopping = new WebhookDispatcher(server.deps);
      stopping.start();
      await receiver.waitFor(1);
      const leased = await server.deps.db.selectFrom('webhook_deliveries').select(['lease_owner', 'attempt_count']).where('subscription_id', '=', sub.id).executeTakeFirstOrThrow();
      expect(leased.lease_owner).not.toBeNull();
      await stopping.stop();
      const released = await server.deps.db
        .selectFrom('webhook_deliveries')
        .select(['status', 'lease_owner', 'lease_expires_at', 'attempt_count'])
        .where('subscription_id', '=', sub.id)
        .executeTakeFirstOrThrow();
      expect(released).toEqual({ status: 'PENDING', lease_owner: null, lease_expires_at: null, attempt_count: 0 });
      // Without waiting for the lease to expire (the clock has not moved), another instance takes it.
      receiver.respond = () => 200;
      const sent: string[] = [];
      const other = new WebhookDispatcher(server.deps, { transport: countingTransport(sent) });
      expect(await other.runOnce()).toEqual({ claimed: 1, succeeded: 1, failed: 0 });
      expect(sent).toEqual([eventId]);
    } finally {
      await receiver.close();
      await server.deps.db.deleteFrom('webhook_subscriptions').where('id', '=', sub.id).execute();
    }
  });
});

describe('periodic jobs across instances', () => {
  // PostgreSQL: an advisory lock; SQLite: every run goes, its writes serialized by the write lock.
  it('runs one job at a time across processes: a run finding the lock taken is skipped, not failed', async () => {
    const { db, dialect, logger } = server.deps;
    let release!: () => void;
    const held = new Promise<void>((resolve) => (release = resolve));
    let entered!: () => void;
    const inside = new Promise<void>((resolve) => (entered = resolve));
    const runs: string[] = [];
    const job = (name: string, run: () => Promise<number>) =>
      new PeriodicJob({ name, intervalMs: 0, logger, run, exclusive: (r) => dialect.runExclusive(db, 'tourney:test:exclusive-job', r) });
    // Two jobs under one key, as the same job in two instances (each run takes its own pooled connection).
    const first = job('first', async () => {
      runs.push('first');
      entered();
      await held;
      return 1;
    });
    const second = job('second', async () => {
      runs.push('second');
      return 1;
    });
    const running = first.runOnce();
    await inside;
    const skipped = await second.runOnce();
    release();
    expect(await running).toBe(1);
    if (onPostgres) {
      expect(skipped).toBe(0);
      expect(second.skippedRuns).toBe(1);
      expect(runs).toEqual(['first']);
    } else {
      expect(skipped).toBe(1);
      expect(second.skippedRuns).toBe(0);
      expect(runs).toEqual(['first', 'second']);
    }
    // Once the first run ended, the lock is free again.
    expect(await second.runOnce()).toBe(1);
    expect(first.skippedRuns).toBe(0);
  });

  it('gives the lock back when the run fails', async () => {
    const { db, dialect } = server.deps;
    await expect(dialect.runExclusive(db, 'tourney:test:failing-job', async () => Promise.reject(new Error('boom')))).rejects.toThrow('boom');
    expect(await dialect.runExclusive(db, 'tourney:test:failing-job', async () => 7)).toEqual({ acquired: true, value: 7 });
  });
});
