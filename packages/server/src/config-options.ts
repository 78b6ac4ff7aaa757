import type { ServerConfig } from './config';
import { boundMessages, CONFIG_BOUNDS, type IntegerBound, type IntegerSetting, RETRY_DELAY_BOUND } from './config-bounds';
import { ConfigError, type ServerEnvName, serverEnvVariables } from './config-env';

// The options of startServer (and createApp) are held to the rules of the environment variables that set the same
// settings (R18.3): the ranges of config-bounds.ts, and the spellings of the text settings.

/**
 * Integer settings whose option is left to a later check: the pool size to databaseFor, which refuses fewer than 2
 * connections on PostgreSQL and ignores the setting on SQLite (R18.11); the statement timeout to PostgreSQL, whose
 * refusal names the parameter and is shown as it is (R18.13), and which SQLite ignores.
 */
const CHECKED_LATER: ReadonlySet<IntegerSetting> = new Set<IntegerSetting>(['databasePoolSize', 'databaseStatementTimeoutMs']);

/** Text settings an option spells as their environment variable does, checked by that variable's schema (null: unset). */
const SPELLED_AS_IN_ENVIRONMENT: ReadonlyArray<readonly [string, ServerEnvName]> = [
  ['logLevel', 'LOG_LEVEL'],
  ['publicUrl', 'TOURNEY_PUBLIC_URL'],
  ['rateLimit.keyPrefix', 'TOURNEY_RATE_LIMIT_KEY_PREFIX'],
];

/** Message of a webhookRetryScheduleSeconds that is no list of delays. */
const RETRY_SCHEDULE = 'must list the delays in seconds, e.g. [30, 120, 600]';

/** The value at `path` (`rateLimit.points`) of `config`. */
const valueAt = (config: ServerConfig, path: string): unknown =>
  path.split('.').reduce<unknown>((object, key) => (object as Record<string, unknown> | undefined)?.[key], config);

/** `value` as the messages show it: text and lists as JSON, anything else as String() spells it. */
const shown = (value: unknown): string => (typeof value === 'string' || (typeof value === 'object' && value !== null) ? JSON.stringify(value) : String(value));

/** What is wrong with `value` as an integer of `bound` (the words of an option), or null when nothing is. */
function integerProblem(value: unknown, bound: IntegerBound): string | null {
  const { error, tooLarge } = boundMessages(bound, true);
  if (typeof value !== 'number' || !Number.isInteger(value) || value < bound.min) return error;
  return value > bound.max ? tooLarge : null;
}

/**
 * Checks a configuration merged from startServer options (R18.3): every integer setting within the range its
 * environment variable has (config-bounds.ts; in the field's own unit, e.g. milliseconds where the variable takes
 * seconds), each delay of webhookRetryScheduleSeconds too (at least one), and logLevel, publicUrl (or null) and
 * rateLimit.keyPrefix spelled as their variables must be. The pool size and the statement timeout are left to
 * databaseFor and PostgreSQL (see CHECKED_LATER).
 * @throws ConfigError naming each bad option, what it must be and the value found, e.g. `startServer option
 * rateLimit.durationSeconds must be a whole number of seconds from 1 to 2147483 (got 0)`, problems joined by `; `.
 */
export function checkConfigOptions(config: ServerConfig): void {
  const problems: string[] = [];
  const refuse = (path: string, problem: string, value: unknown) => problems.push(`startServer option ${path} ${problem} (got ${shown(value)})`);
  for (const [path, bound] of Object.entries(CONFIG_BOUNDS) as Array<[IntegerSetting, IntegerBound]>) {
    if (CHECKED_LATER.has(path)) continue;
    const value = valueAt(config, path);
    const problem = integerProblem(value, bound);
    if (problem !== null) refuse(path, problem, value);
  }
  const schedule: unknown = config.webhookRetryScheduleSeconds;
  if (!Array.isArray(schedule) || schedule.length === 0) refuse('webhookRetryScheduleSeconds', RETRY_SCHEDULE, schedule);
  else {
    schedule.forEach((delay: unknown, index) => {
      const problem = integerProblem(delay, RETRY_DELAY_BOUND);
      if (problem !== null) refuse(`webhookRetryScheduleSeconds entry ${index + 1}`, problem, delay);
    });
  }
  for (const [path, variable] of SPELLED_AS_IN_ENVIRONMENT) {
    const value = valueAt(config, path);
    if (value === null && path === 'publicUrl') continue;
    const parsed = serverEnvVariables[variable].safeParse(value);
    if (!parsed.success) refuse(path, parsed.error.issues[0]!.message, value);
  }
  if (problems.length > 0) throw new ConfigError(problems.join('; '));
}
