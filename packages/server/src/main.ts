import { configFromEnv } from './config';
import { SHUTDOWN_CLOSE_MARGIN_MS } from './config-env';
import { endLogger } from './logger';
import { startServer } from './start-server';

/** Milliseconds allowed beyond config.shutdownTimeoutMs for stopping jobs and closing the database before a forced exit. */
const CLOSE_MARGIN_MS = SHUTDOWN_CLOSE_MARGIN_MS;

/**
 * `npm start` entry: configuration from the environment (README "Configuration"), logs the API root. On SIGTERM or
 * SIGINT (R22.3): stops accepting connections, lets requests in flight finish (cut after TOURNEY_SHUTDOWN_TIMEOUT),
 * stops the webhook dispatcher (its claimed deliveries released) and the periodic jobs, closes the database and
 * exits 0 once its log lines are written out (or cannot be: nobody reads its stdout pipe any more, EPIPE); exit 1
 * when closing fails or takes longer than the timeout plus 5 s. A second signal while stopping is ignored.
 */
async function main(): Promise<void> {
  const server = await startServer(configFromEnv());
  const { logger, config } = server.deps;
  logger.info({ url: server.url }, `tourney server listening on ${server.url}`);
  let stopping = false;
  const stop = (signal: NodeJS.Signals) => {
    if (stopping) return;
    stopping = true;
    logger.info({ signal, timeoutMs: config.shutdownTimeoutMs }, 'shutting down');
    const limitMs = config.shutdownTimeoutMs + CLOSE_MARGIN_MS;
    setTimeout(() => {
      logger.error(`shutdown took longer than ${limitMs} ms; exiting`);
      process.exit(1);
    }, limitMs).unref();
    // The log lines are written out (or found undeliverable: a closed pipe) before exiting, so that the exit's
    // synchronous flush has nothing left to retry.
    const exit = (code: number) => void endLogger(logger).then(() => process.exit(code));
    server.close().then(
      () => {
        logger.info('stopped');
        exit(0);
      },
      (error: unknown) => {
        logger.error({ err: error }, 'error while shutting down');
        exit(1);
      },
    );
  };
  process.on('SIGINT', stop);
  process.on('SIGTERM', stop);
}

main().catch((error: unknown) => {
  console.error('tourney server failed to start:', error instanceof Error ? error.message : error);
  process.exitCode = 1;
});
