import type { AppDeps } from '../../deps';

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
  previousSecret: string | null;
  previousSecretExpiresAt: string | null;
  enabled: boolean;
  event: { id: string; type: string; created_at: string; data: string } | null;
}

/**
 * Milliseconds a claim stays leased: the attempt timeout plus config.webhookLeaseMarginMs. A process that dies
 * holding claims (SIGKILL, power cut) leaves them to the others once this has passed (R10.5, R22.1).
 */
export const leaseMs = (config: AppDeps['config']): number => config.webhookTimeoutMs + config.webhookLeaseMarginMs;

/**
 * Leases up to `batchSize` due deliveries to `lease` and loads what sending them needs (R10.5, R22.1). Due: PENDING,
 * next_attempt_at <= now, subscription enabled, no live lease. The candidates are selected and leased in one write
 * transaction; on PostgreSQL the SELECT skips rows another process's claim has locked (`dialect.skipLocked`: `FOR
 * UPDATE SKIP LOCKED`), so several instances claiming at once get disjoint batches without waiting; on SQLite the
 * transaction holds the write lock. The UPDATE repeats the conditions, so a row leased in between is never taken
 * twice. Returns the claimed jobs, oldest due first.
 */
export async function claimDueDeliveries(deps: AppDeps, lease: string, batchSize: number): Promise<DeliveryJob[]> {
  const { db, dialect, clock, config } = deps;
  const now = clock.now();
  const nowIso = now.toISOString();
  const leaseUntil = new Date(now.getTime() + leaseMs(config)).toISOString();
  const claimed = await db.transaction().execute(async (trx) => {
    const candidates = await dialect
      .skipLocked(
        trx
          .selectFrom('webhook_deliveries as d')
          .innerJoin('webhook_subscriptions as s', 's.id', 'd.subscription_id')
          .select('d.id')
          .where('d.status', '=', 'PENDING')
          .where('d.next_attempt_at', '<=', nowIso)
          .where('s.enabled', '=', 1)
          .where((eb) => eb.or([eb('d.lease_expires_at', 'is', null), eb('d.lease_expires_at', '<=', nowIso)]))
          .orderBy('d.next_attempt_at')
          .limit(batchSize),
        'd',
      )
      .execute();
    if (candidates.length === 0) return [];
    return trx
      .updateTable('webhook_deliveries')
      .set({ lease_owner: lease, lease_expires_at: leaseUntil })
      .where('id', 'in', candidates.map((c) => c.id))
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
    previousSecret: r.previous_secret,
    previousSecretExpiresAt: r.previous_secret_expires_at,
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
