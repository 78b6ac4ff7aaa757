import { checkConfigOptions } from './config-options';
import { DEFAULT_LIST_TOTAL_CAP } from './db/page-query';
/**
 * Rate limit settings: `points` requests per `durationSeconds` window, per API key, user or client address. The
 * counters live in Redis when redisUrl is set, in PostgreSQL when databaseUrl is set, else in this process (R21.1).
 */
export interface RateLimitConfig {
  enabled: boolean;
  points: number;
  durationSeconds: number;
  /** Prefix of the counters' keys in a shared store (env TOURNEY_RATE_LIMIT_KEY_PREFIX, default `tourney-rl`). */
  keyPrefix: string;
}

/** Everything the server can be configured with; see README "Configuration" for the environment variables. */
export interface ServerConfig {
  /** TCP port for `listen` (env PORT, default 3000). */
  port: number;
  /** Interface to bind (env HOST, default 127.0.0.1). */
  host: string;
  /** SQLite file path or ':memory:' (env TOURNEY_DB, default ./data/tourney.db); unused when databaseUrl is set. */
  databasePath: string;
  /**
   * PostgreSQL connection URL, `postgres://user:password@host:5432/database` (env DATABASE_URL; `postgresql://` too).
   * Null (default): SQLite at databasePath. Any other scheme is refused at start (ConfigError).
   */
  databaseUrl: string | null;
  /** Most PostgreSQL connections this process opens at once (env TOURNEY_DB_POOL_SIZE, default 10; ignored on SQLite). */
  databasePoolSize: number;
  /**
   * Milliseconds after which PostgreSQL cancels a statement, so a stuck query fails its request instead of holding a
   * connection (env TOURNEY_DB_STATEMENT_TIMEOUT, seconds; default 30 s; 0 = no limit; ignored on SQLite).
   */
  databaseStatementTimeoutMs: number;
  /**
   * Redis URL, `redis://[:password@]host:6379[/db]` or `rediss://` (env REDIS_URL). Set: the rate limit counters are
   * kept there, shared by every server process, and `/health` checks it (R21.1, R21.4). Null (default): no Redis.
   */
  redisUrl: string | null;
  /** Public base URL of the API root, used in links such as presigned upload URLs (env TOURNEY_PUBLIC_URL). */
  publicUrl: string | null;
  /** Access token lifetime in seconds (env TOURNEY_ACCESS_TOKEN_TTL, default 900). */
  accessTokenTtlSeconds: number;
  /** Refresh token lifetime in seconds (env TOURNEY_REFRESH_TOKEN_TTL, default 2592000 = 30 days). */
  refreshTokenTtlSeconds: number;
  rateLimit: RateLimitConfig;
  /** Maximum JSON body size in bytes (default 1 MiB, at least 1). */
  maxBodyBytes: number;
  /** pino log level (env LOG_LEVEL, default info; 'silent' in tests). */
  logLevel: string;
  /** Trust X-Forwarded-For for the client address (env TOURNEY_TRUST_PROXY=1). */
  trustProxy: boolean;
  /**
   * With trustProxy, the number of proxies that append to X-Forwarded-For (env TOURNEY_PROXY_HOPS, default 1): the
   * client address is that many entries from the right; entries to their left were written by the client (R3.5).
   */
  proxyHops: number;
  /**
   * Seconds a shared cache (CDN) or browser may serve an anonymous read without revalidating (env
   * TOURNEY_PUBLIC_CACHE_SECONDS, default 0: revalidate every time with the ETag; R2.20).
   */
  publicCacheSeconds: number;
  /**
   * Rows past a page's offset that the `total` of a list counts at most; beyond them `total` is a lower bound with
   * `pagination.totalCapped` (env TOURNEY_LIST_TOTAL_CAP, default 1000, >= 1; R3.11).
   */
  listTotalCap: number;
  /**
   * Check every JSON response against openapi.yaml and answer 500 on a mismatch (env TOURNEY_VALIDATE_RESPONSES=1,
   * default false; tests turn it on as the contract guard).
   */
  validateResponses: boolean;
  /**
   * Directory of uploaded anti-cheat evidence (env TOURNEY_EVIDENCE_DIR). Null: `evidence/` next to the database file,
   * or a fresh temporary directory for an in-memory database (storage/evidence-storage.ts).
   */
  evidenceDir: string | null;
  /** Largest evidence upload accepted at presign, in bytes (env TOURNEY_MAX_EVIDENCE_BYTES, default 25 MiB). */
  maxEvidenceBytes: number;
  /**
   * Secret signing presigned upload URLs (env TOURNEY_PRESIGN_SECRET). Null: a random one per start, so URLs issued
   * before a restart are refused (403); set it to keep them valid across restarts and between instances. Required
   * when databaseUrl is set (startServer throws ConfigError without it, R21.2).
   */
  presignSecret: string | null;
  /**
   * Accept webhook URLs whose host resolves to a private, loopback, link-local or unique-local address, at creation and
   * at delivery (env TOURNEY_ALLOW_PRIVATE_WEBHOOK_URLS=1; default false; for local development and tests).
   */
  allowPrivateWebhookUrls: boolean;
  /** Run the webhook dispatcher in this process (env TOURNEY_WEBHOOK_DISPATCHER=off for API-only processes; default true). */
  webhookDispatcher: boolean;
  /** How long a delivery attempt waits for the receiver's answer, milliseconds (env TOURNEY_WEBHOOK_TIMEOUT, seconds; default 10 s). */
  webhookTimeoutMs: number;
  /**
   * Delays before each retry of a failed delivery, seconds, jittered by up to 20 % either way (env
   * TOURNEY_WEBHOOK_RETRY_SCHEDULE, comma-separated). Default: 30 s, 2 min, 10 min, 30 min, 1 h, 2 h, 4 h, 8 h, 8 h:
   * 10 attempts over about 24 h.
   */
  webhookRetryScheduleSeconds: number[];
  /**
   * Milliseconds a claimed delivery stays leased beyond the attempt timeout (env TOURNEY_WEBHOOK_LEASE_MARGIN, seconds;
   * default 60 s): when an instance dies holding claims, another takes them once webhookTimeoutMs plus this has
   * passed (R22.1).
   */
  webhookLeaseMarginMs: number;
  /**
   * Most attempts to one subscription a dispatcher sends at once (env TOURNEY_WEBHOOK_SUBSCRIPTION_CONCURRENCY; default
   * 4, at least 1): a receiver that hangs until webhookTimeoutMs holds at most this many of the dispatcher's slots, so
   * the other subscriptions' deliveries keep going out (R10.11).
   */
  webhookSubscriptionConcurrency: number;
  /** How often the dispatcher looks for due deliveries when idle, milliseconds (default 1000, at least 1). */
  webhookPollIntervalMs: number;
  /**
   * Milliseconds between two sweeps creating the time-based notifications that are due (check-in open, match ready,
   * match starting soon) in the server process (env TOURNEY_NOTIFICATION_SWEEP_INTERVAL, seconds; default 60 s;
   * 0 = no sweep in this process: they are still created when their user lists notifications).
   */
  notificationSweepIntervalMs: number;
  /**
   * Milliseconds between two runs of the registration schedule, which opens and closes registration when a
   * tournament's registrationOpensAt / registrationClosesAt pass (env TOURNEY_REGISTRATION_SCHEDULE_INTERVAL, seconds;
   * default 30 s; 0 = never in this process: registration then moves at the first entry after those times, R5.11, or
   * when an organizer moves it).
   */
  registrationScheduleIntervalMs: number;
  /**
   * On shutdown (SIGTERM, SIGINT, close()), how long requests in flight may take to finish before their connections
   * are cut, milliseconds (env TOURNEY_SHUTDOWN_TIMEOUT, seconds; default 10 s; R22.3).
   */
  shutdownTimeoutMs: number;
  /**
   * Milliseconds between two reads of the database by each open live event stream (R28.2; env
   * TOURNEY_LIVE_POLL_INTERVAL, milliseconds; default 500).
   */
  livePollIntervalMs: number;
  /** Milliseconds of silence after which a live event stream sends a heartbeat comment (R28.3; env TOURNEY_LIVE_HEARTBEAT, seconds; default 15 s). */
  liveHeartbeatMs: number;
  /** Events kept per tournament for `Last-Event-ID` resume (R28.2; env TOURNEY_LIVE_BACKLOG; default 1000). */
  liveBacklog: number;
  /**
   * Rows (matches plus standings lines) of the brackets kept in this process's bracket cache, summed over the cached
   * tournaments (R5.15, R18.7; env TOURNEY_BRACKET_CACHE_ROWS; default 25 000; 0 turns the cache off).
   */
  bracketCacheRows: number;
}

