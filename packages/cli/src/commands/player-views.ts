import { Option, type Command } from 'commander';
import type { MyMatch, MyTournament, Participant, TournamentStatus } from '../api-types';
import type { CliDeps } from '../deps';
import { CliError } from '../errors';
import { printJson } from '../output/json';
import { stdoutStyle } from '../output/style';
import { printTable, type Column } from '../output/table';
import { formatTimestamp, humanize } from '../output/text';
import { openSession, type Session } from '../session';
import { writeOutput } from './file-io';
import { checkDayFlag, checkDayRange, collect, entryStatusColumn, globalsOf, printApiList, printResult, statusColumn, withExamples, type ListOptions } from './shared';

/** Flags of `tournament list` used by the player views (R26.9). */
export interface PlayerListFlags extends ListOptions {
  mine?: boolean;
  public?: boolean;
  status?: TournamentStatus;
  discipline?: string;
  from?: string;
  to?: string;
}


/** Table columns of `tournament list --mine`: the tournament and the caller's participant (piped: raw values). */
const MY_TOURNAMENT_COLUMNS: readonly Column<MyTournament>[] = [
  { header: 'id', value: (m) => m.tournament.id, drop: 1 },
  { header: 'name', value: (m) => m.tournament.name, flex: true, priority: 2 },
  statusColumn('status', (m) => m.tournament.status),
  { header: 'start', value: (m) => formatTimestamp(m.tournament.startDate), raw: (m) => m.tournament.startDate },
  { header: 'participant', value: (m) => m.participantId, only: 'pipe' },
  entryStatusColumn('you', (m) => m.participantStatus, (m) => m.waitlistPosition),
  { header: 'place', value: (m) => m.placementRange ?? '', align: 'right' },
];

/**
 * `tournament list --mine` (GET /users/me/tournaments, a login) or `--public` (GET /tournaments/public, no
 * credentials needed) with their filters (R26.9). @throws CliError for both flags at once, `--status draft` or a day not
 * YYYY-MM-DD.
 */
export async function listPlayerTournaments(deps: CliDeps, command: Command, flags: PlayerListFlags, columns: readonly Column<any>[]): Promise<void> {
  if (flags.mine && flags.public) throw new CliError('INVALID_ARGUMENT', '--mine and --public cannot be used together');
  // A real calendar day, refused before any request (R26.9): no month 13, no 30 February.
  checkDayFlag('--from', flags.from);
  checkDayFlag('--to', flags.to);
  checkDayRange(flags.from, flags.to);
  // A DRAFT is listed to no player (R4.6): neither in the public list nor in her own (R26.3, R26.9).
  if (flags.status === 'DRAFT') {
    throw new CliError('INVALID_ARGUMENT', '--status draft is never public, nor in your own list until it is published; use one of the other statuses');
  }
  if (flags.mine) {
    if (flags.discipline !== undefined || flags.from !== undefined || flags.to !== undefined) {
      throw new CliError('INVALID_ARGUMENT', '--discipline, --from and --to filter --public (or the project list); --mine takes --status only');
    }
    const session = await openSession(deps, globalsOf(command), 'user');
    return printApiList(deps, session, flags, {
      path: '/users/me/tournaments',
      query: { status: flags.status },
      noun: 'tournaments',
      columns: MY_TOURNAMENT_COLUMNS,
      empty: 'you play in no tournament yet; find one with: tourney tournament list --public',
    });
  }
  const session = await openSession(deps, globalsOf(command), 'any');
  await printApiList(deps, session, flags, {
    path: '/tournaments/public',
    query: { status: flags.status, disciplineId: flags.discipline, startDate: flags.from, endDate: flags.to },
    noun: 'tournaments',
    columns,
  });
}

