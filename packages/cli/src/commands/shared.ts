import { InvalidArgumentError, type Command } from 'commander';
import type { GlobalOptions } from '../config/profiles';
import type { CliDeps } from '../deps';
import { CliError } from '../errors';
import { DEFAULT_COLUMNS } from '../output/table';
import type { Pagination } from '../api-types';

/** The root options (--profile, --base-url, --api-key) as seen from any subcommand. */
export function globalsOf(command: Command): GlobalOptions {
  const all = command.optsWithGlobals() as GlobalOptions;
  return { profile: all.profile, baseUrl: all.baseUrl, apiKey: all.apiKey };
}

/** Appends an "Examples:" block to a command's --help. */
export function withExamples(command: Command, ...examples: string[]): Command {
  return command.addHelpText('after', `\nExamples:\n${examples.map((line) => `  $ ${line}`).join('\n')}\n`);
}

/** commander argument parser for an integer within [min, max]. */
export function intOption(min: number, max = Number.MAX_SAFE_INTEGER): (value: string) => number {
  return (value) => {
    const n = Number(value);
    if (!/^-?\d+$/.test(value.trim()) || !Number.isSafeInteger(n) || n < min || n > max) {
      throw new InvalidArgumentError(
        max === Number.MAX_SAFE_INTEGER ? `expected an integer >= ${min}` : `expected an integer from ${min} to ${max}`,
      );
    }
    return n;
  };
}

/**
 * commander argument parser for an enum value, accepting any case and dashes for underscores
 * (`registration-open` -> `REGISTRATION_OPEN`).
 */
export function enumOption<T extends string>(values: readonly T[]): (value: string) => T {
  return (value) => {
    const normalized = value.trim().toUpperCase().replace(/-/g, '_');
    if (!(values as readonly string[]).includes(normalized)) {
      throw new InvalidArgumentError(`expected one of ${values.map((v) => v.toLowerCase().replace(/_/g, '-')).join(', ')}`);
    }
    return normalized as T;
  };
}

/** Options shared by list commands. */
export interface ListOptions {
  json?: boolean;
  all?: boolean;
  page?: number;
  limit?: number;
}

/** Adds --json, --all, --page and --limit to a list command. */
export function addListOptions(command: Command): Command {
  return command
    .option('--json', 'print the API data as JSON')
    .option('--all', 'fetch every page')
    .option('--page <n>', 'page to show (1-based)', intOption(1))
    .option('--limit <n>', 'items per page (1-100, default 10; 100 with --all)', intOption(1, 100));
}

/** On a terminal, tells on stderr that more pages exist. */
export function printPageHint(deps: CliDeps, pagination: Pagination | undefined, noun: string): void {
  if (!deps.io.isTTY || pagination === undefined || !pagination.hasNext) return;
  deps.io.stderr.write(
    `page ${pagination.page} of ${pagination.totalPages} (${pagination.total} ${noun}); use --page ${pagination.page + 1} or --all\n`,
  );
}

/** Terminal width for drawing: --width, else the terminal's, else $COLUMNS, else 100. */
export function outputWidth(deps: CliDeps, explicit?: number): number {
  if (explicit !== undefined) return explicit;
  if (deps.io.columns !== undefined && deps.io.columns > 0) return deps.io.columns;
  const fromEnv = Number(deps.env.COLUMNS);
  return Number.isInteger(fromEnv) && fromEnv > 0 ? fromEnv : DEFAULT_COLUMNS;
}

/** Collects an async iterator into an array. */
export async function collect<T>(items: AsyncIterable<T>): Promise<T[]> {
  const out: T[] = [];
  for await (const item of items) out.push(item);
  return out;
}

/** Requires a non-empty argument value. @throws CliError MISSING_VALUE naming the argument. */
export function requireArgument(value: string | undefined, name: string): string {
  if (value === undefined || value.trim() === '') throw new CliError('MISSING_VALUE', `missing ${name}`);
  return value.trim();
}
