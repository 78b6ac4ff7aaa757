import { InvalidArgumentError, type Command } from 'commander';
import type { GlobalOptions } from '../config/profiles';
import type { CliDeps } from '../deps';
import { CliError } from '../errors';
import { printJson } from '../output/json';
import { safeData, safeText } from '../output/safe-text';
import { statusColor, stdoutStyle } from '../output/style';
import { DEFAULT_COLUMNS, printTable, type Column } from '../output/table';
import { humanize } from '../output/text';
import type { PageItem, PaginatedPaths, paths, TourneyClient } from '@tourney/sdk';
import type { Pagination } from '../api-types';
import { type AuthMode, openSession, type Session } from '../session';

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

/** commander argument parser for a lower-case choice (`double`, `cs2`); any case is accepted. */
export function choiceOption<T extends string>(values: readonly T[]): (value: string) => T {
  return (value) => {
    const normalized = value.trim().toLowerCase();
    if (!(values as readonly string[]).includes(normalized)) throw new InvalidArgumentError(`expected one of ${values.join(', ')}`);
    return normalized as T;
  };
}

/**
 * Whether `value` starts with a real calendar day `YYYY-MM-DD` (month 01-12, a day the month has in that year: no
 * 2026-13-01, 2026-02-30 or 2026-02-29), as the API's `date` fields and the date part of its date-times require;
 * JavaScript's Date would roll such a day over into the next month. With `exact`, nothing may follow the day.
 */
export function isCalendarDay(value: string, exact = true): boolean {
  const day = (exact ? /^(\d{4})-(\d{2})-(\d{2})$/ : /^(\d{4})-(\d{2})-(\d{2})/).exec(value);
  if (!day) return false;
  const [year, month, date] = [Number(day[1]), Number(day[2]), Number(day[3])];
  const utc = new Date(Date.UTC(year, month - 1, date));
  return month >= 1 && month <= 12 && utc.getUTCMonth() === month - 1 && utc.getUTCDate() === date;
}

/**
 * Checks the value of a day flag (`--from`, `--to`, a season's `--start-date` ...) before any request: a real calendar
 * day `YYYY-MM-DD` (see isCalendarDay) or not given (undefined). Every day flag is refused with this one message.
 * @throws CliError INVALID_DATE `<flag> must be a calendar day written YYYY-MM-DD, e.g. 2030-06-01 (got "<value>")`.
 */
export function checkDayFlag(flag: string, value: string | undefined): void {
  if (value !== undefined && !isCalendarDay(value)) {
    throw new CliError('INVALID_DATE', `${flag} must be a calendar day written YYYY-MM-DD, e.g. 2030-06-01 (got "${value}")`);
  }
}

/**
 * Checks that a day range given by `--from` and `--to` (already checked days YYYY-MM-DD, or not given) is not
 * reversed, before any request.
 * @throws CliError INVALID_DATE_RANGE `--from (<from>) must not be after --to (<to>)`.
 */
export function checkDayRange(from: string | undefined, to: string | undefined): void {
  if (from !== undefined && to !== undefined && from > to) {
    throw new CliError('INVALID_DATE_RANGE', `--from (${from}) must not be after --to (${to})`);
  }
}

/**
 * commander parser of the day flag `flag` (see checkDayFlag), refused while the command line is read, before any
 * request. Returns the day trimmed.
 * @throws CliError INVALID_DATE for a value that is not a calendar day.
 */
export function dayOption(flag: string): (value: string) => string {
  return (value) => {
    const day = value.trim();
    checkDayFlag(flag, day);
    return day;
  };
}

/**
 * Said in the help of every date-time flag (--start-date, --at, ...): `new Date` and `Date.parse` read a date-time
 * written without an offset (`2030-06-01T18:00`) in the machine's local time zone, a bare day (`2030-06-01`) as UTC.
 */
export const LOCAL_TIME_NOTE = "without an offset (Z, +02:00), read in this machine's local time zone";

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