/** Placement rows of `tournament results` (piped: place, participant id, name, status). */
const RESULT_COLUMNS: readonly Column<Participant>[] = [
  { header: 'place', value: (p) => p.placementRange ?? '', align: 'right' },
  { header: 'id', value: (p) => p.id, only: 'pipe' },
  { header: 'name', value: (p) => p.name, flex: true, priority: 2 },
  { header: 'team', value: (p) => p.team?.members.map((m) => m.username).join(', ') ?? '', only: 'tty', flex: true, priority: 0 },
  statusColumn('status', (p) => p.status),
];

/** The CSV text of a text/csv operation of a tournament (results.csv or matches.csv). */
async function fetchCsv(session: Session, id: string, which: 'results' | 'matches'): Promise<string> {
  const path = which === 'results' ? '/tournaments/{id}/results.csv' : '/tournaments/{id}/matches.csv';
  return (await session.call((client) => client.GET(path, { params: { path: { id } }, parseAs: 'text' }))) as unknown as string;
}

/** `tourney tournament results <id> [--csv] [-o FILE]` (R26.10): the placements, or results.csv. */
export function registerResultsCommand(tournament: Command, deps: CliDeps): void {
  withExamples(
    tournament
      .command('results <tournamentId>')
      .description('show the placements of a tournament, or export them as CSV for a spreadsheet')
      .addOption(new Option('--csv', 'print results.csv (place, participant, username, team, seed, status, wins, draws, losses)').conflicts('json'))
      .option('-o, --output <file>', 'with --csv: write to this file instead of stdout')
      .option('--json', 'print the participants, placed first, as JSON')
      .action(async (id: string, flags: { csv?: boolean; output?: string; json?: boolean }, command: Command) => {
        if (flags.output !== undefined && !flags.csv) throw new CliError('INVALID_ARGUMENT', '--output goes with --csv');
        const session = await openSession(deps, globalsOf(command), 'any');
        if (flags.csv) return writeOutput(deps, await fetchCsv(session, id, 'results'), flags.output);
        const participants = await session.call(
          (client) => collect(client.paginate('/tournaments/{id}/participants', { params: { path: { id } } })),
          'reading the results',
        );
        const placed = [...participants].sort((a, b) => (a.finalPlacement ?? Infinity) - (b.finalPlacement ?? Infinity));
        if (flags.json) return printJson(deps.io, placed);
        printTable(deps.io, RESULT_COLUMNS, placed, stdoutStyle(deps));
      }),
    'tourney tournament results 0199a1b2-...',
    'tourney tournament results 0199a1b2-... --csv -o results.csv',
  );
}

/** Writes matches.csv of a tournament (R26.10) for `match list <id> --csv`. */
export async function exportMatchesCsv(deps: CliDeps, session: Session, id: string, output: string | undefined): Promise<void> {
  await writeOutput(deps, await fetchCsv(session, id, 'matches'), output);
}

/**
 * The caller's next match across tournaments (R26.8): the first of GET /users/me/matches when it is ready to play
 * (open, both sides known), else undefined.
 */
export async function nextMatchAnywhere(session: Session): Promise<MyMatch | undefined> {
  const { data } = await session.call((client) => client.GET('/users/me/matches', { params: { query: { limit: 1 } } }), 'looking for your next match');
  const first = data[0];
  return first?.ready ? first : undefined;
}

/** Prints `match next` across tournaments: the item with --json, the match id when piped, a sentence on a terminal. */
export function printNextAnywhere(deps: CliDeps, flags: { json?: boolean }, next: MyMatch | undefined, describe: (m: MyMatch['match']) => string): void {
  if (next === undefined) {
    if (flags.json) return printJson(deps.io, null);
    deps.io.stderr.write('you have no match to play now (tourney tournament list --mine shows your tournaments)\n');
    return;
  }
  printResult(
    deps,
    flags,
    next,
    (n) =>
      `your next match: ${n.tournament.name}, ${describe(n.match)}, ${humanize(n.match.status)}${n.match.scheduledAt ? `, ${n.match.status === 'SCHEDULED' ? 'at' : 'scheduled'} ${formatTimestamp(n.match.scheduledAt)}` : ''} (match ${n.match.id})`,
    (n) => n.match.id,
  );
}
