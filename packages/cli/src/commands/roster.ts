import type { Command } from 'commander';
import type { Participant } from '../api-types';
import type { CliDeps } from '../deps';
import { CliError } from '../errors';
import { printJson } from '../output/json';
import { stdoutStyle } from '../output/style';
import { printTable } from '../output/table';
import { confirmOrStop } from '../prompts/confirm';
import { openSession, type Session } from '../session';
import { readTextFile, writeOutput } from './file-io';
import { PARTICIPANT_COLUMNS, ratingOption } from './participant';
import { addYesOption, globalsOf, intOption, outputWidth, printDone, withExamples } from './shared';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** Reads a text file given on the command line. @throws CliError FILE_NOT_READABLE naming it and the errno code. */
const readText = (file: string): Promise<string> => readTextFile(file, { reason: 'code' });

/**
 * Participant ids in seed order from a file: one id per line, or a CSV whose header has an `id` column (such as
 * `participant export`, in the order of its rows); blank lines and lines starting with `#` are skipped.
 * @throws CliError USAGE when a line holds no participant id.
 */
function idsFromFile(text: string, file: string): string[] {
  const lines = text.split(/\r?\n/).map((l) => l.trim()).filter((l) => l !== '' && !l.startsWith('#'));
  const header = lines[0]?.split(',').map((h) => h.trim().toLowerCase());
  const column = header && !UUID.test(lines[0] as string) ? header.indexOf('id') : -1;
  const rows = column >= 0 ? lines.slice(1).map((l) => l.split(',')[column]?.trim() ?? '') : lines;
  rows.forEach((id, i) => {
    if (!UUID.test(id)) throw new CliError('USAGE', `${file} line ${i + 1 + (column >= 0 ? 1 : 0)}: "${id}" is not a participant id`);
  });
  return rows;
}

/** Prints participants: JSON, or rows (a table on a terminal, tab-separated when piped) and a summary on a terminal. */
function printParticipants(deps: CliDeps, flags: { json?: boolean }, rows: readonly Participant[], summary: string): void {
  if (flags.json) return printJson(deps.io, rows);
  printTable(deps.io, PARTICIPANT_COLUMNS, rows, stdoutStyle(deps));
  if (deps.io.isTTY) deps.io.stdout.write(`${summary}\n`);
}

/** Draws the preview of a tournament's bracket (previewTournamentBracket), or prints it as JSON. */
async function printPreview(deps: CliDeps, session: Session, id: string, flags: { json?: boolean; list?: boolean; width?: number }): Promise<void> {
  const { data } = await session.call((client) => client.GET('/tournaments/{id}/bracket/preview', { params: { path: { id } } }));
  if (flags.json) return printJson(deps.io, data);
  if (deps.io.isTTY) deps.io.stdout.write('Preview: the bracket as starting now would draw it (nothing is saved)\n\n');
  const { renderBracket } = await import('../bracket/render-bracket');
  deps.io.stdout.write(renderBracket(data, { width: outputWidth(deps, flags.width), layout: flags.list ? 'list' : 'tree' }));
}

interface AddFlags {
  username?: string;
  team?: string;
  members?: string;
  seed?: number;
  rating?: number;
  json?: boolean;
}

/**
 * The organizer's roster commands (R24.10): `participant add|import|export|seed|shuffle` on the `participant`
 * command and `tournament preview`; `bracket --preview` draws the same preview (see bracket.ts).
 */
