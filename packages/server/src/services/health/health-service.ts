import type { AppDeps } from '../../deps';
import { SERVER_VERSION } from '../../version';
import type { Health } from '../../contract-types';
import { probeSchema } from '../../db/schema-probe';
import { withDeadline } from '../../deadline';

/** The outcome of one check. */
type CheckResult = Health['checks']['database'];

/**
 * How long `/health` waits for each check (ms) before reporting it `error` (R18.18): load balancers probe with
 * timeouts of a few seconds, and a dependency that does not answer (a paused Redis, a black-holed database
 * connection) must make the answer degraded, not late.
 */
export const HEALTH_CHECK_TIMEOUT_MS = 1_000;

/** Options of HealthService. */
export interface HealthServiceOptions {
  /** Bound of each check in milliseconds (default {@link HEALTH_CHECK_TIMEOUT_MS}). */
  checkTimeoutMs?: number;
}

/**
 * Health check (R18.1, R18.2, R21.4, R18.18): the database's schema read through Kysely (db/schema-probe.ts: a
 * database that answers without this version's tables is an error), a PING to Redis when the server uses one
 * (REDIS_URL), the version and the uptime. The checks run in parallel, each bounded by `checkTimeoutMs`, so the
 * answer comes within about that time whatever the dependencies do.
 */
export class HealthService {
  readonly #startedAtMs: number;
  readonly #checkTimeoutMs: number;

  constructor(
    private readonly deps: AppDeps,
    options: HealthServiceOptions = {},
  ) {
    this.#startedAtMs = deps.clock.now().getTime();
    this.#checkTimeoutMs = options.checkTimeoutMs ?? HEALTH_CHECK_TIMEOUT_MS;
  }

  /**
   * Runs the checks at once; never throws. A check that fails or does not answer within the bound makes the status
   * `degraded` with that check `error` (logged at warn).
   */
  async check(): Promise<Health> {
    const { redis } = this.deps;
    const [database, redisCheck] = await Promise.all([
      this.#run('database', () => probeSchema(this.deps.db)),
      redis ? this.#run('redis', () => redis.ping()) : undefined,
    ]);
    const checks: Health['checks'] = { database, ...(redisCheck ? { redis: redisCheck } : {}) };
    const now = this.deps.clock.now();
    return {
      status: Object.values(checks).every((result) => result === 'ok') ? 'ok' : 'degraded',
      version: SERVER_VERSION,
      uptimeSeconds: Math.max(0, Math.floor((now.getTime() - this.#startedAtMs) / 1000)),
      time: now.toISOString(),
      checks,
    };
  }

  async #run(name: string, check: () => Promise<unknown>): Promise<CheckResult> {
    try {
      const ms = this.#checkTimeoutMs;
      await withDeadline(Promise.resolve().then(check), ms, `the ${name} check did not answer within ${ms} ms`);
      return 'ok';
    } catch (error) {
      this.deps.logger.warn({ err: error }, `health check: ${name} failed`);
      return 'error';
    }
  }
}
