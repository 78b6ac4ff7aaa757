/** @tourney/server: the Tourney reference server (Koa over SQLite or PostgreSQL via Kysely), embeddable and testable. */
export { createApp, type CreateAppOptions, type TourneyApp } from './app';
export { listen, type ListenOptions, type RunningServer } from './listen';
export { startServer, type StartedServer, type StartServerOptions } from './start-server';
export { createSqliteDatabase } from './db/sqlite/sqlite';
export { sqliteDialect } from './db/sqlite/sqlite-dialect';
export { postgresDialect } from './db/postgres/postgres-dialect';
export type { PostgresPoolOptions } from './db/postgres/postgres';
export { databaseFor, type DatabaseChoice } from './db/database-for';
export { DatabaseConnectionError } from './db/connection-error';
export { RedisConnectionError } from './redis/redis-connection';
export type { ConnectedDatabase, DatabaseDialect, LockableTable } from './db/dialect';
export { isUniqueViolation, UniqueViolationError } from './db/unique-violation';
export { migrateToLatest, NewerDatabaseError } from './db/migrate';
export { resetPassword, UnknownAccountError, type PasswordReset } from './admin/reset-password';
export type { Database } from './db/schema';
export {
  ConfigError,
  configFromEnv,
  defaultConfig,
  resolveConfig,
  type ConfigOverrides,
  type RateLimitConfig,
  type ServerConfig,
} from './config';
export { ManualClock, systemClock, type Clock } from './clock';
export type { AppDeps } from './deps';
export { createLogger, type Logger } from './logger';
export { ApiError, errorStatus, type ErrorCode, type ErrorDetail } from './http/errors';
export { AppError, isAppError } from './errors/app-error';
export { allScopes, type AuthContext, type Scope, type StaffRole } from './auth/auth-context';
export type {
  ApiContext,
  OperationHandler,
  OperationHandlers,
  OperationId,
  OperationInput,
  OperationReply,
  ReplyHeaders,
} from './http/operation';
export { accepted, created, listed, noContent, NO_STORE, ok } from './http/reply';
export {
  createMemoryRateLimiter,
  fromRateLimiterFlexible,
  type RateLimitDecision,
  type RateLimiter,
} from './http/rate-limit';
export { API_PREFIX } from './http/router';
export { openapiDocument, type OpenApiDocument } from './http/openapi';
export type { Services } from './services/index';
export { WebhookDispatcher, type DispatchSummary, type WebhookDispatcherOptions } from './services/webhooks/dispatcher';
export { PeriodicJob, type PeriodicJobOptions } from './jobs/periodic-job';
export { SERVER_VERSION } from './version';