export function registerRosterCommands(program: Command, deps: CliDeps): void {
  const participant = program.commands.find((c) => c.name() === 'participant') as Command;
  const tournament = program.commands.find((c) => c.name() === 'tournament') as Command;

  withExamples(
    participant
      .command('add <tournamentId> [name]')
      .description('add a participant as organizer, before the start: by name (no account), by --username, or a --team')
      .option('--username <username>', 'link the participant to this user (she can then check in and report)')
      .option('--team <name>', 'team tournaments: the team name')
      .option('--members <usernames>', 'team tournaments: the members, comma-separated (none or exactly the team size)')
      .option('--seed <n>', 'explicit seed, 1 or more', intOption(1))
      .option('--rating <number>', 'rating (Elo, MMR ...), 0 to 1000000: seeds the tournament when its stage 1 has --seeding rating', ratingOption)
      .option('--json', 'print the participant as JSON')
      .action(async (id: string, name: string | undefined, flags: AddFlags, command: Command) => {
        if (name === undefined && flags.username === undefined && flags.team === undefined) {
          throw new CliError('USAGE', 'who to add: give a name, --username or --team');
        }
        const members = flags.members?.split(',').map((m) => m.trim()).filter((m) => m !== '');
        const body = {
          ...(name !== undefined ? { name } : {}),
          ...(flags.username !== undefined ? { username: flags.username } : {}),
          ...(flags.seed !== undefined ? { seed: flags.seed } : {}),
          ...(flags.rating !== undefined ? { rating: flags.rating } : {}),
          ...(flags.team !== undefined ? { team: { name: flags.team, ...(members ? { memberUsernames: members } : {}) } } : {}),
        };
        const session = await openSession(deps, globalsOf(command), 'any');
        const { data } = await session.call((client) => client.POST('/tournaments/{id}/participants', { params: { path: { id } }, body }));
        if (flags.json) return printJson(deps.io, data);
        const linked = data.team ? ` (team of ${data.team.members.length} with accounts)` : data.userId ? ' (linked to an account)' : ' (no account)';
        printDone(deps, `added ${data.name}${linked}: ${data.id}${data.seed !== null ? `, seed ${data.seed}` : ''}`, data.id);
      }),
    'tourney participant add 0199a1b2-... "Zoe Park" --seed 3',
    'tourney participant add 0199a1b2-... --username alice',
    'tourney participant add 0199a1b2-... --team "Night Owls" --members alice,bob',
  );

  withExamples(
    participant
      .command('import <tournamentId> <file>')
      .description('add every row of a CSV file (columns name, username, seed, group, team, rating; a header row), all or nothing; a group column (A, B, ... or the group names) sets the draw of a group stage 1')
      .option('--json', 'print the participants added as JSON')
      .action(async (id: string, file: string, flags: { json?: boolean }, command: Command) => {
        const csv = await readText(file);
        const session = await openSession(deps, globalsOf(command), 'any');
        const { data } = await session.call((client) =>
          client.POST('/tournaments/{id}/participants/import', { params: { path: { id } }, body: { csv } }),
        );
        printParticipants(deps, flags, data, `imported ${data.length} participant${data.length === 1 ? '' : 's'} from ${file}`);
      }),
    'tourney participant import 0199a1b2-... players.csv',
  );

  withExamples(
    participant
      .command('export <tournamentId>')
      .description('write the participants as CSV (name, username, seed, group, team, status, id) to stdout or a file')
      .option('-o, --output <file>', 'write to this file instead of stdout')
      .action(async (id: string, flags: { output?: string }, command: Command) => {
        const session = await openSession(deps, globalsOf(command), 'any');
        const csv = (await session.call((client) =>
          client.GET('/tournaments/{id}/participants/export', { params: { path: { id } }, parseAs: 'text' }),
        )) as unknown as string;
        await writeOutput(deps, csv, flags.output);
      }),
    'tourney participant export 0199a1b2-... > players.csv',
    'tourney participant export 0199a1b2-... -o players.csv',
  );

  withExamples(
    participant
      .command('seed <tournamentId> [participantIds...]')
      .description('set every seed at once: the participant ids in seed order (the first is seed 1), or --file')
      .option('--file <path>', 'read the ids in seed order from a file: one per line, or a CSV with an id column (participant export)')
      .option('--json', 'print the participants as JSON')
      .action(async (id: string, ids: string[], flags: { file?: string; json?: boolean }, command: Command) => {
        if (ids.length > 0 && flags.file !== undefined) throw new CliError('USAGE', 'give the participant ids or --file, not both');
        const order = flags.file !== undefined ? idsFromFile(await readText(flags.file), flags.file) : ids;
        if (order.length === 0) throw new CliError('USAGE', 'give the participant ids in seed order, or --file');
        const session = await openSession(deps, globalsOf(command), 'any');
        const { data } = await session.call((client) =>
          client.PUT('/tournaments/{id}/participants/seeds', { params: { path: { id } }, body: { participantIds: order } }),
        );
        printParticipants(deps, flags, data, `seeded ${data.length} participants`);
      }),
    'tourney participant seed 0199a1b2-... 0199a1c3-... 0199a1c4-... 0199a1c5-...',
    'tourney participant seed 0199a1b2-... --file seeds.txt',
  );

  withExamples(
    addYesOption(
      participant
        .command('shuffle <tournamentId>')
        .description('draw every seed at random (replaces the seeds set before; asks first on a terminal)')
        .option('--json', 'print the participants as JSON'),
    ).action(async (id: string, flags: { yes?: boolean; json?: boolean }, command: Command) => {
      const session = await openSession(deps, globalsOf(command), 'any');
      await confirmOrStop(deps, flags.yes, 'replace every seed by a random draw?');
      const { data } = await session.call((client) => client.POST('/tournaments/{id}/participants/shuffle', { params: { path: { id } } }));
      printParticipants(deps, flags, data, `drew the seeds of ${data.length} participants`);
    }),
    'tourney participant shuffle 0199a1b2-... --yes',
  );

  withExamples(
    tournament
      .command('preview <tournamentId>')
      .description('draw the bracket as starting now would generate it from the current seeds (nothing is saved)')
      .option('--json', 'print the API data as JSON')
      .option('--list', 'list matches round by round instead of drawing a tree')
      .option('--width <columns>', 'width to fit (default: the terminal width, else 100)', intOption(20, 1000))
      .action(async (id: string, flags: { json?: boolean; list?: boolean; width?: number }, command: Command) => {
        const session = await openSession(deps, globalsOf(command), 'any');
        await printPreview(deps, session, id, flags);
      }),
    'tourney tournament preview 0199a1b2-...',
  );
}

export { printPreview };
