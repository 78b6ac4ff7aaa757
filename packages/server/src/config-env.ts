import { z } from 'zod';
import type { ConfigOverrides } from './config';
import { redactUrl } from './db/connection-error';
import { redisDatabaseIndex } from './redis/redis-database-index';
import { CONFIG_BOUNDS, RETRY_DELAY_BOUND } from './config-bounds';
import { BOOLEAN_SPELLINGS, bounded, flag } from './env-values';

/**
 * What README "Configuration" says of one variable: `description` is its meaning; `default` is the value (spelled as
 * in the environment) that gives the built-in default, or `defaultText` says in words what happens when it is unset.
 */
export interface EnvVariableDoc {
  description: string;
  default?: string;
  defaultText?: string;
}

const doc = <T extends z.ZodType>(schema: T, meta: EnvVariableDoc): T => schema.meta({ ...meta });

export { BOOLEAN_SPELLINGS } from './env-values';
export { MIN_POSTGRES_POOL_SIZE, POOL_SIZE_REASON, SHUTDOWN_CLOSE_MARGIN_MS } from './config-bounds';

/**
 * `value` as a URL when it parses and its scheme matches `protocol` (e.g. `/^rediss?:$/`), else null: the check of a
 * URL's parts leaves a malformed URL or another scheme to the URL check, which words it.
 */
function parsedUrl(value: string, protocol: RegExp): URL | null {
  try {
    const url = new URL(value);
    return protocol.test(url.protocol) ? url : null;
  } catch {
    return null;
  }
}

/**
 * The database a postgres:// URL names, as node-postgres reads it: its path without the leading `/` (still
 * percent-encoded); null when the path is empty (node-postgres would then open the database named after the user,
 * R18.13). `url` must parse (new URL).
 */
export function postgresDatabaseName(url: string): string | null {
  const name = new URL(url).pathname.slice(1);
  return name === '' ? null : name;
}

/**
 * Without a database name in its path a PostgreSQL URL would silently open the database named after the user (R18.13).
 */
const DATABASE_NAME = 'must name the database after the host, e.g. postgres://tourney:secret@localhost:5432/tourney (without one, PostgreSQL would use the database named after the user)';

/** Message of a Redis URL whose path (or `db` parameter) is not a database number (R21.5). */
const REDIS_DATABASE_INDEX = 'must name the Redis database by its number, e.g. redis://127.0.0.1:6379/0, or leave the path out for database 0';

const LOG_LEVELS = ['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'] as const;

/**
 * Every environment variable the server reads, in README order: each maps the raw string to a typed value (or
 * fails with a message saying what it must be). An unset, empty or blank (whitespace-only) variable keeps the
 * built-in default.
 */
