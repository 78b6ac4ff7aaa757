import type { Db } from '../db/db';
import type { AppDeps } from '../deps';
import type { AccessService } from './access';

/**
 * What every domain service of the API stands on: the app's dependencies (database, clock, config, logger) and
 * the access rules that decide who may do what. A service is built once per app with `new XService(deps, access)`.
 */
export abstract class DomainService {
  constructor(
    protected readonly deps: AppDeps,
    protected readonly access: AccessService,
  ) {}

  /** The app's database. */
  protected get db(): Db {
    return this.deps.db;
  }

  /** The injected clock's current instant, UTC ISO 8601 (`2030-01-01T10:00:00.000Z`). */
  protected now(): string {
    return this.deps.clock.now().toISOString();
  }
}
