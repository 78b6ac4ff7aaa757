/**
 * The database could not be opened at start (unreachable server, refused credentials, missing database): `message`
 * says where (without the password) and why, in one line fit for the console; `cause` is the driver's error.
 */
export class DatabaseConnectionError extends Error {
  override readonly name = 'DatabaseConnectionError';

  constructor(message: string, cause: unknown) {
    super(message, { cause });
  }
}

/**
 * `url` with its password replaced by `***` (for messages and logs); a string that is not a URL is returned as it
 * is when it has no `@`, else as `(unparsable URL)`.
 */
export function redactUrl(url: string): string {
  try {
    const parsed = new URL(url);
    if (parsed.password) parsed.password = '***';
    return parsed.toString();
  } catch {
    return url.includes('@') ? '(unparsable URL)' : url;
  }
}
