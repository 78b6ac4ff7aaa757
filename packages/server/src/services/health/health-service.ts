import { sql } from 'kysely';
import type { AppDeps } from '../../deps';
import { SERVER_VERSION } from '../../version';

/** Service health (contract: Health). */
export interface Health {
  /** `degraded` while a check fails (the answer is still 200). */
  status: 'ok' | 'degraded';
  version: string;
  /** Whole seconds since the app was created (by the injected clock). */
  uptimeSeconds: number;
  /** Server clock, UTC ISO 8601. */
  time: string;
  checks: { database: 'ok' | 'error' };
}

/** Health check (spec 4.6): a `select 1` through Kysely, the version and the uptime. */
export class HealthService {
  readonly #startedAtMs: number;

  constructor(private readonly deps: AppDeps) {
    this.#startedAtMs = deps.clock.now().getTime();
  }

  /** Runs the checks; never throws (a failing database makes the status `degraded`, logged at warn). */
  async check(): Promise<Health> {
    let database: 'ok' | 'error' = 'ok';
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
