import type { Command } from 'commander';
import type { components } from '@tourney/sdk';
import type { CliDeps } from '../deps';
import { CliError } from '../errors';
import { openSession } from '../session';
import { readTextFile } from './file-io';
import { addJsonOption, globalsOf, intOption, printResult, withExamples } from './shared';

type StageGroups = components['schemas']['StageGroupsResponse']['data'];
type StageSeeding = components['schemas']['StageSeedingResponse']['data'];

/** Splits "id1,id2, id3" into ids. */
const idList = (value: string): string[] =>
  value
    .split(',')
    .map((part) => part.trim())
    .filter((part) => part !== '');

/**
 * The groups of a draw file (R23.3): YAML or JSON, a list of groups or `{ groups: [...] }`, each group a list of
 * participant ids or `{ participantIds: [...] }`, or a map of group name to ids (in the order of the groups).
 * @throws CliError FILE_NOT_READABLE, INVALID_DRAW naming the problem.
 */
async function readDrawFile(file: string): Promise<string[][]> {
  const text = await readTextFile(file, { label: `--file ${file}` });
  let parsed: unknown;
  try {
    const { parse } = await import('yaml');
    parsed = parse(text);
  } catch (error) {
    throw new CliError('INVALID_DRAW', `--file ${file} is neither YAML nor JSON: ${(error as Error).message.split('\n')[0]}`);
  }
  const root = Array.isArray(parsed) ? parsed : ((parsed as { groups?: unknown } | null)?.groups ?? parsed);
  const list: unknown[] = Array.isArray(root) ? root : root !== null && typeof root === 'object' ? Object.values(root) : [];
  if (list.length === 0) {
    throw new CliError('INVALID_DRAW', `--file ${file} must hold the groups: a list of lists of participant ids, or a map of group name to ids`, {
      hint: 'e.g.\nA: [id1, id2, id3, id4]\nB: [id5, id6, id7, id8]',
    });
  }
  return list.map((group, i) => {
    const ids = Array.isArray(group) ? group : (group as { participantIds?: unknown } | null)?.participantIds;
    if (!Array.isArray(ids) || !ids.every((id) => typeof id === 'string')) throw new CliError('INVALID_DRAW', `group ${i + 1} in ${file} must be a list of participant ids`);
    return ids as string[];
  });
}

function printGroups(groups: StageGroups): string {
  if (groups.groups.length === 0) return `stage ${groups.stageNumber} has no draw yet (groups follow the seeds at start)`;
  return groups.groups.map((g) => `Group ${g.name}: ${g.participantIds.join(', ')}`).join('\n');
}

/**
 * `tournament groups`, `tournament draw` and `tournament seed-stage` (getStageGroups, setStageGroups, setStageSeeding;
 * R23.3, R23.4): show the groups, set the explicit draw from flags or a file, and edit a later stage's seeding.
 */
export function registerDrawCommands(tournament: Command, deps: CliDeps): void {
  withExamples(
    addJsonOption(
      tournament
        .command('groups <tournamentId>')
        .description('the groups of a group stage with their names (the draw before the start)')
        .option('--stage <n>', 'stage number', intOption(1, 64), 1),
    ).action(async (id: string, flags: { stage: number; json?: boolean }, command: Command) => {
      const session = await openSession(deps, globalsOf(command), 'any');
      const { data } = await session.call((client) =>
        client.GET('/tournaments/{id}/stages/{stageNumber}/groups', { params: { path: { id, stageNumber: flags.stage } } }),
      );
      printResult(deps, flags, data, printGroups, printGroups);
    }),
    'tourney tournament groups 0199a1b2-...',
  );

  withExamples(
    addJsonOption(
      tournament
        .command('draw <tournamentId>')
        .description('set the draw of a group stage before the start: the participants of each group, in fixture order')
        .option('--stage <n>', 'stage number', intOption(1, 64), 1)
        .option('--group <ids...>', 'one group: comma-separated participant ids (repeat for each group, in group order A, B, ...)')
        .option('--file <file>', 'the groups from a YAML or JSON file (a list of lists, or group name: [ids])')
        .option('--clear', 'remove the draw (groups then follow the seeds)'),
      'the groups',
    ).action(async (id: string, flags: { stage: number; group?: string[]; file?: string; clear?: boolean; json?: boolean }, command: Command) => {
      const given = [flags.group !== undefined, flags.file !== undefined, flags.clear === true].filter(Boolean).length;
      if (given !== 1) throw new CliError('MISSING_VALUE', 'give the groups with --group (once per group) or --file, or --clear');
      const groups = flags.clear ? [] : flags.file !== undefined ? await readDrawFile(flags.file) : (flags.group as string[]).map(idList);
      const session = await openSession(deps, globalsOf(command), 'any');
      const { data } = await session.call((client) =>
        client.PUT('/tournaments/{id}/stages/{stageNumber}/groups', {
          params: { path: { id, stageNumber: flags.stage } },
          body: { groups: groups.map((participantIds) => ({ participantIds })) },
        }),
      );
      printResult(deps, flags, data, printGroups, printGroups);
    }),
    'tourney tournament draw 0199a1b2-... --group p1,p2,p3,p4 --group p5,p6,p7,p8',
    'tourney tournament draw 0199a1b2-... --file draw.yaml',
  );

  withExamples(
    addJsonOption(
      tournament
        .command('seed-stage <tournamentId>')
        .description('edit the seeding of a generated later stage before its first match (its matches are generated again)')
        .requiredOption('--stage <n>', 'stage number (2 or more)', intOption(2, 64))
        .requiredOption('--order <ids>', 'comma-separated participant ids: every entrant of the stage once')
        .option('--slots', 'the ids are in bracket slot order (slots 1-2 meet in match 1, 3-4 in match 2, ...), not seed order'),
      'the entrants with their seeds',
    ).action(async (id: string, flags: { stage: number; order: string; slots?: boolean; json?: boolean }, command: Command) => {
      const session = await openSession(deps, globalsOf(command), 'any');
      const { data } = await session.call((client) =>
        client.PUT('/tournaments/{id}/stages/{stageNumber}/seeding', {
          params: { path: { id, stageNumber: flags.stage } },
          body: { order: flags.slots ? 'SLOT' : 'SEED', participantIds: idList(flags.order) },
        }),
      );
      const text = (s: StageSeeding) => s.entrants.map((e) => `${e.seed}\t${e.participantId}`).join('\n');
      printResult(deps, flags, data, text, text);
    }),
    'tourney tournament seed-stage 0199a1b2-... --stage 2 --slots --order p1,p2,p3,p4',
  );
}
