import type { Command } from 'commander';
import type { AuthTokens } from '../api-types';
import { loadSettings, updateProfile, type ResolvedSettings } from '../config/profiles';
import type { CliDeps } from '../deps';
import { valueOrAsk } from '../prompts/ask';
import { CliError } from '../errors';
import { assertSendableBaseUrl, openSession, tourneyWithProfile } from '../session';
import { isApiError, loadSdk } from '../sdk-runtime';
import {
  credentialWords,
  describeWithheld,
  profileBaseUrl,
  sameBaseUrl,
  storedCredentials,
  type StoredCredential,
} from '../config/credential-scope';
import { globalsOf, withExamples } from './shared';

interface LoginFlags {
  username?: string;
  password?: string;
}

interface LogoutFlags {
  forget?: boolean;
}

interface PasswordFlags {
  currentPassword?: string;
  newPassword?: string;
}

interface SignupFlags extends LoginFlags {
  email?: string;
  displayName?: string;
}

const USERNAME = /^[a-zA-Z0-9_.-]{3,32}$/;

/**
 * `tourney signup` (POST /auth/register) creates an account and logs in; `tourney login` (POST /auth/login) stores
 * the access and refresh tokens, the username and the API root in the active profile; `tourney logout`
 * (POST /auth/logout) revokes the session and removes the tokens; `tourney password` (POST /auth/password) changes
 * the password and logs the account's other sessions out.
 */
export function registerAuthCommands(program: Command, deps: CliDeps): void {
  withExamples(
    program
      .command('signup')
      .description('create an account on the server and log in with it')
      .option('-u, --username <name>', '3-32 letters, digits, ".", "-" or "_" (prompted when omitted)')
      .option('--email <address>', 'email address (prompted when omitted)')
      .option('--password <password>', 'at least 8 characters (env TOURNEY_PASSWORD; prompted when omitted)')
      .option('--display-name <name>', 'name shown to others (default: the username)')
      .action(async (flags: SignupFlags, command: Command) => signup(deps, flags, command)),
    'tourney signup',
    'tourney signup --username alice --email alice@example.com',
    'TOURNEY_PASSWORD=... tourney --profile bob signup --username bob --email bob@example.com',
  );
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
      .command('password')
      .description('change your password; your other sessions (other devices, stored tokens elsewhere) are logged out')
      .option('--current-password <password>', 'the password now (env TOURNEY_PASSWORD; prompted when omitted)')
      .option('--new-password <password>', 'the new password, at least 8 characters (prompted when omitted)')
      .action(async (flags: PasswordFlags, command: Command) => changePassword(deps, flags, command)),
    'tourney password',
    'TOURNEY_PASSWORD=... tourney password --new-password "correct horse battery staple"',
  );
  withExamples(
    program
      .command('logout')
      .description('log out: revoke the session on the server, then remove the stored tokens (kept when it cannot be revoked)')
      .option('--forget', 'remove the stored tokens even when the server cannot be reached to revoke the session')
      .action(async (flags: LogoutFlags, command: Command) => logout(deps, flags, command)),
    'tourney logout',
    'tourney logout --profile prod',
    'tourney logout --forget',
  );
}

async function password(deps: CliDeps, given: string | undefined, minLength: number): Promise<string> {
  return valueOrAsk(deps, given ?? deps.env.TOURNEY_PASSWORD, {
    flag: '--password',
    message: 'password',
    secret: true,
    validate: (value) => value.length >= minLength || `at least ${minLength} characters`,
  });
}

/**
 * Keeps the tokens, username and API root of a login in the profile and says who is logged in. A profile holding
 * credentials for another API root now belongs to this one: its API key of the other root is removed with the old
 * login, so that it is never sent here (R20.2), and stderr says so.
 */
async function keepLogin(deps: CliDeps, settings: ResolvedSettings, tokens: AuthTokens, verb: string): Promise<void> {
  let replaced: { credentials: StoredCredential[]; baseUrl: string } | undefined;
  await updateProfile(deps, settings.profileName, (profile) => {
    const moved = !sameBaseUrl(profileBaseUrl(profile), settings.baseUrl);
    if (moved && storedCredentials(profile).length > 0) replaced = { credentials: storedCredentials(profile), baseUrl: profileBaseUrl(profile) };
    const { apiKey: _otherServersKey, ...rest } = profile;
    return {
      ...(moved ? rest : profile),
      baseUrl: settings.baseUrl,
      accessToken: tokens.accessToken,
      refreshToken: tokens.refreshToken,
      username: tokens.user.username,
      timeZone: tokens.user.timeZone ?? undefined,
    };
  });
  if (replaced) {
    deps.io.stderr.write(
      `note: profile ${settings.profileName} held a ${credentialWords(replaced.credentials)} for ${replaced.baseUrl}; ` +
        `removed, as the profile now belongs to ${settings.baseUrl}\n`,
    );
  }
  deps.io.stdout.write(`${verb} ${settings.baseUrl} as ${tokens.user.username} (profile ${settings.profileName})\n`);
}

