import type { CliDeps } from '../deps';
import { CliError } from '../errors';
import { assertProfileName, DEFAULT_PROFILE, parseBaseUrl, type ConfigFile, type Profile } from './config-file';
import { profileBaseUrl, sameBaseUrl, storedCredentials, type BaseUrlSource, type CredentialScope } from './credential-scope';

/** Options every command accepts (declared on the root program). */
export interface GlobalOptions {
  /** --profile NAME */
  profile?: string;
  /** --base-url URL */
  baseUrl?: string;
  /** --api-key KEY */
  apiKey?: string;
}

/**
 * The effective settings of one run: flags over environment over profile over defaults. The profile's credentials
 * (login tokens, API key) and username are only present when `baseUrl` is the API root they were stored with (R20.2);
 * otherwise they are listed in `withheld` (see CredentialScope).
 */
export interface ResolvedSettings extends CredentialScope {
  profileName: string;
  /** API root including /api/v1, without a trailing slash. */
  baseUrl: string;
  /** --api-key, else TOURNEY_API_KEY, else the profile's apiKey when baseUrl is the profile's. */
  apiKey: string | undefined;
  accessToken: string | undefined;
  refreshToken: string | undefined;
  username: string | undefined;
  projectId: string | undefined;
  /** Default organization (set by org create, used by project create and list). */
  organizationId: string | undefined;
  /** The logged-in user's time zone (only with the profile's login, like username). */
  timeZone: string | undefined;
}

const nonEmpty = (value: string | undefined): string | undefined =>
  value !== undefined && value.trim() !== '' ? value.trim() : undefined;

/**
 * Active profile: --profile, else $TOURNEY_PROFILE, else "default".
 * @throws CliError INVALID_PROFILE for a malformed name.
 */
export function resolveProfileName(globals: GlobalOptions, env: CliDeps['env']): string {
  return assertProfileName(nonEmpty(globals.profile) ?? nonEmpty(env.TOURNEY_PROFILE) ?? DEFAULT_PROFILE);
}

/**
 * The API root and what named it: --base-url, else $TOURNEY_BASE_URL, else the profile's baseUrl (checked by `config
 * set`), else DEFAULT_BASE_URL; without a trailing slash.
 * @throws CliError INVALID_BASE_URL naming --base-url or TOURNEY_BASE_URL when the one used is not an http(s) URL.
 */
function resolveBaseUrl(globals: GlobalOptions, env: CliDeps['env'], profile: Profile): { baseUrl: string; baseUrlSource: BaseUrlSource } {
  const flag = nonEmpty(globals.baseUrl);
  if (flag !== undefined) return { baseUrl: parseBaseUrl(flag, '--base-url'), baseUrlSource: '--base-url' };
  const fromEnv = nonEmpty(env.TOURNEY_BASE_URL);
  if (fromEnv !== undefined) return { baseUrl: parseBaseUrl(fromEnv, 'TOURNEY_BASE_URL'), baseUrlSource: 'TOURNEY_BASE_URL' };
  return { baseUrl: profileBaseUrl(profile), baseUrlSource: 'profile' };
}

/**
 * Merges flags (--base-url, --api-key), environment (TOURNEY_BASE_URL, TOURNEY_API_KEY) and the stored profile,
 * in that order of precedence; baseUrl defaults to DEFAULT_BASE_URL. The profile's login tokens, username and API key
 * are used only when the API root is the one they were stored with (normalized URLs compared, R20.2); else they are
 * left out and named in `withheld`. An --api-key or TOURNEY_API_KEY of this run is always used.
 * @throws CliError INVALID_BASE_URL for a --base-url or TOURNEY_BASE_URL that is not an http(s) URL.
 */
export function resolveSettings(
  globals: GlobalOptions,
  env: CliDeps['env'],
  profileName: string,
  profile: Profile,
): ResolvedSettings {
  const { baseUrl, baseUrlSource } = resolveBaseUrl(globals, env, profile);
  const storedWith = profileBaseUrl(profile);
  const own = sameBaseUrl(baseUrl, storedWith);
  const explicitKey = nonEmpty(globals.apiKey) ?? nonEmpty(env.TOURNEY_API_KEY);
  return {
    profileName,
    baseUrl,
    baseUrlSource,
    profileBaseUrl: storedWith,
    withheld: own ? [] : storedCredentials(profile),
    apiKey: explicitKey ?? (own ? nonEmpty(profile.apiKey) : undefined),
    accessToken: own ? nonEmpty(profile.accessToken) : undefined,
    refreshToken: own ? nonEmpty(profile.refreshToken) : undefined,
    username: own ? nonEmpty(profile.username) : undefined,
    timeZone: own ? nonEmpty(profile.timeZone) : undefined,
    projectId: nonEmpty(profile.projectId),
    organizationId: nonEmpty(profile.organizationId),
  };
}

/**
 * Loads the config and resolves the active profile and settings. A profile named by --profile or TOURNEY_PROFILE
 * must exist unless `options.create` is set (login, signup and config set create profiles), so that a typo does not
 * silently run with an empty profile.
 * @throws CliError UNKNOWN_PROFILE naming the known profiles.
 */
export async function loadSettings(
  deps: CliDeps,
  globals: GlobalOptions,
  options: { create?: boolean } = {},
): Promise<{ config: ConfigFile; profile: Profile; settings: ResolvedSettings }> {
  const profileName = resolveProfileName(globals, deps.env);
  const config = await deps.configStore.read();
  const stored = config.profiles[profileName];
  if (stored === undefined && profileName !== DEFAULT_PROFILE && !options.create) {
    const known = Object.keys(config.profiles);
    throw new CliError('UNKNOWN_PROFILE', `no profile named "${profileName}"${known.length ? ` (profiles: ${known.join(', ')})` : ''}`, {
      hint: `create it with 'tourney --profile ${profileName} login' (or signup), or pick an existing one`,
    });
  }
  const profile = stored ?? {};
  return { config, profile, settings: resolveSettings(globals, deps.env, profileName, profile) };
}

/**
 * Re-reads the config, applies `change` to one profile (created when missing; removed when the result is empty) and
 * writes the file back. Returns the new profile.
 */
export async function updateProfile(
  deps: CliDeps,
  profileName: string,
  change: (profile: Profile) => Profile,
): Promise<Profile> {
  const config = await deps.configStore.read();
  const next = dropEmpty(change({ ...(config.profiles[profileName] ?? {}) }));
  const profiles = { ...config.profiles };
  if (Object.keys(next).length === 0) delete profiles[profileName];
  else profiles[profileName] = next;
  await deps.configStore.write({ ...config, profiles });
  return next;
}

function dropEmpty(profile: Profile): Profile {
  const out: Profile = {};
  for (const [key, value] of Object.entries(profile) as [keyof Profile, string | undefined][]) {
    if (value !== undefined && value !== '') out[key] = value;
  }
  return out;
}