/** Tells on stderr (terminal or piped, so a script learns it too) that more pages exist. */
export function printPageHint(deps: CliDeps, pagination: Pagination | undefined, noun: string): void {
  if (pagination === undefined || !pagination.hasNext) return;
  deps.io.stderr.write(
    `showing page ${pagination.page} of ${pagination.totalPages} (${pagination.total} ${noun}); use --page ${pagination.page + 1} or --all for more\n`,
  );
}

/** How {@link printList} fetches and shows one list. */
export interface ListSpec<Row> {
  /** Plural noun for messages (`tournaments`). */
  noun: string;
  columns: readonly Column<Row>[];
  /** One page (`page` undefined: the first). */
  fetchPage(page: number | undefined): Promise<{ data: Row[]; pagination?: Pagination }>;
  /** Every page. */
  fetchAll(): Promise<Row[]>;
  /** Message on a terminal when there is nothing (default `no <noun> found`). */
  empty?: string;
}

/**
 * Prints one page (or every page with --all) of a list: JSON with --json, else a table on a terminal or tab-separated
 * rows when piped; says on stderr when the list is empty (terminal) and when more pages exist (always).
 */
export async function printList<Row>(deps: CliDeps, flags: ListOptions, spec: ListSpec<Row>): Promise<void> {
  const { data, pagination } = flags.all ? { data: await spec.fetchAll(), pagination: undefined } : await spec.fetchPage(flags.page);
  if (flags.json) return printJson(deps.io, data);
  if (data.length === 0 && deps.io.isTTY) deps.io.stderr.write(`${spec.empty ?? `no ${spec.noun} found`}\n`);
  else printTable(deps.io, spec.columns, data, stdoutStyle(deps));
  printPageHint(deps, pagination, spec.noun);
}

/** What {@link printApiList} lists: a paginated GET of the API, its parameters and how rows look. */
export interface ApiListSpec<P extends PaginatedPaths<paths>> {
  path: P;
  /** Path parameters (`{ id }`). */
  pathParams?: Record<string, string>;
  /** Filters; undefined values are left out. --limit is added from the flags. */
  query?: Record<string, string | number | boolean | undefined>;
  noun: string;
  columns: readonly Column<PageItem<paths, P>>[];
  empty?: string;
}

/**
 * Lists a paginated API collection with {@link printList}: one page (GET `path` with --page and --limit) or every
 * page (--all, client.paginate), through the session (progress, login renewal).
 */
export async function printApiList<P extends PaginatedPaths<paths>>(
  deps: CliDeps,
  session: Session,
  flags: ListOptions,
  spec: ApiListSpec<P>,
): Promise<void> {
  const query = Object.fromEntries(Object.entries({ ...spec.query, limit: flags.limit }).filter(([, v]) => v !== undefined));
  const params = (page?: number) => ({ params: { ...(spec.pathParams ? { path: spec.pathParams } : {}), query: page ? { ...query, page } : query } });
  // The path is one of the API's paginated lists; the generic client methods cannot see that through P.
  const client = (c: TourneyClient) => c as unknown as UntypedClient<PageItem<paths, P>>;
  await printList(deps, flags, {
    noun: spec.noun,
    columns: spec.columns,
    ...(spec.empty ? { empty: spec.empty } : {}),
    fetchPage: (page) => session.call((c) => client(c).GET(spec.path, params(page))),
    fetchAll: () => session.call((c) => collect(client(c).paginate(spec.path, params()))),
  });
}

/** The two client methods {@link printApiList} uses, over a path chosen at run time. */
interface UntypedClient<Row> {
  GET(path: string, init: unknown): Promise<{ data: Row[]; pagination?: Pagination }>;
  paginate(path: string, init: unknown): AsyncIterable<Row>;
}

/**
 * Prints the result of a command: the API data with --json (exact); else `human` on a terminal; else, when piped,
 * `machine` (a line such as the id; default: `human`). `human` and `machine` get the data with its strings' control
 * characters neutralised (safeData), so names and messages cannot drive the terminal (R20.5).
 */
