import type { Logger } from 'pino';

/** What a PeriodicJob runs and how often. */
export interface PeriodicJobOptions {
  /** Name in log lines, e.g. "notification sweep". */
  name: string;
  /** Milliseconds between the end of one run and the start of the next; 0 (or less) never starts the timer. */
  intervalMs: number;
  /** One run; resolves to how many things it did (created, moved ...), logged at debug level when positive. */
  run: () => Promise<number>;
  logger: Logger;
  /**
   * Runs `run` only if no other process on the database is running this job (R22.2), e.g.
   * `(run) => dialect.runExclusive(db, 'job:notification-sweep', run)`; `{ acquired: false }` skips the run (not an
   * error). Default: always run.
   */
  exclusive?: (run: () => Promise<number>) => Promise<{ acquired: true; value: number } | { acquired: false }>;
}

/**
 * Runs a time-based job of the server process on a timer: the notification sweep (CHECK_IN_OPEN, MATCH_READY,
 * MATCH_STARTING_SOON; R15.4, R15.5) and the registration schedule (registrationOpensAt / registrationClosesAt). The
 * first run happens one interval after start(), each next one an interval after the previous ended (never two at once).
 * Timers are unref'd; a failing run is logged and the timer goes on. With `exclusive`, one run at a time across all
 * processes on the database (R22.2: a PostgreSQL advisory lock); a run skipped because another process holds the
 * lock counts in `skippedRuns` and is logged at debug level only. The jobs themselves stay idempotent and safe with
 * several processes on one database.
 */
export class PeriodicJob {
  readonly #options: PeriodicJobOptions;
  #timer: NodeJS.Timeout | undefined;
  #inFlight: Promise<number> | undefined;
  #started = false;
  #stopped = false;
  #skippedRuns = 0;

  constructor(options: PeriodicJobOptions) {
    this.#options = options;
  }

  /** Whether the timer runs (start() called with a positive interval, stop() not yet). */
  get running(): boolean {
    return this.#started && !this.#stopped;
  }

  /** Runs skipped because another process was running this job (R22.2). */
  get skippedRuns(): number {
    return this.#skippedRuns;
  }

  /** Starts the timer; no effect with an interval of 0, once stopped, or when already started. */
  start(): void {
    if (this.#started || this.#stopped || !(this.#options.intervalMs > 0)) return;
    this.#started = true;
    this.#schedule();
  }

  /** Stops the timer and waits for a run in flight (call it before closing the database). Idempotent. */
  async stop(): Promise<void> {
    this.#stopped = true;
    if (this.#timer) clearTimeout(this.#timer);
    this.#timer = undefined;
    await this.#inFlight?.catch(() => undefined);
  }

  /**
   * One run now (tests drive it with a ManualClock); resolves to what the job reports, 0 once stopped or when
   * another process is running the job (`exclusive`). Rejects when the run fails. A call while a run is in flight
   * waits for that one and runs after it.
   */
  async runOnce(): Promise<number> {
    while (this.#inFlight) await this.#inFlight.catch(() => undefined);
    if (this.#stopped) return 0;
    const run = this.#exclusiveRun();
    this.#inFlight = run;
    try {
      return await run;
    } finally {
      this.#inFlight = undefined;
    }
  }

  async #exclusiveRun(): Promise<number> {
    const { exclusive, run, logger, name } = this.#options;
    if (!exclusive) return run();
    const outcome = await exclusive(run);
    if (outcome.acquired) return outcome.value;
    this.#skippedRuns += 1;
    logger.debug(`${name} skipped: another process is running it`);
    return 0;
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
      if (created > 0) this.#options.logger.debug({ count: created }, this.#options.name);
    } catch (error) {
      this.#options.logger.error({ err: error }, `${this.#options.name} failed`);
    }
    this.#schedule();
  }
}
