import { CliError } from '../errors';

/** Settings and credentials of one profile (one server + one identity). */
export interface Profile {
  /** API root including /api/v1 (default {@link DEFAULT_BASE_URL}). */
  baseUrl?: string;
  /** Project API key (`tk_...`), sent as X-API-Key. */
  apiKey?: string;
  /** User access token from `tourney login` (short-lived). */
  accessToken?: string;
  /** Refresh token from `tourney login`, used to renew the access token when it expires. */
  refreshToken?: string;
  /** Username of the logged-in user. */
  username?: string;
  /** Default project for commands that need one with a user token (tournament create and list). */
  projectId?: string;
  /** Default organization for project commands (set by `org create`). */
  organizationId?: string;
  /**
   * IANA time zone of the logged-in user (OwnProfile.timeZone, kept at login and by `tourney me`): times are shown in
   * it on a terminal.
   */
  timeZone?: string;
}

/** The contents of config.json: `{ "profiles": { "<name>": Profile } }`. */
export interface ConfigFile {
  profiles: Record<string, Profile>;
}

/** API root used when neither flag, environment nor profile names one. */
export const DEFAULT_BASE_URL = 'http://127.0.0.1:3000/api/v1';

/** Name of the profile used when neither --profile nor TOURNEY_PROFILE names one. */
export const DEFAULT_PROFILE = 'default';

const PROFILE_FIELDS = ['baseUrl', 'apiKey', 'accessToken', 'refreshToken', 'username', 'projectId', 'organizationId', 'timeZone'] as const;
const PROFILE_NAME = /^[A-Za-z0-9_.-]{1,64}$/;

/** An empty configuration. */
export function emptyConfig(): ConfigFile {
  return { profiles: {} };
}

/**
 * Checks a profile name (1-64 of letters, digits, `_`, `.`, `-`).
 * @throws CliError INVALID_PROFILE naming the value.
 */
export function assertProfileName(name: string): string {
  if (!PROFILE_NAME.test(name)) {
    throw new CliError(
      'INVALID_PROFILE',
      `invalid profile name "${name}": use 1-64 letters, digits, '_', '.' or '-'`,
    );
  }
  return name;
}

/**
 * Checks an API root given by `name` (`baseUrl` of `config set`, the `--base-url` flag, `TOURNEY_BASE_URL`): an
 * http:// or https:// URL without a user or password, a query (`?`) or a fragment (`#`), which an API root never has
 * and which would be sent or dropped unseen (R20.2). Returns it trimmed, without a trailing slash.
 * @throws CliError `code` (INVALID_BASE_URL unless told) naming `name` and the allowed form (exit 1, as usage errors);
 *   the message never repeats the value, which may hold a password.
 */
export function parseBaseUrl(value: string, name: string, code = 'INVALID_BASE_URL'): string {
  const trimmed = value.trim();
  let url: URL;
  try {
    url = new URL(trimmed);
  } catch {
    throw new CliError(code, `${name} must be a URL such as ${DEFAULT_BASE_URL}`);
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') throw new CliError(code, `${name} must start with http:// or https://`);
  const onlyTheRoot = `give only the API root, such as ${DEFAULT_BASE_URL}`;
  if (url.username !== '' || url.password !== '') {
    throw new CliError(code, `${name} must not contain a user name or password (user:password@): ${onlyTheRoot}, and log in with tourney login or pass --api-key`);
  }
  if (trimmed.includes('?')) throw new CliError(code, `${name} must not contain a query (?...): ${onlyTheRoot}`);
  if (trimmed.includes('#')) throw new CliError(code, `${name} must not contain a fragment (#...): ${onlyTheRoot}`);
  return trimmed.replace(/\/+$/, '');
}

/**
 * Validates parsed config.json content. Unknown profile fields are dropped.
 * @throws CliError CONFIG_INVALID naming the offending path and the file.
 */
export function parseConfig(value: unknown, file: string): ConfigFile {
  const fail = (path: string, message: string): never => {
    throw new CliError('CONFIG_INVALID', `invalid config file ${file}: ${path} ${message}`, {
      hint: 'fix or delete the file; `tourney login` writes a new one',
    });
  };
  if (typeof value !== 'object' || value === null || Array.isArray(value)) return fail('(root)', 'must be an object');
  const rawProfiles = (value as { profiles?: unknown }).profiles ?? {};
  if (typeof rawProfiles !== 'object' || rawProfiles === null || Array.isArray(rawProfiles)) {
    return fail('profiles', 'must be an object');
  }
  const profiles: Record<string, Profile> = {};
  for (const [name, raw] of Object.entries(rawProfiles as Record<string, unknown>)) {
    if (typeof raw !== 'object' || raw === null || Array.isArray(raw)) return fail(`profiles.${name}`, 'must be an object');
    const profile: Profile = {};
    for (const field of PROFILE_FIELDS) {
      const fieldValue = (raw as Record<string, unknown>)[field];
      if (fieldValue === undefined || fieldValue === null) continue;
      if (typeof fieldValue !== 'string') return fail(`profiles.${name}.${field}`, 'must be a string');
      profile[field] = fieldValue;
    }
    profiles[name] = profile;
  }
  return { profiles };
}