export function printResult<T>(
  deps: CliDeps,
  flags: { json?: boolean },
  data: T,
  human: (data: T) => string | void,
  machine?: (data: T) => string,
): void {
  if (flags.json) return printJson(deps.io, data);
  const safe = safeData(data);
  const text = deps.io.isTTY || machine === undefined ? human(safe) : machine(safe);
  if (typeof text === 'string') deps.io.stdout.write(`${text}\n`);
}

/**
 * Says a command without data (delete, revoke) succeeded: `human` on a terminal, `machine` (the id, or tab-separated
 * fields) when piped; control characters in either are neutralised (safeText), the tabs between fields kept.
 */
export function printDone(deps: CliDeps, human: string, machine: string): void {
  deps.io.stdout.write(`${deps.io.isTTY ? safeText(human) : machine.split('\t').map(safeText).join('\t')}\n`);
}

/**
 * Adds `--json` to a command the API answers nothing to (delete, remove, revoke): it prints what was done, the JSON
 * object `shape` describes (e.g. `{"deleted": "<id>"}`), see {@link printOutcome} (R20.5).
 */
export function addOutcomeJsonOption(command: Command, shape: string): Command {
  return command.option('--json', `print what was done as JSON: ${shape}`);
}

/**
 * Says a command without API data succeeded: with --json the object `outcome` (what was done, e.g. `{"deleted":
 * "<id>"}`, printed exactly); else as {@link printDone}: `human` on a terminal, `machine` when piped.
 */
export function printOutcome(deps: CliDeps, flags: { json?: boolean }, outcome: Record<string, unknown>, human: string, machine: string): void {
  if (flags.json) return printJson(deps.io, outcome);
  printDone(deps, human, machine);
}

/** A status column: translated words on a terminal (coloured), the API's code when piped. */
export function statusColumn<Row>(header: string, status: (row: Row) => string): Column<Row> {
  return { header, value: (row) => humanize(status(row)), raw: status, tone: (row, style) => statusColor(style, status(row)) };
}

/**
 * A participant status column that shows a waiting entry's place in line on a terminal ("waitlisted #2", R6.14); piped
 * output keeps the status code.
 */
export function entryStatusColumn<Row>(header: string, status: (row: Row) => string, waitlistPosition: (row: Row) => number | null): Column<Row> {
  return {
    ...statusColumn(header, status),
    value: (row) => {
      const position = waitlistPosition(row);
      return status(row) === 'WAITLISTED' && position !== null ? `waitlisted #${position}` : humanize(status(row));
    },
  };
}

/** Adds `--yes` to a destructive command. */
export function addYesOption(command: Command): Command {
  return command.option('-y, --yes', 'do not ask for confirmation (required when not running interactively)');
}

/** Adds `--json` to a command. */
export function addJsonOption(command: Command, what = 'the API data'): Command {
  return command.option('--json', `print ${what} as JSON`);
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

/** One resource that {@link addShowCommand} reads by its id (or name) and prints. */
export interface ShowSpec<T> {
  /** Subcommand and argument, e.g. `get <matchId>`. */
  usage: string;
  description: string;
  /** The credentials the read takes (see openSession). */
  auth: AuthMode;
  fetch: (client: TourneyClient, id: string) => Promise<{ data: T }>;
  /** The human form (a terminal, or piped); --json prints the API data instead. */
  print: (data: T) => void;
  examples: string[];
}

/** Adds `<parent> get <id>`: reads one resource through a session and prints it (the API data with --json). */
export function addShowCommand<T>(deps: CliDeps, parent: Command, spec: ShowSpec<T>): void {
  withExamples(
    addJsonOption(parent.command(spec.usage).description(spec.description)).action(async (id: string, flags: { json?: boolean }, command: Command) => {
      const session = await openSession(deps, globalsOf(command), spec.auth);
      const { data } = await session.call((client) => spec.fetch(client, id));
      printResult(deps, flags, data, spec.print);
    }),
    ...spec.examples,
  );
}
