import type { ServerConfig } from '../config';
import { ConfigError, MIN_POSTGRES_POOL_SIZE, POOL_SIZE_REASON, postgresDatabaseName } from '../config-env';
import { redactUrl } from './connection-error';
import { urlSchemeProblem } from '../url-scheme';
import type { DatabaseDialect } from './dialect';
import { postgresDialect } from './postgres/postgres-dialect';
import { sqliteDialect } from './sqlite/sqlite-dialect';

/** A dialect and the location to pass to its `connect` (a SQLite path or a PostgreSQL URL). */
export interface DatabaseChoice {
  dialect: DatabaseDialect;
  location: string;
}

/** URL schemes of PostgreSQL (libpq accepts both). */
const POSTGRES_SCHEMES = new Set(['postgres:', 'postgresql:']);

/**
 * The database the configuration names: PostgreSQL at config.databaseUrl when it is set (pool size and statement
 * timeout from the configuration), else SQLite at config.databasePath.
 * @throws ConfigError when databaseUrl is not a postgres:// or postgresql:// URL (the message hides its password), when
 * it names no database (R18.13), or when the pool has fewer than {@link MIN_POSTGRES_POOL_SIZE} connections (R18.11).
 */
export function databaseFor(config: ServerConfig): DatabaseChoice {
  if (config.databaseUrl === null || config.databaseUrl === '') return { dialect: sqliteDialect, location: config.databasePath };
  const problem = urlSchemeProblem(config.databaseUrl, POSTGRES_SCHEMES);
  if (problem !== null) {
    throw new ConfigError(
      `the database URL ${problem} (got "${redactUrl(config.databaseUrl)}"): use postgres://user:password@host:5432/database, or unset it for SQLite`,
    );
  }
  if (postgresDatabaseName(config.databaseUrl) === null) {
    throw new ConfigError(
      `the database URL names no database (got "${redactUrl(config.databaseUrl)}"): add its name after the host, e.g. postgres://user:password@host:5432/tourney (without one, PostgreSQL would use the database named after the user)`,
    );
  }
  if (!Number.isInteger(config.databasePoolSize) || config.databasePoolSize < MIN_POSTGRES_POOL_SIZE) {
    throw new ConfigError(
      `the PostgreSQL pool size must be at least ${MIN_POSTGRES_POOL_SIZE} (got ${config.databasePoolSize}): ${POOL_SIZE_REASON}`,
    );
  }
  const dialect = postgresDialect({ poolSize: config.databasePoolSize, statementTimeoutMs: config.databaseStatementTimeoutMs });
  return { dialect, location: config.databaseUrl };
}
