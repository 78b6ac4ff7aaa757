import type { GamingPlatform, OwnProfile, UpdateMeRequest } from '@tourney/sdk';
import type { Command } from 'commander';
import type { CliDeps } from '../deps';
import { CliError } from '../errors';
import { printJson } from '../output/json';
import { printFields, type Field } from '../output/table';
import { formatTimestamp } from '../output/text';
import { openSession, type Session } from '../session';
import { updateProfile } from '../config/profiles';
import { showTimesIn } from '../output/time-zone';
import { globalsOf, printDone, withExamples } from './shared';
import { valueOrAsk } from '../prompts/ask';

const PLATFORMS: readonly GamingPlatform[] = ['steam', 'riot', 'epic', 'battlenet', 'xbox', 'psn', 'discord'];

/** Prints the own profile (OwnProfile) and linked accounts; piped, the raw values (R20.5): ISO time, account ids. */
function printProfile(deps: CliDeps, me: OwnProfile, accounts: ReadonlyArray<{ platform: string; accountId: string; displayName: string }>): void {
  printFields(deps.io, [
    ['username', me.username],
    ['id', me.id],
    ['email', me.email],
    ['display name', me.displayName],
    ['bio', me.bio],
    ['avatar', me.avatarUrl],
    ['country', me.country],
    ['time zone', me.timeZone],
    ['member since', formatTimestamp(me.createdAt), me.createdAt],
    ...accounts.map((a): Field => [a.platform, a.displayName === a.accountId ? a.accountId : `${a.displayName} (${a.accountId})`, a.accountId]),
  ]);
}

/**
 * Keeps the user's time zone (OwnProfile.timeZone of getMe / updateMe) in the profile, so that later runs show times
 * in it on a terminal, and shows this run's times in it (see showTimesIn; $TZ when the profile has none).
 */
async function keepTimeZone(deps: CliDeps, session: Session, me: OwnProfile): Promise<void> {
  const zone = me.timeZone ?? undefined;
  showTimesIn(deps.io.isTTY, [zone, deps.env.TZ]);
  if (zone === session.settings.timeZone) return;
  await updateProfile(deps, session.settings.profileName, (profile) => ({ ...profile, timeZone: zone }));
  session.settings.timeZone = zone;
}

interface UpdateFlags {
  username?: string;
  displayName?: string;
  bio?: string;
  avatarUrl?: string;
  country?: string;
  timeZone?: string;
  json?: boolean;
}

/** The PATCH /users/me body from flags; "" clears a nullable field. @throws CliError MISSING_VALUE when empty. */
export function updateBody(flags: UpdateFlags): UpdateMeRequest {
  const nullable = (value: string) => (value === '' ? null : value);
  const body: UpdateMeRequest = {
    ...(flags.username !== undefined ? { username: flags.username } : {}),
    ...(flags.displayName !== undefined ? { displayName: nullable(flags.displayName) } : {}),
    ...(flags.bio !== undefined ? { bio: nullable(flags.bio) } : {}),
    ...(flags.avatarUrl !== undefined ? { avatarUrl: nullable(flags.avatarUrl) } : {}),
    ...(flags.country !== undefined ? { country: nullable(flags.country.toUpperCase()) } : {}),
    ...(flags.timeZone !== undefined ? { timeZone: nullable(flags.timeZone) } : {}),
  };
  if (Object.keys(body).length === 0) throw new CliError('MISSING_VALUE', 'nothing to change: give at least one option (see tourney me update --help)');
  return body;
}

