import type { Command } from 'commander';
import type { Participant, ParticipantStatus } from '../api-types';
import type { CliDeps } from '../deps';
import { printJson } from '../output/json';
import { printTable, type Column } from '../output/table';
import { humanize } from '../output/text';
import { CliError } from '../errors';
import { openSession } from '../session';
import { addListOptions, collect, enumOption, globalsOf, intOption, printPageHint, withExamples, type ListOptions } from './shared';

const STATUSES: readonly ParticipantStatus[] = [
  'REGISTERED',
  'CHECKED_IN',
  'ACTIVE',
  'ELIMINATED',
  'DISQUALIFIED',
  'WITHDRAWN',
  'NO_SHOW',
];

/** Table columns of a participant list. */
export const PARTICIPANT_COLUMNS: readonly Column<Participant>[] = [
  { header: 'id', value: (p) => p.id },
  { header: 'name', value: (p) => p.name, flex: true },
  { header: 'seed', value: (p) => p.seed, align: 'right' },
  { header: 'status', value: (p) => humanize(p.status) },
  { header: 'placement', value: (p) => p.finalPlacement, align: 'right' },
];

/**
 * `tourney participant list TOURNAMENT_ID` (GET /tournaments/{id}/participants), `participant update` (PATCH: seed
 * before the start, status; R6.5, R6.6) and `participant remove` (DELETE: removed before the start, disqualified after,
 * their open matches becoming walkovers).
 */
export function registerParticipantCommands(program: Command, deps: CliDeps): void {
  const participant = program.command('participant').description('list, seed, disqualify or remove the participants of a tournament');
  withExamples(
    addListOptions(
      participant
        .command('list <tournamentId>')
        .alias('ls')
        .description('list participants by seed')
        .option('--status <status>', 'only this status, e.g. active or eliminated', enumOption(STATUSES)),
    ).action(async (id: string, flags: ListOptions & { status?: ParticipantStatus }, command: Command) => {
      const session = await openSession(deps, globalsOf(command), 'any');
      const query = { ...(flags.status ? { status: flags.status } : {}), ...(flags.limit ? { limit: flags.limit } : {}) };
      if (flags.all) {
        const items = await session.call((client) =>
          collect(client.paginate('/tournaments/{id}/participants', { params: { path: { id }, query } })),
        );
        if (flags.json) printJson(deps.io, items);
        else printTable(deps.io, PARTICIPANT_COLUMNS, items);
        return;
      }
      const page = await session.call((client) =>
        client.GET('/tournaments/{id}/participants', {
          params: { path: { id }, query: { ...query, ...(flags.page ? { page: flags.page } : {}) } },
        }),
      );
      if (flags.json) return printJson(deps.io, page.data);
      if (page.data.length === 0 && deps.io.isTTY) deps.io.stderr.write('no participants found\n');
      else printTable(deps.io, PARTICIPANT_COLUMNS, page.data);
      printPageHint(deps, page.pagination, 'participants');
    }),
    'tourney participant list 0199a1b2-...',
    'tourney participant ls 0199a1b2-... --all --json',
  );

  withExamples(
    participant
      .command('update <tournamentId> <participantId>')
      .description('change the seed (before the start) or the status of a participant')
      .option('--seed <n>', 'new seed, 1 or more', intOption(1))
      .option('--status <status>', 'new status, e.g. disqualified or withdrawn', enumOption(STATUSES))
      .option('--json', 'print the updated participant as JSON')
      .action(async (id: string, pid: string, flags: { seed?: number; status?: ParticipantStatus; json?: boolean }, command: Command) => {
        if (flags.seed === undefined && flags.status === undefined) {
          throw new CliError('USAGE', 'nothing to change: give --seed or --status');
        }
        const session = await openSession(deps, globalsOf(command), 'any');
        const body = { ...(flags.seed !== undefined ? { seed: flags.seed } : {}), ...(flags.status ? { status: flags.status } : {}) };
        const res = await session.call((client) =>
          client.PATCH('/tournaments/{id}/participants/{pid}', { params: { path: { id, pid } }, body }),
        );
        if (flags.json) return printJson(deps.io, res.data);
        printTable(deps.io, PARTICIPANT_COLUMNS, [res.data]);
      }),
    'tourney participant update 0199a1b2-... 0199a1c3-... --seed 1',
    'tourney participant update 0199a1b2-... 0199a1c3-... --status disqualified',
  );

  withExamples(
    participant
      .command('remove <tournamentId> <participantId>')
      .alias('rm')
      .description('remove a participant before the start, disqualify them after it (open matches become walkovers)')
      .action(async (id: string, pid: string, _flags: unknown, command: Command) => {
        const session = await openSession(deps, globalsOf(command), 'any');
        await session.call((client) => client.DELETE('/tournaments/{id}/participants/{pid}', { params: { path: { id, pid } } }));
        if (deps.io.isTTY) deps.io.stderr.write(`participant ${pid} removed\n`);
      }),
    'tourney participant remove 0199a1b2-... 0199a1c3-...',
  );
}
