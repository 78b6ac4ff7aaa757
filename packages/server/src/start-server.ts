import { createApp } from './app';
import type { Clock } from './clock';
import { type ConfigOverrides, resolveConfig } from './config';
import { migrateToLatest } from './db/migrate';
import { createSqliteDatabase } from './db/sqlite';
import type { AppDeps } from './deps';
import type { OperationHandlers } from './http/operation';
import type { RateLimiter } from './http/rate-limit';
import { listen, type RunningServer } from './listen';
import type { Logger } from './logger';

/** Options of startServer: configuration overrides plus injected clock, logger, handlers and rate limiter. */
export type StartServerOptions = ConfigOverrides & {
  clock?: Clock;
  logger?: Logger;
  /** Handlers by operationId, merged over the built-in ones (tests, extensions). */
  handlers?: OperationHandlers;
  rateLimiter?: RateLimiter;
};

/** A started server with its deps (database, clock, config, logger); close() also closes the database. */
export type StartedServer = RunningServer & { deps: AppDeps };

/**
 * Opens SQLite at config.databasePath (':memory:' allowed), applies the migrations, builds the app and listens
 * (port 0 = a free port). `close()` stops the HTTP server, then destroys the database connection.
 */
export async function startServer(options: StartServerOptions = {}): Promise<StartedServer> {
  const { clock, logger, handlers, rateLimiter, ...overrides } = options;
  const config = resolveConfig(overrides);
  const db = createSqliteDatabase(config.databasePath);
  try {
    await migrateToLatest(db);
    const app = createApp({ db, config: overrides, clock, logger, handlers, rateLimiter });
    const running = await listen(app, { port: config.port, host: config.host });
    let closing: Promise<void> | undefined;
    return {
      ...running,
      deps: app.deps,
      close: () =>
        (closing ??= (async () => {
          try {
            await running.close();
          } finally {
            await db.destroy();
          }
        })()),
    };
  } catch (error) {
    await db.destroy();
    throw error;
  }
}
