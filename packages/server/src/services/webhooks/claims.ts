import type { Db } from '../../db/db';
import type { AppDeps } from '../../deps';
import { parseOlderSecrets, type RetiredSecret } from './secrets';

/** A claimed delivery with what sending it needs (subscription and event). */
export interface DeliveryJob {
  id: string;
  eventId: string;
  attemptCount: number;
  maxAttempts: number;
  mode: string;
  subscriptionId: string;
  url: string;
  secret: string;
  /**
   * The subscription's replaced secrets with the instant each stops signing, newest first (the previous one, then the
   * older ones of earlier rotations); the dispatcher signs with those not yet expired at the attempt (R10.10).
   */
  retiredSecrets: RetiredSecret[];
  enabled: boolean;
  event: { id: string; type: string; created_at: string; data: string } | null;
}

/** How many deliveries one claim may take. */
export interface ClaimLimits {
  /** Most deliveries claimed in all (the claimer's free slots). */
  limit: number;
  /** Most deliveries of one subscription the claimer may have in flight, those it already has included (>= 1). */
  perSubscription: number;
  /** Deliveries of each subscription the claimer has in flight already (default none). */
  inFlight?: ReadonlyMap<string, number>;
}

/**
 * Milliseconds a claim stays leased: the attempt timeout plus config.webhookLeaseMarginMs. A process that dies
 * holding claims (SIGKILL, power cut) leaves them to the others once this has passed (R10.5, R22.1).
 */
export const leaseMs = (config: AppDeps['config']): number => config.webhookTimeoutMs + config.webhookLeaseMarginMs;

/**
 * Leases up to `limits.limit` due deliveries to `lease`, at most `limits.perSubscription` of one subscription counting
 * those of `limits.inFlight`, and loads what sending them needs (R10.5, R10.11, R22.1). Due: PENDING,
 * next_attempt_at <= now, subscription enabled, no live lease. Oldest due first, except that a subscription at its
 * cap is skipped, so the deliveries of others come next however many of its own are due: an endpoint that hangs
 * holds at most `perSubscription` of the claimer's slots. When a plain read finds nothing due, no transaction is
 * taken (an idle dispatcher never waits on another process's write lock). The candidates are selected and leased in one write
 * transaction, in rounds of at most as many rows as any subscription may still take (so every row selected is
 * claimed), each excluding the subscriptions at their cap; on PostgreSQL the SELECTs skip rows another process's
 * claim has locked (`dialect.skipLocked`: `FOR UPDATE SKIP LOCKED`), so several instances claiming at once get
 * disjoint sets without waiting; on SQLite the transaction holds the write lock. The UPDATE repeats the conditions,
 * so a row leased in between is never taken twice. Returns the claimed jobs, oldest due first. A number as `limits`
 * is `{ limit, perSubscription: limit }` (no cap).
 */
