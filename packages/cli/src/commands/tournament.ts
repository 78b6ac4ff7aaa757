import type { Command } from 'commander';
import type { components } from '@tourney/sdk';
import type { Stage, Tournament, TournamentStatus } from '../api-types';
import type { CliDeps } from '../deps';
import { CliError } from '../errors';
import { printFields, type Column, type Field } from '../output/table';
import { formatTimestamp, humanize } from '../output/text';
import { confirmOrStop } from '../prompts/confirm';
import { valueOrAsk } from '../prompts/ask';
import { openSession } from '../session';
import { addProjectOption, projectFor } from './project-option';
import { registerResultsCommand } from './player-views';
import { registerTournamentListCommand } from './tournament-list';
import {
  addJsonOption,
  addOutcomeJsonOption,
  addShowCommand,
  addYesOption,
  globalsOf,
  intOption,
  isCalendarDay,
  LOCAL_TIME_NOTE,
  printOutcome,
  printResult,
  statusColumn,
  withExamples,
} from './shared';
import { addStageOptions, FORMAT_WORDS, hasStageFlags, stagesFromFlags, type StageFlags } from './stage-options';
import { registerDrawCommands } from './draw';
import { registerEntryCommands } from './tournament-entry';

type TournamentAnalytics = components['schemas']['TournamentAnalytics'];

/** Every tournament status (the Record keeps it equal to the contract's TournamentStatus). */
const STATUS_ORDER: Readonly<Record<TournamentStatus, number>> = {
  DRAFT: 1,
  PUBLISHED: 2,
  REGISTRATION_OPEN: 3,
  REGISTRATION_CLOSED: 4,
  ONGOING: 5,
  COMPLETED: 6,
};
const STATUSES = Object.keys(STATUS_ORDER) as TournamentStatus[];
const DISCIPLINE = /^[a-z0-9][a-z0-9_-]{0,31}$/;
const DISCIPLINE_FORM = "lower-case letters, digits, '-' and '_' (1 to 32, starting with a letter or digit), e.g. cs2";
const DAY_MS = 24 * 3600 * 1000;

/** Table columns of a tournament list (piped: the API's raw values). */
export const TOURNAMENT_COLUMNS: readonly Column<Tournament>[] = [
  { header: 'id', value: (t) => t.id, drop: 1 },
  { header: 'name', value: (t) => t.name, flex: true, priority: 2 },
  statusColumn('status', (t) => t.status),
  { header: 'players', value: (t) => `${t.currentParticipants}/${t.maxParticipants}`, raw: (t) => t.currentParticipants, align: 'right' },
  { header: 'max', value: (t) => t.maxParticipants, only: 'pipe' },
  { header: 'start', value: (t) => formatTimestamp(t.startDate), raw: (t) => t.startDate },
];

/** Flags of `tournament create` and `tournament update`. */
interface TournamentFlags extends StageFlags {
  name?: string;
  discipline?: string;
  maxParticipants?: number;
  teamSize?: number;
  startDate?: string;
  description?: string;
  registrationOpens?: string;
  registrationCloses?: string;
  checkIn?: boolean;
  checkInOpens?: number;
  waitlist?: number;
  project?: string;
  json?: boolean;
}

/**
 * Adds the flags shared by create and update (besides name, discipline and the stage flags), with the help texts of
 * `mode`: create gives the default of an omitted flag, update changes only the flags given.
 */
