import type { Command } from 'commander';
import type { Season } from '@tourney/sdk';
import type { CliDeps } from '../deps';
import { CliError } from '../errors';
import type { Column } from '../output/table';
import { valueOrAsk } from '../prompts/ask';
import { confirmOrStop } from '../prompts/confirm';
import { openSession } from '../session';
import { describeScoring, parseExponential, parseLinear, parsePlacements, scoringFromFlags, type ScoringFlags } from './circuit-scoring';
import { addJsonOption, addOutcomeJsonOption, addYesOption, dayOption, globalsOf, printList, printOutcome, printResult, statusColumn, withExamples } from './shared';

/** Table columns of a season list. */
export const SEASON_COLUMNS: readonly Column<Season>[] = [
  { header: '#', value: (s) => s.number, align: 'right' },
  { header: 'id', value: (s) => s.id, drop: 1 },
  { header: 'name', value: (s) => s.name, flex: true, priority: 2 },
  statusColumn('status', (s) => s.status),
  { header: 'dates', value: (s) => `${s.startDate} - ${s.endDate}`, only: 'tty' },
  { header: 'start', value: (s) => s.startDate, only: 'pipe' },
  { header: 'end', value: (s) => s.endDate, only: 'pipe' },
  { header: 'tournaments', value: (s) => s.tournamentCount, align: 'right' },
];

/**
 * `tourney circuit season create|update|delete|list` (R9.7, R9.21, R9.22): a circuit's seasons, their dates and point
 * scoring; dates and scoring change only while a season is upcoming.
 */
export function registerSeasonCommands(circuit: Command, deps: CliDeps): void {
  const season = circuit.command('season').description('manage the seasons of a circuit');
  withExamples(
    season
      .command('create <circuitId>')
      .description('add an upcoming season with its dates and point scoring')
      .option('--name <name>', 'season name (prompted when omitted)')
      .requiredOption('--start-date <date>', 'first day, YYYY-MM-DD', dayOption('--start-date'))
      .requiredOption('--end-date <date>', 'last day, YYYY-MM-DD', dayOption('--end-date'))
      .option('--placements <table>', 'points by place or range, e.g. 1=100,2=70,3-4=40,5-8=20', parsePlacements)
      .option('--linear <max:step[:min]>', 'max points minus step per place, down to min, e.g. 100:10:5', parseLinear)
      .option('--exponential <max:decay>', 'max points times decay per place, e.g. 100:0.8', parseExponential)
      .option('--json', 'print the created season as JSON')
      .action(async (id: string, flags: ScoringFlags & { name?: string; startDate: string; endDate: string; json?: boolean }, command: Command) => {
        const scoring = scoringFromFlags(flags);
        const session = await openSession(deps, globalsOf(command), 'any');
        const name = await valueOrAsk(deps, flags.name, { flag: '--name', message: 'season name' });
        const { data } = await session.call((client) =>
          client.POST('/circuits/{id}/seasons', { params: { path: { id } }, body: { name, startDate: flags.startDate, endDate: flags.endDate, scoring } }),
        );
        printResult(deps, flags, data, (s) => `created season ${s.number} "${s.name}" (${s.id}), ${describeScoring(s.scoring)}`, (s) => s.id);
      }),
    'tourney circuit season create 0199a1b2-... --name "Season 1" --start-date 2030-01-01 --end-date 2030-06-30 --placements 1=100,2=70,3-4=40',
    'tourney circuit season create 0199a1b2-... --name Summer --start-date 2030-07-01 --end-date 2030-12-31 --linear 100:10:5',
  );

  withExamples(
    addJsonOption(
      season
        .command('update <circuitId> <seasonId>')
        .description('rename a season; while it is upcoming, also change its dates or scoring')
        .option('--name <name>', 'new name')
        .option('--start-date <date>', 'new first day, YYYY-MM-DD (upcoming season)', dayOption('--start-date'))
        .option('--end-date <date>', 'new last day, YYYY-MM-DD (upcoming season)', dayOption('--end-date'))
        .option('--placements <table>', 'new scoring: points by place or range, e.g. 1=100,2=70,3-4=40 (upcoming season)', parsePlacements)
        .option('--linear <max:step[:min]>', 'new scoring: max points minus step per place, down to min (upcoming season)', parseLinear)
        .option('--exponential <max:decay>', 'new scoring: max points times decay per place (upcoming season)', parseExponential),
      'the updated season',
    ).action(
      async (id: string, sid: string, flags: ScoringFlags & { name?: string; startDate?: string; endDate?: string; json?: boolean }, command: Command) => {
        const scored = flags.placements !== undefined || flags.linear !== undefined || flags.exponential !== undefined;
        const body = {
          ...(flags.name !== undefined ? { name: flags.name } : {}),
          ...(flags.startDate !== undefined ? { startDate: flags.startDate } : {}),
          ...(flags.endDate !== undefined ? { endDate: flags.endDate } : {}),
          ...(scored ? { scoring: scoringFromFlags(flags) } : {}),
        };
        if (Object.keys(body).length === 0) {
          throw new CliError('MISSING_VALUE', 'nothing to change: give --name, --start-date, --end-date or a scoring (--placements, --linear, --exponential)');
        }
        const session = await openSession(deps, globalsOf(command), 'any');
        const { data } = await session.call((client) => client.PATCH('/circuits/{id}/seasons/{sid}', { params: { path: { id, sid } }, body }));
        printResult(deps, flags, data, (s) => `updated season ${s.number} "${s.name}" (${s.id}), ${describeScoring(s.scoring)}`, (s) => s.id);
      },
    ),
    'tourney circuit season update 0199a1b2-... 0199d5e6-... --name "Season 2030 (pro)"',
    'tourney circuit season update 0199a1b2-... 0199d5e6-... --end-date 2030-11-30 --placements 1=120,2=80,3-4=50',
  );

  withExamples(
    addOutcomeJsonOption(
      addYesOption(season.command('delete <circuitId> <seasonId>').alias('rm').description('delete an upcoming season (asks first); the others keep their numbers')),
      '{"deleted": "<seasonId>", "circuitId": "<circuitId>"}',
    ).action(async (id: string, sid: string, flags: { yes?: boolean; json?: boolean }, command: Command) => {
      const session = await openSession(deps, globalsOf(command), 'any');
      await confirmOrStop(deps, flags.yes, `delete season ${sid} of circuit ${id}?`);
      await session.call((client) => client.DELETE('/circuits/{id}/seasons/{sid}', { params: { path: { id, sid } } }));
      printOutcome(deps, flags, { deleted: sid, circuitId: id }, `deleted season ${sid} of circuit ${id}`, sid);
    }),
    'tourney circuit season delete 0199a1b2-... 0199d5e6-...',
  );

  withExamples(
    addJsonOption(season.command('list <circuitId>').alias('ls').description('list the seasons of a circuit with their dates and status'), 'the seasons').action(
      async (id: string, flags: { json?: boolean }, command: Command) => {
        const session = await openSession(deps, globalsOf(command), 'any');
        const { data } = await session.call((client) => client.GET('/circuits/{id}', { params: { path: { id } } }));
        await printList(deps, { json: flags.json }, { noun: 'seasons', columns: SEASON_COLUMNS, fetchPage: async () => ({ data: data.seasons }), fetchAll: async () => data.seasons });
      },
    ),
    'tourney circuit season list 0199a1b2-...',
  );
}
