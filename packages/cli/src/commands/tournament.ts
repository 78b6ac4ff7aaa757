import { STAGE_FORMAT_INFO, STAGE_FORMATS } from '@tourney/sdk';
import type { Command } from 'commander';
import type { StageFormat, Tournament, TournamentStatus } from '../api-types';
import type { CliDeps } from '../deps';
import { CliError } from '../errors';
import { printJson } from '../output/json';
import { printFields, printTable, type Column } from '../output/table';
import { formatTimestamp, humanize } from '../output/text';
import { valueOrAsk } from '../prompts/ask';
import { openSession, type Session } from '../session';
import {
  addListOptions,
  collect,
  enumOption,
  globalsOf,
  intOption,
  printPageHint,
  withExamples,
  type ListOptions,
} from './shared';

const STATUSES: readonly TournamentStatus[] = [
  'DRAFT',
  'PUBLISHED',
  'REGISTRATION_OPEN',
  'REGISTRATION_CLOSED',
  'ONGOING',
  'COMPLETED',
];
/** Stage formats as the contract lists them (the SDK's `STAGE_FORMATS`, from the generated enum). */
const FORMATS: readonly StageFormat[] = STAGE_FORMATS;
/** The format of `--format` when none is given (checked against the contract's enum). */
const DEFAULT_FORMAT: StageFormat = 'SINGLE_ELIMINATION';

/** "single-elimination, double-elimination, ... or groups": the formats as `--format` spells them. */
function formatChoices(): string {
  const names = FORMATS.map((f) => f.toLowerCase().replace(/_/g, '-'));
  return names.length < 2 ? names.join('') : `${names.slice(0, -1).join(', ')} or ${names[names.length - 1]}`;
}
const DISCIPLINE = /^[a-z0-9][a-z0-9_-]{0,31}$/;
const DAY_MS = 24 * 3600 * 1000;

/** Table columns of a tournament list. */
export const TOURNAMENT_COLUMNS: readonly Column<Tournament>[] = [
  { header: 'id', value: (t) => t.id },
  { header: 'name', value: (t) => t.name, flex: true },
  { header: 'status', value: (t) => humanize(t.status) },
  { header: 'players', value: (t) => `${t.currentParticipants}/${t.maxParticipants}`, align: 'right' },
  { header: 'start', value: (t) => formatTimestamp(t.startDate) },
];

interface CreateFlags {
  name?: string;
  discipline?: string;
  maxParticipants?: number;
  format?: StageFormat;
  thirdPlace?: boolean;
  teamSize?: number;
  startDate?: string;
  description?: string;
  project?: string;
  json?: boolean;
}

interface TournamentListFlags extends ListOptions {
  status?: TournamentStatus;
  project?: string;
}