function addTournamentOptions(command: Command, mode: 'create' | 'update'): Command {
  const create = mode === 'create';
  return command
    .option('--description <text>', create ? 'description' : 'new description ("" clears it)')
    .option(
      '--start-date <date>',
      create ? `start, ISO 8601 date-time (default: 24 hours from now); ${LOCAL_TIME_NOTE}` : `new start, ISO 8601 date-time; ${LOCAL_TIME_NOTE}`,
    )
    .option('--registration-opens <date>', `open registration automatically at this time, ISO 8601 ("" for never); ${LOCAL_TIME_NOTE}`)
    .option('--registration-closes <date>', `close registration automatically at this time, ISO 8601 ("" for never); ${LOCAL_TIME_NOTE}`)
    .option('--check-in', 'participants must check in before the start (tourney tournament checkin)')
    .option('--no-check-in', 'no check-in')
    .option('--check-in-opens <minutes>', `check-in opens this many minutes before the start, 0-1440${create ? ' (default 60)' : ''}`, intOption(0, 1440))
    .option(
      '--waitlist <n>',
      `entries that may wait for a place once the tournament is full, 0-4096 (0: none${create ? ', the default' : ''}); the first in line takes each place that comes free`,
      intOption(0, 4096),
    );
}

/**
 * `tourney tournament create|list|get|update|clone|delete|publish|open-registration|close-registration|start|join|checkin|
 * withdraw|analytics`.
 */
