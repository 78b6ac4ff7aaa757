import { setMaxListeners } from 'node:events';
import type { AppDeps } from '../../deps';
import { newId } from '../../ids';
import { webhookPayload } from './payload';
import { claimDueDeliveries, type DeliveryJob, releaseDelivery, releaseLeasesOf } from './claims';
import { recordAttempt } from './attempt-record';
import { signatureHeaders } from './signing';
import { signingSecrets } from './secrets';
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
  /** Most deliveries one `runOnce()` pass claims in all (default 100). */
  batchSize?: number;
  /** Attempts this dispatcher sends at the same time (default 16). */
  concurrency?: number;
  /** Attempts to one subscription it sends at the same time (default config.webhookSubscriptionConcurrency, 4). */
  perSubscription?: number;
}

/** What one run did: deliveries claimed, attempts that succeeded and that failed. */
export interface DispatchSummary {
  claimed: number;
  succeeded: number;
  failed: number;
}

const EMPTY: DispatchSummary = { claimed: 0, succeeded: 0, failed: 0 };

/** How handling one claimed delivery ended. */
type Outcome = 'succeeded' | 'failed' | 'released' | 'lost';

/**
 * Sends queued webhook deliveries (R10.5 to R10.7, R10.11, R22.1): claims due PENDING deliveries with a lease
 * (claims.ts: `FOR UPDATE SKIP LOCKED` on PostgreSQL, so several instances take disjoint sets; a dead instance's
 * leases expire after the attempt timeout plus config.webhookLeaseMarginMs), POSTs each signed per Standard Webhooks
 * (webhook-id = event id, stable across retries; fresh webhook-timestamp and signature per attempt; one signature per
 * secret still inside its rotation overlap), and records every attempt. 2xx succeeds; any other answer, a redirect
 * (never followed), a timeout or a refused address is retried on config.webhookRetryScheduleSeconds with jitter; 410
 * disables the subscription at once, a delivery failing on every retry disables it too (both notify the
 * organization's OWNER and ADMIN staff: WEBHOOK_DISABLED, in the disabling transaction). A manual attempt
 * (redelivery, test event) is never retried and never disables, 410 included (R10.9).
 *
 * Slots: at most `concurrency` attempts are in flight, at most `perSubscription` of them to one subscription, and
 * deliveries are claimed only into free slots (so each is sent as soon as it is leased, well within its lease). The
 * loop claims again whenever an attempt ends, on wake() and every config.webhookPollIntervalMs, never waiting for
 * the slowest attempt of a batch: an endpoint that hangs until the timeout holds at most `perSubscription` slots
 * while every other subscription's deliveries keep going out. Times come from the injected clock, so tests drive
 * retries with a ManualClock and `runOnce()`.
 */
export class WebhookDispatcher {
  readonly #deps: AppDeps;
  readonly #transport: WebhookTransport;
  readonly #resolveHost: HostResolver;
  readonly #random: () => number;
  readonly #batchSize: number;
  readonly #concurrency: number;
  readonly #perSubscription: number;
  readonly #instanceId = newId();
  /** Work stop() waits for: loop turns, runOnce() passes, claims and attempts in flight. */
  readonly #work = new Set<Promise<unknown>>();
  readonly #abort = new AbortController();
  /** Attempts in flight, in all and per subscription id, and how many ended so far. */
  #active = 0;
  #ended = 0;
  readonly #inFlight = new Map<string, number>();
  /** The end of the latest claim: claims of this dispatcher run one at a time, each seeing the slots taken before. */
  #claims: Promise<void> = Promise.resolve();
  #timer: NodeJS.Timeout | undefined;
  #started = false;
  #stopped = false;
  #ticking = false;
  #tickAgain = false;