/** `tourney tournament create|list|get|publish|open-registration|close-registration|start|join`. */
export function registerTournamentCommands(program: Command, deps: CliDeps): void {
  const tournament = program.command('tournament').description('create, list and run tournaments');

  withExamples(
    tournament
      .command('create')
      .description('create a tournament (in status draft)')
      .option('--name <name>', 'tournament name (prompted when omitted)')
      .option('--discipline <id>', 'game code, e.g. chess or cs2 (prompted when omitted)')
      .option('--max-participants <n>', 'most participants, 2-4096', intOption(2, 4096), 16)
      .option('--format <format>', formatChoices(), enumOption(FORMATS), DEFAULT_FORMAT)
      .option('--third-place', 'add a third-place match (single elimination)')
      .option('--team-size <n>', 'players per team, 1-16', intOption(1, 16), 1)
      .option('--start-date <date>', 'start, ISO 8601 date-time (default: 24 hours from now)')
      .option('--description <text>', 'description')
      .option('--project <id>', 'project of the tournament (default: the profile projectId; not needed with an API key)')
      .option('--json', 'print the created tournament as JSON')
      .action(async (flags: CreateFlags, command: Command) => createTournament(deps, flags, command)),
    'tourney tournament create --name "Friday Cup" --discipline chess --max-participants 32',
    'tourney tournament create --name Open --discipline cs2 --format double-elimination --start-date 2030-05-01T18:00:00Z',
  );

  withExamples(
    addListOptions(
      tournament
        .command('list')
        .alias('ls')
        .description('list the tournaments of the project')
        .option('--status <status>', 'only this status, e.g. ongoing or registration-open', enumOption(STATUSES))
        .option('--project <id>', 'project (default: the profile projectId; not needed with an API key)'),
    ).action(async (flags: TournamentListFlags, command: Command) => listTournaments(deps, flags, command)),
    'tourney tournament list',
    'tourney tournament ls --status ongoing --json',
    'tourney tournament list --all | cut -f1',
  );

  withExamples(
    tournament
      .command('get <tournamentId>')
      .description('show a tournament')
      .option('--json', 'print the API data as JSON')
      .action(async (id: string, flags: { json?: boolean }, command: Command) => {
        const session = await openSession(deps, globalsOf(command), 'any');
        const { data } = await session.call((client) => client.GET('/tournaments/{id}', { params: { path: { id } } }));
        if (flags.json) printJson(deps.io, data);
        else printTournament(deps, data);
      }),
    'tourney tournament get 0199a1b2-...',
  );

  const transitions: [name: string, path: TransitionPath, description: string][] = [
    ['publish', '/tournaments/{id}/publish', 'publish a draft tournament'],
    ['open-registration', '/tournaments/{id}/registration/open', 'open registration of a published tournament'],
    ['close-registration', '/tournaments/{id}/registration/close', 'close registration'],
    ['start', '/tournaments/{id}/start', 'start the tournament: seed participants and generate the bracket'],
  ];
  for (const [name, path, description] of transitions) {
    withExamples(
      tournament
        .command(`${name} <tournamentId>`)
        .description(description)
        .option('--json', 'print the updated tournament as JSON')
        .action(async (id: string, flags: { json?: boolean }, command: Command) => {
          const session = await openSession(deps, globalsOf(command), 'any');
          const { data } = await session.call((client) => client.POST(path, { params: { path: { id } } }));
          if (flags.json) printJson(deps.io, data);
          else deps.io.stdout.write(`tournament "${data.name}" is now ${humanize(data.status)}\n`);
        }),
      `tourney tournament ${name} 0199a1b2-...`,
    );
  }

  withExamples(
    tournament
      .command('join <tournamentId>')
      .description('register yourself (or your team) as a participant')
      .option('--team-name <name>', 'team name (team tournaments)')
      .option('--member <userId...>', 'user ids of the team members, including you (team tournaments)')
      .option('--json', 'print the participant as JSON')
      .action(async (id: string, flags: { teamName?: string; member?: string[]; json?: boolean }, command: Command) => {
        const session = await openSession(deps, globalsOf(command), 'user');
        if ((flags.teamName === undefined) !== (flags.member === undefined)) {
          throw new CliError('MISSING_VALUE', '--team-name and --member go together');
        }
        const body = flags.teamName && flags.member ? { team: { name: flags.teamName, memberUserIds: flags.member } } : {};
        const { data } = await session.call((client) =>
          client.POST('/tournaments/{id}/participate', { params: { path: { id } }, body }),
        );
        if (flags.json) printJson(deps.io, data);
        else deps.io.stdout.write(`joined as ${data.name} (participant ${data.id}, ${humanize(data.status)})\n`);
      }),
    'tourney tournament join 0199a1b2-...',
    'tourney tournament join 0199a1b2-... --team-name "Night Owls" --member <your-user-id> <teammate-user-id>',
  );
}

type TransitionPath =
  | '/tournaments/{id}/publish'
  | '/tournaments/{id}/registration/open'
  | '/tournaments/{id}/registration/close'
  | '/tournaments/{id}/start';

/**
 * The project to act in with a login token: --project, else the profile's projectId. With an API key none is
 * needed (the key's project is used).
 * @throws CliError MISSING_PROJECT when a login token is used and no project is known.
 */
function projectFor(session: Session, explicit: string | undefined, required: boolean): string | undefined {
  if (session.settings.apiKey !== undefined) return undefined;
  const projectId = explicit ?? session.settings.projectId;
  if (projectId === undefined && required) {
    throw new CliError('MISSING_PROJECT', 'must provide --project (or set one: tourney config set projectId ID)');
  }
  return projectId;
}

