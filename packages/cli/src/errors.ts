/** Process exit codes of `tourney`, as gh: 0 ok, 1 error, 2 cancelled, 4 authentication needed (401, no login). */
export const ExitCode = {
  OK: 0,
  ERROR: 1,
  CANCELLED: 2,
  AUTH: 4,
} as const;

/** One of {@link ExitCode}'s values. */
export type ExitCodeValue = (typeof ExitCode)[keyof typeof ExitCode];

/**
 * An error the CLI reports as `error: <message>` with a stable `code` (e.g. MISSING_VALUE, INVALID_SCORE,
 * NOT_LOGGED_IN) and the exit code to end with. `hint` is printed on a second line when given.
 */
export class CliError extends Error {
  override readonly name = 'CliError';
  readonly code: string;
  readonly exitCode: ExitCodeValue;
  readonly hint: string | undefined;

  constructor(code: string, message: string, options: { exitCode?: ExitCodeValue; hint?: string; cause?: unknown } = {}) {
    super(message, options.cause === undefined ? undefined : { cause: options.cause });
    this.code = code;
    this.exitCode = options.exitCode ?? ExitCode.ERROR;
    this.hint = options.hint;
  }
}

/** The user cancelled a prompt (Ctrl+C); exit code 2. */
export class CancelledError extends CliError {
  constructor(message = 'cancelled') {
    super('CANCELLED', message, { exitCode: ExitCode.CANCELLED });
  }
}

/** Error for a value that is required but was not given and cannot be asked for (no terminal). */
export function missingValueError(flag: string): CliError {
  return new CliError('MISSING_VALUE', `must provide ${flag} when not running interactively`);
}
