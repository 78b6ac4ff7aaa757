import type { Logger } from 'pino';

/** What a NotificationSweeper runs and how often. */
export interface NotificationSweeperOptions {
  /** Milliseconds between the end of one sweep and the start of the next; 0 (or less) never starts the timer. */
  intervalMs: number;
  /** One sweep: creates the due notifications and resolves to how many (NotificationService.sweepDue). */
  sweep: () => Promise<number>;
  logger: Logger;
}

/**
 * Runs the time-based notification sweep (CHECK_IN_OPEN, MATCH_READY, MATCH_STARTING_SOON; spec 4.6) on a timer in
 * the server process, so that they are created when due (and their email / webhook deliveries queued) also for users
 * who never list their notifications. The first sweep runs one interval after start(), each next one an interval after
 * the previous ended (never two at once). Timers are unref'd; a failing sweep is logged and the timer goes on. Safe
 * with several processes on one database: the sweep itself is idempotent (NotificationService.sweepDue).
 */
export class NotificationSweeper {
  readonly #options: NotificationSweeperOptions;
  #timer: NodeJS.Timeout | undefined;
  #inFlight: Promise<number> | undefined;
  #started = false;
  #stopped = false;

  constructor(options: NotificationSweeperOptions) {
    this.#options = options;
  }

  /** Whether the timer runs (start() called with a positive interval, stop() not yet). */
  get running(): boolean {
    return this.#started && !this.#stopped;
  }

  /** Starts the timer; no effect with an interval of 0, once stopped, or when already started. */
  start(): void {
    if (this.#started || this.#stopped || !(this.#options.intervalMs > 0)) return;
    this.#started = true;
    this.#schedule();
  }

  /** Stops the timer and waits for a sweep in flight (call it before closing the database). Idempotent. */
  async stop(): Promise<void> {
    this.#stopped = true;
    if (this.#timer) clearTimeout(this.#timer);
    this.#timer = undefined;
    await this.#inFlight?.catch(() => undefined);
  }

  /**
   * One sweep now (tests drive it with a ManualClock); resolves to how many notifications it created, 0 once stopped.
   * Rejects when the sweep fails. A call while a sweep runs waits for that one and runs after it.
   */
  async runOnce(): Promise<number> {
    while (this.#inFlight) await this.#inFlight.catch(() => undefined);
    if (this.#stopped) return 0;
    const run = this.#options.sweep();
    this.#inFlight = run;
    try {
      return await run;
    } finally {
      this.#inFlight = undefined;
    }
  }

  #schedule(): void {
    if (this.#stopped) return;
    this.#timer = setTimeout(() => void this.#tick(), this.#options.intervalMs);
    this.#timer.unref();
  }

  async #tick(): Promise<void> {
    this.#timer = undefined;
    try {
      const created = await this.runOnce();
      if (created > 0) this.#options.logger.debug({ created }, 'notification sweep');
    } catch (error) {
      this.#options.logger.error({ err: error }, 'notification sweep failed');
    }
    this.#schedule();
  }
}
