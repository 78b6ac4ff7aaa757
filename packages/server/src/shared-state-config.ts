import type { ServerConfig } from './config';
import { ConfigError } from './config-env';
import { redactUrl } from './db/connection-error';
import { urlSchemeProblem } from './url-scheme';

/** URL schemes of Redis (plain and TLS). */
const REDIS_SCHEMES = new Set(['redis:', 'rediss:']);

/**
 * Checks the settings that several server processes must share, before anything is opened:
 * - with a PostgreSQL database (config.databaseUrl) a presign secret is required, as every process must sign and
 *   verify evidence upload URLs with the same one (R21.2);
 * - config.redisUrl, when set, is a redis:// or rediss:// URL (R21.5).
 * @throws ConfigError naming the variable and what to do, in one line (passwords hidden).
 */
export function checkSharedStateConfig(config: Pick<ServerConfig, 'databaseUrl' | 'presignSecret' | 'redisUrl'>): void {
  if (config.databaseUrl && !config.presignSecret) {
    throw new ConfigError(
      'TOURNEY_PRESIGN_SECRET is required when DATABASE_URL is set (every server process must sign evidence upload URLs with the same secret): set it to a long random string, e.g. the output of `openssl rand -hex 32`',
    );
  }
  if (config.redisUrl) {
    const problem = urlSchemeProblem(config.redisUrl, REDIS_SCHEMES);
    if (problem !== null) {
      throw new ConfigError(`REDIS_URL ${problem} (got "${redactUrl(config.redisUrl)}"): use redis://[:password@]host:6379, or unset it`);
    }
  }
}
