import { setMaxListeners } from 'node:events';
import type { AppDeps } from '../../deps';
import { newId } from '../../ids';
import { webhookDisabledDrafts } from '../notifications/webhook-disabled';
import { recordNotifications } from '../notifications/writer';
import { webhookPayload } from './payload';
import { claimDueDeliveries, type DeliveryJob, releaseDelivery, releaseLeasesOf } from './claims';
import { retryDelayMs } from './retry-schedule';
import { signatureHeaders } from './signing';
import { httpTransport, type TransportResult, type WebhookTransport } from './transport';
import { assertSafeLiteralHost, type HostResolver, safeLookup, systemResolver, UnsafeWebhookUrlError } from './url-safety';

/** Injectable parts of the dispatcher (tests and embedders); every one has a production default. */
export interface WebhookDispatcherOptions {
  /** Sends one attempt (default: node:http / node:https, see transport.ts). */
  transport?: WebhookTransport;
  /** Resolves receiver host names for the URL-safety check (default: node:dns lookup). */
  resolveHost?: HostResolver;
  /** Random numbers in [0, 1) for retry jitter (default Math.random). */
  random?: () => number;
  /** Deliveries claimed per run (default 100). */
  batchSize?: number;
  /** Attempts sent at the same time within a run (default 16). */
  concurrency?: number;
}

/** What one run did: deliveries claimed, attempts that succeeded and that failed. */
export interface DispatchSummary {
  claimed: number;
  succeeded: number;
  failed: number;
}

const EMPTY: DispatchSummary = { claimed: 0, succeeded: 0, failed: 0 };

/**
 * Sends queued webhook deliveries (R10.5 to R10.7, R10.11, R22.1): claims due PENDING deliveries with a lease
 * (claims.ts: `FOR UPDATE SKIP LOCKED` on PostgreSQL, so several instances take disjoint batches; a dead instance's
 * leases expire after the attempt timeout plus config.webhookLeaseMarginMs), POSTs each signed per Standard Webhooks
 * (webhook-id = event id, stable across retries; fresh webhook-timestamp and signature per attempt; both secrets during
 * a rotation overlap), and records every attempt. 2xx succeeds; any other answer, a redirect (never followed), a
 * timeout or a refused address is retried on config.webhookRetryScheduleSeconds with jitter; 410 disables the
 * subscription at once, a delivery failing on every retry disables it too (both notify the organization's OWNER and
 * ADMIN staff: WEBHOOK_DISABLED, in the disabling transaction). A manual attempt (redelivery, test event) is never
 * retried and never disables, 410 included (R10.9). Times come from the injected clock, so
 * tests drive retries with a ManualClock and `runOnce()`.
 */
export class WebhookDispatcher {
  readonly #deps: AppDeps;
  readonly #transport: WebhookTransport;
  readonly #resolveHost: HostResolver;
  readonly #random: () => number;
  readonly #batchSize: number;
  readonly #concurrency: number;
  readonly #instanceId = newId();
  readonly #runs = new Set<Promise<unknown>>();
  readonly #abort = new AbortController();
  #timer: NodeJS.Timeout | undefined;
  #started = false;
  #stopped = false;
  #looping = false;
  #wakeRequested = false;

