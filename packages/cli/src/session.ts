import type { TourneyClient } from '@tourney/sdk';
import { isApiError, loadSdk } from './sdk-runtime';
import { withProgress } from './output/progress';
import { showTimesIn } from './output/time-zone';
import type { CliDeps } from './deps';
import { CliError, ExitCode } from './errors';
import { loadSettings, updateProfile, type GlobalOptions, type ResolvedSettings } from './config/profiles';
import { withheldError, type CredentialScope } from './config/credential-scope';
import { parseBaseUrl } from './config/config-file';

/**
 * Which credentials a command sends:
 * - `any`: the API key when one is configured (flag, environment or profile), else the login token, else none;
 * - `user`: the login token (match writes, joining, logout); fails with NOT_LOGGED_IN (exit 4) without one;
 * - `none`: no credentials (login).
 */
export type AuthMode = 'any' | 'user' | 'none';

/** An API client bound to the active profile, with transparent renewal of an expired login token. */
export interface Session {
  client: TourneyClient;
  settings: ResolvedSettings;
  /**
   * Runs `request` with the client, showing a spinner with `label` on a terminal when it takes a while. When it
   * fails with 401 while a login token was sent and the profile holds a refresh token, renews the tokens once
   * (POST /auth/refresh), stores them in the profile and runs it again.
   */
  call<T>(request: (client: TourneyClient) => Promise<T>, label?: string): Promise<T>;
}

/** Which credentials a failed request carried (see {@link credentialsSentWith}). */
export type SentCredentials = 'none' | 'token' | 'key';

const RENEWABLE_CODES = new Set(['TOKEN_EXPIRED', 'UNAUTHORIZED']);
const SENT = new WeakMap<object, { credentials: SentCredentials; baseUrl: string; scope: CredentialScope }>();

/** The credentials a request failing with `error` carried, when it went through {@link Session.call}. */
export function credentialsSentWith(error: unknown): SentCredentials | undefined {
  return typeof error === 'object' && error !== null ? SENT.get(error)?.credentials : undefined;
}

/** The API root (the resolved --base-url) a request failing with `error` went to, when it went through {@link Session.call}. */
export function baseUrlSentTo(error: unknown): string | undefined {
  return typeof error === 'object' && error !== null ? SENT.get(error)?.baseUrl : undefined;
}

/**
 * Where the credentials of the profile of a request failing with `error` belong and which ones it left out because it
 * went to another API root (R20.2), when it went through {@link Session.call}.
 */
export function credentialScopeOf(error: unknown): CredentialScope | undefined {
  return typeof error === 'object' && error !== null ? SENT.get(error)?.scope : undefined;
}

/** `tourney --profile dave` for profile dave, `tourney` for the default profile. */
export function tourneyWithProfile(profileName: string): string {
  return profileName === 'default' ? 'tourney' : `tourney --profile ${profileName}`;
}

/**
 * Checks an API root read from the profile before anything is sent to it (R20.2): `config set` checks what it stores,
 * but the config file may have been edited by hand, and a user name and password, a query or a fragment in it would be
 * sent or dropped unseen. Roots from --base-url and TOURNEY_BASE_URL were checked by resolveSettings already.
 * @throws CliError CONFIG_INVALID naming the profile's baseUrl and the allowed form, never repeating the value.
 */
export function assertSendableBaseUrl(settings: ResolvedSettings): void {
  if (settings.baseUrlSource !== 'profile') return;
  try {
    parseBaseUrl(settings.baseUrl, `the baseUrl of profile ${settings.profileName} (config file)`, 'CONFIG_INVALID');
  } catch (error) {
    if (!(error instanceof CliError)) throw error;
    throw new CliError(error.code, error.message, {
      hint: `fix it with '${tourneyWithProfile(settings.profileName)} config set baseUrl <url>' or in the file`,
    });
  }
}

