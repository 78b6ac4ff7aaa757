import type { Command } from 'commander';
import { updateProfile } from '../config/profiles';
import type { CliDeps } from '../deps';
import { valueOrAsk } from '../prompts/ask';
import { confirmOrStop } from '../prompts/confirm';
import { openSession } from '../session';
import { addOutcomeJsonOption, addYesOption, globalsOf, printOutcome, withExamples } from './shared';

interface DeleteFlags {
  password?: string;
  yes?: boolean;
  json?: boolean;
}

/** `tourney account delete` (DELETE /users/me, R14.8): the logged-in user's account as a whole. */
export function registerAccountCommands(program: Command, deps: CliDeps): void {
  const account = program.command('account').description('your account as a whole (to change your profile, see tourney me)');

  withExamples(
    addOutcomeJsonOption(
      addYesOption(
        account
          .command('delete')
          .description('delete your account for good; your tournament entries stay, renamed "Deleted player ..."')
          .option('--password <password>', 'your password, confirming the deletion (env TOURNEY_PASSWORD; prompted when omitted)'),
      ),
      '{"deleted": "<username>", "profile": "<profile>"}',
    ).action(async (flags: DeleteFlags, command: Command) => deleteAccount(deps, flags, command)),
    'tourney account delete',
    'TOURNEY_PASSWORD=... tourney account delete --yes',
  );
}

/**
 * Asks for a confirmation (unless --yes) and the password, deletes the account, then removes the tokens of the
 * profile (they answer 401 from now on) as `tourney logout` does, keeping its other settings.
 */
async function deleteAccount(deps: CliDeps, flags: DeleteFlags, command: Command): Promise<void> {
  const session = await openSession(deps, globalsOf(command), 'user');
  const { settings } = session;
  const who = settings.username ?? 'the logged-in user';
  await confirmOrStop(deps, flags.yes, `delete the account ${who} on ${settings.baseUrl} for good?`);
  const password = await valueOrAsk(deps, flags.password ?? deps.env.TOURNEY_PASSWORD, { flag: '--password', message: 'password', secret: true });
  await session.call((client) => client.DELETE('/users/me', { body: { password } }), 'deleting your account');
  await updateProfile(deps, settings.profileName, ({ accessToken: _a, refreshToken: _r, username: _u, timeZone: _z, ...rest }) => rest);
  printOutcome(
    deps,
    flags,
    { deleted: settings.username ?? null, profile: settings.profileName },
    `deleted the account ${who}; its tokens are removed from profile ${settings.profileName}`,
    `deleted the account ${who}; its tokens are removed from profile ${settings.profileName}`,
  );
}