export const serverEnvVariables = {
  PORT: doc(
    bounded(CONFIG_BOUNDS.port),
    { default: '3000', description: 'TCP port' },
  ),
  HOST: doc(z.string(), { default: '127.0.0.1', description: 'interface to bind' }),
  TOURNEY_DB: doc(z.string(), {
    defaultText:
      '`./data/tourney.db` with `npm start`; `tourney.db` in the data directory with `tourney server start` (`$TOURNEY_DATA_DIR`, else `$XDG_DATA_HOME/tourney`, else `~/.local/share/tourney`)',
    description:
      'SQLite file (`:memory:` for a throwaway database), in a directory the server may write (SQLite keeps `-wal` and `-shm` files beside it); `--db` of `tourney server start` wins over it; unused when `DATABASE_URL` is set',
  }),
  DATABASE_URL: doc(
    z
      .url({
        protocol: /^postgres(ql)?$/,
        error: 'must be a postgres:// or postgresql:// URL, e.g. postgres://tourney:secret@localhost:5432/tourney',
      })
      .refine((value) => parsedUrl(value, /^postgres(ql)?:$/) === null || postgresDatabaseName(value) !== null, { error: DATABASE_NAME }),
    {
      defaultText: 'unset: SQLite at `TOURNEY_DB`',
      description: 'PostgreSQL database to use instead of SQLite (see "Running on PostgreSQL and several instances"); the password is never logged',
    },
  ),
  TOURNEY_DB_POOL_SIZE: doc(bounded(CONFIG_BOUNDS.databasePoolSize), {
    default: '10',
    description: 'most PostgreSQL connections one server process opens at once (requests beyond wait for one); at least 2',
  }),
  TOURNEY_DB_STATEMENT_TIMEOUT: doc(bounded(CONFIG_BOUNDS.databaseStatementTimeoutMs, 'seconds'), {
    default: '30',
    description: 'seconds after which PostgreSQL cancels a statement (the request fails with 500); `0`: no limit',
  }),
  REDIS_URL: doc(
    z.url({ protocol: /^rediss?$/, error: 'must be a redis:// or rediss:// URL, e.g. redis://127.0.0.1:6379' }).refine(
      (value) => {
        const url = parsedUrl(value, /^rediss?:$/);
        return url === null || redisDatabaseIndex(url) !== null;
      },
      { error: REDIS_DATABASE_INDEX },
    ),
    {
      defaultText: 'unset: rate limits in PostgreSQL when `DATABASE_URL` is set, else in memory',
      description: 'Redis holding the rate limit counters shared by every server process (checked at start and by `/health`); the password is never logged',
    },
  ),
  TOURNEY_PUBLIC_URL: doc(z.url({ protocol: /^https?$/, error: 'must be an http(s) URL, e.g. https://tourney.example.com/api/v1' }), {
    defaultText:
      "each request's own origin (its `Host` header; with `TOURNEY_TRUST_PROXY=on`, the `X-Forwarded-Host` and `X-Forwarded-Proto` entries `TOURNEY_PROXY_HOPS` places from the right) plus `/api/v1`",
    description:
      'public API root used in links the server hands out (`publicUrl` of tournaments, evidence upload URLs); set it behind any proxy: with it no forwarded header is read for links',
  }),
  TOURNEY_ACCESS_TOKEN_TTL: doc(bounded(CONFIG_BOUNDS.accessTokenTtlSeconds), { default: '900', description: 'access token lifetime, seconds' }),
  TOURNEY_REFRESH_TOKEN_TTL: doc(bounded(CONFIG_BOUNDS.refreshTokenTtlSeconds), { default: '2592000', description: 'refresh token lifetime, seconds (30 days)' }),
  TOURNEY_RATE_LIMIT_POINTS: doc(bounded(CONFIG_BOUNDS['rateLimit.points']), {
    default: '600',
    description: 'requests allowed per window, per API key, user or client address; at least 1 (`TOURNEY_RATE_LIMIT=off` turns rate limiting off)',
  }),
  TOURNEY_RATE_LIMIT_WINDOW: doc(bounded(CONFIG_BOUNDS['rateLimit.durationSeconds']), { default: '60', description: 'window length, seconds' }),
  TOURNEY_RATE_LIMIT_KEY_PREFIX: doc(z.string().regex(/^[A-Za-z0-9_:.-]{1,64}$/, { error: 'must be 1 to 64 letters, digits or _ : . -' }), {
    default: 'tourney-rl',
    description: 'prefix of the rate limit counters in Redis or PostgreSQL (deployments sharing one Redis use different prefixes)',
  }),
  TOURNEY_RATE_LIMIT: doc(flag(), { default: 'on', description: '`off` disables rate limiting' }),
  TOURNEY_TRUST_PROXY: doc(flag(), {
    default: 'off',
    description: '`on` takes the client address from `X-Forwarded-For`, and (without `TOURNEY_PUBLIC_URL`) the origin of links from `X-Forwarded-Host` and `X-Forwarded-Proto`',
  }),
  TOURNEY_PROXY_HOPS: doc(bounded(CONFIG_BOUNDS.proxyHops), {
    default: '1',
    description:
      'with `TOURNEY_TRUST_PROXY=on`, how many proxies in front of the server append to `X-Forwarded-For`: the client address is the entry this many places from the right, so addresses a client writes into the header itself are never counted (`X-Forwarded-Host` and `X-Forwarded-Proto` are read the same way)',
  }),
  TOURNEY_PUBLIC_CACHE_SECONDS: doc(bounded(CONFIG_BOUNDS.publicCacheSeconds), {
    default: '0',
    description:
      'seconds a CDN or browser may serve an anonymous read (a public tournament, its bracket ...) without asking again; `0`: it revalidates every time with the ETag (an unchanged answer is a bodiless 304)',
  }),
  TOURNEY_LIST_TOTAL_CAP: doc(bounded(CONFIG_BOUNDS.listTotalCap), {
    default: '1000',
    description:
      'rows past the offset of a page that a list total counts at most; beyond them `total` is a lower bound and `pagination.totalCapped` is true',
  }),
  LOG_LEVEL: doc(z.enum(LOG_LEVELS, { error: `must be one of ${LOG_LEVELS.join(', ')}` }), {
    default: 'info',
    description: 'pino level (`silent`, `error`, `info`, `debug` ...); JSON lines on stdout with `npm start`, on stderr with `tourney server start` (whose stdout is only the URL)',
  }),
  TOURNEY_EVIDENCE_DIR: doc(z.string(), {
    defaultText: '`evidence/` next to the database',
    description: 'directory of uploaded anti-cheat evidence on SQLite (a temporary directory for `:memory:`); unused when `DATABASE_URL` is set (evidence is stored in PostgreSQL)',
  }),
  TOURNEY_MAX_EVIDENCE_BYTES: doc(bounded(CONFIG_BOUNDS.maxEvidenceBytes), {
    default: '26214400',
    description: 'largest evidence file accepted at presign, bytes (25 MiB; above: 413)',
  }),
  TOURNEY_PRESIGN_SECRET: doc(z.string(), {
    defaultText: 'random per start; required when `DATABASE_URL` is set',
    description:
      'secret signing evidence upload URLs (e.g. `openssl rand -hex 32`), the same in every server process; unless set, URLs issued before a restart are refused (403)',
  }),
  TOURNEY_ALLOW_PRIVATE_WEBHOOK_URLS: doc(flag(), {
    default: 'off',
    description: '`on` accepts webhook URLs on private, loopback and link-local addresses (local development)',
  }),
  TOURNEY_WEBHOOK_DISPATCHER: doc(flag(), {
    default: 'on',
    description: '`off`: this process sends no webhooks (another process on the same database does)',
  }),
  TOURNEY_WEBHOOK_TIMEOUT: doc(bounded(CONFIG_BOUNDS.webhookTimeoutMs, 'seconds'), { default: '10', description: "seconds a delivery attempt waits for the receiver's answer" }),
  TOURNEY_WEBHOOK_LEASE_MARGIN: doc(bounded(CONFIG_BOUNDS.webhookLeaseMarginMs, 'seconds'), {
    default: '60',
    description:
      'seconds a claimed delivery stays leased beyond `TOURNEY_WEBHOOK_TIMEOUT`: when an instance dies holding deliveries, another sends them after this',
  }),
  TOURNEY_WEBHOOK_SUBSCRIPTION_CONCURRENCY: doc(bounded(CONFIG_BOUNDS.webhookSubscriptionConcurrency), {
    default: '4',
    description:
      'most attempts to one webhook subscription a server process sends at once (of its 16): an endpoint that hangs until the timeout holds at most this many, so it never delays other subscriptions',
  }),
  TOURNEY_WEBHOOK_RETRY_SCHEDULE: doc(
    z
      .string()
      .transform((list) => list.split(','))
      .pipe(z.array(z.string().trim().min(1, { error: 'must list seconds, e.g. "30,120,600"' }).pipe(bounded(RETRY_DELAY_BOUND))).min(1)),
    {
      default: '30,120,600,1800,3600,7200,14400,28800,28800',
      description: 'seconds before each retry of a failed delivery, comma-separated (jittered by up to 20 %)',
    },
  ),
  TOURNEY_NOTIFICATION_SWEEP_INTERVAL: doc(bounded(CONFIG_BOUNDS.notificationSweepIntervalMs, 'seconds'), {
    default: '60',
    description:
      'seconds between two sweeps creating the time-based notifications that are due (check-in open, match ready, match starting soon) for everyone; `0`: no sweep in this process (they are then created when their user lists notifications)',
  }),
  TOURNEY_REGISTRATION_SCHEDULE_INTERVAL: doc(bounded(CONFIG_BOUNDS.registrationScheduleIntervalMs, 'seconds'), {
    default: '30',
    description:
      'seconds between two runs opening and closing registration of tournaments whose `registrationOpensAt` / `registrationClosesAt` passed; `0`: no such runs in this process (registration then moves at the first entry after those times, or when an organizer moves it)',
  }),
  TOURNEY_SHUTDOWN_TIMEOUT: doc(bounded(CONFIG_BOUNDS.shutdownTimeoutMs, 'seconds'), {
    default: '10',
    description:
      'on SIGTERM or SIGINT, seconds requests in flight may take to finish (new connections are refused at once) before they are cut and the server exits',
  }),
  TOURNEY_LIVE_POLL_INTERVAL: doc(bounded(CONFIG_BOUNDS.livePollIntervalMs), {
    default: '500',
    description: 'milliseconds between two reads of the database by each open live event stream (`GET /tournaments/{id}/events`)',
  }),
  TOURNEY_LIVE_HEARTBEAT: doc(bounded(CONFIG_BOUNDS.liveHeartbeatMs, 'seconds'), { default: '15', description: 'seconds of silence after which a live event stream sends a heartbeat comment' }),
  TOURNEY_LIVE_BACKLOG: doc(bounded(CONFIG_BOUNDS.liveBacklog), { default: '1000', description: 'events kept per tournament for `Last-Event-ID` resume of live event streams' }),
  TOURNEY_BRACKET_CACHE_ROWS: doc(bounded(CONFIG_BOUNDS.bracketCacheRows), {
    default: '25000',
    description:
      'matches and standings rows of tournament brackets this process keeps ready to answer `GET /tournaments/{id}/bracket` and the public pages until the tournament changes (about 2 KB each with their encoded answer); `0`: no cache',
  }),
  TOURNEY_VALIDATE_RESPONSES: doc(flag(), {
    default: 'off',
    description: '`on` checks every JSON response against openapi.yaml (a mismatch becomes a 500 that names it; the tests run with it on)',
  }),
};

