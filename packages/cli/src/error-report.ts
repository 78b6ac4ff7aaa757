import { CommanderError } from 'commander';
import { isTourneyError, type TourneyError } from '@tourney/sdk';
import type { CliIo } from './deps';
import { CliError, ExitCode, type ExitCodeValue } from './errors';

/**
 * One-line rendering of an API error: `error: <message> (<code>, request <requestId>)`, followed by one indented
 * line per validation detail (`  /body/name: must not be empty`).
 */
export function formatTourneyError(error: TourneyError): string {
  const context = error.requestId ? `${error.code}, request ${error.requestId}` : error.code;
  const lines = [`error: ${error.message} (${context})`];
  for (const detail of error.details) lines.push(`  ${detail.path}: ${detail.message}`);
  return lines.join('\n');
}

/** Exit code for an API error: 4 for 401 and 403 (authentication and authorization), else 1. */
export function exitCodeOfTourneyError(error: TourneyError): ExitCodeValue {
  return error.status === 401 || error.status === 403 ? ExitCode.AUTH : ExitCode.ERROR;
}

/**
 * Writes what went wrong to stderr and returns the exit code to end with: API errors (TourneyError) as
 * {@link formatTourneyError}; CLI errors as `error: <message>` (+ hint); commander's own usage errors were already
 * printed by commander; anything else as `error: <message>`.
 */
export function reportError(error: unknown, io: CliIo): ExitCodeValue {
  if (error instanceof CommanderError) {
    return error.exitCode === 0 ? ExitCode.OK : ExitCode.ERROR;
  }
  if (isTourneyError(error)) {
    io.stderr.write(`${formatTourneyError(error)}\n`);
    if (error.status === 401) io.stderr.write(`hint: run 'tourney login' or pass --api-key\n`);
    if (error.code === 'NETWORK_ERROR') {
      io.stderr.write(`hint: is the server running? start one with 'tourney server start', or set --base-url\n`);
    }
    return exitCodeOfTourneyError(error);
  }
  if (error instanceof CliError) {
    io.stderr.write(`error: ${error.message}\n`);
    if (error.hint) io.stderr.write(`hint: ${error.hint}\n`);
    return error.exitCode;
  }
  const message = error instanceof Error ? error.message : String(error);
  io.stderr.write(`error: ${message}\n`);
  return ExitCode.ERROR;
}
