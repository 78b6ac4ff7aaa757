import type { Command } from 'commander';
import { renderBracket } from '../bracket/render-bracket';
import type { CliDeps } from '../deps';
import { printJson } from '../output/json';
import { openSession } from '../session';
import { globalsOf, intOption, outputWidth, withExamples } from './shared';

interface BracketFlags {
  json?: boolean;
  list?: boolean;
  width?: number;
}

/** `tourney bracket TOURNAMENT_ID`: draws GET /tournaments/{id}/bracket (see renderBracket). */
export function registerBracketCommand(program: Command, deps: CliDeps): void {
  withExamples(
    program
      .command('bracket <tournamentId>')
      .description('draw the bracket of a started tournament')
      .option('--json', 'print the API data as JSON')
      .option('--list', 'list matches round by round instead of drawing a tree')
      .option('--width <columns>', 'width to fit (default: the terminal width, else 100)', intOption(20, 1000))
      .action(async (id: string, flags: BracketFlags, command: Command) => {
        const session = await openSession(deps, globalsOf(command), 'any');
        const { data } = await session.call((client) =>
          client.GET('/tournaments/{id}/bracket', { params: { path: { id } } }),
        );
        if (flags.json) return printJson(deps.io, data);
        deps.io.stdout.write(
          renderBracket(data, { width: outputWidth(deps, flags.width), layout: flags.list ? 'list' : 'tree' }),
        );
      }),
    'tourney bracket 0199a1b2-...',
    'tourney bracket 0199a1b2-... --list',
    'tourney bracket 0199a1b2-... --json | jq .placements',
  );
}