/** Name of an environment variable the server reads. */
export type ServerEnvName = keyof typeof serverEnvVariables;

const serverEnvSchema = z.object(serverEnvVariables).partial();

/** The typed values of the variables that are set. */
type ServerEnv = z.output<typeof serverEnvSchema>;

/**
 * A malformed environment variable or startServer option (config-options.ts), or a setting the server cannot use;
 * `message` names each bad variable or option, what it must be and the value found.
 */
export class ConfigError extends Error {
  override readonly name = 'ConfigError';
}

/** Variables holding a URL whose password must not appear in messages. */
const URL_SECRETS: ReadonlySet<ServerEnvName> = new Set(['DATABASE_URL', 'REDIS_URL']);

/** A variable's value as error messages show it: URLs with their password replaced by `***`. */
const shown = (name: ServerEnvName, value: string): string => (URL_SECRETS.has(name) ? redactUrl(value) : value);

/** What each parsed variable sets in the configuration (seconds become milliseconds where the field says Ms). */
function toOverrides(env: ServerEnv): ConfigOverrides {
  const seconds = (value: number | undefined) => (value === undefined ? undefined : value * 1000);
  const overrides: ConfigOverrides = {
    port: env.PORT,
    host: env.HOST,
    databasePath: env.TOURNEY_DB,
    databaseUrl: env.DATABASE_URL,
    databasePoolSize: env.TOURNEY_DB_POOL_SIZE,
    databaseStatementTimeoutMs: seconds(env.TOURNEY_DB_STATEMENT_TIMEOUT),
    redisUrl: env.REDIS_URL,
    publicUrl: env.TOURNEY_PUBLIC_URL,
    accessTokenTtlSeconds: env.TOURNEY_ACCESS_TOKEN_TTL,
    refreshTokenTtlSeconds: env.TOURNEY_REFRESH_TOKEN_TTL,
    logLevel: env.LOG_LEVEL,
    trustProxy: env.TOURNEY_TRUST_PROXY,
    proxyHops: env.TOURNEY_PROXY_HOPS,
    publicCacheSeconds: env.TOURNEY_PUBLIC_CACHE_SECONDS,
    listTotalCap: env.TOURNEY_LIST_TOTAL_CAP,
    validateResponses: env.TOURNEY_VALIDATE_RESPONSES,
    evidenceDir: env.TOURNEY_EVIDENCE_DIR,
    maxEvidenceBytes: env.TOURNEY_MAX_EVIDENCE_BYTES,
    presignSecret: env.TOURNEY_PRESIGN_SECRET,
    allowPrivateWebhookUrls: env.TOURNEY_ALLOW_PRIVATE_WEBHOOK_URLS,
    webhookDispatcher: env.TOURNEY_WEBHOOK_DISPATCHER,
    webhookTimeoutMs: seconds(env.TOURNEY_WEBHOOK_TIMEOUT),
    webhookLeaseMarginMs: seconds(env.TOURNEY_WEBHOOK_LEASE_MARGIN),
    webhookSubscriptionConcurrency: env.TOURNEY_WEBHOOK_SUBSCRIPTION_CONCURRENCY,
    webhookRetryScheduleSeconds: env.TOURNEY_WEBHOOK_RETRY_SCHEDULE,
    notificationSweepIntervalMs: seconds(env.TOURNEY_NOTIFICATION_SWEEP_INTERVAL),
    registrationScheduleIntervalMs: seconds(env.TOURNEY_REGISTRATION_SCHEDULE_INTERVAL),
    shutdownTimeoutMs: seconds(env.TOURNEY_SHUTDOWN_TIMEOUT),
    livePollIntervalMs: env.TOURNEY_LIVE_POLL_INTERVAL,
    liveHeartbeatMs: seconds(env.TOURNEY_LIVE_HEARTBEAT),
    liveBacklog: env.TOURNEY_LIVE_BACKLOG,
    bracketCacheRows: env.TOURNEY_BRACKET_CACHE_ROWS,
    rateLimit: {
      enabled: env.TOURNEY_RATE_LIMIT,
      points: env.TOURNEY_RATE_LIMIT_POINTS,
      durationSeconds: env.TOURNEY_RATE_LIMIT_WINDOW,
      keyPrefix: env.TOURNEY_RATE_LIMIT_KEY_PREFIX,
    },
  };
  const defined = <T extends object>(object: T): T =>
    Object.fromEntries(Object.entries(object).filter(([, value]) => value !== undefined)) as T;
  return { ...defined(overrides), rateLimit: defined(overrides.rateLimit ?? {}) };
}

