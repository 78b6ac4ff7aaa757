import type { Command } from 'commander';
import { DEFAULT_BASE_URL, parseBaseUrl, type Profile } from '../config/config-file';
import { loadSettings, updateProfile, type ResolvedSettings } from '../config/profiles';
import { credentialWords, profileBaseUrl, sameBaseUrl, storedCredentials, type StoredCredential } from '../config/credential-scope';
import type { CliDeps } from '../deps';
import { CliError } from '../errors';
import { printJson } from '../output/json';
import { printFields } from '../output/table';
import { tourneyWithProfile } from '../session';
import { globalsOf, withExamples } from './shared';

/** Settings `tourney config` reads and writes. */
export const CONFIG_KEYS = ['baseUrl', 'projectId', 'organizationId', 'apiKey'] as const;
/** One of {@link CONFIG_KEYS}. */
export type ConfigKey = (typeof CONFIG_KEYS)[number];

/**
 * Accepts a setting name in camelCase or dash-case (`base-url`).
 * @throws CliError INVALID_CONFIG_KEY listing the valid names.
 */
export function parseConfigKey(name: string): ConfigKey {
  const camel = name.trim().replace(/-([a-z])/g, (_, c: string) => c.toUpperCase());
  const key = CONFIG_KEYS.find((candidate) => candidate.toLowerCase() === camel.toLowerCase());
  if (!key) throw new CliError('INVALID_CONFIG_KEY', `unknown setting "${name}": use one of ${CONFIG_KEYS.join(', ')}`);
  return key;
}

/**
 * Checks a value for a setting: baseUrl must be an http(s) URL (stored without trailing slash); others non-empty.
 * @throws CliError INVALID_CONFIG_VALUE naming the setting.
 */
export function validateConfigValue(key: ConfigKey, value: string): string {
  const trimmed = value.trim();
  if (trimmed === '') throw new CliError('INVALID_CONFIG_VALUE', `${key} must not be empty`);
  if (key === 'baseUrl') return parseBaseUrl(trimmed, 'baseUrl', 'INVALID_CONFIG_VALUE');
  return trimmed;
}

/** `tk_abcdefgh…wxyz` style view of a secret (first 8 and last 4 characters). */
export function maskSecret(secret: string): string {
  return secret.length <= 12 ? '********' : `${secret.slice(0, 8)}…${secret.slice(-4)}`;
}

/**
 * The profile after `config set <key> <value>` (`value` undefined: `config unset <key>`). A profile's credentials
 * belong to the API root they were stored with (R20.2): an apiKey set while this run's API root is another (--base-url,
 * TOURNEY_BASE_URL) stores that root with it; a new baseUrl (set or unset) is refused while the profile holds a login or
 * an API key of another root, and so is an apiKey for another root while it holds a login.
 * @throws CliError CREDENTIALS_ELSEWHERE naming the credentials, their API root and what to do.
 */
export function changedProfile(key: ConfigKey, value: string | undefined, profile: Profile, settings: ResolvedSettings): Profile {
  const held = storedCredentials(profile);
  const storedWith = profileBaseUrl(profile);
  const tourney = tourneyWithProfile(settings.profileName);
  const refuse = (credentials: readonly StoredCredential[], target: string, hint: string): never => {
    throw new CliError(
      'CREDENTIALS_ELSEWHERE',
      `profile ${settings.profileName} holds a ${credentialWords(credentials)} for ${storedWith}, never sent to ${target}`,
      { hint },
    );
  };
  if (key === 'baseUrl') {
    const target = value ?? DEFAULT_BASE_URL;
    if (held.length > 0 && !sameBaseUrl(storedWith, target)) {
      const steps = [held.includes('login') ? `'${tourney} logout'` : '', held.includes('API key') ? `'${tourney} config unset apiKey'` : ''].filter(Boolean);
      refuse(held, target, `remove ${held.length > 1 ? 'them' : 'it'} first (${steps.join(', then ')}), or keep ${target} in another profile: tourney --profile NAME config set baseUrl ${target}`);
    }
  }
  if (key === 'apiKey' && value !== undefined && !sameBaseUrl(storedWith, settings.baseUrl)) {
    if (held.includes('login')) {
      refuse(['login'], settings.baseUrl, `an API key of ${settings.baseUrl} goes in another profile: tourney --profile NAME --base-url ${settings.baseUrl} config set apiKey ...`);
    }
    return { ...profile, baseUrl: settings.baseUrl, apiKey: value };
  }
  if (value === undefined) {
    const { [key]: _removed, ...rest } = profile;
    return rest;
  }
  return { ...profile, [key]: value };
}