  constructor(deps: AppDeps, options: WebhookDispatcherOptions = {}) {
    this.#deps = deps;
    this.#transport = options.transport ?? httpTransport;
    this.#resolveHost = options.resolveHost ?? systemResolver;
    this.#random = options.random ?? Math.random;
    this.#batchSize = options.batchSize ?? 100;
    this.#concurrency = options.concurrency ?? 16;
    // Every attempt in flight listens for the shutdown signal.
    setMaxListeners(0, this.#abort.signal);
  }

  /** Whether the polling loop runs (start() called, stop() not yet). */
  get running(): boolean {
    return this.#started && !this.#stopped;
  }

  /**
   * Starts polling: a run now, then one every config.webhookPollIntervalMs while idle, at once again after a full
   * batch or a wake(). Timers are unref'd (they never keep the process alive). Idempotent.
   */
  start(): void {
    if (this.#started || this.#stopped) return;
    this.#started = true;
    this.#deps.logger.info({ dispatcherId: this.#instanceId }, 'webhook dispatcher started');
    this.#schedule(0);
  }

  /** Asks for a run as soon as possible (new deliveries were queued). No effect unless the loop runs. */
  wake(): void {
    if (!this.running) return;
    if (this.#looping) {
      this.#wakeRequested = true;
      return;
    }
    this.#schedule(0);
  }

  /**
   * Stops the loop, aborts attempts in flight and waits for running work to finish; every delivery this dispatcher
   * still leases is then released without counting an attempt, so another instance sends it at once (R22.3). Call
   * it before closing the database. Idempotent.
   */
  async stop(): Promise<void> {
    const first = !this.#stopped;
    this.#stopped = true;
    if (this.#timer) clearTimeout(this.#timer);
    this.#timer = undefined;
    this.#abort.abort();
    while (this.#runs.size > 0) await Promise.allSettled([...this.#runs]);
    if (!first || !this.#started) return;
    try {
      const released = await releaseLeasesOf(this.#deps, this.#instanceId);
      if (released > 0) this.#deps.logger.info({ released }, 'webhook dispatcher released its claimed deliveries');
    } catch (error) {
      this.#deps.logger.error({ err: error }, 'webhook dispatcher could not release its claimed deliveries (they are retried once their lease expires)');
    }
  }

  /**
   * One pass: claims up to a batch of due deliveries (next_attempt_at <= now, subscription enabled, not leased by a
   * live claim), sends them (bounded concurrency) and records each attempt. Returns what it did; does nothing once
   * stopped.
   */
  runOnce(): Promise<DispatchSummary> {
    if (this.#stopped) return Promise.resolve({ ...EMPTY });
    const run = this.#run();
    this.#runs.add(run);
    void run.finally(() => this.#runs.delete(run)).catch(() => undefined);
    return run;
  }

  /** Runs until a pass claims nothing (or `maxRuns` passes); returns the totals. For tests and tools. */
  async runUntilIdle(maxRuns = 10_000): Promise<DispatchSummary> {
    const total = { ...EMPTY };
    for (let i = 0; i < maxRuns; i++) {
      const summary = await this.runOnce();
      total.claimed += summary.claimed;
      total.succeeded += summary.succeeded;
      total.failed += summary.failed;
      if (summary.claimed === 0) break;
    }
    return total;
  }

  #schedule(delayMs: number): void {
    if (this.#stopped) return;
    if (this.#timer) clearTimeout(this.#timer);
    this.#timer = setTimeout(() => void this.#tick(), delayMs);
    this.#timer.unref();
  }

  async #tick(): Promise<void> {
    this.#timer = undefined;
    this.#looping = true;
    this.#wakeRequested = false;
    let busy = false;
    try {
      const summary = await this.runOnce();
      busy = summary.claimed >= this.#batchSize;
    } catch (error) {
      this.#deps.logger.error({ err: error }, 'webhook dispatcher run failed');
    } finally {
      this.#looping = false;
    }
    this.#schedule(busy || this.#wakeRequested ? 0 : this.#deps.config.webhookPollIntervalMs);
  }

  async #run(): Promise<DispatchSummary> {
    const lease = `${this.#instanceId}:${newId()}`;
    const jobs = await claimDueDeliveries(this.#deps, lease, this.#batchSize);
    const summary: DispatchSummary = { claimed: jobs.length, succeeded: 0, failed: 0 };
    let next = 0;
    const worker = async () => {
      while (next < jobs.length) {
        const job = jobs[next++]!;
        try {
          const outcome = await this.#deliver(job, lease);
          if (outcome === 'succeeded') summary.succeeded += 1;
          else if (outcome === 'failed') summary.failed += 1;
        } catch (error) {
          // The lease expires and the delivery is tried again; the other jobs of the run go on.
          this.#deps.logger.error({ err: error, deliveryId: job.id }, 'webhook delivery could not be processed');
        }
      }
    };
    await Promise.all(Array.from({ length: Math.min(this.#concurrency, jobs.length) }, worker));
    return summary;
  }

  /** Sends one claimed delivery and records the attempt; 'released' when it was not attempted. */
  async #deliver(job: DeliveryJob, lease: string): Promise<'succeeded' | 'failed' | 'released' | 'lost'> {
    const { clock } = this.#deps;
    if (!job.enabled) return this.#release(job, lease);
    const attemptedAt = clock.now();
    let result: TransportResult;
    if (job.event === null) {
      result = { statusCode: null, location: null, durationMs: 0, error: 'the event of this delivery no longer exists', aborted: false };
    } else {
      const body = webhookPayload(job.event);
      const nowIso = attemptedAt.toISOString();
      const secrets = [job.secret];
      if (job.previousSecret !== null && job.previousSecretExpiresAt !== null && job.previousSecretExpiresAt > nowIso) {
        secrets.push(job.previousSecret);
      }
      const headers = { ...signatureHeaders(secrets, job.eventId, Math.floor(attemptedAt.getTime() / 1000), body) };
      result = await this.#send(job.url, headers, body);
    }
    if (result.aborted) return this.#release(job, lease);
    return this.#record(job, lease, attemptedAt, result);
  }

  async #send(url: string, headers: Record<string, string>, body: string): Promise<TransportResult> {
    const { config } = this.#deps;
    if (!config.allowPrivateWebhookUrls) {
      try {
        assertSafeLiteralHost(url);
      } catch (error) {
        const reason = error instanceof UnsafeWebhookUrlError ? `refused: ${error.message}` : `invalid URL: ${(error as Error).message}`;
        return { statusCode: null, location: null, durationMs: 0, error: reason, aborted: false };
      }
    }
    const result = await this.#transport(
      { url, headers, body },
      {
        timeoutMs: config.webhookTimeoutMs,
        signal: this.#abort.signal,
        ...(config.allowPrivateWebhookUrls ? {} : { lookup: safeLookup(this.#resolveHost) }),
      },
    );
    return result;
  }

  /** Gives a claimed delivery back untouched (disabled subscription, shutdown). */
  async #release(job: DeliveryJob, lease: string): Promise<'released'> {
    await releaseDelivery(this.#deps, job.id, lease);
    return 'released';
  }

  /**
   * Records an attempt in one transaction: the delivery's new state (only while this run still holds the lease),
   * the attempt row and, on 410 or exhausted retries of an automatic delivery (never a manual one, R10.9), the
   * subscription disabled with a WEBHOOK_DISABLED notification to the OWNER and ADMIN staff of its project's
   * organization (as their preferences allow).
   */
  async #record(job: DeliveryJob, lease: string, attemptedAt: Date, result: TransportResult): Promise<'succeeded' | 'failed' | 'lost'> {
    const { db, clock, config, logger } = this.#deps;
    const code = result.statusCode;
    const succeeded = code !== null && code >= 200 && code < 300;
    let error = result.error;
    if (error === null && !succeeded) {
      error =
        code !== null && code >= 300 && code < 400
          ? `redirect not followed: HTTP ${code}${result.location ? ` to ${result.location.slice(0, 300)}` : ''}`
          : `HTTP ${code}`;
    }
    const number = job.attemptCount + 1;
    const now = clock.now();
    const nowIso = now.toISOString();
    let status: 'SUCCEEDED' | 'FAILED' | 'PENDING';
    let nextAttemptAt: string | null = null;
    let disable: 'GONE' | 'FAILING' | null = null;
    if (succeeded) status = 'SUCCEEDED';
    else if (code === 410 && job.mode === 'AUTO') {
      status = 'FAILED';
      disable = 'GONE';
    } else {
      const delay = job.mode === 'AUTO' && number < job.maxAttempts ? retryDelayMs(number, config.webhookRetryScheduleSeconds, this.#random) : null;
      if (delay === null) {
        status = 'FAILED';
        if (job.mode === 'AUTO') disable = 'FAILING';
      } else {
        status = 'PENDING';
        nextAttemptAt = new Date(now.getTime() + delay).toISOString();
      }
    }
    const outcome = await db.transaction().execute(async (trx) => {
      const updated = await trx
        .updateTable('webhook_deliveries')
        .set({
          status,
          attempt_count: number,
          next_attempt_at: nextAttemptAt,
          lease_owner: null,
          lease_expires_at: null,
          last_attempt_at: attemptedAt.toISOString(),
          last_status_code: code,
          last_duration_ms: result.durationMs,
          last_error: error,
          updated_at: nowIso,
          completed_at: status === 'PENDING' ? null : nowIso,
        })
        .where('id', '=', job.id)
        .where('lease_owner', '=', lease)
        .executeTakeFirst();
      if (Number(updated.numUpdatedRows) === 0) return 'lost' as const;
      await trx
        .insertInto('webhook_delivery_attempts')
        .values({
          id: newId(),
          delivery_id: job.id,
          number,
          attempted_at: attemptedAt.toISOString(),
          succeeded: succeeded ? 1 : 0,
          status_code: code,
          duration_ms: result.durationMs,
          error,
          next_attempt_at: nextAttemptAt,
        })
        .execute();
      if (disable !== null) {
        const changed = await trx
          .updateTable('webhook_subscriptions')
          .set({ enabled: 0, disabled_reason: disable, disabled_at: nowIso, updated_at: nowIso })
          .where('id', '=', job.subscriptionId)
          .where('enabled', '=', 1)
          .executeTakeFirst();
        if (Number(changed.numUpdatedRows) > 0) {
          const drafts = await webhookDisabledDrafts(trx, { subscriptionId: job.subscriptionId, reason: disable, attempts: number, lastError: error });
          await recordNotifications(trx, nowIso, drafts);
          logger.warn(
            { subscriptionId: job.subscriptionId, reason: disable, deliveryId: job.id, lastError: error },
            disable === 'GONE' ? 'webhook subscription disabled: the receiver answered 410 Gone' : 'webhook subscription disabled: a delivery failed on every retry',
          );
        }
      }
      return succeeded ? ('succeeded' as const) : ('failed' as const);
    });
    logger.debug({ deliveryId: job.id, attempt: number, statusCode: code, error, nextAttemptAt }, 'webhook delivery attempt');
    return outcome;
  }
}
