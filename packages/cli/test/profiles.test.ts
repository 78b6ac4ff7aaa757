import { readFile, stat, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { http, HttpResponse } from 'msw';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { apiError, BASE, page, tokens, tournament } from './helpers/api-fixtures';
import { runCli, tempDir } from './helpers/cli-harness';
import { useMswServer } from './helpers/msw';

const server = useMswServer();
let dir: { path: string; cleanup: () => Promise<void> };
const PROD = 'http://prod.test/api/v1';
const STAGING = 'http://staging.test/api/v1';

beforeEach(async () => {
  dir = await tempDir();
  await writeFile(
    join(dir.path, 'config.json'),
    JSON.stringify({
      profiles: {
        default: { baseUrl: BASE, apiKey: 'tk_default_key_0001' },
        prod: { baseUrl: PROD, apiKey: 'tk_prod_key_00000001' },
        staging: { baseUrl: STAGING, accessToken: 'tat_old', refreshToken: 'trt_old', projectId: 'proj-s' },
      },
    }),
    { mode: 0o600 },
  );
});
afterEach(async () => dir.cleanup());

const readConfig = async () => JSON.parse(await readFile(join(dir.path, 'config.json'), 'utf8'));

/** Answers GET /tournaments on `base`, recording the API key it received. */
function serveList(base: string, seen: string[]) {
  server.use(
    http.get(`${base}/tournaments`, ({ request }) => {
      seen.push(`${base} ${request.headers.get('x-api-key')}`);
      return HttpResponse.json(page([tournament()]));
    }),
  );
}

describe('profile selection', () => {
  it('uses the default profile without --profile', async () => {
    const seen: string[] = [];
    serveList(BASE, seen);
    const result = await runCli(['tournament', 'list', '--json'], { configDir: dir.path });
    expect(result.code).toBe(0);
    expect(seen).toEqual([`${BASE} tk_default_key_0001`]);
  });

  it('--profile selects another profile, before or after the command', async () => {
    const seen: string[] = [];
    serveList(PROD, seen);
    expect((await runCli(['--profile', 'prod', 'tournament', 'list'], { configDir: dir.path })).code).toBe(0);
    expect((await runCli(['tournament', 'list', '--profile', 'prod'], { configDir: dir.path })).code).toBe(0);
    expect(seen).toEqual([`${PROD} tk_prod_key_00000001`, `${PROD} tk_prod_key_00000001`]);
  });

  it('TOURNEY_PROFILE selects a profile; --profile wins over it', async () => {
    const seen: string[] = [];
    serveList(PROD, seen);
    serveList(BASE, seen);
    await runCli(['tournament', 'list'], { configDir: dir.path, env: { TOURNEY_PROFILE: 'prod' } });
    await runCli(['tournament', 'list', '--profile', 'default'], { configDir: dir.path, env: { TOURNEY_PROFILE: 'prod' } });
    expect(seen).toEqual([`${PROD} tk_prod_key_00000001`, `${BASE} tk_default_key_0001`]);
  });

  it('--base-url and --api-key override the profile; the environment sits between', async () => {
    const seen: string[] = [];
    serveList(STAGING, seen);
    await runCli(['tournament', 'list', '--base-url', STAGING, '--api-key', 'tk_flag_key_000001'], { configDir: dir.path });
    await runCli(['tournament', 'list'], {
      configDir: dir.path,
      env: { TOURNEY_BASE_URL: STAGING, TOURNEY_API_KEY: 'tk_env_key_0000001' },
    });
    await runCli(['tournament', 'list', '--api-key', 'tk_flag_key_000001'], {
      configDir: dir.path,
      env: { TOURNEY_BASE_URL: STAGING, TOURNEY_API_KEY: 'tk_env_key_0000001' },
    });
    expect(seen).toEqual([
      `${STAGING} tk_flag_key_000001`,
      `${STAGING} tk_env_key_0000001`,
      `${STAGING} tk_flag_key_000001`,
    ]);
  });

  it('refuses a --base-url or TOURNEY_BASE_URL that is not an http(s) URL before any request, naming it', async () => {
    // No handler: any request would fail the test (onUnhandledRequest: 'error').
    const cases: [string[], Record<string, string>, string][] = [
      [['--base-url', 'not-a-url'], {}, 'error: --base-url must be a URL such as http://127.0.0.1:3000/api/v1\n'],
      [['--base-url', 'ftp://x/api/v1'], {}, 'error: --base-url must start with http:// or https://\n'],
      [[], { TOURNEY_BASE_URL: 'not-a-url' }, 'error: TOURNEY_BASE_URL must be a URL such as http://127.0.0.1:3000/api/v1\n'],
      [[], { TOURNEY_BASE_URL: 'ftp://x/api/v1' }, 'error: TOURNEY_BASE_URL must start with http:// or https://\n'],
      [['--base-url', 'nope'], { TOURNEY_BASE_URL: STAGING }, 'error: --base-url must be a URL such as http://127.0.0.1:3000/api/v1\n'],
    ];
    for (const [flags, env, expected] of cases) {
      const result = await runCli(['tournament', 'list', ...flags], { configDir: dir.path, env });
      expect(result.code, `${flags.join(' ')} ${JSON.stringify(env)}`).toBe(1);
      expect(result.err).toBe(expected);
      expect(result.out).toBe('');
    }
    const seen: string[] = [];
    serveList(STAGING, seen);
    const good = await runCli(['tournament', 'list', '--base-url', `${STAGING}/`, '--api-key', 'tk_flag_key_000001'], {
      configDir: dir.path,
      env: { TOURNEY_BASE_URL: 'not-a-url' },
    });
    expect(good.code, good.err).toBe(0);
    expect(seen).toEqual([`${STAGING} tk_flag_key_000001`]);
  });

  it('refuses a --base-url or TOURNEY_BASE_URL with a user or password, a query or a fragment before any request, never echoing the password', async () => {
    // No handler: any request would fail the test (onUnhandledRequest: 'error').
    const root = 'give only the API root, such as http://127.0.0.1:3000/api/v1';
    const userinfo = `must not contain a user name or password (user:password@): ${root}, and log in with tourney login or pass --api-key`;
    const cases: [string[], Record<string, string>, string][] = [
      [['--base-url', 'http://alice:hunter2@staging.test/api/v1'], {}, `error: --base-url ${userinfo}\n`],
      [['--base-url', 'http://alice@staging.test/api/v1'], {}, `error: --base-url ${userinfo}\n`],
      [[], { TOURNEY_BASE_URL: 'https://:hunter2@staging.test/api/v1' }, `error: TOURNEY_BASE_URL ${userinfo}\n`],
      [['--base-url', `${STAGING}?x=1`], {}, `error: --base-url must not contain a query (?...): ${root}\n`],
      [[], { TOURNEY_BASE_URL: `${STAGING}/?` }, `error: TOURNEY_BASE_URL must not contain a query (?...): ${root}\n`],
      [['--base-url', `${STAGING}#f`], {}, `error: --base-url must not contain a fragment (#...): ${root}\n`],
      [[], { TOURNEY_BASE_URL: `${STAGING}#` }, `error: TOURNEY_BASE_URL must not contain a fragment (#...): ${root}\n`],
    ];
    for (const [flags, env, expected] of cases) {
      const result = await runCli(['tournament', 'list', ...flags], { configDir: dir.path, env });
      expect(result.code, `${flags.join(' ')} ${JSON.stringify(env)}`).toBe(1);
      expect(result.err).toBe(expected);
      expect(result.err + result.out).not.toContain('hunter2');
      expect(result.out).toBe('');
    }
  });

  it('refuses a baseUrl edited into the config file with a user or password, a query or a fragment before any request, never echoing the password', async () => {
    // No handler: any request would fail the test (onUnhandledRequest: 'error').
    for (const [baseUrl, what] of [
      ['http://alice:hunter2@staging.test/api/v1', 'a user name or password'],
      [`${STAGING}?token=hunter2`, 'a query'],
      [`${STAGING}#hunter2`, 'a fragment'],
    ] as const) {
      const config = await readConfig();
      config.profiles.staging.baseUrl = baseUrl;
      await writeFile(join(dir.path, 'config.json'), JSON.stringify(config), { mode: 0o600 });
      for (const args of [['tournament', 'list'], ['logout']]) {
        const result = await runCli(['--profile', 'staging', ...args], { configDir: dir.path });
        expect(result.code, `${baseUrl} ${args.join(' ')}`).toBe(1);
        expect(result.err).toContain(`error: the baseUrl of profile staging (config file) must not contain ${what}`);
        expect(result.err).toContain("fix it with 'tourney --profile staging config set baseUrl <url>' or in the file");
        expect(result.err + result.out).not.toContain('hunter2');
      }
      // The tokens are still there: nothing was sent, nothing forgotten.
      expect((await readConfig()).profiles.staging).toMatchObject({ accessToken: 'tat_old', refreshToken: 'trt_old' });
    }
  });

  it('a 404 "no route" from a base URL without /api/v1 hints at the API root', async () => {
    const root = 'http://bare.test';
    server.use(
      http.get(`${root}/tournaments`, () => HttpResponse.json(apiError('NOT_FOUND', 'no route for GET /tournaments', 'req-404'), { status: 404 })),
      http.get(`${BASE}/tournaments/missing`, () => HttpResponse.json(apiError('NOT_FOUND', 'tournament not found', 'req-405'), { status: 404 })),
    );
    const bare = await runCli(['tournament', 'list', '--base-url', root, '--api-key', 'tk_flag_key_000001'], { configDir: dir.path });
    expect(bare.code).toBe(1);
    expect(bare.err).toBe(
      'error: no route for GET /tournaments (NOT_FOUND, request req-404)\n' +
        "hint: the base URL (--base-url, TOURNEY_BASE_URL or the profile's baseUrl) must be the API root including /api/v1, e.g. http://127.0.0.1:3000/api/v1\n",
    );
    const unknownId = await runCli(['tournament', 'get', 'missing'], { configDir: dir.path });
    expect(unknownId.err).toBe('error: tournament not found (NOT_FOUND, request req-405)\n');
  });

  it('rejects a malformed profile name', async () => {
    const result = await runCli(['tournament', 'list', '--profile', '../etc'], { configDir: dir.path });
    expect(result.code).toBe(1);
    expect(result.err).toContain('invalid profile name "../etc"');
  });

  it('with a login token sends the bearer token and the profile projectId', async () => {
    let seen = '';
    server.use(
      http.get(`${STAGING}/tournaments`, ({ request }) => {
        seen = `${request.headers.get('authorization')} ${new URL(request.url).searchParams.get('projectId')}`;
        return HttpResponse.json(page([]));
      }),
    );
    const result = await runCli(['tournament', 'list', '--profile', 'staging'], { configDir: dir.path });
    expect(result.code).toBe(0);
    expect(seen).toBe('Bearer tat_old proj-s');
  });

  it('renews an expired login token once and stores the new tokens', async () => {
    const auths: (string | null)[] = [];
    let refreshBody: unknown;
    server.use(
      http.get(`${STAGING}/tournaments`, ({ request }) => {
        const auth = request.headers.get('authorization');
        auths.push(auth);
        return auth === 'Bearer tat_access_2'
          ? HttpResponse.json(page([tournament()]))
          : HttpResponse.json(apiError('TOKEN_EXPIRED', 'access token expired'), { status: 401 });
      }),
      http.post(`${STAGING}/auth/refresh`, async ({ request }) => {
        refreshBody = await request.json();
        return HttpResponse.json({ success: true, data: tokens('2') });
      }),
    );
    const result = await runCli(['tournament', 'list', '--profile', 'staging'], { configDir: dir.path });
    expect(result.err).toBe('');
    expect(result.code).toBe(0);
    expect(auths).toEqual(['Bearer tat_old', 'Bearer tat_access_2']);
    expect(refreshBody).toEqual({ refreshToken: 'trt_old' });
    const staging = (await readConfig()).profiles.staging;
    expect(staging.accessToken).toBe('tat_access_2');
    expect(staging.refreshToken).toBe('trt_refresh_2');
  });

  it('asks to log in again when the refresh token is refused (exit 4)', async () => {
    server.use(
      http.get(`${STAGING}/tournaments`, () => HttpResponse.json(apiError('TOKEN_EXPIRED', 'expired'), { status: 401 })),
      http.post(`${STAGING}/auth/refresh`, () => HttpResponse.json(apiError('UNAUTHORIZED', 'revoked'), { status: 401 })),
    );
    const result = await runCli(['tournament', 'list', '--profile', 'staging'], { configDir: dir.path });
    expect(result.code).toBe(4);
    expect(result.err).toBe("error: login expired (profile staging)\nhint: run 'tourney --profile staging login' again\n");
  });
});

describe('tourney config', () => {
  it('set, get and unset values of the active profile, keeping the file 0600', async () => {
    expect((await runCli(['config', 'set', 'project-id', 'proj-9', '--profile', 'prod'], { configDir: dir.path })).code).toBe(0);
    expect((await runCli(['config', 'get', 'projectId', '--profile', 'prod'], { configDir: dir.path })).out).toBe('proj-9\n');
    expect((await runCli(['config', 'set', 'baseUrl', 'https://x.test/api/v1/', '--profile', 'new'], { configDir: dir.path })).code).toBe(0);
    const config = await readConfig();
    expect(config.profiles.prod).toEqual({ baseUrl: PROD, apiKey: 'tk_prod_key_00000001', projectId: 'proj-9' });
    expect(config.profiles.new).toEqual({ baseUrl: 'https://x.test/api/v1' });
    expect((await stat(join(dir.path, 'config.json'))).mode & 0o777).toBe(0o600);
    await runCli(['config', 'unset', 'projectId', '--profile', 'prod'], { configDir: dir.path });
    expect((await readConfig()).profiles.prod.projectId).toBeUndefined();
  });

  it('get without a key lists the profile with secrets masked', async () => {
    const result = await runCli(['config', 'get', '--json', '--profile', 'prod'], { configDir: dir.path });
    expect(JSON.parse(result.out)).toEqual({
      profile: 'prod',
      baseUrl: PROD,
      projectId: null,
      organizationId: null,
      apiKey: 'tk_prod_…0001',
      username: null,
      loggedIn: 'no',
    });
  });

  it('get baseUrl shows the default for a profile that sets none', async () => {
    await runCli(['config', 'set', 'apiKey', 'tk_fresh_key_0000001', '--profile', 'fresh'], { configDir: dir.path });
    const result = await runCli(['config', 'get', 'baseUrl', '--profile', 'fresh'], { configDir: dir.path });
    expect(result.out).toBe('http://127.0.0.1:3000/api/v1\n');
  });

  it('refuses an unknown --profile, naming the known ones', async () => {
    const result = await runCli(['config', 'get', 'baseUrl', '--profile', 'prdo'], { configDir: dir.path });
    expect(result.code).toBe(1);
    expect(result.out).toBe('');
    expect(result.err).toMatch(/^error: no profile named "prdo" \(profiles: [a-z, ]*prod[a-z, ]*\)\n/);
    expect(result.err.split('\n')[1]).toBe(
      "hint: create it with 'tourney --profile prdo login' (or signup), or pick an existing one",
    );
  });

  it('rejects unknown keys and bad URLs', async () => {
    const key = await runCli(['config', 'set', 'colour', 'blue'], { configDir: dir.path });
    expect(key.code).toBe(1);
    expect(key.err).toBe('error: unknown setting "colour": use one of baseUrl, projectId, organizationId, apiKey\n');
    const url = await runCli(['config', 'set', 'baseUrl', 'ftp://x'], { configDir: dir.path });
    expect(url.err).toBe('error: baseUrl must start with http:// or https://\n');
  });

  it('reports a corrupt config file', async () => {
    await writeFile(join(dir.path, 'config.json'), '{ not json');
    const result = await runCli(['config', 'get'], { configDir: dir.path });
    expect(result.code).toBe(1);
    expect(result.err).toContain(`error: invalid config file ${join(dir.path, 'config.json')}: not JSON`);
  });
});