export function registerTournamentCommands(program: Command, deps: CliDeps): void {
  const tournament = program.command('tournament').description('create, list and run tournaments');

  withExamples(
    addJsonOption(
      addProjectOption(
        addStageOptions(
          addTournamentOptions(
            tournament
              .command('create')
              .description('create a tournament (in status draft): its stage format and settings, dates and check-in')
              .option('--name <name>', 'tournament name (prompted when omitted)')
              .option('--discipline <id>', `game code, ${DISCIPLINE_FORM} (prompted when omitted)`)
              .option('--max-participants <n>', 'most participants, 2-4096', intOption(2, 4096), 16)
              .option('--team-size <n>', 'players per team, 1-16', intOption(1, 16), 1),
            'create',
          ),
          { format: 'SINGLE_ELIMINATION' },
        ),
      ),
      'the created tournament',
    ).action(async (flags: TournamentFlags, command: Command) => createTournament(deps, flags, command)),
    'tourney tournament create --name "Friday Cup" --discipline chess --max-participants 32',
    'tourney tournament create --name Open --discipline cs2 --format double-elimination --grand-final double',
    'tourney tournament create --name Masters --discipline chess --format swiss --swiss-rounds 5 --points 1,0.5,0 --tiebreaks points,buchholz,sonneborn-berger',
    'tourney tournament create --name Open --discipline chess --format swiss --tiebreaks points,median-buchholz,buchholz-cut2,cumulative-score --bye-tiebreaks fide-2023',
    'tourney tournament create --name Cup --discipline cs2 --format double-elimination --seed-ordering natural --skip-first-round',
    'tourney tournament create --name Major --discipline cs2 --max-participants 32 --stages stages.yaml --check-in',
    'tourney tournament create --name "Friday Cup" --discipline chess --max-participants 32 --waitlist 8',
  );

  registerTournamentListCommand(tournament, deps, { columns: TOURNAMENT_COLUMNS, statuses: STATUSES });
  registerResultsCommand(tournament, deps);

  addShowCommand(deps, tournament, {
    usage: 'get <tournamentId>',
    description: 'show a tournament with its stages and settings',
    auth: 'any',
    fetch: (client, id) => client.GET('/tournaments/{id}', { params: { path: { id } } }),
    print: (t) => printTournament(deps, t),
    examples: ['tourney tournament get 0199a1b2-...'],
  });

  withExamples(
    addJsonOption(
      addStageOptions(
        addTournamentOptions(
          tournament
            .command('update <tournamentId>')
            .description('change a tournament: name, dates, size, check-in, stage settings (stages and size only before the start); what is not given is kept')
            .option('--name <name>', 'new name')
            .option('--discipline <id>', `game code, ${DISCIPLINE_FORM}`)
            .option('--max-participants <n>', 'most participants, 2-4096', intOption(2, 4096))
            .option('--team-size <n>', 'players per team, 1-16', intOption(1, 16)),
          'update',
        ),
        { update: true },
      ),
      'the updated tournament',
    ).action(async (id: string, flags: TournamentFlags, command: Command) => updateTournament(deps, id, flags, command)),
    'tourney tournament update 0199a1b2-... --start-date 2030-06-01T18:00:00Z --check-in --check-in-opens 30',
    'tourney tournament update 0199a1b2-... --format double-elimination --grand-final double',
    'tourney tournament update 0199a1b2-... --stages stages.yaml',
  );

  withExamples(
    addJsonOption(
      tournament
        .command('clone <tournamentId>')
        .description("copy a tournament's settings and stages into a new draft (not its participants): next week's edition")
        .option('--name <name>', 'name of the copy (default: the name followed by " (copy)")')
        .option('--start-date <date>', `start of the copy, ISO 8601; registration dates and stage starts move with it; ${LOCAL_TIME_NOTE}`),
      'the new tournament',
    ).action(async (id: string, flags: { name?: string; startDate?: string; json?: boolean }, command: Command) => {
      const session = await openSession(deps, globalsOf(command), 'any');
      const body = {
        ...(flags.name !== undefined ? { name: flags.name } : {}),
        ...(flags.startDate !== undefined ? { startDate: parseDate('--start-date', flags.startDate) as string } : {}),
      };
      const { data } = await session.call((client) => client.POST('/tournaments/{id}/clone', { params: { path: { id } }, body }));
      printResult(deps, flags, data, (t) => `created tournament "${t.name}" (${t.id}), status ${humanize(t.status)}, starting ${formatTimestamp(t.startDate)}`, (t) => t.id);
    }),
    'tourney tournament clone 0199a1b2-... --start-date 2030-06-13T18:00:00Z --name "Thursday Cup #13"',
  );

  withExamples(
    addOutcomeJsonOption(
      addYesOption(
        tournament.command('delete <tournamentId>').alias('rm').description('delete a tournament with its participants and matches (not while ongoing)'),
      ),
      '{"deleted": "<tournamentId>"}',
    ).action(async (id: string, flags: { yes?: boolean; json?: boolean }, command: Command) => {
      const session = await openSession(deps, globalsOf(command), 'any');
      await confirmOrStop(deps, flags.yes, `delete tournament ${id} with its participants and matches?`);
      await session.call((client) => client.DELETE('/tournaments/{id}', { params: { path: { id } } }));
      printOutcome(deps, flags, { deleted: id }, `deleted tournament ${id}`, id);
    }),
    'tourney tournament delete 0199a1b2-...',
    'tourney tournament delete 0199a1b2-... --yes',
  );

  const transitions: [name: string, path: TransitionPath, description: string][] = [
    ['publish', '/tournaments/{id}/publish', 'publish a draft tournament'],
    ['open-registration', '/tournaments/{id}/registration/open', 'open registration of a published tournament'],
    ['close-registration', '/tournaments/{id}/registration/close', 'close registration'],
    ['start', '/tournaments/{id}/start', 'start the tournament: seed participants and generate the bracket'],
  ];
  for (const [name, path, description] of transitions) {
    withExamples(
      addJsonOption(tournament.command(`${name} <tournamentId>`).description(description), 'the updated tournament').action(
        async (id: string, flags: { json?: boolean }, command: Command) => {
          const session = await openSession(deps, globalsOf(command), 'any');
          const { data } = await session.call((client) => client.POST(path, { params: { path: { id } } }));
          printResult(deps, flags, data, (t) => `tournament "${t.name}" is now ${humanize(t.status)}`, (t) => t.status);
        },
      ),
      `tourney tournament ${name} 0199a1b2-...`,
    );
  }

  registerEntryCommands(tournament, deps);

  withExamples(
    addJsonOption(
      tournament.command('analytics <tournamentId>').description('participants, match progress, check-in and dispute rates, match duration'),
    ).action(async (id: string, flags: { json?: boolean }, command: Command) => {
      const session = await openSession(deps, globalsOf(command), 'any');
      const { data } = await session.call((client) => client.GET('/tournaments/{id}/analytics', { params: { path: { id } } }));
      printResult(deps, flags, data, (a) => printAnalytics(deps, a));
    }),
    'tourney tournament analytics 0199a1b2-...',
  );

  registerDrawCommands(tournament, deps);
}

