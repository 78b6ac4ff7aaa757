import type { Command } from 'commander';
import type { CliDeps } from '../deps';
import type { Participant } from '../api-types';
import { CliError } from '../errors';
import { humanize } from '../output/text';
import { confirmOrStop } from '../prompts/confirm';
import { openSession } from '../session';
import { addJsonOption, addYesOption, globalsOf, printResult, withExamples } from './shared';
import { userIdOf } from './users';

/**
 * What `join` says: the entry's name, id and status, and for an entry on a full tournament's waitlist (R6.14) its
 * place in line and that it moves up when a place comes free.
 */
function joinedLine(p: Participant): string {
  if (p.status === 'WAITLISTED') {
    return `the tournament is full: ${p.name} is number ${p.waitlistPosition ?? '?'} on the waitlist (participant ${p.id}) and is registered when a place comes free`;
  }
  return `joined as ${p.name} (participant ${p.id}, ${humanize(p.status)})`;
}

/**
 * `tourney tournament join|checkin|withdraw`: a player's own entry (R6.1, R6.3, R6.12), with their user token; a team
 * joins with its name and members by username or id, and a withdrawal asks first (`--yes` when not interactive).
 */
export function registerEntryCommands(tournament: Command, deps: CliDeps): void {
  withExamples(
    addJsonOption(
      tournament
        .command('join <tournamentId>')
        .description('register yourself (or your team) as a participant')
        .option('--team-name <name>', 'team name (team tournaments)')
        .option('--member <user...>', 'the team members, including you: usernames or user ids (team tournaments)'),
      'the participant',
    ).action(async (id: string, flags: { teamName?: string; member?: string[]; json?: boolean }, command: Command) => {
      const session = await openSession(deps, globalsOf(command), 'user');
      if ((flags.teamName === undefined) !== (flags.member === undefined)) {
        throw new CliError('MISSING_VALUE', '--team-name and --member go together');
      }
      const { data } = await session.call(async (client) => {
        // Members by username or id (R6.2): a username is looked up (GET /users/{username}) for the id the API takes.
        const members = flags.member ? await Promise.all(flags.member.map((m) => userIdOf(client, m))) : undefined;
        const body = flags.teamName && members ? { team: { name: flags.teamName, memberUserIds: members } } : {};
        return client.POST('/tournaments/{id}/participate', { params: { path: { id } }, body });
      });
      printResult(deps, flags, data, (p) => joinedLine(p), (p) => p.id);
    }),
    'tourney tournament join 0199a1b2-...',
    'tourney tournament join 0199a1b2-... --team-name "Night Owls" --member alice bob',
  );

  withExamples(
    addJsonOption(
      tournament
        .command('checkin <tournamentId>')
        .alias('check-in')
        .description('check in to a tournament you joined (from the check-in window until the start)'),
      'the participant',
    ).action(async (id: string, flags: { json?: boolean }, command: Command) => {
      const session = await openSession(deps, globalsOf(command), 'user');
      const { data } = await session.call((client) => client.POST('/tournaments/{id}/checkin', { params: { path: { id } } }));
      printResult(deps, flags, data, (p) => `checked in as ${p.name} (participant ${p.id})`, (p) => p.id);
    }),
    'tourney tournament checkin 0199a1b2-...',
  );

  withExamples(
    addYesOption(
      addJsonOption(
        tournament
          .command('withdraw <tournamentId>')
          .description('withdraw your entry (you, or your whole team) from a tournament before it starts; only an organizer can reinstate it (asks first)'),
        'the participant',
      ),
    ).action(async (id: string, flags: { json?: boolean; yes?: boolean }, command: Command) => {
      const session = await openSession(deps, globalsOf(command), 'user');
      await confirmOrStop(deps, flags.yes, `withdraw your entry from tournament ${id} (only an organizer can reinstate it)?`);
      const { data } = await session.call((client) => client.POST('/tournaments/{id}/withdraw', { params: { path: { id } } }));
      printResult(deps, flags, data, (p) => `withdrew ${p.name} (participant ${p.id}) from the tournament`, (p) => p.id);
    }),
    'tourney tournament withdraw 0199a1b2-...',
    'tourney tournament withdraw 0199a1b2-... --yes',
  );
}
