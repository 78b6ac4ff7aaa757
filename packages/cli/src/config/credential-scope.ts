import { CliError, ExitCode } from '../errors';
import { DEFAULT_BASE_URL, type Profile } from './config-file';

/** What named the API root of a run: the flag, the environment variable, or the profile (its baseUrl or the default). */
export type BaseUrlSource = '--base-url' | 'TOURNEY_BASE_URL' | 'profile';

/** A kind of credential a profile stores: a login (access and refresh token) or a project API key. */
export type StoredCredential = 'login' | 'API key';

/**
 * Where the credentials of a profile go, and the ones a run leaves out (R20.2): a profile's login and API key belong
 * to the API root they were stored with, and are never sent to another.
 */
export interface CredentialScope {
  profileName: string;
  /** The API root of this run. */
  baseUrl: string;
  baseUrlSource: BaseUrlSource;
  /** The API root the profile's credentials belong to: its baseUrl, else {@link DEFAULT_BASE_URL}. */
  profileBaseUrl: string;
  /** Credentials the profile holds for profileBaseUrl that this run does not send (empty when both roots match). */
  withheld: readonly StoredCredential[];
}

/**
 * An API root reduced to what names the server: scheme and host as WHATWG URL parsing writes them (lower case, the
 * default port left out, IDNs in punycode, dot segments resolved) and the path without trailing slashes; user info,
 * query and fragment are left out. A value that is not a URL is only trimmed of spaces and trailing slashes.
 */
export function normalizeBaseUrl(url: string): string {
  const trimmed = url.trim();
  try {
    const parsed = new URL(trimmed);
    return `${parsed.protocol}//${parsed.host}${parsed.pathname.replace(/\/+$/, '')}`;
  } catch {
    return trimmed.replace(/\/+$/, '');
  }
}

/** Whether two API roots name the same server once normalized (`HTTP://Host:80/api/v1/` = `http://host/api/v1`). */
export function sameBaseUrl(a: string, b: string): boolean {
  return normalizeBaseUrl(a) === normalizeBaseUrl(b);
}

/** The API root the credentials of `profile` were stored with: its baseUrl, else {@link DEFAULT_BASE_URL}. */
export function profileBaseUrl(profile: Profile): string {
  const stored = profile.baseUrl?.trim();
  return (stored ? stored : DEFAULT_BASE_URL).replace(/\/+$/, '');
}

/** The credentials `profile` holds, in the order `login`, `API key`. */
export function storedCredentials(profile: Profile): StoredCredential[] {
  const held: StoredCredential[] = [];
  if (profile.accessToken?.trim() || profile.refreshToken?.trim()) held.push('login');
  if (profile.apiKey?.trim()) held.push('API key');
  return held;
}

/** `login`, `API key` or `login and API key`. */
export function credentialWords(credentials: readonly StoredCredential[]): string {
  return credentials.join(' and ');
}

/**
 * Why a run sent no `credential` although the profile holds one, and what to do: `the login of profile dave belongs to
 * <profile root>, not <run root>`; the hint says how to use it (leave out --base-url, or unset TOURNEY_BASE_URL) and how
 * to log in to the other root (another profile). For the API key the hint names --api-key and TOURNEY_API_KEY.
 */
export function describeWithheld(scope: CredentialScope, credential: StoredCredential): { message: string; hint: string } {
  const useIt = scope.baseUrlSource === 'TOURNEY_BASE_URL' ? 'unset TOURNEY_BASE_URL' : 'leave out --base-url';
  const message = `the ${credential} of profile ${scope.profileName} belongs to ${scope.profileBaseUrl}, not ${scope.baseUrl}`;
  const elsewhere =
    credential === 'login'
      ? `to log in to ${scope.baseUrl}, use another profile: tourney --profile NAME --base-url ${scope.baseUrl} login`
      : `for ${scope.baseUrl}, pass --api-key or set TOURNEY_API_KEY`;
  return { message, hint: `to use it, ${useIt}; ${elsewhere}` };
}

/**
 * The error of a command that needs `credential` when the profile's one was withheld (see {@link describeWithheld}).
 * Code LOGIN_ELSEWHERE or API_KEY_ELSEWHERE, exit 4 (authentication needed).
 */
export function withheldError(scope: CredentialScope, credential: StoredCredential): CliError {
  const { message, hint } = describeWithheld(scope, credential);
  return new CliError(credential === 'login' ? 'LOGIN_ELSEWHERE' : 'API_KEY_ELSEWHERE', message, { exitCode: ExitCode.AUTH, hint });
}
