import { invalidField } from '../errors/app-error';

/** Characters that show nothing: separators (spaces), controls and format characters (zero-width, bidi controls). */
const INVISIBLE = /^[\p{Z}\p{Cc}\p{Cf}]*$/u;

/** True when `value` shows nothing: empty, or only spaces, controls and format characters (`\u200b`, `\u202e`). */
export function isBlankName(value: string): boolean {
  return INVISIBLE.test(value);
}

/**
 * A name as it is stored: trimmed of surrounding white space (R5.2). A name that shows nothing (spaces, zero-width
 * or bidi control characters only) would show as nothing in lists, pages, brackets, calendars and exports, so it is
 * refused.
 * @throws AppError 400 VALIDATION_ERROR naming `path` (e.g. `body.name`) when nothing visible is left.
 */
export function storedName(value: string, path: string): string {
  const trimmed = value.trim();
  if (isBlankName(trimmed)) throw invalidField(path, 'must not be blank');
  return trimmed;
}

/** `storedName` of a field that may be left out (an update): undefined stays undefined. */
export function storedNameIfSent(value: string | undefined, path: string): string | undefined {
  return value === undefined ? undefined : storedName(value, path);
}