/** `tourney config set|get|unset` over the active profile. */
export function registerConfigCommands(program: Command, deps: CliDeps): void {
  const config = program.command('config').description('read and change settings of a profile');
  withExamples(
    config
      .command('set <key> <value>')
      .description(`set a setting of the profile (${CONFIG_KEYS.join(', ')}); an apiKey belongs to the API root of this run`)
      .option('--json', 'print what was set as JSON: {"profile", "set", "value"} (an apiKey masked)')
      .action(async (name: string, value: string, flags: { json?: boolean }, command: Command) => {
        const key = parseConfigKey(name);
        const checked = validateConfigValue(key, value);
        const { settings } = await loadSettings(deps, globalsOf(command), { create: true });
        await updateProfile(deps, settings.profileName, (profile) => changedProfile(key, checked, profile, settings));
        if (flags.json) return printJson(deps.io, { profile: settings.profileName, set: key, value: key === 'apiKey' ? maskSecret(checked) : checked });
        deps.io.stderr.write(`set ${key} (profile ${settings.profileName})\n`);
      }),
    'tourney config set baseUrl https://tourney.example.com/api/v1',
    'tourney config set projectId 0199a1b2-...',
    'tourney --profile ci config set apiKey tk_...',
  );
  withExamples(
    config
      .command('get [key]')
      .description('print a setting, or every setting of the profile')
      .option('--json', 'print the profile as JSON (secrets masked)')
      .action(async (name: string | undefined, flags: { json?: boolean }, command: Command) => {
        const { profile, settings } = await loadSettings(deps, globalsOf(command));
        if (name !== undefined) {
          const key = parseConfigKey(name);
          const value = key === 'baseUrl' ? (profile.baseUrl ?? DEFAULT_BASE_URL) : profile[key];
          if (flags.json) printJson(deps.io, value ?? null);
          else if (value !== undefined) deps.io.stdout.write(`${value}\n`);
          return;
        }
        const view = describeProfile(settings.profileName, profile);
        if (flags.json) printJson(deps.io, view);
        else printFields(deps.io, Object.entries(view) as [string, string | null][]);
      }),
    'tourney config get',
    'tourney config get baseUrl',
  );
  withExamples(
    config
      .command('unset <key>')
      .description('remove a setting from the profile')
      .option('--json', 'print what was removed as JSON: {"profile", "unset"}')
      .action(async (name: string, flags: { json?: boolean }, command: Command) => {
        const key = parseConfigKey(name);
        const { settings } = await loadSettings(deps, globalsOf(command));
        await updateProfile(deps, settings.profileName, (profile) => changedProfile(key, undefined, profile, settings));
        if (flags.json) return printJson(deps.io, { profile: settings.profileName, unset: key });
        deps.io.stderr.write(`unset ${key} (profile ${settings.profileName})\n`);
      }),
    'tourney config unset projectId',
  );
}

function describeProfile(name: string, profile: Profile): Record<string, string | null> {
  return {
    profile: name,
    baseUrl: profile.baseUrl ?? DEFAULT_BASE_URL,
    projectId: profile.projectId ?? null,
    organizationId: profile.organizationId ?? null,
    apiKey: profile.apiKey ? maskSecret(profile.apiKey) : null,
    username: profile.username ?? null,
    loggedIn: profile.accessToken ? 'yes' : 'no',
  };
}
