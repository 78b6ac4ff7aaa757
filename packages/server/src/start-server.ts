import { createApp } from './app';
import type { Clock } from './clock';
import { type ConfigOverrides, resolveConfig } from './config';
import { migrateToLatest } from './db/migrate';
import type { DatabaseDialect } from './db/dialect';
import { databaseFor } from './db/database-for';
import type { AppDeps } from './deps';
import type { OperationHandlers } from './http/operation';
import type { RateLimiter } from './http/rate-limit';
import { listen, type RunningServer } from './listen';
import type { Logger } from './logger';
import { PeriodicJob } from './jobs/periodic-job';
import { createRateLimiterFor } from './rate-limit-store';
import { connectRedis, type RedisConnection } from './redis/redis-connection';
import { checkSharedStateConfig } from './shared-state-config';
import { applyRegistrationSchedule } from './services/tournaments/registration-schedule';
import { checkEvidenceDirectory } from './storage/evidence-storage';
import type { WebhookDispatcher } from './services/webhooks/dispatcher';
import type { Services } from './services/index';

/** Options of startServer: configuration overrides plus injected clock, logger, handlers and rate limiter. */
export type StartServerOptions = ConfigOverrides & {
  /**
   * The database behind the server, opened at config.databaseUrl if set, else at config.databasePath. Default:
   * PostgreSQL when databaseUrl is set, else SQLite (db/database-for.ts).
   */
  dialect?: DatabaseDialect;
  clock?: Clock;
  logger?: Logger;
  /** Handlers by operationId, merged over the built-in ones (tests, extensions). */
  handlers?: OperationHandlers;
  /** Default: shared by every process when redisUrl or databaseUrl is set, else in memory (rate-limit-store.ts, R21.1). */
  rateLimiter?: RateLimiter;
};

/**
 * A started server with its deps (database, clock, config, logger), its services, its webhook dispatcher (running unless
 * config.webhookDispatcher is false; tests may call `webhookDispatcher.runOnce()`), its notification sweeper
 * (running unless config.notificationSweepIntervalMs is 0) and its registration schedule (unless
 * config.registrationScheduleIntervalMs is 0); tests may call `runOnce()` on either job. close() also closes the database.
 */
export type StartedServer = RunningServer & {
  deps: AppDeps;
  /** The services the requests are answered by (one instance per server; tests may wrap a method to stage a race). */
  services: Services;
  webhookDispatcher: WebhookDispatcher;
  notificationSweeper: PeriodicJob;
  registrationSchedule: PeriodicJob;
};

/**
 * Opens the database (PostgreSQL at config.databaseUrl when set, else SQLite at config.databasePath, ':memory:'
 * allowed; or `options.dialect`), applies the migrations, builds the app and listens
 * (port 0 = a free port), starts the webhook dispatcher (config.webhookDispatcher) and the time-based notification
 * sweep (every config.notificationSweepIntervalMs; 0 = off) and the registration schedule (every
 * config.registrationScheduleIntervalMs; 0 = off). `close()` stops the HTTP server, then the dispatcher (attempts in
 * flight are aborted and released) and the jobs (a run in flight finishes), then destroys the database connection.
 * With config.redisUrl it connects to Redis too (rate limit counters, `/health`) and closes it last.
 * @throws ConfigError, before anything is opened, for an option the environment variable of the same setting would
 * refuse (out of its range, or misspelled: config-options.ts, R18.3), naming it; for a database URL of another
 * scheme than postgres(ql)://, a Redis URL of another scheme than redis(s)://, or a database URL without presign
 * secret (R21.2, R21.5); DatabaseConnectionError when PostgreSQL
 * cannot be reached or refuses the credentials or the database; RedisConnectionError when Redis cannot be reached;
 * the migration's error when one fails; ConfigError when the evidence directory (SQLite) cannot be created or written.
 */
export async function startServer(options: StartServerOptions = {}): Promise<StartedServer> {
  const { clock, logger, handlers, rateLimiter, dialect: given, ...overrides } = options;
  const config = resolveConfig(overrides);
  // The database URL's scheme before the settings that depend on it: no presign secret is asked for a URL that can
  // never work (R21.2).
  const { dialect, location } = given ? { dialect: given, location: config.databaseUrl ?? config.databasePath } : databaseFor(config);
  checkSharedStateConfig(config);
  const connected = await dialect.connect(location);
  const { db } = connected;
  let redis: RedisConnection | null = null;
  const closeDatabase = async () => {
    try {
      await redis?.close();
    } finally {
      await connected.close();
    }
  };
  try {
    await migrateToLatest(db);
    await checkEvidenceDirectory(config);
    if (config.redisUrl) redis = await connectRedis(config.redisUrl);
    const limiter = rateLimiter ?? (config.rateLimit.enabled ? createRateLimiterFor(config, connected, redis) : undefined);
    const app = createApp({ db, dialect, config: overrides, clock, logger, handlers, rateLimiter: limiter, redis: redis ?? undefined });
    const running = await listen(app, { port: config.port, host: config.host });
    const webhookDispatcher = app.services.webhooks.dispatcher;
    if (config.webhookDispatcher) webhookDispatcher.start();
    const notifications = app.services.notifications;
    const notificationSweeper = new PeriodicJob({
      name: 'notification sweep',
      intervalMs: app.deps.config.notificationSweepIntervalMs,
      run: () => notifications.sweepDue(),
      logger: app.deps.logger,
      exclusive: (run) => dialect.runExclusive(db, 'tourney:job:notification-sweep', run),
    });
    const registrationSchedule = new PeriodicJob({
      name: 'registration schedule',
      intervalMs: app.deps.config.registrationScheduleIntervalMs,
      run: () => applyRegistrationSchedule(app.deps),
      logger: app.deps.logger,
      exclusive: (run) => dialect.runExclusive(db, 'tourney:job:registration-schedule', run),
    });
    notificationSweeper.start();
    registrationSchedule.start();
    let closing: Promise<void> | undefined;
    return {
      ...running,
      deps: app.deps,
      services: app.services,
      webhookDispatcher,
      notificationSweeper,
      registrationSchedule,
      close: () =>
        (closing ??= (async () => {
          try {
            await running.close();
          } finally {
            try {
              await Promise.all([webhookDispatcher.stop(), notificationSweeper.stop(), registrationSchedule.stop()]);
            } finally {
              await closeDatabase();
            }
          }
        })()),
    };
  } catch (error) {
    await closeDatabase();
    throw error;
  }
}