/**
 * Opens a session for the active profile (`create`: the profile may not exist yet, as for login and signup). The
 * profile's credentials go only to the API root they were stored with (see resolveSettings, R20.2).
 * @throws CliError NOT_LOGGED_IN (exit 4) for `user` without a login; LOGIN_ELSEWHERE (exit 4) for `user` when the
 *   profile's login belongs to another API root than this run's; UNKNOWN_PROFILE (see loadSettings).
 */
export async function openSession(deps: CliDeps, globals: GlobalOptions, auth: AuthMode, options: { create?: boolean } = {}): Promise<Session> {
  const { settings } = await loadSettings(deps, globals, options);
  assertSendableBaseUrl(settings);
  // Times on a terminal in the logged-in user's zone (GET /users/me timeZone, kept in the profile), else $TZ.
  showTimesIn(deps.io.isTTY, [settings.timeZone, deps.env.TZ]);
  await loadSdk();
  const useKey = auth === 'any' && settings.apiKey !== undefined;
  const useToken = (auth === 'user' || (auth === 'any' && !useKey)) && settings.accessToken !== undefined;
  if (auth === 'user' && settings.accessToken === undefined) {
    if (settings.withheld.includes('login')) throw withheldError(settings, 'login');
    const tourney = tourneyWithProfile(settings.profileName);
    throw new CliError('NOT_LOGGED_IN', `not logged in (profile ${settings.profileName})`, {
      exitCode: ExitCode.AUTH,
      hint: `run '${tourney} login' first (no account yet? '${tourney} signup')`,
    });
  }
  const client = deps.clientFactory({
    baseUrl: settings.baseUrl,
    apiKey: useKey ? (settings.apiKey ?? null) : null,
    accessToken: useToken ? (settings.accessToken ?? null) : null,
  });
  let refreshToken = useToken ? settings.refreshToken : undefined;

  // The refresh token is only there when settings.baseUrl is the API root it was stored with (resolveSettings).
  const renew = async (): Promise<void> => {
    const anonymous = deps.clientFactory({ baseUrl: settings.baseUrl });
    let tokens: { accessToken: string; refreshToken: string };
    try {
      ({ data: tokens } = await anonymous.POST('/auth/refresh', { body: { refreshToken: refreshToken as string } }));
    } catch (error) {
      if (isApiError(error) && error.status === 401) {
        throw new CliError('SESSION_EXPIRED', `login expired (profile ${settings.profileName})`, {
          exitCode: ExitCode.AUTH,
          hint: `run '${tourneyWithProfile(settings.profileName)} login' again`,
          cause: error,
        });
      }
      throw error;
    }
    await updateProfile(deps, settings.profileName, (profile) => ({
      ...profile,
      accessToken: tokens.accessToken,
      refreshToken: tokens.refreshToken,
    }));
    settings.accessToken = tokens.accessToken;
    settings.refreshToken = tokens.refreshToken;
    refreshToken = undefined; // renew at most once per run
    client.setAccessToken(tokens.accessToken);
  };

  return {
    client,
    settings,
    async call(request, label = `waiting for ${hostOf(settings.baseUrl)}`) {
      const sent = (): SentCredentials => (useKey ? 'key' : useToken ? 'token' : 'none');
      const attempt = async () => {
        try {
          return await withProgress(deps, label, () => request(client));
        } catch (error) {
          if (isApiError(error)) SENT.set(error, { credentials: sent(), baseUrl: settings.baseUrl, scope: settings });
          throw error;
        }
      };
      try {
        return await attempt();
      } catch (error) {
        if (
          refreshToken === undefined ||
          !isApiError(error) ||
          error.status !== 401 ||
          !RENEWABLE_CODES.has(error.code)
        ) {
          throw error;
        }
        await renew();
        return attempt();
      }
    },
  };
}

function hostOf(baseUrl: string): string {
  try {
    return new URL(baseUrl).host;
  } catch {
    return baseUrl;
  }
}
