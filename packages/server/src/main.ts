import { configFromEnv } from './config';
import { startServer } from './start-server';

/**
 * `npm start` entry: configuration from the environment (README "Configuration"), logs the API root,
 * shuts down gracefully on SIGINT/SIGTERM (in-flight requests finish; forced exit after 10 s).
 */
async function main(): Promise<void> {
  const server = await startServer(configFromEnv());
  const { logger } = server.deps;
  logger.info({ url: server.url }, `tourney server listening on ${server.url}`);
  let stopping = false;
  const stop = (signal: NodeJS.Signals) => {
    if (stopping) return;
    stopping = true;
    logger.info({ signal }, 'shutting down');
    setTimeout(() => {
      logger.error('shutdown took longer than 10 s; exiting');
      process.exit(1);
    }, 10_000).unref();
    server.close().then(
      () => logger.info('stopped'),
      (error: unknown) => {
        logger.error({ err: error }, 'error while shutting down');
        process.exitCode = 1;
      },
    );
  };
  process.once('SIGINT', stop);
  process.once('SIGTERM', stop);
}

main().catch((error: unknown) => {
  console.error('tourney server failed to start:', error instanceof Error ? error.message : error);
  process.exitCode = 1;
});
