import { storedName } from '../stored-name';

/**
 * A display name as stored (register, updateMe; R14.7): trimmed; null stays null (no display name). A name of
 * spaces only would show as a blank participant, staff member or profile, so it is refused rather than stored.
 * @throws AppError 400 VALIDATION_ERROR naming `body.displayName` when it is blank after trimming.
 */
export function storedDisplayName(value: string | null): string | null {
  return value === null ? null : storedName(value, 'body.displayName');
}
