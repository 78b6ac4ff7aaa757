import { z } from 'zod';
import { boundMessages, type DurationUnit, type IntegerBound, inUnit } from './config-bounds';

// The kinds of values the server's environment variables hold (R18.3): on/off, and integers in decimal digits within
// the range of the setting they set (config-bounds.ts). config-env.ts builds every variable from them.

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
const integer = (min: number, max: number, error: string, tooLarge = error) =>
  z
    .string()
    .regex(DECIMAL_INTEGER, { error })
    .transform(Number)
    .pipe(z.number().min(min, { error }).max(max, { error: tooLarge })); // digits only: an integer, exact up to `max`

/**
 * The integer variable that sets a setting of `bound` (config-bounds.ts), read in `unit` (default: the setting's own;
 * `seconds` for a setting in milliseconds keeps the whole seconds of its range), with the bound's messages.
 */
export const bounded = (bound: IntegerBound, unit: DurationUnit | undefined = bound.unit) => {
  const inVariable = inUnit(bound, unit);
  const { error, tooLarge } = boundMessages(inVariable);
  return integer(inVariable.min, inVariable.max, error, tooLarge);
};
