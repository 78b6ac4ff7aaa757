import { InvalidArgumentError, type Command } from 'commander';
import type { Participant, ParticipantStatus } from '../api-types';
import type { CliDeps } from '../deps';
import { printJson } from '../output/json';
import { printTable, type Column } from '../output/table';
import { CliError } from '../errors';
import { openSession } from '../session';
import {
  addListOptions,
  addOutcomeJsonOption,
  addYesOption,
  entryStatusColumn,
  enumOption,
  globalsOf,
  intOption,
  printApiList,
  printOutcome,
  withExamples,
  type ListOptions,
} from './shared';
import { confirmOrStop } from '../prompts/confirm';
import { stdoutStyle } from '../output/style';

const STATUSES: readonly ParticipantStatus[] = [
  'REGISTERED',
  'CHECKED_IN',
  'ACTIVE',
  'ELIMINATED',
  'DISQUALIFIED',
  'WITHDRAWN',
  'NO_SHOW',
  'WAITLISTED',
];

/** Table columns of a participant list. */
export const PARTICIPANT_COLUMNS: readonly Column<Participant>[] = [
  { header: 'id', value: (p) => p.id, drop: 1 },
  { header: 'name', value: (p) => p.name, flex: true, priority: 2 },
  { header: 'seed', value: (p) => p.seed, align: 'right' },
  entryStatusColumn<Participant>('status', (p) => p.status, (p) => p.waitlistPosition),
  { header: 'placement', value: (p) => p.placementRange ?? p.finalPlacement, raw: (p) => p.finalPlacement, align: 'right' },
  { header: 'user', value: (p) => p.userId, only: 'pipe' },
];

/** `--rating 1850.5` -> 1850.5: a number from 0 to 1,000,000 (contract `ParticipantCreate.rating`, R27.10). */
export function ratingOption(value: string): number {
  const rating = Number(value);
  if (value.trim() === '' || !Number.isFinite(rating) || rating < 0 || rating > 1_000_000) throw new InvalidArgumentError('expected a number from 0 to 1000000, e.g. 1850');
  return rating;
}

/** Flags of `participant update`: `rating` false for --no-rating (clears it). */
interface UpdateFlags {
  name?: string;
  seed?: number;
  rating?: number | false;
  status?: ParticipantStatus;
  json?: boolean;
}

/**
 * `tourney participant list TOURNAMENT_ID` (GET /tournaments/{id}/participants), `participant update` (PATCH: name
 * before COMPLETED, R6.13; seed and rating before the start, status; R6.5, R6.6, R27.10) and `participant remove` (DELETE: removed before the start, disqualified after,
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
      await printApiList(deps, session, flags, {
        path: '/tournaments/{id}/participants',
        pathParams: { id },
        query: { status: flags.status },
        noun: 'participants',
        columns: PARTICIPANT_COLUMNS,
      });
    }),
    'tourney participant list 0199a1b2-...',
    'tourney participant ls 0199a1b2-... --all --json',
  );

  withExamples(
    participant
      .command('update <tournamentId> <participantId>')
      .description('rename a participant (a team entry: its team), change its seed or rating (before the start) or its status')
      .option('--name <name>', 'new name of the entry (a team entry: of the team), unique in the tournament; until the tournament is completed')
      .option('--seed <n>', 'new seed, 1 or more', intOption(1))
      .option('--rating <number>', 'new rating (Elo, MMR ...), 0 to 1000000: seeds the tournament when its stage 1 has --seeding rating', ratingOption)
      .option('--no-rating', 'clear the rating')
      .option('--status <status>', 'new status, e.g. disqualified or withdrawn', enumOption(STATUSES))
      .option('--json', 'print the updated participant as JSON')
      .action(async (id: string, pid: string, flags: UpdateFlags, command: Command) => {
        if (flags.name === undefined && flags.seed === undefined && flags.rating === undefined && flags.status === undefined) {
          throw new CliError('USAGE', 'nothing to change: give --name, --seed, --rating, --no-rating or --status');
        }
        const session = await openSession(deps, globalsOf(command), 'any');
        const body = {
          ...(flags.name !== undefined ? { name: flags.name } : {}),
          ...(flags.seed !== undefined ? { seed: flags.seed } : {}),
          ...(flags.rating !== undefined ? { rating: flags.rating === false ? null : flags.rating } : {}),
          ...(flags.status ? { status: flags.status } : {}),
        };
        const res = await session.call((client) =>
          client.PATCH('/tournaments/{id}/participants/{pid}', { params: { path: { id, pid } }, body }),
        );
        if (flags.json) return printJson(deps.io, res.data);
        printTable(deps.io, PARTICIPANT_COLUMNS, [res.data], stdoutStyle(deps));
      }),
    'tourney participant update 0199a1b2-... 0199a1c3-... --seed 1',
    'tourney participant update 0199a1b2-... 0199a1c3-... --status disqualified',
    'tourney participant update 0199a1b2-... 0199a1c3-... --rating 2100',
    "tourney participant update 0199a1b2-... 0199a1c3-... --name 'Night Owls'",
  );

  withExamples(
    addOutcomeJsonOption(
      addYesOption(
        participant
          .command('remove <tournamentId> <participantId>')
          .alias('rm')
          .description('remove a participant before the start, disqualify them after it (open matches become walkovers; asks first)'),
      ),
      '{"removed": "<participantId>", "tournamentId": "<tournamentId>"}',
    ).action(async (id: string, pid: string, flags: { yes?: boolean; json?: boolean }, command: Command) => {
      const session = await openSession(deps, globalsOf(command), 'any');
      if (!flags.yes) {
        const [{ data: t }, { data: p }] = await session.call((client) =>
          Promise.all([
            client.GET('/tournaments/{id}', { params: { path: { id } } }),
            client.GET('/tournaments/{id}/participants/{pid}', { params: { path: { id, pid } } }),
          ]),
        );
        const started = t.status === 'ONGOING' || t.status === 'COMPLETED';
        await confirmOrStop(
          deps,
          false,
          started ? `disqualify ${p.name} from "${t.name}" (their open matches become walkovers)?` : `remove ${p.name} from "${t.name}"?`,
        );
      }
      await session.call((client) => client.DELETE('/tournaments/{id}/participants/{pid}', { params: { path: { id, pid } } }));
      printOutcome(deps, flags, { removed: pid, tournamentId: id }, `participant ${pid} removed`, pid);
    }),
    'tourney participant remove 0199a1b2-... 0199a1c3-...',
  );
}