type TransitionPath =
  | '/tournaments/{id}/publish'
  | '/tournaments/{id}/registration/open'
  | '/tournaments/{id}/registration/close'
  | '/tournaments/{id}/start';

/** Parses a date flag; "" gives null when `clearable`. @throws CliError INVALID_DATE naming the flag. */
function parseDate(flag: string, value: string, clearable = false): string | null {
  if (clearable && value.trim() === '') return null;
  const date = new Date(value);
  if (Number.isNaN(date.getTime()) || !isCalendarDay(value.trim(), false)) {
    throw new CliError('INVALID_DATE', `invalid ${flag} "${value}": expected an ISO 8601 date-time, e.g. 2030-05-01T18:00:00Z`);
  }
  return date.toISOString();
}

function checkDiscipline(value: string): string {
  if (!DISCIPLINE.test(value)) throw new CliError('INVALID_OPTION', `--discipline must be ${DISCIPLINE_FORM} (got "${value}")`);
  return value;
}

/** The fields of create and update that come straight from flags (undefined flags are left out). */
function commonBody(flags: TournamentFlags) {
  return {
    ...(flags.name !== undefined ? { name: flags.name } : {}),
    ...(flags.discipline !== undefined ? { disciplineId: checkDiscipline(flags.discipline) } : {}),
    ...(flags.maxParticipants !== undefined ? { maxParticipants: flags.maxParticipants } : {}),
    ...(flags.teamSize !== undefined ? { teamSize: flags.teamSize } : {}),
    ...(flags.startDate !== undefined ? { startDate: parseDate('--start-date', flags.startDate) as string } : {}),
    ...(flags.registrationOpens !== undefined ? { registrationOpensAt: parseDate('--registration-opens', flags.registrationOpens, true) } : {}),
    ...(flags.registrationCloses !== undefined ? { registrationClosesAt: parseDate('--registration-closes', flags.registrationCloses, true) } : {}),
    ...(flags.checkIn !== undefined ? { checkInRequired: flags.checkIn } : {}),
    ...(flags.checkInOpens !== undefined ? { checkInOpensMinutesBefore: flags.checkInOpens } : {}),
    ...(flags.waitlist !== undefined ? { waitlistCapacity: flags.waitlist } : {}),
  };
}

async function createTournament(deps: CliDeps, flags: TournamentFlags, command: Command): Promise<void> {
  const session = await openSession(deps, globalsOf(command), 'any');
  const projectId = projectFor(session, flags.project, true);
  const name = await valueOrAsk(deps, flags.name, { flag: '--name', message: 'tournament name' });
  const disciplineId = await valueOrAsk(deps, flags.discipline, {
    flag: '--discipline',
    message: 'discipline (game code, e.g. chess)',
    validate: (value) => DISCIPLINE.test(value.trim()) || DISCIPLINE_FORM,
  });
  const startDate =
    flags.startDate === undefined
      ? new Date(Math.ceil((deps.clock.now().getTime() + DAY_MS) / 3_600_000) * 3_600_000).toISOString()
      : undefined;
  const stages = (await stagesFromFlags(flags, undefined)) ?? [];
  const body = {
    maxParticipants: 16,
    teamSize: 1,
    ...commonBody({ ...flags, name, discipline: disciplineId }),
    ...(startDate ? { startDate } : {}),
    name,
    disciplineId,
    stages,
    ...(flags.description !== undefined ? { description: flags.description } : {}),
    ...(projectId !== undefined ? { projectId } : {}),
  } as components['schemas']['TournamentCreate'];
  const { data } = await session.call((client) => client.POST('/tournaments', { body }));
  printResult(deps, flags, data, (t) => `created tournament "${t.name}" (${t.id}), status ${humanize(t.status)}`, (t) => t.id);
}

