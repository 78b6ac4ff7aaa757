import { sql } from 'kysely';
import type { AppDeps } from '../../deps';
import { SERVER_VERSION } from '../../version';
import type { Health } from '../../contract-types';

/** Health check (R18.1, R18.2): a `select 1` through Kysely, the version and the uptime. */
export class HealthService {
  readonly #startedAtMs: number;

  constructor(private readonly deps: AppDeps) {
    this.#startedAtMs = deps.clock.now().getTime();
  }

  /** Runs the checks; never throws (a failing database makes the status `degraded`, logged at warn). */
  async check(): Promise<Health> {
    let database: Health['checks']['database'] = 'ok';
    try {
      await sql`select 1`.execute(this.deps.db);
    } catch (error) {
      database = 'error';
      this.deps.logger.warn({ err: error }, 'health check: database query failed');
    }
    const now = this.deps.clock.now();
    return {
      status: database === 'ok' ? 'ok' : 'degraded',
      version: SERVER_VERSION,
      uptimeSeconds: Math.max(0, Math.floor((now.getTime() - this.#startedAtMs) / 1000)),
      time: now.toISOString(),
      checks: { database },
    };
  }
}
