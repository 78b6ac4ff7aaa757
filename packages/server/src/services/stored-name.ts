import { invalidField } from '../errors/app-error';

/**
 * A name as it is stored: trimmed of surrounding white space (R5.2). A name of spaces only would show as nothing in
 * lists, pages, brackets, calendars and exports, so it is refused.
 * @throws AppError 400 VALIDATION_ERROR naming `path` (e.g. `body.name`) when nothing is left after trimming.
 */
export function storedName(value: string, path: string): string {
  const trimmed = value.trim();
  if (trimmed === '') throw invalidField(path, 'must not be blank');
  return trimmed;
}

/** `storedName` of a field that may be left out (an update): undefined stays undefined. */
export function storedNameIfSent(value: string | undefined, path: string): string | undefined {
  return value === undefined ? undefined : storedName(value, path);
}