async function updateTournament(deps: CliDeps, id: string, flags: TournamentFlags, command: Command): Promise<void> {
  const session = await openSession(deps, globalsOf(command), 'any');
  let stages: components['schemas']['StageInput'][] | undefined;
  if (flags.stages !== undefined) stages = await stagesFromFlags(flags, []);
  else if (hasStageFlags(flags)) {
    const { data: current } = await session.call((client) => client.GET('/tournaments/{id}', { params: { path: { id } } }));
    stages = await stagesFromFlags(flags, current.stages.map((s) => ({ name: s.name, format: s.format, settings: s.settings })));
  }
  const body = {
    ...commonBody(flags),
    ...(flags.description !== undefined ? { description: flags.description === '' ? null : flags.description } : {}),
    ...(stages ? { stages } : {}),
  };
  if (Object.keys(body).length === 0) {
    throw new CliError('MISSING_VALUE', 'nothing to change', { hint: "see 'tourney tournament update --help' for what can change" });
  }
  const { data } = await session.call((client) => client.PUT('/tournaments/{id}', { params: { path: { id } }, body }));
  printResult(deps, flags, data, (t) => printTournament(deps, t));
}

/** `double elimination, grand final double, 60 min between rounds` from a stage's format and settings. */
export function describeStage(stage: Pick<Stage, 'format' | 'settings'>): string {
  const s = stage.settings;
  const parts: string[] = [FORMAT_WORDS[stage.format]];
  if (stage.format === 'SINGLE_ELIMINATION' && s.consolation === 'FULL') parts.push('every place played off');
  else if (stage.format === 'SINGLE_ELIMINATION' && (s.consolation === 'THIRD_PLACE' || (s.consolation === undefined && s.thirdPlaceMatch))) parts.push('third-place match');
  const cut = (stage.format === 'SINGLE_ELIMINATION' || stage.format === 'DOUBLE_ELIMINATION') && s.stopAtQualifiers === true;
  // A stage cut at its qualifiers plays no grand final (R7.21): saying "grand final none" would only distract.
  if (stage.format === 'DOUBLE_ELIMINATION' && s.grandFinal && !cut) parts.push(`grand final ${s.grandFinal}`);
  if (stage.format === 'DOUBLE_ELIMINATION' && s.skipFirstRound) parts.push('lower half starts in the losers bracket');
  if ((stage.format === 'SINGLE_ELIMINATION' || stage.format === 'DOUBLE_ELIMINATION') && s.seedOrdering && s.seedOrdering !== 'inner_outer') parts.push(`${s.seedOrdering} seed order`);
  if (stage.format === 'SWISS') {
    if (s.swissWinsToAdvance || s.swissLossesToEliminate) parts.push(`${s.swissWinsToAdvance ?? '?'} wins advance, ${s.swissLossesToEliminate ?? '?'} losses eliminate`);
    else if (s.swissRounds) parts.push(`${s.swissRounds} rounds`);
  }
  if (stage.format === 'GROUPS' && s.groupCount) parts.push(`${s.groupCount} groups, ${s.qualifiersPerGroup ?? 2} qualify per group`);
  if ((stage.format === 'ROUND_ROBIN' || stage.format === 'GROUPS') && s.roundRobinCycles === 2) parts.push('double round robin');
  if (['ROUND_ROBIN', 'SWISS', 'GROUPS'].includes(stage.format)) {
    if (s.pointsForWin !== undefined) parts.push(`points ${s.pointsForWin}/${s.pointsForDraw ?? 1}/${s.pointsForLoss ?? 0}`);
    if (s.tiebreaks?.length) parts.push(`tiebreaks ${s.tiebreaks.map((t) => humanize(t)).join(', ')}`);
  }
  if (cut) parts.push(stage.format === 'DOUBLE_ELIMINATION' ? 'stops when the qualifiers are known, half from each bracket' : 'stops when the qualifiers are known');
  if (s.advanceCount) parts.push(`${s.advanceCount} advance`);
  return parts.join(', ');
}

