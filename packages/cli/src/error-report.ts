import { CommanderError, type Command } from 'commander';
import type { TourneyError } from '@tourney/sdk';
import { isApiError } from './sdk-runtime';
import type { CliIo } from './deps';
import { explainApiError } from './error-text';
import { CliError, ExitCode, type ExitCodeValue } from './errors';
import { safeLines } from './output/safe-text';
import { colorEnabled } from './output/style';
import { createColors } from 'picocolors';
import { baseUrlSentTo, credentialScopeOf, credentialsSentWith } from './session';

/** What {@link reportError} knows about the run that failed. */
export interface ErrorContext {
  /** The command whose action failed (names flags and arguments in messages). */
  command?: Command;
  /** Environment (NO_COLOR, TOURNEY_PROFILE). */
  env?: Record<string, string | undefined>;
}

/**
 * One-line rendering of an API error: `error: <message> (<code>, request <requestId>)` where the message names the
 * flags and the allowed forms (see explainApiError), then `hint: <what to do>` when there is one.
 */
export function formatTourneyError(error: TourneyError, context: ErrorContext = {}): string {
  const explained = explainApiError(error, {
    command: context.command,
    credentials: credentialsSentWith(error),
    scope: credentialScopeOf(error),
    profile: profileOf(context),
    baseUrl: baseUrlSentTo(error) ?? apiRoot(error),
  });
  const codes = error.requestId ? `${error.code}, request ${error.requestId}` : error.code;
  return errorLines(`${explained.message} (${codes})`, explained.hint);
}

/**
 * `error: <message>` and, when given, `hint: <hint>` on the next line; messages quote names and values, so their
 * control characters are neutralised line by line (safeLines, R20.5).
 */
function errorLines(message: string, hint: string | undefined): string {
  return [`error: ${safeLines(message)}`, ...(hint ? [`hint: ${safeLines(hint)}`] : [])].join('\n');
}

/** Exit code for an API error: 4 for 401 (authentication), else 1 (a 403 is a refusal, not a login problem). */
export function exitCodeOfTourneyError(error: TourneyError): ExitCodeValue {
  return error.status === 401 ? ExitCode.AUTH : ExitCode.ERROR;
}

/**
 * Writes what went wrong to stderr, once, and returns the exit code to end with: API errors as
 * {@link formatTourneyError}; CLI errors as `error: <message>` (+ hint); commander's own usage errors were already
 * printed by commander; anything else as `error: <message>`.
 */
export function reportError(error: unknown, io: CliIo, context: ErrorContext = {}): ExitCodeValue {
  if (error instanceof CommanderError) {
    return error.exitCode === 0 ? ExitCode.OK : ExitCode.ERROR;
  }
  const style = createColors(colorEnabled(io.stderrIsTTY === true, context.env ?? {}));
  const write = (text: string) =>
    io.stderr.write(
      `${text
        .split('\n')
        .map((line) => line.replace(/^error:/, style.red(style.bold('error:'))).replace(/^hint:/, style.dim('hint:')))
        .join('\n')}\n`,
    );
  if (isApiError(error)) {
    write(formatTourneyError(error, context));
    return exitCodeOfTourneyError(error);
  }
  if (error instanceof CliError) {
    write(errorLines(error.message, error.hint));
    return error.exitCode;
  }
  const message = error instanceof Error ? error.message : String(error);
  write(errorLines(message, undefined));
  return ExitCode.ERROR;
}

function profileOf(context: ErrorContext): string | undefined {
  const fromFlag = (context.command?.optsWithGlobals() as { profile?: string } | undefined)?.profile;
  return fromFlag ?? context.env?.TOURNEY_PROFILE;
}

/** `http://host:port/api/v1` of the failed request. */
function apiRoot(error: TourneyError): string | undefined {
  const url = error.request?.url;
  if (!url) return undefined;
  const at = url.indexOf('/api/v1');
  return at >= 0 ? url.slice(0, at + '/api/v1'.length) : url;
}
