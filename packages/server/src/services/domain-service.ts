import type { TournamentRow } from '../db/rows';
import type { Db } from '../db/db';
import type { AppDeps } from '../deps';
import type { AccessService } from './access';
import type { WriteContext } from './matches/write-context';

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

  /**
   * Runs `fn` in a transaction holding `tournament`'s row lock (one tournament-wide change at a time: match results
   * lock the tournament too, see MatchService), with the write context of that transaction at the current instant.
   */
  protected async inTournamentTransaction(tournament: TournamentRow, fn: (ctx: WriteContext) => Promise<void>): Promise<void> {
    const now = this.now();
    await this.db.transaction().execute(async (trx) => {
      await this.deps.dialect.lockRows(trx, 'tournaments', [tournament.id]);
      await fn({ db: trx, sink: this.deps, tournament, now, dialect: this.deps.dialect });
    });
  }
}