/** Parses --start-date. @throws CliError INVALID_DATE */
function parseStartDate(value: string): string {
  const date = new Date(value);
  if (Number.isNaN(date.getTime())) {
    throw new CliError('INVALID_DATE', `invalid --start-date "${value}": expected ISO 8601, e.g. 2030-05-01T18:00:00Z`);
  }
  return date.toISOString();
}

async function createTournament(deps: CliDeps, flags: CreateFlags, command: Command): Promise<void> {
  const session = await openSession(deps, globalsOf(command), 'any');
  const projectId = projectFor(session, flags.project, true);
  const name = await valueOrAsk(deps, flags.name, { flag: '--name', message: 'tournament name' });
  const disciplineId = await valueOrAsk(deps, flags.discipline, {
    flag: '--discipline',
    message: 'discipline (game code, e.g. chess)',
    validate: (value) => DISCIPLINE.test(value.trim()) || 'lower-case letters, digits, "-" or "_" (at most 32)',
  });
  const start = flags.startDate
    ? parseStartDate(flags.startDate)
    : new Date(Math.ceil((deps.clock.now().getTime() + DAY_MS) / 3_600_000) * 3_600_000).toISOString();
  const format = flags.format ?? DEFAULT_FORMAT;
  if (flags.thirdPlace && !STAGE_FORMAT_INFO[format].settings.includes('thirdPlaceMatch')) {
    const applies = FORMATS.filter((f) => STAGE_FORMAT_INFO[f].settings.includes('thirdPlaceMatch')).map(humanize);
    throw new CliError('INVALID_OPTION', `--third-place applies to ${applies.join(', ')} only`);
  }
  const body = {
    name,
    disciplineId,
    maxParticipants: flags.maxParticipants ?? 16,
    teamSize: flags.teamSize ?? 1,
    startDate: start,
    stages: [{ name: 'Main', format, ...(flags.thirdPlace ? { settings: { thirdPlaceMatch: true } } : {}) }],
    ...(flags.description !== undefined ? { description: flags.description } : {}),
    ...(projectId !== undefined ? { projectId } : {}),
  };
  const { data } = await session.call((client) => client.POST('/tournaments', { body }));
  if (flags.json) printJson(deps.io, data);
  else if (deps.io.isTTY) deps.io.stdout.write(`created tournament "${data.name}" (${data.id}), status ${humanize(data.status)}\n`);
  else deps.io.stdout.write(`${data.id}\n`);
}

async function listTournaments(deps: CliDeps, flags: TournamentListFlags, command: Command): Promise<void> {
  const session = await openSession(deps, globalsOf(command), 'any');
  const projectId = projectFor(session, flags.project, false);
  const query = {
    ...(flags.status ? { status: flags.status } : {}),
    ...(projectId ? { projectId } : {}),
    ...(flags.limit ? { limit: flags.limit } : {}),
  };
  if (flags.all) {
    const items = await session.call((client) => collect(client.paginate('/tournaments', { params: { query } })));
    if (flags.json) printJson(deps.io, items);
    else printTable(deps.io, TOURNAMENT_COLUMNS, items);
    return;
  }
  const page = await session.call((client) =>
    client.GET('/tournaments', { params: { query: { ...query, ...(flags.page ? { page: flags.page } : {}) } } }),
  );
  if (flags.json) {
    printJson(deps.io, page.data);
    return;
  }
  if (page.data.length === 0 && deps.io.isTTY) deps.io.stderr.write('no tournaments found\n');
  else printTable(deps.io, TOURNAMENT_COLUMNS, page.data);
  printPageHint(deps, page.pagination, 'tournaments');
}

function printTournament(deps: CliDeps, t: Tournament): void {
  printFields(deps.io, [
    ['name', t.name],
    ['id', t.id],
    ['status', humanize(t.status)],
    ['discipline', t.disciplineId],
    ['participants', `${t.currentParticipants}/${t.maxParticipants}${t.teamSize > 1 ? ` teams of ${t.teamSize}` : ''}`],
    ['start', formatTimestamp(t.startDate)],
    ['stages', t.stages.map((s) => `${s.number}. ${s.name} (${humanize(s.format)}, ${humanize(s.status)})`).join('; ')],
    ['project', t.projectId],
    ...(t.description ? ([['description', t.description]] as [string, string][]) : []),
  ]);
}