  constructor(deps: AppDeps, options: WebhookDispatcherOptions = {}) {
    this.#deps = deps;
    this.#transport = options.transport ?? httpTransport;
    this.#resolveHost = options.resolveHost ?? systemResolver;
    this.#random = options.random ?? Math.random;
    this.#batchSize = options.batchSize ?? 100;
    this.#concurrency = Math.max(1, options.concurrency ?? 16);
    this.#perSubscription = Math.max(1, options.perSubscription ?? deps.config.webhookSubscriptionConcurrency);
    // Every attempt in flight listens for the shutdown signal.
    setMaxListeners(0, this.#abort.signal);
  }

  /** Whether the polling loop runs (start() called, stop() not yet). */
  get running(): boolean {
    return this.#started && !this.#stopped;
  }

  /**
   * Starts the loop: claims into the free slots now, then again whenever an attempt ends, on wake(), and every
   * config.webhookPollIntervalMs. Timers are unref'd (they never keep the process alive). Idempotent.
   */
  start(): void {
    if (this.#started || this.#stopped) return;
    this.#started = true;
    this.#deps.logger.info({ dispatcherId: this.#instanceId }, 'webhook dispatcher started');
    this.#schedule(0);
  }

  /** Asks for a claim as soon as possible (new deliveries were queued). No effect unless the loop runs. */
  wake(): void {
    if (!this.running) return;
    if (this.#ticking) {
      this.#tickAgain = true;
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
    while (this.#work.size > 0) await Promise.allSettled([...this.#work]);
    if (!first || !this.#started) return;
    try {
      const released = await releaseLeasesOf(this.#deps, this.#instanceId);
      if (released > 0) this.#deps.logger.info({ released }, 'webhook dispatcher released its claimed deliveries');
    } catch (error) {
      this.#deps.logger.error({ err: error }, 'webhook dispatcher could not release its claimed deliveries (they are retried once their lease expires)');
    }
  }

  /**
   * One pass, for tests and tools: claims due deliveries (next_attempt_at <= now, subscription enabled, not leased by
   * a live claim) into the free slots, and claims again as each attempt ends, until `batchSize` were claimed or none
   * is left to claim; resolves once every attempt it started is recorded. Returns what it did; does nothing once
   * stopped.
   */
  runOnce(): Promise<DispatchSummary> {
    if (this.#stopped) return Promise.resolve({ ...EMPTY });
    return this.#track(this.#pass());
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

  /** Keeps `promise` in the work stop() waits for until it settles; returns it. */
  #track<T>(promise: Promise<T>): Promise<T> {
    this.#work.add(promise);
    void promise.finally(() => this.#work.delete(promise)).catch(() => undefined);
    return promise;
  }

  #schedule(delayMs: number): void {
    if (this.#stopped) return;
    if (this.#timer) clearTimeout(this.#timer);
    this.#timer = setTimeout(() => void this.#track(this.#tick()), delayMs);
    this.#timer.unref();
  }

  /** A turn of the loop: one claim into the free slots, then the next turn (at once if asked meanwhile). */
  async #tick(): Promise<void> {
    this.#timer = undefined;
    if (!this.running) return;
    this.#ticking = true;
    this.#tickAgain = false;
    let failed = false;
    try {
      await this.#claim(this.#concurrency, () => undefined);
    } catch (error) {
      failed = true;
      this.#deps.logger.error({ err: error }, 'webhook dispatcher run failed');
    } finally {
      this.#ticking = false;
    }
    // After a failed claim (the database is unreachable) the next turn waits for the poll interval.
    this.#schedule(this.#tickAgain && !failed ? 0 : this.#deps.config.webhookPollIntervalMs);
  }

  /** An attempt ended: its slot is free, so the loop claims again at once. */
  #slotFreed(): void {
    this.wake();
  }

  async #pass(): Promise<DispatchSummary> {
    const summary: DispatchSummary = { ...EMPTY };
    const count = (outcome: Outcome) => {
      if (outcome === 'succeeded') summary.succeeded += 1;
      else if (outcome === 'failed') summary.failed += 1;
    };
    const mine = new Set<Promise<void>>();
    let left = this.#batchSize;
    for (;;) {
      if (left > 0 && !this.#stopped) {
        const ended = this.#ended;
        const started = await this.#claim(left, count);
        for (const attempt of started) {
          mine.add(attempt);
          void attempt.finally(() => mine.delete(attempt));
        }
        left -= started.length;
        summary.claimed += started.length;
        // Claimed some, or attempts ended while it claimed (it may have seen their subscriptions at their cap):
        // claim again before concluding that nothing is left.
        if (started.length > 0 || this.#ended !== ended) continue;
      }
      if (mine.size === 0) return summary;
      await Promise.race(mine);
    }
  }

  /**
   * Claims up to `wanted` due deliveries into the free slots (claims.ts, with this dispatcher's attempts in flight per
   * subscription) under a fresh lease and starts sending each; returns the attempts started, each settling once it
   * is recorded or released, after reporting how it ended to `onOutcome`. Claims run one at a time.
   */
  async #claim(wanted: number, onOutcome: (outcome: Outcome) => void): Promise<Promise<void>[]> {
    const previous = this.#claims;
    let done!: () => void;
    this.#claims = new Promise<void>((resolve) => (done = resolve));
    const claim = (async () => {
      await previous;
      const limit = Math.min(wanted, this.#concurrency - this.#active);
      if (this.#stopped || limit <= 0) return [];
      const lease = `${this.#instanceId}:${newId()}`;
      // What is in flight now: attempts that stop() aborts while the claim runs must not make room for more.
      const inFlight = new Map(this.#inFlight);
      const jobs = await claimDueDeliveries(this.#deps, lease, { limit, perSubscription: this.#perSubscription, inFlight });
      if (this.#stopped && jobs.length > 0) {
        // Stopped while claiming: nothing more is sent; the claimed deliveries go back at once (R22.3).
        await releaseLeasesOf(this.#deps, this.#instanceId);
        return [];
      }
      return jobs.map((job) => this.#attempt(job, lease, onOutcome));
    })();
    try {
      return await this.#track(claim);
    } finally {
      done();
    }
  }

  /** Sends one claimed delivery in a slot, freed when it is recorded or released. */
  #attempt(job: DeliveryJob, lease: string, onOutcome: (outcome: Outcome) => void): Promise<void> {
    this.#active += 1;
    this.#inFlight.set(job.subscriptionId, (this.#inFlight.get(job.subscriptionId) ?? 0) + 1);
    const attempt = (async () => {
      try {
        onOutcome(await this.#deliver(job, lease));
      } catch (error) {
        // The lease expires and the delivery is tried again; the other attempts go on.
        this.#deps.logger.error({ err: error, deliveryId: job.id }, 'webhook delivery could not be processed');
      } finally {
        this.#active -= 1;
        this.#ended += 1;
        const n = (this.#inFlight.get(job.subscriptionId) ?? 1) - 1;
        if (n > 0) this.#inFlight.set(job.subscriptionId, n);
        else this.#inFlight.delete(job.subscriptionId);
        this.#slotFreed();
      }
    })();
    return this.#track(attempt);
  }

  /** Sends one claimed delivery and records the attempt; 'released' when it was not attempted. */
  async #deliver(job: DeliveryJob, lease: string): Promise<Outcome> {
    const { clock } = this.#deps;
    if (!job.enabled || this.#abort.signal.aborted) return this.#release(job, lease);
    const attemptedAt = clock.now();
    let result: TransportResult;
    if (job.event === null) {
      result = { statusCode: null, location: null, durationMs: 0, error: 'the event of this delivery no longer exists', aborted: false };
    } else {
      const body = webhookPayload(job.event);
      const secrets = signingSecrets(job.secret, job.retiredSecrets, attemptedAt.toISOString());
      const headers = { ...signatureHeaders(secrets, job.eventId, Math.floor(attemptedAt.getTime() / 1000), body) };
      result = await this.#send(job.url, headers, body);
    }
    if (result.aborted) return this.#release(job, lease);
    return recordAttempt(this.#deps, this.#random, job, lease, attemptedAt, result);
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
}