async function signup(deps: CliDeps, flags: SignupFlags, command: Command): Promise<void> {
  const session = await openSession(deps, globalsOf(command), 'none', { create: true });
  const username = await valueOrAsk(deps, flags.username, {
    flag: '--username',
    message: 'username',
    validate: (value) => USERNAME.test(value.trim()) || '3-32 letters, digits, ".", "-" or "_"',
  });
  const email = await valueOrAsk(deps, flags.email, {
    flag: '--email',
    message: 'email',
    validate: (value) => /^\S+@\S+\.\S+$/.test(value.trim()) || 'an email address, e.g. alice@example.com',
  });
  const secret = await password(deps, flags.password, 8);
  const body = { username, email, password: secret, ...(flags.displayName ? { displayName: flags.displayName } : {}) };
  const { data: tokens } = await session.call((client) => client.POST('/auth/register', { body }), 'creating your account');
  await keepLogin(deps, session.settings, tokens, 'signed up and logged in to');
}

async function login(deps: CliDeps, flags: LoginFlags, command: Command): Promise<void> {
  const session = await openSession(deps, globalsOf(command), 'none', { create: true });
  const identifier = await valueOrAsk(deps, flags.username, { flag: '--username', message: 'username or email' });
  const secret = await password(deps, flags.password, 1);
  const body = identifier.includes('@') ? { email: identifier, password: secret } : { username: identifier, password: secret };
  const { data: tokens } = await session.call((client) => client.POST('/auth/login', { body }), 'logging in');
  await keepLogin(deps, session.settings, tokens, 'logged in to');
}

/** `tourney password` (POST /auth/password, R1.24): the session of this profile stays logged in. */
async function changePassword(deps: CliDeps, flags: PasswordFlags, command: Command): Promise<void> {
  const session = await openSession(deps, globalsOf(command), 'user');
  const currentPassword = await valueOrAsk(deps, flags.currentPassword ?? deps.env.TOURNEY_PASSWORD, {
    flag: '--current-password',
    message: 'current password',
    secret: true,
  });
  const newPassword = await valueOrAsk(deps, flags.newPassword, {
    flag: '--new-password',
    message: 'new password',
    secret: true,
    validate: (value) => value.length >= 8 || 'at least 8 characters',
  });
  if (newPassword.length < 8) throw new CliError('INVALID_OPTION', '--new-password: at least 8 characters');
  await session.call((client) => client.POST('/auth/password', { body: { currentPassword, newPassword } }), 'changing your password');
  deps.io.stdout.write(`password changed; your other sessions are logged out (profile ${session.settings.profileName} stays logged in)\n`);
}

/**
 * `tourney logout` (POST /auth/logout, R20.3): revokes the session on the API root the login belongs to, then removes
 * the tokens from the profile. They are kept (exit 1) when the server does not confirm: unreachable or any answer but
 * 401 (then they are revoked already), so that the session can be revoked later; `--forget` removes them anyway.
 * @throws CliError LOGIN_ELSEWHERE when this run's API root is not the login's (nothing is sent, nothing removed);
 *   LOGOUT_FAILED when the session could not be revoked (without --forget).
 */
async function logout(deps: CliDeps, flags: LogoutFlags, command: Command): Promise<void> {
  const globals = globalsOf(command);
  const { settings } = await loadSettings(deps, globals);
  if (settings.withheld.includes('login')) {
    throw new CliError('LOGIN_ELSEWHERE', `${describeWithheld(settings, 'login').message}; nothing was logged out`, {
      hint: `log out of ${settings.profileBaseUrl} with '${tourneyWithProfile(settings.profileName)} logout' (${
        settings.baseUrlSource === 'TOURNEY_BASE_URL' ? 'with TOURNEY_BASE_URL unset' : 'without --base-url'
      })`,
    });
  }
  if (settings.accessToken === undefined) {
    deps.io.stderr.write(`not logged in (profile ${settings.profileName})\n`);
    return;
  }
  assertSendableBaseUrl(settings);
  await loadSdk();
  // The refresh token alone when there is one: it names the session even after the access token expired (R1.6).
  const client = deps.clientFactory(
    settings.refreshToken ? { baseUrl: settings.baseUrl } : { baseUrl: settings.baseUrl, accessToken: settings.accessToken },
  );
  try {
    await client.POST('/auth/logout', {
      body: settings.refreshToken ? { refreshToken: settings.refreshToken } : {},
    });
  } catch (error) {
    // A revoked token is as good as logged out; anything else leaves a session to revoke later.
    if (!isApiError(error) || error.status !== 401) {
      const reason = error instanceof Error ? error.message : String(error);
      if (!flags.forget) {
        throw new CliError(
          'LOGOUT_FAILED',
          `could not revoke the session on ${settings.baseUrl} (${reason}); the tokens stay in profile ${settings.profileName}`,
          {
            hint: `run '${tourneyWithProfile(settings.profileName)} logout' again once the server answers, or add --forget to remove them without revoking`,
            cause: error,
          },
        );
      }
      deps.io.stderr.write(`warning: could not revoke the session on ${settings.baseUrl} (${reason}); removing the tokens anyway (--forget)\n`);
    }
  }
  await updateProfile(deps, settings.profileName, ({ accessToken: _a, refreshToken: _r, username: _u, timeZone: _z, ...rest }) => rest);
  deps.io.stdout.write(`logged out${settings.username ? ` ${settings.username}` : ''} (profile ${settings.profileName})\n`);
}
