import type { Command } from 'commander';
import type { Tournament, TournamentStatus } from '../api-types';
import type { CliDeps } from '../deps';
import { CliError } from '../errors';
import { withheldError } from '../config/credential-scope';
import type { Column } from '../output/table';
import { openSession } from '../session';
import { listPlayerTournaments, type PlayerListFlags } from './player-views';
import { addProjectOption, projectFor } from './project-option';
import { addListOptions, globalsOf, type ListOptions, printApiList, withExamples } from './shared';

interface TournamentListFlags extends Omit<ListOptions & PlayerListFlags, 'status'> {
  /** As typed: checked in the action, where it is known which list it filters (see listStatus). */
  status?: string;
  project?: string;
}

/**
 * The --status of `tournament list` as the API spells it (any case, dashes for underscores): any of `statuses` for a
 * project's list; every one but DRAFT for the player views (--mine, --public and its filters), which never list a
 * draft (R4.6, R26.9), so the allowed values named are the ones that list takes. DRAFT itself is left to
 * listPlayerTournaments, which says why.
 * @throws CliError INVALID_OPTION `--status must be one of <the list's statuses> (got "<value>")`.
 */
export function listStatus(value: string | undefined, statuses: readonly TournamentStatus[], playerView: boolean): TournamentStatus | undefined {
  if (value === undefined) return undefined;
  const status = value.trim().toUpperCase().replace(/-/g, '_') as TournamentStatus;
  if (statuses.includes(status)) return status;
  const allowed = statuses.filter((s) => !playerView || s !== 'DRAFT').map((s) => s.toLowerCase().replace(/_/g, '-'));
  throw new CliError('INVALID_OPTION', `--status must be one of ${allowed.join(', ')} (got "${value}")`);
}

/**
 * `tourney tournament list`: a project's tournaments (R5.14; an API key, or a login with --project or the profile's
 * project), the caller's own with `--mine`, or every published one with `--public` and its filters (R26.9).
 */
export function registerTournamentListCommand(
  tournament: Command,
  deps: CliDeps,
  options: { columns: readonly Column<Tournament>[]; statuses: readonly TournamentStatus[] },
): void {
  withExamples(
    addListOptions(
      addProjectOption(
        tournament
          .command('list')
          .alias('ls')
          .description('list the tournaments of the project, yours (--mine) or every published one (--public)')
          .option('--status <status>', 'only this status, e.g. ongoing or registration-open (draft: only a project\'s list)')
          .option('--mine', 'the tournaments you play in, with your status and place (a login)')
          .option('--public', 'published tournaments of every organizer, soonest first (no login needed)')
          .option('--discipline <id>', 'with --public: only this game code, e.g. cs2')
          .option('--from <day>', 'with --public: starting on or after this UTC day, YYYY-MM-DD')
          .option('--to <day>', 'with --public: starting on or before this UTC day, YYYY-MM-DD'),
      ),
    ).action(async (flags: TournamentListFlags, command: Command) => {
      const playerView = flags.mine || flags.public || flags.discipline !== undefined || flags.from !== undefined || flags.to !== undefined;
      const status = listStatus(flags.status, options.statuses, playerView === true);
      if (playerView) {
        return listPlayerTournaments(deps, command, { ...flags, status, public: flags.public ?? !flags.mine }, options.columns);
      }
      const session = await openSession(deps, globalsOf(command), 'any');
      const projectId = projectFor(session, flags.project, false);
      if (projectId === undefined && session.settings.apiKey === undefined) {
        // The profile's key or login belongs to another API root (R20.2): say so rather than ask for a project.
        const { withheld } = session.settings;
        if (withheld.length > 0) throw withheldError(session.settings, withheld.includes('API key') ? 'API key' : 'login');
        // A player's way in (R26.9): her own tournaments or the published ones, not a project's list.
        throw new CliError('MISSING_PROJECT', "no project given: a project's tournaments are listed for its staff", {
          hint: 'your tournaments: tourney tournament list --mine; published ones: tourney tournament list --public; a project: --project ID',
        });
      }
      await printApiList(deps, session, flags, {
        path: '/tournaments',
        query: { status, projectId },
        noun: 'tournaments',
        columns: options.columns,
      });
    }),
    'tourney tournament list',
    'tourney tournament ls --status ongoing --json',
    'tourney tournament list --all | cut -f1',
    'tourney tournament list --mine',
    'tourney tournament list --public --discipline cs2 --status registration-open --from 2030-06-01',
  );

}
