import type { CalendarEvent } from '@tourney/sdk';
import type { Command } from 'commander';
import type { CliDeps } from '../deps';
import { printJson } from '../output/json';
import { printTable, type Column } from '../output/table';
import { formatTimestamp, humanize } from '../output/text';
import { openSession } from '../session';
import { writeOutput } from './file-io';
import { checkDayFlag, checkDayRange, collect, globalsOf, printDone, withExamples } from './shared';


/**
 * Table columns of the calendar feed (piped: the API's raw values, CalendarEvent of getCalendarFeed); on a narrow
 * terminal the kind is left out before the title is cut (R20.5).
 */
export const CALENDAR_COLUMNS: readonly Column<CalendarEvent>[] = [
  { header: 'id', value: (e) => e.id, only: 'pipe' },
  { header: 'starts', value: (e) => (e.allDay ? e.startsAt.slice(0, 10) : formatTimestamp(e.startsAt)), raw: (e) => e.startsAt },
  { header: 'kind', value: (e) => humanize(e.type), raw: (e) => e.type, drop: 1 },
  { header: 'title', value: (e) => e.title, flex: true, priority: 2 },
];

interface FilterFlags {
  tournament?: string;
  circuit?: string;
  from?: string;
  to?: string;
}

/**
 * The feed/export query from flags.
 * @throws CliError INVALID_DATE for a day not written YYYY-MM-DD or not in the calendar; INVALID_DATE_RANGE for --from
 *   after --to.
 */
export function calendarQuery(flags: FilterFlags): { tournamentId?: string; circuitId?: string; from?: string; to?: string } {
  checkDayFlag('--from', flags.from);
  checkDayFlag('--to', flags.to);
  checkDayRange(flags.from, flags.to);
  return {
    ...(flags.tournament ? { tournamentId: flags.tournament } : {}),
    ...(flags.circuit ? { circuitId: flags.circuit } : {}),
    ...(flags.from ? { from: flags.from } : {}),
    ...(flags.to ? { to: flags.to } : {}),
  };
}

const withFilters = (command: Command): Command =>
  command
    .option('--tournament <id>', 'only this tournament')
    .option('--circuit <id>', 'only this circuit (its seasons and classified tournaments)')
    .option('--from <date>', 'only events starting on or after this day, YYYY-MM-DD (UTC)')
    .option('--to <date>', 'only events starting on or before this day, YYYY-MM-DD (UTC)');

/** `tourney calendar list|export|subscribe|unsubscribe` (R16.1 to R16.4). */
export function registerCalendarCommands(program: Command, deps: CliDeps): void {
  const calendar = program.command('calendar').description('your tournaments, matches and seasons as a calendar');

  withExamples(
    withFilters(calendar.command('list').alias('ls').description('list your calendar events by start time'))
      .option('--json', 'print the events as JSON')
      .action(async (flags: FilterFlags & { json?: boolean }, command: Command) => {
        const query = calendarQuery(flags);
        const session = await openSession(deps, globalsOf(command), 'user');
        const events = await session.call((client) => collect(client.paginate('/calendar/feed', { params: { query } })));
        if (flags.json) return printJson(deps.io, events);
        if (events.length === 0 && deps.io.isTTY) deps.io.stderr.write('no calendar events\n');
        else printTable(deps.io, CALENDAR_COLUMNS, events);
      }),
    'tourney calendar list --from 2030-06-01 --to 2030-06-30',
  );

  withExamples(
    withFilters(calendar.command('export').description('write your calendar as iCalendar (.ics) to stdout or a file'))
      .option('-o, --output <file>', 'write to this file instead of stdout')
      .action(async (flags: FilterFlags & { output?: string }, command: Command) => {
        const query = calendarQuery(flags);
        const session = await openSession(deps, globalsOf(command), 'user');
        const ics = (await session.call((client) => client.GET('/calendar/export', { params: { query }, parseAs: 'text' }))) as unknown as string;
        await writeOutput(deps, ics, flags.output);
      }),
    'tourney calendar export > tourney.ics',
    'tourney calendar export --tournament 0199a1b2-... -o cup.ics',
  );

  withExamples(
    calendar
      .command('subscribe')
      .description('create your personal feed URL for calendar apps (replaces the previous one)')
      .option('--json', 'print the token and URL as JSON')
      .action(async (flags: { json?: boolean }, command: Command) => {
        const session = await openSession(deps, globalsOf(command), 'user');
        const { data } = await session.call((client) => client.POST('/calendar/feed-token'));
        if (flags.json) return printJson(deps.io, data);
        if (!deps.io.isTTY) return void deps.io.stdout.write(`${data.feedUrl}\n`);
        deps.io.stdout.write(`subscribe your calendar app to (keep it private; shown only now):\n${data.feedUrl}\n`);
      }),
    'tourney calendar subscribe',
  );

  withExamples(
    calendar
      .command('unsubscribe')
      .description('revoke your feed URL (calendar apps stop updating)')
      .option('--json', 'print {"revoked": true} as JSON')
      .action(async (flags: { json?: boolean }, command: Command) => {
        const session = await openSession(deps, globalsOf(command), 'user');
        await session.call((client) => client.DELETE('/calendar/feed-token'));
        // revokeCalendarFeedToken answers 204: --json describes what was done.
        if (flags.json) return printJson(deps.io, { revoked: true });
        printDone(deps, 'revoked your calendar feed URL', 'REVOKED');
      }),
    'tourney calendar unsubscribe',
  );
}