/**
 * Reads the configuration from environment variables (names and defaults in README "Configuration", generated from
 * {@link serverEnvVariables}). Returns only what is set: unset, empty or blank variables are left out, so callers fall back
 * to their own defaults (`rateLimit` is always present, possibly empty).
 * @throws ConfigError naming every malformed variable, e.g. `TOURNEY_TRUST_PROXY must be one of 1, true, ... (got "maybe")`.
 */
export function configFromEnv(env: NodeJS.ProcessEnv = process.env): ConfigOverrides {
  const names = Object.keys(serverEnvVariables) as ServerEnvName[];
  // A blank value counts as unset, like an empty one: `PORT=" "` must not coerce to 0 (a random port).
  const present = Object.fromEntries(names.filter((name) => env[name] !== undefined && env[name]!.trim() !== '').map((name) => [name, env[name]]));
  const parsed = serverEnvSchema.safeParse(present);
  if (!parsed.success) {
    const problems = parsed.error.issues.map((issue) => {
      const name = String(issue.path[0]);
      const entry = typeof issue.path[1] === 'number' ? ` entry ${issue.path[1] + 1}` : '';
      return `${name}${entry} ${issue.message} (got "${shown(name as ServerEnvName, env[name]!)}")`;
    });
    throw new ConfigError(`invalid environment: ${[...new Set(problems)].join('; ')}`);
  }
  return toOverrides(parsed.data);
}

/**
 * The README "Configuration" section between its markers (Markdown, final newline): the rule for on/off values and
 * one table row per variable, generated from {@link serverEnvVariables} by `npm run generate -w @tourney/server`.
 */
export function renderConfigSection(): string {
  const spell = (values: readonly string[]) => values.map((v) => `\`${v}\``).join(', ');
  const rows = Object.entries(serverEnvVariables).map(([name, schema]) => {
    const meta = schema.meta() as unknown as EnvVariableDoc;
    const fallback = meta.default !== undefined ? `\`${meta.default}\`` : (meta.defaultText ?? '');
    return `| \`${name}\` | ${fallback} | ${meta.description} |`;
  });
  return [
    `On/off variables take ${spell(BOOLEAN_SPELLINGS.on)} or ${spell(BOOLEAN_SPELLINGS.off)} (any case). An empty or blank`,
    '(whitespace-only) variable counts as unset; a malformed value stops the server with an error naming the variable.',
    '',
    '| variable | default | meaning |',
    '| --- | --- | --- |',
    ...rows,
    '',
  ].join('\n');
}
