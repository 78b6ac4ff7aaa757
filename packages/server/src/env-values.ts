import { z } from 'zod';

// The kinds of values the server's environment variables hold (R18.3): on/off, integers in decimal digits, durations
// that fit a Node.js timer. config-env.ts builds every variable from them.

/** Spellings of on/off variables, any case (the one rule for every boolean variable). */
export const BOOLEAN_SPELLINGS = { on: ['1', 'true', 'on', 'yes'], off: ['0', 'false', 'off', 'no'] } as const;

/** An on/off variable: one of {@link BOOLEAN_SPELLINGS}, any case. */
export const flag = () =>
  z.stringbool({
    truthy: [...BOOLEAN_SPELLINGS.on],
    falsy: [...BOOLEAN_SPELLINGS.off],
    case: 'insensitive',
    error: `must be one of ${[...BOOLEAN_SPELLINGS.on, ...BOOLEAN_SPELLINGS.off].join(', ')}`,
  });

/**
 * An integer as the environment spells it: decimal digits with an optional sign, spaces around allowed. Hex (`0x10`),
 * exponents (`1e1`), fractions and `Infinity`, all of which Number() would take, are refused (R18.3).
 */
const DECIMAL_INTEGER = /^\s*[+-]?\d+\s*$/;

/**
 * An integer variable from `min` to `max`: any other spelling or value fails with `error`, one a value above `max` with
 * `tooLarge` (default `error`).
 */
export const integer = (min: number, max: number, error: string, tooLarge = error) =>
  z
    .string()
    .regex(DECIMAL_INTEGER, { error })
    .transform(Number)
    .pipe(z.number().min(min, { error }).max(max, { error: tooLarge })); // digits only: an integer, exact up to `max`

/** Largest value of a variable without a bound of its own: above it a number is no longer exact. */
export const LARGEST = Number.MAX_SAFE_INTEGER;

/** Message of a count out of range. */
export const NON_NEGATIVE_INTEGER = 'must be a non-negative integer';
/** A count from 0 to {@link LARGEST}. */
export const count = () => integer(0, LARGEST, NON_NEGATIVE_INTEGER, `${NON_NEGATIVE_INTEGER} of at most ${LARGEST}`);

/** Message of a positive integer out of range. */
const POSITIVE_INTEGER = 'must be a positive integer';
/** An integer from 1 to {@link LARGEST}, `error` (default: a positive integer) when it is not. */
export const positive = (error = POSITIVE_INTEGER) => integer(1, LARGEST, error, `${POSITIVE_INTEGER} of at most ${LARGEST}`);

/**
 * Longest delay a Node.js timer (setTimeout) keeps, milliseconds: a longer one fires at once, so a job would run in a
 * busy loop and a shutdown deadline would pass at once. Every duration variable the server waits on is bounded by it.
 */
export const MAX_TIMER_MS = 2_147_483_647;

/**
 * Milliseconds `npm start` allows beyond TOURNEY_SHUTDOWN_TIMEOUT for stopping the jobs and closing the database before
 * it forces its exit (R22.3): the sum must fit a timer too.
 */
export const SHUTDOWN_CLOSE_MARGIN_MS = 5_000;

/** A duration in `unit`s from `min` to `max`, the message saying the range. */
export const duration = (unit: 'seconds' | 'milliseconds', min: number, max: number, why = '') =>
  integer(min, max, `must be a whole number of ${unit} from ${min} to ${max}${why}`);

/** A duration in seconds from `min` whose milliseconds fit a Node.js timer (at most 2147483 s, about 24.8 days). */
export const timerSeconds = (min = 0) => duration('seconds', min, Math.floor(MAX_TIMER_MS / 1000));

/**
 * TOURNEY_SHUTDOWN_TIMEOUT: the forced exit comes {@link SHUTDOWN_CLOSE_MARGIN_MS} after it, on a timer (at most
 * 2147478 s).
 */
export const shutdownSeconds = () =>
  duration('seconds', 0, Math.floor((MAX_TIMER_MS - SHUTDOWN_CLOSE_MARGIN_MS) / 1000), ` (the forced exit comes ${SHUTDOWN_CLOSE_MARGIN_MS / 1000} s later, on a timer)`);
