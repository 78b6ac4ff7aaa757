import { sql } from 'kysely';
import type { AppDeps } from '../../deps';
import { SERVER_VERSION } from '../../version';
import type { Health } from '../../contract-types';

/** The outcome of one check. */
type CheckResult = Health['checks']['database'];

/**
 * Health check (R18.1, R18.2, R21.4): a `select 1` through Kysely, a PING to Redis when the server uses one
 * (REDIS_URL), the version and the uptime.
 */
export class HealthService {
  readonly #startedAtMs: number;

  constructor(private readonly deps: AppDeps) {
    this.#startedAtMs = deps.clock.now().getTime();
  }

  /** Runs the checks at once; never throws (a failing check makes the status `degraded`, logged at warn). */
  async check(): Promise<Health> {
    const { redis } = this.deps;
    const [database, redisCheck] = await Promise.all([
      this.#run('database', () => sql`select 1`.execute(this.deps.db)),
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
      await check();
      return 'ok';
    } catch (error) {
      this.deps.logger.warn({ err: error }, `health check: ${name} failed`);
      return 'error';
    }
  }
}
