import { InvalidArgumentError, type Command } from 'commander';
import type { Circuit, Classification, Standing } from '@tourney/sdk';
import type { CliDeps } from '../deps';
import { CliError } from '../errors';
import { printJson } from '../output/json';
import { printFields, printTable, type Column } from '../output/table';
import { formatTimestamp, humanize } from '../output/text';
import { valueOrAsk } from '../prompts/ask';
import { openSession } from '../session';
import { projectFor } from './project-option';
import { describeScoring } from './circuit-scoring';
import { confirmOrStop } from '../prompts/confirm';
import {
  addJsonOption,
  addListOptions,
  addOutcomeJsonOption,
  addYesOption,
  enumOption,
  globalsOf,
  printApiList,
  printOutcome,
  printResult,
  statusColumn,
  withExamples,
  type ListOptions,
} from './shared';
import { userIdOf } from './users';
import { registerSeasonCommands, SEASON_COLUMNS } from './circuit-season';

type CircuitStatus = Circuit['status'];
const STATUSES: readonly CircuitStatus[] = ['DRAFT', 'ACTIVE', 'COMPLETED'];
const DISCIPLINE = /^[a-z0-9][a-z0-9_-]{0,31}$/;

/** Table columns of a circuit list. */
export const CIRCUIT_COLUMNS: readonly Column<Circuit>[] = [
  { header: 'id', value: (c) => c.id, drop: 1 },
  { header: 'name', value: (c) => c.name, flex: true, priority: 2 },
  statusColumn('status', (c) => c.status),
  { header: 'seasons', value: (c) => c.seasons.length, align: 'right' },
  { header: 'active season', value: (c) => c.seasons.find((s) => s.id === c.activeSeasonId)?.name ?? '', flex: true },
];

/** Table columns of standings. */
export const STANDING_COLUMNS: readonly Column<Standing>[] = [
  { header: 'rank', value: (s) => s.rank, align: 'right' },
  { header: 'name', value: (s) => s.name, flex: true },
  { header: 'points', value: (s) => s.points, align: 'right' },
  { header: 'wins', value: (s) => s.wins, align: 'right' },
  { header: 'played', value: (s) => s.tournamentsPlayed, align: 'right' },
  { header: 'best', value: (s) => s.bestPlacement ?? '', align: 'right' },
];

/** Table columns of a classification's awards. */
const AWARD_COLUMNS: readonly Column<Classification['awards'][number]>[] = [
  { header: 'place', value: (a) => a.placement, align: 'right' },
  { header: 'name', value: (a) => a.name, flex: true },
  { header: 'points', value: (a) => a.points, align: 'right' },
  { header: 'wins', value: (a) => a.wins, align: 'right' },
];

/** commander parser for a positive multiplier (at most 100). */
function multiplierOption(value: string): number {
  const n = Number(value);
  if (!/^\d+(\.\d+)?$/.test(value.trim()) || !(n > 0) || n > 100) throw new InvalidArgumentError('expected a number greater than 0 and at most 100');
  return n;
}


/**
 * `tourney circuit create|list|get|update|delete|season create|list|update|delete|start|complete|classify|unclassify|
 * standings|analytics`.
 */
