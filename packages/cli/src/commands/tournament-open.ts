import type { Command } from 'commander';
import type { CliDeps } from '../deps';
import { printJson } from '../output/json';
import { openSession } from '../session';
import { globalsOf, withExamples } from './shared';

/** The desktop opener of this system, when there is a display to open a browser on; else null. */
function desktopOpener(env: Record<string, string | undefined>): string | null {
  if (process.platform === 'darwin') return 'open';
  if (process.platform === 'win32') return 'explorer';
  return env.DISPLAY || env.WAYLAND_DISPLAY ? 'xdg-open' : null;
}

/**
 * What `tournament open` says on stderr about a tournament's public page: a DRAFT tournament has none yet (its URL
 * answers 404 until it is published, R28.11), so the URL printed is where the page will be; else nothing.
 */
export function publicPageWarning(tournament: { id: string; status: string }): string | undefined {
  return tournament.status === 'DRAFT'
    ? `warning: the tournament is a DRAFT: its public page exists only once it is published (tourney tournament publish ${tournament.id})`
    : undefined;
}

/**
 * `tourney tournament open TOURNAMENT_ID` (R28.11): prints the tournament's public page URL (`publicUrl` of
 * getTournament), or `{"tournamentId", "url", "published"}` with --json; warns on stderr while the tournament is a
 * DRAFT (exit 0 still). On a terminal of a desktop also opens it in the browser (never when piped or with --json, so
 * scripts and tests only get the URL, nor for a DRAFT, whose page would answer 404).
 */
export function registerTournamentOpenCommand(tournament: Command, deps: CliDeps): void {
  withExamples(
    tournament
      .command('open <tournamentId>')
      .description("print the tournament's public page URL (and open it in the browser on a desktop terminal)")
      .option('--json', 'print {"tournamentId", "url", "published"} as JSON (opens no browser)')
      .action(async (id: string, flags: { json?: boolean }, command: Command) => {
        const session = await openSession(deps, globalsOf(command), 'any');
        const { data } = await session.call((client) => client.GET('/tournaments/{id}', { params: { path: { id } } }));
        const url = data.publicUrl ?? '';
        const warning = publicPageWarning(data);
        if (warning) deps.io.stderr.write(`${warning}\n`);
        if (flags.json) return printJson(deps.io, { tournamentId: data.id, url, published: data.status !== 'DRAFT' });
        deps.io.stdout.write(`${url}\n`);
        const opener = deps.io.isTTY && deps.io.interactive !== false && !warning ? desktopOpener(deps.env) : null;
        if (!opener || !url) return;
        // Loaded only here: node:child_process is not needed at start (`tourney --help` stays fast).
        const { spawn } = await import('node:child_process');
        spawn(opener, [url], { detached: true, stdio: 'ignore' }).on('error', () => undefined).unref();
      }),
    'tourney tournament open 0199a1b2-...',
    'tourney tournament open 0199a1b2-... --json',
  );
}
