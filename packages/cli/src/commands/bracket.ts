import type { Command } from 'commander';
import { redrawOnEvents } from '../bracket/redraw-on-events';
import type { CliDeps } from '../deps';
import { printJson } from '../output/json';
import { openSession } from '../session';
import { printPreview } from './roster';
import { globalsOf, intOption, outputWidth, withExamples } from './shared';

interface BracketFlags {
  json?: boolean;
  list?: boolean;
  preview?: boolean;
  width?: number;
  watch?: boolean;
}

/** `tourney bracket TOURNAMENT_ID`: draws GET /tournaments/{id}/bracket (see renderBracket), or its preview (R24.10). */
export function registerBracketCommand(program: Command, deps: CliDeps): void {
  withExamples(
    program
      .command('bracket <tournamentId>')
      .description('draw the bracket of a started tournament (--preview: as starting now would draw it)')
      .option('--json', 'print the API data as JSON')
      .option('--preview', 'before the start: the bracket the current seeds would give (organizer; nothing is saved)')
      .option('--list', 'list matches round by round instead of drawing a tree')
      .option('--width <columns>', 'width to fit (default: the terminal width, else 100)', intOption(20, 1000))
      .option('--watch', 'redraw on each change of the tournament (live events) until interrupted')
      .action(async (id: string, flags: BracketFlags, command: Command) => {
        const session = await openSession(deps, globalsOf(command), 'any');
        if (flags.preview) return printPreview(deps, session, id, flags);
        // Loaded here, not at start: the renderer pulls in the SDK's format table (`tourney --help` stays fast).
        const { renderBracket } = await import('../bracket/render-bracket');
        const draw = async () => {
          const { data } = await session.call((client) => client.GET('/tournaments/{id}/bracket', { params: { path: { id } } }));
          if (flags.json) return printJson(deps.io, data);
          // On a terminal each drawing replaces the previous one (clear screen, cursor home).
          if (flags.watch && deps.io.isTTY) deps.io.stdout.write('\x1b[2J\x1b[H');
          deps.io.stdout.write(renderBracket(data, { width: outputWidth(deps, flags.width), layout: flags.list ? 'list' : 'tree' }));
        };
        await draw();
        if (!flags.watch) return;
        // R28.4, R28.12: the SDK's live event iterator; each burst of changes redraws once, an interrupt ends it.
        await redrawOnEvents({
          events: (signal) => session.client.events(id, { signal }),
          redraw: draw,
          stop: deps.waitForShutdown(),
        });
      }),
    'tourney bracket 0199a1b2-...',
    'tourney bracket 0199a1b2-... --list',
    'tourney bracket 0199a1b2-... --preview',
    'tourney bracket 0199a1b2-... --json | jq .placements',
    'tourney bracket 0199a1b2-... --watch',
  );
}