export function registerCircuitCommands(program: Command, deps: CliDeps): void {
  const circuit = program.command('circuit').description('run circuits: seasons, classification of tournaments and standings');

  withExamples(
    circuit
      .command('create')
      .description('create a circuit (in status draft)')
      .option('--name <name>', 'circuit name (prompted when omitted)')
      .option('--discipline <id>', 'game code when the circuit is for one game, e.g. chess')
      .option('--description <text>', 'description')
      .option('--project <id>', 'project (default: the profile projectId; not needed with an API key)')
      .option('--json', 'print the created circuit as JSON')
      .action(async (flags: { name?: string; discipline?: string; description?: string; project?: string; json?: boolean }, command: Command) => {
        const session = await openSession(deps, globalsOf(command), 'any');
        const projectId = projectFor(session, flags.project, true);
        const name = await valueOrAsk(deps, flags.name, { flag: '--name', message: 'circuit name' });
        if (flags.discipline !== undefined && !DISCIPLINE.test(flags.discipline)) {
          throw new CliError('INVALID_OPTION', '--discipline: lower-case letters, digits, "-" or "_" (at most 32)');
        }
        const body = {
          name,
          ...(flags.discipline !== undefined ? { disciplineId: flags.discipline } : {}),
          ...(flags.description !== undefined ? { description: flags.description } : {}),
          ...(projectId !== undefined ? { projectId } : {}),
        };
        const { data } = await session.call((client) => client.POST('/circuits', { body }));
        printResult(deps, flags, data, (c) => `created circuit "${c.name}" (${c.id}), status ${humanize(c.status)}`, (c) => c.id);
      }),
    'tourney circuit create --name "Pro Tour" --discipline chess',
  );

  withExamples(
    addListOptions(
      circuit
        .command('list')
        .alias('ls')
        .description('list the circuits of the project')
        .option('--status <status>', 'only this status: draft, active or completed', enumOption(STATUSES))
        .option('--project <id>', 'project (default: the profile projectId; not needed with an API key)'),
    ).action(async (flags: ListOptions & { status?: CircuitStatus; project?: string }, command: Command) => {
      const session = await openSession(deps, globalsOf(command), 'any');
      await printApiList(deps, session, flags, {
        path: '/circuits',
        query: { status: flags.status, projectId: projectFor(session, flags.project, false) },
        noun: 'circuits',
        columns: CIRCUIT_COLUMNS,
      });
    }),
    'tourney circuit list',
    'tourney circuit ls --status active --json',
  );

  withExamples(
    circuit
      .command('get <circuitId>')
      .description('show a circuit and its seasons')
      .option('--json', 'print the API data as JSON')
      .action(async (id: string, flags: { json?: boolean }, command: Command) => {
        const session = await openSession(deps, globalsOf(command), 'any');
        const { data } = await session.call((client) => client.GET('/circuits/{id}', { params: { path: { id } } }));
        if (flags.json) {
          printJson(deps.io, data);
          return;
        }
        const active = data.seasons.find((s) => s.id === data.activeSeasonId);
        printFields(deps.io, [
          ['name', data.name],
          ['id', data.id],
          // Piped (R20.5): the API's raw values, as getCircuit spells them.
          ['status', humanize(data.status), data.status],
          ['discipline', data.disciplineId ?? 'any', data.disciplineId],
          ['active season', active ? `${active.number}. ${active.name} (${describeScoring(active.scoring)})` : 'none', data.activeSeasonId],
          ['created', formatTimestamp(data.createdAt), data.createdAt],
          ...(data.description ? ([['description', data.description]] as [string, string][]) : []),
        ]);
        if (data.seasons.length > 0) {
          deps.io.stdout.write('\n');
          printTable(deps.io, SEASON_COLUMNS, data.seasons);
        }
      }),
    'tourney circuit get 0199a1b2-...',
  );

  registerSeasonCommands(circuit, deps);

  withExamples(
    circuit
      .command('start <circuitId>')
      .description('start the next upcoming season (or the one given)')
      .option('--season <seasonId>', 'upcoming season to start (default: the earliest)')
      .option('--json', 'print the started season as JSON')
      .action(async (id: string, flags: { season?: string; json?: boolean }, command: Command) => {
        const session = await openSession(deps, globalsOf(command), 'any');
        const body = flags.season ? { seasonId: flags.season } : {};
        const { data } = await session.call((client) => client.POST('/circuits/{id}/start', { params: { path: { id } }, body }));
        printResult(deps, flags, data, (s) => `season ${s.number} "${s.name}" is now ${humanize(s.status)}`, (s) => `${s.id}\t${s.status}`);
      }),
    'tourney circuit start 0199a1b2-...',
  );

  withExamples(
    circuit
      .command('complete <circuitId>')
      .description('complete the active season and finalize its standings')
      .option('--json', 'print the completed season as JSON')
      .action(async (id: string, flags: { json?: boolean }, command: Command) => {
        const session = await openSession(deps, globalsOf(command), 'any');
        const { data } = await session.call((client) => client.POST('/circuits/{id}/complete', { params: { path: { id } } }));
        printResult(deps, flags, data, (s) => `season ${s.number} "${s.name}" is now ${humanize(s.status)}; its standings are final`, (s) => `${s.id}\t${s.status}`);
      }),
    'tourney circuit complete 0199a1b2-...',
  );

  withExamples(
    circuit
      .command('classify <circuitId> <tournamentId>')
      .description('award season points for the final placements of a completed tournament')
      .option('--multiplier <x>', 'scale the points, e.g. 1.5 for a major (default 1)', multiplierOption)
      .option('--json', 'print the classification as JSON')
      .action(async (id: string, tid: string, flags: { multiplier?: number; json?: boolean }, command: Command) => {
        const session = await openSession(deps, globalsOf(command), 'any');
        const body = flags.multiplier !== undefined ? { pointMultiplier: flags.multiplier } : {};
        const { data } = await session.call((client) =>
          client.POST('/circuits/{id}/tournaments/{tid}/classify', { params: { path: { id, tid } }, body }),
        );
        if (flags.json) {
          printJson(deps.io, data);
          return;
        }
        if (deps.io.isTTY) deps.io.stdout.write(`classified with multiplier ${data.pointMultiplier}: ${data.awards.length} participants scored\n`);
        printTable(deps.io, AWARD_COLUMNS, data.awards);
      }),
    'tourney circuit classify 0199a1b2-... 0199c3d4-...',
    'tourney circuit classify 0199a1b2-... 0199c3d4-... --multiplier 1.5',
  );

  withExamples(
    addListOptions(
      circuit
        .command('standings <circuitId>')
        .description('show the standings of the current season, a given season or all seasons')
        .option('--season <seasonId>', 'season (default: the active one, else the latest completed)')
        .option('--cumulative', 'accumulate every season of the circuit')
        .option('--public', 'the public standings of an active or completed circuit, as anyone sees them (no login needed)')
        .option('--user <user>', 'with --public: only the line of this player, a username or user id'),
    ).action(async (id: string, flags: ListOptions & { season?: string; cumulative?: boolean; public?: boolean; user?: string }, command: Command) => {
      if (flags.season && flags.cumulative) throw new CliError('INVALID_OPTION', '--season and --cumulative exclude each other');
      if (flags.user !== undefined && !flags.public) {
        throw new CliError('INVALID_OPTION', '--user needs --public (a player finds their line in the public standings)');
      }
      const query = { seasonId: flags.season, cumulative: flags.cumulative };
      const list = { noun: 'competitors', columns: STANDING_COLUMNS, empty: 'no standings yet' };
      if (flags.public) {
        const session = await openSession(deps, globalsOf(command), 'none');
        const userId = flags.user === undefined ? undefined : await session.call((client) => userIdOf(client, flags.user as string));
        await printApiList(deps, session, flags, { path: '/circuits/public/{id}/standings', pathParams: { id }, query: { ...query, userId }, ...list });
        return;
      }
      const session = await openSession(deps, globalsOf(command), 'any');
      await printApiList(deps, session, flags, { path: '/circuits/{id}/standings', pathParams: { id }, query, ...list });
    }),
    'tourney circuit standings 0199a1b2-...',
    'tourney circuit standings 0199a1b2-... --cumulative --all --json',
    'tourney circuit standings 0199a1b2-... --public --user alice',
  );

  withExamples(
    addOutcomeJsonOption(
      addYesOption(
        circuit
          .command('unclassify <circuitId> <tournamentId>')
          .description('take a classified tournament out of the circuit while its season is active: its points leave the standings (asks first)'),
      ),
      '{"unclassified": "<tournamentId>", "circuitId": "<circuitId>"}',
    ).action(async (id: string, tid: string, flags: { yes?: boolean; json?: boolean }, command: Command) => {
      const session = await openSession(deps, globalsOf(command), 'any');
      await confirmOrStop(deps, flags.yes, `take tournament ${tid} out of circuit ${id} (its points leave the season's standings)?`);
      await session.call((client) => client.DELETE('/circuits/{id}/tournaments/{tid}', { params: { path: { id, tid } } }));
      printOutcome(deps, flags, { unclassified: tid, circuitId: id }, `took tournament ${tid} out of circuit ${id}; the standings were recomputed`, tid);
    }),
    'tourney circuit unclassify 0199a1b2-... 0199c3d4-...',
    'tourney circuit unclassify 0199a1b2-... 0199c3d4-... --yes',
  );

  withExamples(
    addJsonOption(
      circuit
        .command('update <circuitId>')
        .description('rename a circuit, change its description or discipline ("" clears description and discipline)')
        .option('--name <name>', 'new name')
        .option('--description <text>', 'new description')
        .option('--discipline <id>', 'game code, e.g. chess ("" for any game)'),
      'the circuit',
    ).action(async (id: string, flags: { name?: string; description?: string; discipline?: string; json?: boolean }, command: Command) => {
      if (flags.discipline && !DISCIPLINE.test(flags.discipline)) {
        throw new CliError('INVALID_OPTION', "--discipline must be lower-case letters, digits, '-' and '_' (1 to 32, starting with a letter or digit), e.g. chess");
      }
      const clear = (value: string) => (value === '' ? null : value);
      const body = {
        ...(flags.name !== undefined ? { name: flags.name } : {}),
        ...(flags.description !== undefined ? { description: clear(flags.description) } : {}),
        ...(flags.discipline !== undefined ? { disciplineId: clear(flags.discipline) } : {}),
      };
      if (Object.keys(body).length === 0) throw new CliError('MISSING_VALUE', 'nothing to change: give --name, --description or --discipline');
      const session = await openSession(deps, globalsOf(command), 'any');
      const { data } = await session.call((client) => client.PUT('/circuits/{id}', { params: { path: { id } }, body }));
      printResult(deps, flags, data, (c) => `updated circuit "${c.name}" (${c.id})`, (c) => c.id);
    }),
    'tourney circuit update 0199a1b2-... --name "Pro Tour 2031" --description ""',
  );

  withExamples(
    addOutcomeJsonOption(
      addYesOption(
        circuit
          .command('delete <circuitId>')
          .alias('rm')
          .description('delete a circuit in any status with its seasons, classifications and standings (asks first)'),
      ),
      '{"deleted": "<circuitId>"}',
    ).action(async (id: string, flags: { yes?: boolean; json?: boolean }, command: Command) => {
      const session = await openSession(deps, globalsOf(command), 'any');
      await confirmOrStop(deps, flags.yes, `delete circuit ${id} with its seasons, classifications and standings?`);
      await session.call((client) => client.DELETE('/circuits/{id}', { params: { path: { id } } }));
      printOutcome(deps, flags, { deleted: id }, `deleted circuit ${id}`, id);
    }),
    'tourney circuit delete 0199a1b2-...',
    'tourney circuit delete 0199a1b2-... --yes',
  );

  withExamples(
    addJsonOption(circuit.command('analytics <circuitId>').description('classified tournaments, competitors, points awarded, top competitors, per season')).action(
      async (id: string, flags: { json?: boolean }, command: Command) => {
        const session = await openSession(deps, globalsOf(command), 'any');
        const { data } = await session.call((client) => client.GET('/circuits/{id}/analytics', { params: { path: { id } } }));
        printResult(deps, flags, data, (a) => {
          printFields(deps.io, [
            ['status', humanize(a.status), a.status],
            ['seasons', a.seasonCount],
            ['tournaments classified', a.tournamentsClassified],
            ['unique competitors', a.uniqueCompetitors],
            ['points awarded', a.totalPointsAwarded],
          ]);
          if (a.topCompetitors.length > 0 && deps.io.isTTY) {
            deps.io.stdout.write('\nTop competitors\n');
            printTable(deps.io, STANDING_COLUMNS, a.topCompetitors);
          }
        });
      },
    ),
    'tourney circuit analytics 0199a1b2-...',
  );
}
