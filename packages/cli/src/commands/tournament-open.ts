import type { Command } from 'commander';
import type { CliDeps } from '../deps';
import { openSession } from '../session';
import { globalsOf, withExamples } from './shared';

/** The desktop opener of this system, when there is a display to open a browser on; else null. */
function desktopOpener(env: Record<string, string | undefined>): string | null {
  if (process.platform === 'darwin') return 'open';
  if (process.platform === 'win32') return 'explorer';
  return env.DISPLAY || env.WAYLAND_DISPLAY ? 'xdg-open' : null;
}

/**
 * `tourney tournament open TOURNAMENT_ID` (R28.11): prints the tournament's public page URL (`publicUrl`); on a
 * terminal of a desktop also opens it in the browser (never when piped, so scripts and tests only get the URL).
 */
export function registerTournamentOpenCommand(tournament: Command, deps: CliDeps): void {
  withExamples(
    tournament
      .command('open <tournamentId>')
      .description("print the tournament's public page URL (and open it in the browser on a desktop terminal)")
      .action(async (id: string, _flags: unknown, command: Command) => {
        const session = await openSession(deps, globalsOf(command), 'any');
        const { data } = await session.call((client) => client.GET('/tournaments/{id}', { params: { path: { id } } }));
        const url = data.publicUrl ?? '';
        deps.io.stdout.write(`${url}\n`);
        const opener = deps.io.isTTY && deps.io.interactive !== false ? desktopOpener(deps.env) : null;
        if (!opener || !url) return;
        // Loaded only here: node:child_process is not needed at start (`tourney --help` stays fast).
        const { spawn } = await import('node:child_process');
        spawn(opener, [url], { detached: true, stdio: 'ignore' }).on('error', () => undefined).unref();
      }),
    'tourney tournament open 0199a1b2-...',
  );
}
