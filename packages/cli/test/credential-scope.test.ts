import { readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { http, HttpResponse } from 'msw';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { apiError, BASE, page, tokens, tournament } from './helpers/api-fixtures';
import { runCli, tempDir } from './helpers/cli-harness';
import { useMswServer } from './helpers/msw';

// R20.2: a profile's login tokens and API key go only to the API root they were stored with; --base-url and
// TOURNEY_BASE_URL naming another server run without them (an --api-key or TOURNEY_API_KEY of the run still goes).
const server = useMswServer();
const OTHER = 'http://other.test/api/v1';
const STORED = { baseUrl: BASE, apiKey: 'tk_stored_key_00001', accessToken: 'tat_stored', refreshToken: 'trt_stored', username: 'alice' };
let dir: { path: string; cleanup: () => Promise<void> };

beforeEach(async () => {
  dir = await tempDir();
  await writeFile(join(dir.path, 'config.json'), JSON.stringify({ profiles: { default: STORED, dave: { ...STORED, username: 'dave' } } }), { mode: 0o600 });
});
afterEach(async () => dir.cleanup());

const readConfig = async () => JSON.parse(await readFile(join(dir.path, 'config.json'), 'utf8'));

/** Answers GET /tournaments on `base`, recording the credentials each request carried. */
function serveList(base: string, seen: string[]) {
  server.use(
    http.get(`${base}/tournaments`, ({ request }) => {
      seen.push(`${request.headers.get('x-api-key')} ${request.headers.get('authorization')}`);
      return HttpResponse.json(page([tournament()]));
    }),
  );
}

describe('credentials stay with the API root they were stored with', () => {
  it('--base-url or TOURNEY_BASE_URL naming another server sends neither the stored key nor the token; --api-key still goes; the same server spelled differently keeps them', async () => {
    const seen: string[] = [];
    serveList(OTHER, seen);
    const flag = await runCli(['tournament', 'list', '--base-url', OTHER, '--project', 'p1'], { configDir: dir.path });
    expect(flag.code, flag.err).toBe(0);
    const env = await runCli(['tournament', 'list', '--project', 'p1'], { configDir: dir.path, env: { TOURNEY_BASE_URL: OTHER } });
    expect(env.code, env.err).toBe(0);
    const explicit = await runCli(['tournament', 'list', '--base-url', OTHER, '--api-key', 'tk_run_key_0000001'], { configDir: dir.path });
    expect(explicit.code, explicit.err).toBe(0);
    expect(seen).toEqual(['null null', 'null null', 'tk_run_key_0000001 null']);
    // The same server spelled differently (case, default port, trailing slash) keeps them.
    const stored: string[] = [];
    serveList(BASE, stored);
    const same = await runCli(['tournament', 'list', '--base-url', 'HTTP://API.TEST:80/api/v1/'], { configDir: dir.path });
    expect(same.code, same.err).toBe(0);
    expect(stored).toEqual(['tk_stored_key_00001 null']);
  });

  it('a command needing the login says whose login it is and how to log in there, before any request', async () => {
    const result = await runCli(['me', '--base-url', OTHER, '--profile', 'dave'], { configDir: dir.path });
    expect(result.code).toBe(4);
    expect(result.err).toBe(
      `error: the login of profile dave belongs to ${BASE}, not ${OTHER}\n` +
        `hint: to use it, leave out --base-url; to log in to ${OTHER}, use another profile: tourney --profile NAME --base-url ${OTHER} login\n`,
    );
    const fromEnv = await runCli(['me'], { configDir: dir.path, env: { TOURNEY_BASE_URL: OTHER } });
    expect(fromEnv.code).toBe(4);
    expect(fromEnv.err).toContain('hint: to use it, unset TOURNEY_BASE_URL;');
  });

  it('a 401 from the other server names the withheld login, and no refresh token is sent there', async () => {
    server.use(http.get(`${OTHER}/tournaments`, () => HttpResponse.json(apiError('UNAUTHORIZED', 'this operation needs a user access token'), { status: 401 })));
    // No handler for POST /auth/refresh: sending the refresh token anywhere would fail the test.
    const result = await runCli(['tournament', 'list', '--base-url', OTHER, '--project', 'p1'], { configDir: dir.path });
    expect(result.code).toBe(4);
    expect(result.err.split('\n')[0]).toBe(`error: the login of profile default belongs to ${BASE}, not ${OTHER} (UNAUTHORIZED, request req-123)`);
    expect((await readConfig()).profiles.default).toEqual(STORED);
  });

  it('anticheat commands say the stored API key belongs to another server', async () => {
    const result = await runCli(['anticheat', 'detection', 'list', '--base-url', OTHER], { configDir: dir.path });
    expect(result.code).toBe(4);
    expect(result.err).toBe(
      `error: the API key of profile default belongs to ${BASE}, not ${OTHER}\n` +
        `hint: to use it, leave out --base-url; for ${OTHER}, pass --api-key or set TOURNEY_API_KEY\n`,
    );
  });

  it('logout against another server sends nothing there and keeps the tokens', async () => {
    // No handler for OTHER: a request there would fail the test.
    const result = await runCli(['logout', '--base-url', OTHER], { configDir: dir.path });
    expect(result.code).toBe(1);
    expect(result.err).toBe(
      `error: the login of profile default belongs to ${BASE}, not ${OTHER}; nothing was logged out\n` +
        `hint: log out of ${BASE} with 'tourney logout' (without --base-url)\n`,
    );
    expect((await readConfig()).profiles.default).toEqual(STORED);
  });

  it('login against another server stores that server with the new tokens and drops the key of the old one', async () => {
    server.use(http.post(`${OTHER}/auth/login`, () => HttpResponse.json({ success: true, data: tokens('2') })));
    const result = await runCli(['login', '--base-url', OTHER, '-u', 'alice', '--password', 'secret-pass'], { configDir: dir.path });
    expect(result.code, result.err).toBe(0);
    expect(result.err).toBe(`note: profile default held a login and API key for ${BASE}; removed, as the profile now belongs to ${OTHER}\n`);
    expect((await readConfig()).profiles.default).toEqual({ baseUrl: OTHER, accessToken: 'tat_access_2', refreshToken: 'trt_refresh_2', username: 'alice' });
    const seen: string[] = [];
    serveList(OTHER, seen);
    expect((await runCli(['tournament', 'list', '--project', 'p1'], { configDir: dir.path })).code).toBe(0);
    expect(seen).toEqual(['null Bearer tat_access_2']);
  });

  it('config set apiKey stores the API root of the run; config set baseUrl to another server is refused while credentials are held', async () => {
    const set = await runCli(['config', 'set', 'apiKey', 'tk_other_key_000001', '--profile', 'fresh', '--base-url', OTHER], { configDir: dir.path });
    expect(set.code, set.err).toBe(0);
    expect((await readConfig()).profiles.fresh).toEqual({ baseUrl: OTHER, apiKey: 'tk_other_key_000001' });
    const moved = await runCli(['config', 'set', 'baseUrl', OTHER], { configDir: dir.path });
    expect(moved.code).toBe(1);
    expect(moved.err).toBe(
      `error: profile default holds a login and API key for ${BASE}, never sent to ${OTHER}\n` +
        `hint: remove them first ('tourney logout', then 'tourney config unset apiKey'), or keep ${OTHER} in another profile: tourney --profile NAME config set baseUrl ${OTHER}\n`,
    );
    const keyElsewhere = await runCli(['config', 'set', 'apiKey', 'tk_other_key_000002', '--base-url', OTHER], { configDir: dir.path });
    expect(keyElsewhere.code).toBe(1);
    expect((await readConfig()).profiles.default).toEqual(STORED);
  });
});