/** `tourney me [show]|update|email|link|unlink` (R14.2 to R14.6, R1.29): the logged-in user's profile and gaming accounts. */
export function registerMeCommands(program: Command, deps: CliDeps): void {
  const me = program.command('me').description('your profile and linked gaming accounts');

  withExamples(
    me
      .command('show', { isDefault: true })
      .description('show your profile and linked gaming accounts (the default)')
      .option('--json', 'print the profile as JSON (with gamingAccounts)')
      .action(async (flags: { json?: boolean }, command: Command) => {
        const session = await openSession(deps, globalsOf(command), 'user');
        const [{ data: profile }, { data: gaming }] = await session.call((client) =>
          Promise.all([client.GET('/users/me'), client.GET('/gaming/profile')]),
        );
        await keepTimeZone(deps, session, profile);
        if (flags.json) return printJson(deps.io, { ...profile, gamingAccounts: gaming.accounts });
        printProfile(deps, profile, gaming.accounts);
      }),
    'tourney me',
    'tourney me show --json',
  );

  withExamples(
    me
      .command('update')
      .description('change your profile ("" clears a field)')
      .option('--username <name>', 'new username (must be free)')
      .option('--display-name <name>', 'name shown to others')
      .option('--bio <text>', 'a few words about you')
      .option('--avatar-url <url>', 'http(s) URL of your avatar')
      .option('--country <code>', 'ISO 3166-1 alpha-2 code, e.g. FR')
      .option('--time-zone <zone>', 'IANA time zone, e.g. Europe/Paris')
      .option('--json', 'print the profile as JSON')
      .action(async (flags: UpdateFlags, command: Command) => {
        const body = updateBody(flags);
        const session = await openSession(deps, globalsOf(command), 'user');
        const { data } = await session.call((client) => client.PATCH('/users/me', { body }));
        await keepTimeZone(deps, session, data);
        if (flags.json) return printJson(deps.io, data);
        printProfile(deps, data, []);
      }),
    'tourney me update --display-name "Alice L." --country FR --time-zone Europe/Paris',
    'tourney me update --bio ""',
  );

  withExamples(
    me
      .command('email <address>')
      .description('change the email address you log in with (asks for your password)')
      .option('--current-password <password>', 'your password (env TOURNEY_PASSWORD; prompted when omitted)')
      .option('--json', 'print the profile as JSON')
      .action(async (address: string, flags: { currentPassword?: string; json?: boolean }, command: Command) => {
        const session = await openSession(deps, globalsOf(command), 'user');
        const currentPassword = await valueOrAsk(deps, flags.currentPassword ?? deps.env.TOURNEY_PASSWORD, {
          flag: '--current-password',
          message: 'your password',
          secret: true,
        });
        // POST /auth/email (changeEmail, R1.29): the sessions stay.
        const { data } = await session.call((client) => client.POST('/auth/email', { body: { currentPassword, newEmail: address } }), 'changing your email address');
        if (flags.json) return printJson(deps.io, data);
        deps.io.stdout.write(`email address changed to ${data.email}; log in with it from now on\n`);
      }),
    'tourney me email alice@new.example.com',
  );

  withExamples(
    me
      .command('link <platform> <accountId>')
      .description(`link a gaming account (${PLATFORMS.join(', ')}); relinking replaces the previous one`)
      .option('--display-name <name>', 'name shown on the platform (default: the account id)')
      .option('--json', 'print the linked account as JSON')
      .action(async (platform: string, accountId: string, flags: { displayName?: string; json?: boolean }, command: Command) => {
        const p = platform.toLowerCase() as GamingPlatform;
        if (!PLATFORMS.includes(p)) throw new CliError('INVALID_OPTION', `unknown platform "${platform}": expected ${PLATFORMS.join(', ')}`);
        const session = await openSession(deps, globalsOf(command), 'user');
        const body = { accountId, ...(flags.displayName !== undefined ? { displayName: flags.displayName } : {}) };
        const { data } = await session.call((client) => client.POST('/gaming/platforms/{platform}/link', { params: { path: { platform: p } }, body }));
        if (flags.json) return printJson(deps.io, data);
        printDone(deps, `linked ${data.platform} account ${data.accountId}`, `${data.platform}\t${data.accountId}`);
      }),
    'tourney me link steam 76561197960287930',
    'tourney me link riot "Alice#EUW"',
  );

  withExamples(
    me
      .command('unlink <platform>')
      .description('unlink your account on a platform')
      .option('--json', 'print {"platform": ..., "unlinked": true} as JSON')
      .action(async (platform: string, flags: { json?: boolean }, command: Command) => {
        const p = platform.toLowerCase() as GamingPlatform;
        if (!PLATFORMS.includes(p)) throw new CliError('INVALID_OPTION', `unknown platform "${platform}": expected ${PLATFORMS.join(', ')}`);
        const session = await openSession(deps, globalsOf(command), 'user');
        await session.call((client) => client.DELETE('/gaming/platforms/{platform}/unlink', { params: { path: { platform: p } } }));
        // unlinkGamingAccount answers 204: --json describes what was done.
        if (flags.json) return printJson(deps.io, { platform: p, unlinked: true });
        printDone(deps, `unlinked your ${p} account`, p);
      }),
    'tourney me unlink steam',
  );
}
