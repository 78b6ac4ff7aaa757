import { isTourneyError } from '@tourney/sdk';
import type { Command } from 'commander';
import { loadSettings, updateProfile } from '../config/profiles';
import type { CliDeps } from '../deps';
import { valueOrAsk } from '../prompts/ask';
import { openSession } from '../session';
import { globalsOf, withExamples } from './shared';

interface LoginFlags {
  username?: string;
  password?: string;
}

/**
 * `tourney login` (POST /auth/login) stores the access and refresh tokens, the username and the API root in the
 * active profile; `tourney logout` (POST /auth/logout) revokes the session and removes the tokens.
 */
export function registerAuthCommands(program: Command, deps: CliDeps): void {
  withExamples(
    program
      .command('login')
      .description('log in with a username or email and password')
      .option('-u, --username <name>', 'username or email address')
      .option('--password <password>', 'password (env TOURNEY_PASSWORD; prompted when omitted)')
      .action(async (flags: LoginFlags, command: Command) => login(deps, flags, command)),
    'tourney login',
    'tourney login --username alice',
    'TOURNEY_PASSWORD=... tourney login --username alice@example.com --profile prod --base-url https://tourney.example.com/api/v1',
  );
  withExamples(
    program
      .command('logout')
      .description('log out and remove the stored tokens')
      .action(async (_flags: unknown, command: Command) => logout(deps, command)),
    'tourney logout',
    'tourney logout --profile prod',
  );
}

async function login(deps: CliDeps, flags: LoginFlags, command: Command): Promise<void> {
  const globals = globalsOf(command);
  const { settings } = await loadSettings(deps, globals);
  const identifier = await valueOrAsk(deps, flags.username, { flag: '--username', message: 'username or email' });
  const password = await valueOrAsk(deps, flags.password ?? deps.env.TOURNEY_PASSWORD, {
    flag: '--password',
    message: 'password',
    secret: true,
  });
  const session = await openSession(deps, globals, 'none');
  const body = identifier.includes('@') ? { email: identifier, password } : { username: identifier, password };
  const { data: tokens } = await session.call((client) => client.POST('/auth/login', { body }));
  await updateProfile(deps, settings.profileName, (profile) => ({
    ...profile,
    baseUrl: settings.baseUrl,
    accessToken: tokens.accessToken,
    refreshToken: tokens.refreshToken,
    username: tokens.user.username,
  }));
  deps.io.stdout.write(`logged in to ${settings.baseUrl} as ${tokens.user.username} (profile ${settings.profileName})\n`);
}

async function logout(deps: CliDeps, command: Command): Promise<void> {
  const globals = globalsOf(command);
  const { settings } = await loadSettings(deps, globals);
  if (settings.accessToken === undefined) {
    deps.io.stderr.write(`not logged in (profile ${settings.profileName})\n`);
    return;
  }
  const client = deps.clientFactory({ baseUrl: settings.baseUrl, accessToken: settings.accessToken });
  try {
    await client.POST('/auth/logout', {
      body: settings.refreshToken ? { refreshToken: settings.refreshToken } : {},
    });
  } catch (error) {
    // An expired or revoked token is as good as logged out; anything else is worth a warning, not a failure.
    if (!isTourneyError(error) || error.status !== 401) {
      const reason = error instanceof Error ? error.message : String(error);
      deps.io.stderr.write(`warning: could not revoke the session on the server (${reason})\n`);
    }
  }
  await updateProfile(deps, settings.profileName, ({ accessToken: _a, refreshToken: _r, username: _u, ...rest }) => rest);
  deps.io.stdout.write(`logged out${settings.username ? ` ${settings.username}` : ''} (profile ${settings.profileName})\n`);
}
