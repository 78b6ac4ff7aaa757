import type { RateLimitConfig, ServerConfig } from './config';

// The one table of the ranges of the server's integer settings (R18.3), in the unit of each ServerConfig field. The
// environment variables are read with it (env-values.ts `bounded`, in their own unit where it differs) and the options
// of startServer are checked against it (config-options.ts), so both refuse the same values with the same words.

/** Largest value of a setting without a bound of its own: above it a number is no longer exact. */
export const LARGEST = Number.MAX_SAFE_INTEGER;

/**
 * Longest delay a Node.js timer (setTimeout) keeps, milliseconds: a longer one fires at once, so a job would run in a
 * busy loop and a shutdown deadline would pass at once. Every duration the server waits on is bounded by it.
 */
export const MAX_TIMER_MS = 2_147_483_647;

/**
 * Milliseconds `npm start` allows beyond TOURNEY_SHUTDOWN_TIMEOUT for stopping the jobs and closing the database before
 * it forces its exit (R22.3): the sum must fit a timer too.
 */
export const SHUTDOWN_CLOSE_MARGIN_MS = 5_000;

/** Largest statement_timeout PostgreSQL takes, milliseconds (a 32-bit integer): it refuses the connection beyond. */
export const POSTGRES_MAX_STATEMENT_TIMEOUT_MS = 2_147_483_647;

/** Largest token lifetime, seconds (100 years of 365 days): expiry instants stay valid dates. */
const MAX_TOKEN_TTL_SECONDS = 100 * 365 * 24 * 3600;

/** Largest max-age a cache honours (RFC 9111 delta-seconds: caches take larger ones as 2147483648). */
const MAX_CACHE_SECONDS = 2_147_483_647;

/**
 * Fewest connections a PostgreSQL pool may have: a periodic job keeps its advisory lock on one connection while its
 * queries run on another (DatabaseDialect.runExclusive, R22.2), so one connection would wait on itself forever.
 */
export const MIN_POSTGRES_POOL_SIZE = 2;
/** Why, as the configuration errors say it. */
export const POOL_SIZE_REASON = 'a periodic job holds one connection for its lock while its queries use another';

/** Message of a count out of range. */
export const NON_NEGATIVE_INTEGER = 'must be a non-negative integer';
/** Message of a positive integer out of range. */
const POSITIVE_INTEGER = 'must be a positive integer';

/** Units of a duration setting, as the messages name them. */
export type DurationUnit = 'seconds' | 'milliseconds';

/**
 * The integers a setting may hold, `min` to `max` inclusive, in the unit of its ServerConfig field. A duration names
 * its `unit` (its messages then say the range: `must be a whole number of seconds from 1 to 2147483`, then `why`);
 * any other integer says `error` for a value that is no integer or below `min`, `tooLarge` (default `error`) above
 * `max`, and `optionError` (default `error`) instead of `error` for a startServer option.
 */
export interface IntegerBound {
  min: number;
  max: number;
  unit?: DurationUnit;
  why?: string;
  error?: string;
  tooLarge?: string;
  optionError?: string;
}

/** A duration from `min` to `max` milliseconds (default: the longest a Node.js timer holds), `why` after its range. */
const milliseconds = (min = 0, max = MAX_TIMER_MS, why?: string): IntegerBound => ({ min, max, unit: 'milliseconds', why });
/** A duration from `min` to `max` seconds (default: the most seconds whose milliseconds fit a Node.js timer). */
const seconds = (min = 0, max = Math.floor(MAX_TIMER_MS / 1000)): IntegerBound => ({ min, max, unit: 'seconds' });
/** A count from 1, `error` (default: a positive integer) when it is not one. */
const positive = (error = POSITIVE_INTEGER, optionError?: string): IntegerBound => ({
  min: 1,
  max: LARGEST,
  error,
  tooLarge: `${POSITIVE_INTEGER} of at most ${LARGEST}`,
  optionError,
});
/** A count from 0. */
const count = (): IntegerBound => ({ min: 0, max: LARGEST, error: NON_NEGATIVE_INTEGER, tooLarge: `${NON_NEGATIVE_INTEGER} of at most ${LARGEST}` });

