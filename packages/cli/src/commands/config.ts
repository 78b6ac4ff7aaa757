import type { Command } from 'commander';
import { DEFAULT_BASE_URL, parseBaseUrl, type Profile } from '../config/config-file';
import { loadSettings, updateProfile } from '../config/profiles';
import type { CliDeps } from '../deps';
import { CliError } from '../errors';
import { printJson } from '../output/json';
import { printFields } from '../output/table';
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

/** `tourney config set|get|unset` over the active profile. */
export function registerConfigCommands(program: Command, deps: CliDeps): void {
  const config = program.command('config').description('read and change settings of a profile');
  withExamples(
    config
      .command('set <key> <value>')
      .description(`set a setting of the profile (${CONFIG_KEYS.join(', ')})`)
      .action(async (name: string, value: string, _flags: unknown, command: Command) => {
        const key = parseConfigKey(name);
        const checked = validateConfigValue(key, value);
        const { settings } = await loadSettings(deps, globalsOf(command), { create: true });
        await updateProfile(deps, settings.profileName, (profile) => ({ ...profile, [key]: checked }));
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
      .action(async (name: string, _flags: unknown, command: Command) => {
        const key = parseConfigKey(name);
        const { settings } = await loadSettings(deps, globalsOf(command));
        await updateProfile(deps, settings.profileName, ({ [key]: _removed, ...rest }) => rest);
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