function printTournament(deps: CliDeps, t: Tournament): void {
  const stageFields: Field[] = t.stages.map((s) => [`stage ${s.number}`, `${s.name}: ${describeStage(s)} (${humanize(s.status)})`, `${s.name}\t${s.format}\t${s.status}`]);
  printFields(deps.io, [
    ['name', t.name],
    ['id', t.id],
    ['status', humanize(t.status), t.status],
    ['discipline', t.disciplineId],
    ['participants', `${t.currentParticipants}/${t.maxParticipants}${t.teamSize > 1 ? ` teams of ${t.teamSize}` : ''}`, `${t.currentParticipants}/${t.maxParticipants}`],
    ['start', formatTimestamp(t.startDate), t.startDate],
    ...(t.registrationOpensAt || t.registrationClosesAt
      ? ([['registration', `${formatTimestamp(t.registrationOpensAt) || 'by hand'} to ${formatTimestamp(t.registrationClosesAt) || 'by hand'}`, `${t.registrationOpensAt ?? ''}/${t.registrationClosesAt ?? ''}`]] as Field[])
      : []),
    ['check-in', t.checkInRequired ? `required, opens ${t.checkInOpensMinutesBefore} min before the start` : 'not required', t.checkInRequired ? String(t.checkInOpensMinutesBefore) : 'false'],
    ...(t.waitlistCapacity > 0
      ? ([['waitlist', `${t.participantCounts.waitlisted ?? 0}/${t.waitlistCapacity} waiting`, `${t.participantCounts.waitlisted ?? 0}/${t.waitlistCapacity}`]] as Field[])
      : []),
    ...stageFields,
    ['project', t.projectId],
    ...(t.description ? ([['description', t.description]] as Field[]) : []),
  ]);
}

const percent = (share: number | null) => (share === null ? 'n/a' : `${Math.round(share * 1000) / 10} %`);

/** `tournament analytics` (getTournamentAnalytics, R17.1): the participants line counts every status, no-shows included. */
function printAnalytics(deps: CliDeps, a: TournamentAnalytics): void {
  const p = a.participants;
  const m = a.matches;
  printFields(deps.io, [
    ['status', humanize(a.status), a.status],
    [
      'participants',
      `${a.totalParticipants} (${p.registered} registered, ${p.checkedIn} checked in, ${p.active} active, ${p.eliminated} eliminated, ${p.disqualified} disqualified, ${p.withdrawn} withdrawn, ${p.noShow ?? 0} no-show${p.waitlisted ? `, ${p.waitlisted} waitlisted` : ''})`,
      a.totalParticipants,
    ],
    ['matches', `${m.total} (${m.completed + m.resolved} finished, ${m.scheduled} scheduled, ${m.inProgress} in progress, ${m.pendingResult} awaiting confirmation, ${m.disputed} disputed)`, m.total],
    ['byes, walkovers, draws', `${m.byes}, ${m.walkovers}, ${m.draws}`],
    ['progress', percent(a.progress), a.progress],
    ['check-in rate', percent(a.checkInRate), a.checkInRate],
    ['dispute rate', percent(a.disputeRate), a.disputeRate],
    ['average match', a.averageMatchDurationSeconds === null ? 'n/a' : `${Math.round(a.averageMatchDurationSeconds / 60)} min`, a.averageMatchDurationSeconds],
    ['computed', formatTimestamp(a.generatedAt), a.generatedAt],
  ]);
}