/** Defaults for every setting. */
export const defaultConfig: ServerConfig = {
  port: 3000,
  host: '127.0.0.1',
  databasePath: './data/tourney.db',
  databaseUrl: null,
  databasePoolSize: 10,
  databaseStatementTimeoutMs: 30_000,
  redisUrl: null,
  publicUrl: null,
  accessTokenTtlSeconds: 900,
  refreshTokenTtlSeconds: 30 * 24 * 3600,
  rateLimit: { enabled: true, points: 600, durationSeconds: 60, keyPrefix: 'tourney-rl' },
  maxBodyBytes: 1024 * 1024,
  logLevel: 'info',
  trustProxy: false,
  proxyHops: 1,
  publicCacheSeconds: 0,
  listTotalCap: DEFAULT_LIST_TOTAL_CAP,
  validateResponses: false,
  evidenceDir: null,
  maxEvidenceBytes: 25 * 1024 * 1024,
  presignSecret: null,
  allowPrivateWebhookUrls: false,
  webhookDispatcher: true,
  webhookTimeoutMs: 10_000,
  webhookRetryScheduleSeconds: [30, 120, 600, 1800, 3600, 7200, 14_400, 28_800, 28_800],
  webhookLeaseMarginMs: 60_000,
  webhookPollIntervalMs: 1000,
  webhookSubscriptionConcurrency: 4,
  notificationSweepIntervalMs: 60_000,
  registrationScheduleIntervalMs: 30_000,
  shutdownTimeoutMs: 10_000,
  livePollIntervalMs: 500,
  liveHeartbeatMs: 15_000,
  liveBacklog: 1000,
  bracketCacheRows: 25_000,
};

/** Partial configuration, deep for `rateLimit`. */
export type ConfigOverrides = Partial<Omit<ServerConfig, 'rateLimit'>> & { rateLimit?: Partial<RateLimitConfig> };

/** `object` without its undefined entries: an option given as undefined is an option not given. */
const defined = <T extends object>(object: T): Partial<T> =>
  Object.fromEntries(Object.entries(object).filter(([, value]) => value !== undefined)) as Partial<T>;

/**
 * Merges overrides onto the defaults (an override of undefined keeps the default) and checks the result as the
 * environment variables are checked (config-options.ts, R18.3).
 * @throws ConfigError naming each option out of range or misspelled, e.g. `startServer option port must be a TCP port
 * (0 to 65535) (got 70000)`.
 */
export function resolveConfig(overrides: ConfigOverrides = {}): ServerConfig {
  const config: ServerConfig = {
    ...defaultConfig,
    ...defined(overrides),
    rateLimit: { ...defaultConfig.rateLimit, ...defined(overrides.rateLimit ?? {}) },
  };
  checkConfigOptions(config);
  return config;
}

export { ConfigError, configFromEnv } from './config-env';