/** Path of an integer setting: a number field of ServerConfig, or `rateLimit.<number field>`. */
export type IntegerSetting =
  | { [K in keyof ServerConfig]: ServerConfig[K] extends number ? K : never }[keyof ServerConfig]
  | `rateLimit.${{ [K in keyof RateLimitConfig]: RateLimitConfig[K] extends number ? K : never }[keyof RateLimitConfig]}`;

/**
 * The range of every integer setting, by its path in ServerConfig (every number field must have one), in the field's
 * unit: the environment variable that sets it is read in its own unit (seconds for most durations) within the same
 * range (env-values.ts `bounded`).
 */
export const CONFIG_BOUNDS: Readonly<Record<IntegerSetting, IntegerBound>> = {
  port: { min: 0, max: 65535, error: NON_NEGATIVE_INTEGER, tooLarge: 'must be a TCP port (0 to 65535)' },
  databasePoolSize: { min: MIN_POSTGRES_POOL_SIZE, max: LARGEST, error: `must be an integer of at least ${MIN_POSTGRES_POOL_SIZE} (${POOL_SIZE_REASON})` },
  databaseStatementTimeoutMs: milliseconds(0, POSTGRES_MAX_STATEMENT_TIMEOUT_MS, " (PostgreSQL's limit)"),
  accessTokenTtlSeconds: seconds(0, MAX_TOKEN_TTL_SECONDS),
  refreshTokenTtlSeconds: seconds(0, MAX_TOKEN_TTL_SECONDS),
  // Zero requests per window would refuse every request (`/health` included): off is spelled otherwise.
  'rateLimit.points': positive(
    'must be a positive integer (to turn rate limiting off, set TOURNEY_RATE_LIMIT=off)',
    'must be a positive integer (to turn rate limiting off, set rateLimit.enabled to false)',
  ),
  'rateLimit.durationSeconds': seconds(1),
  maxBodyBytes: positive(),
  proxyHops: positive(),
  publicCacheSeconds: seconds(0, MAX_CACHE_SECONDS),
  listTotalCap: positive(),
  maxEvidenceBytes: count(),
  webhookTimeoutMs: milliseconds(),
  webhookLeaseMarginMs: milliseconds(),
  webhookSubscriptionConcurrency: positive(),
  // 0 would claim in a busy loop while nothing is due.
  webhookPollIntervalMs: milliseconds(1),
  notificationSweepIntervalMs: milliseconds(),
  registrationScheduleIntervalMs: milliseconds(),
  shutdownTimeoutMs: milliseconds(0, MAX_TIMER_MS - SHUTDOWN_CLOSE_MARGIN_MS, ` (the forced exit comes ${SHUTDOWN_CLOSE_MARGIN_MS / 1000} s later, on a timer)`),
  livePollIntervalMs: milliseconds(1),
  liveHeartbeatMs: milliseconds(1),
  liveBacklog: positive(),
  bracketCacheRows: count(),
};

/** The range of each delay of webhookRetryScheduleSeconds (and of each entry of TOURNEY_WEBHOOK_RETRY_SCHEDULE). */
export const RETRY_DELAY_BOUND: IntegerBound = seconds();

/**
 * `bound` in `unit`: a duration in milliseconds read in seconds keeps the whole seconds within its range (its minimum
 * rounded up, its maximum down). @throws Error for any other conversion (no setting needs one).
 */
export function inUnit(bound: IntegerBound, unit: DurationUnit | undefined): IntegerBound {
  if (unit === bound.unit) return bound;
  if (bound.unit !== 'milliseconds' || unit !== 'seconds') throw new Error(`no conversion of a bound from ${bound.unit ?? 'no unit'} to ${unit ?? 'no unit'}`);
  return { ...bound, min: Math.ceil(bound.min / 1000), max: Math.floor(bound.max / 1000), unit };
}

/**
 * What a value out of `bound` must be: `error` for one that is no integer or is below the minimum, `tooLarge` for one
 * above the maximum (without the name of the setting or the value). `forOption`: the words of a startServer option.
 */
export function boundMessages(bound: IntegerBound, forOption = false): { error: string; tooLarge: string } {
  if (bound.unit !== undefined) {
    const range = `must be a whole number of ${bound.unit} from ${bound.min} to ${bound.max}${bound.why ?? ''}`;
    return { error: range, tooLarge: range };
  }
  const error = (forOption ? bound.optionError : undefined) ?? bound.error ?? `must be an integer from ${bound.min} to ${bound.max}`;
  return { error, tooLarge: bound.tooLarge ?? error };
}