export async function claimDueDeliveries(deps: AppDeps, lease: string, limits: ClaimLimits | number): Promise<DeliveryJob[]> {
  const { db, dialect, clock, config } = deps;
  const { limit, perSubscription, inFlight } = typeof limits === 'number' ? { limit: limits, perSubscription: limits, inFlight: undefined } : limits;
  if (limit <= 0) return [];
  const cap = Math.max(1, perSubscription);
  const now = clock.now();
  const nowIso = now.toISOString();
  const leaseUntil = new Date(now.getTime() + leaseMs(config)).toISOString();
  // Due deliveries (PENDING, next attempt passed, subscription enabled, no live lease), read through `handle`.
  const dueDeliveries = (handle: Db) =>
    handle
      .selectFrom('webhook_deliveries as d')
      .innerJoin('webhook_subscriptions as s', 's.id', 'd.subscription_id')
      .where('d.status', '=', 'PENDING')
      .where('d.next_attempt_at', '<=', nowIso)
      .where('s.enabled', '=', 1)
      .where((eb) => eb.or([eb('d.lease_expires_at', 'is', null), eb('d.lease_expires_at', '<=', nowIso)]));
  // An idle dispatcher takes no write transaction: on SQLite waiting for another process's write lock blocks this
  // process for the busy timeout, every poll (R18.18); a plain read sees that nothing is due without any lock.
  if (!(await dueDeliveries(db).select('d.id').limit(1).executeTakeFirst())) return [];
  const claimed = await db.transaction().execute(async (trx) => {
    const taken = new Map(inFlight ?? []);
    const chosen: string[] = [];
    // Rounds of at most as many rows as every subscription not at its cap may still take, so each row a round returns
    // (and locks, on PostgreSQL) is claimed: no row is held from another claimer without being sent. A round returning
    // fewer rows than asked found every due one.
    while (chosen.length < limit) {
      const full: string[] = [];
      let round = Math.min(limit - chosen.length, cap);
      for (const [subscriptionId, n] of taken) {
        if (n >= cap) full.push(subscriptionId);
        else round = Math.min(round, cap - n);
      }
      let query = dueDeliveries(trx).select(['d.id', 'd.subscription_id']);
      if (full.length > 0) query = query.where('d.subscription_id', 'not in', full);
      // The rows of earlier rounds are not yet leased (and on PostgreSQL locked by this transaction, so not skipped).
      if (chosen.length > 0) query = query.where('d.id', 'not in', chosen);
      const candidates = await dialect.skipLocked(query.orderBy('d.next_attempt_at').limit(round), 'd').execute();
      for (const c of candidates) {
        taken.set(c.subscription_id, (taken.get(c.subscription_id) ?? 0) + 1);
        chosen.push(c.id);
      }
      if (candidates.length < round) break;
    }
    if (chosen.length === 0) return [];
    return trx
      .updateTable('webhook_deliveries')
      .set({ lease_owner: lease, lease_expires_at: leaseUntil })
      .where('id', 'in', chosen)
      .where('status', '=', 'PENDING')
      .where((eb) => eb.or([eb('lease_expires_at', 'is', null), eb('lease_expires_at', '<=', nowIso)]))
      .returning('id')
      .execute();
  });
  if (claimed.length === 0) return [];
  const rows = await db
    .selectFrom('webhook_deliveries as d')
    .innerJoin('webhook_subscriptions as s', 's.id', 'd.subscription_id')
    .leftJoin('events as e', 'e.id', 'd.event_id')
    .select([
      'd.id',
      'd.event_id',
      'd.attempt_count',
      'd.max_attempts',
      'd.mode',
      'd.subscription_id',
      's.url',
      's.secret',
      's.previous_secret',
      's.previous_secret_expires_at',
      's.older_secrets',
      's.enabled',
      'e.id as e_id',
      'e.type as e_type',
      'e.created_at as e_created_at',
      'e.data as e_data',
    ])
    .where('d.id', 'in', claimed.map((c) => c.id))
    .where('d.lease_owner', '=', lease)
    .orderBy('d.next_attempt_at')
    .execute();
  return rows.map((r) => ({
    id: r.id,
    eventId: r.event_id,
    attemptCount: r.attempt_count,
    maxAttempts: r.max_attempts,
    mode: r.mode,
    subscriptionId: r.subscription_id,
    url: r.url,
    secret: r.secret,
    retiredSecrets: [
      ...(r.previous_secret !== null && r.previous_secret_expires_at !== null ? [{ secret: r.previous_secret, expiresAt: r.previous_secret_expires_at }] : []),
      ...parseOlderSecrets(r.older_secrets),
    ],
    enabled: r.enabled === 1,
    event:
      r.e_id === null || r.e_type === null || r.e_created_at === null || r.e_data === null
        ? null
        : { id: r.e_id, type: r.e_type, created_at: r.e_created_at, data: r.e_data },
  }));
}

/** Gives one claimed delivery back untouched (no attempt counted), if `lease` still holds it. */
export async function releaseDelivery(deps: AppDeps, deliveryId: string, lease: string): Promise<void> {
  await deps.db
    .updateTable('webhook_deliveries')
    .set({ lease_owner: null, lease_expires_at: null })
    .where('id', '=', deliveryId)
    .where('lease_owner', '=', lease)
    .execute();
}

/**
 * Gives back every delivery still leased by this dispatcher (leases `<ownerPrefix>:...`), untouched, so that other
 * instances take them at once instead of after the lease (R22.3: shutdown). Returns how many were released.
 */
export async function releaseLeasesOf(deps: AppDeps, ownerPrefix: string): Promise<number> {
  const result = await deps.db
    .updateTable('webhook_deliveries')
    .set({ lease_owner: null, lease_expires_at: null })
    .where('lease_owner', 'like', `${ownerPrefix}:%`)
    .where('status', '=', 'PENDING')
    .executeTakeFirst();
  return Number(result.numUpdatedRows);
}
