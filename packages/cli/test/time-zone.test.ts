import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { http, HttpResponse } from 'msw';
import { describe, expect } from 'vitest';
import { BASE, page, tokens, tournament } from './helpers/api-fixtures';
import { captureIo, runCli } from './helpers/cli-harness';
import { it } from './helpers/fixtures';
import { useMswServer } from './helpers/msw';

// R20.5: on a terminal, times are shown in the logged-in user's time zone (OwnProfile.timeZone, kept in the profile
// at login and by `tourney me`), else in $TZ, with the offset; piped rows and --json keep ISO UTC.
const server = useMswServer();
const spring = tournament({ startDate: '2030-03-01T18:00:00.000Z' });
const KEY = ['--base-url', BASE, '--api-key', 'tk_test_key_123456'];

/** `tournament list` on a terminal, its row. */
async function listedRow(configDir: string, env: Record<string, string> = {}): Promise<string> {
  server.use(http.get(`${BASE}/tournaments`, () => HttpResponse.json(page([spring]))));
  const result = await runCli(['tournament', 'list', ...KEY], { configDir, env, io: captureIo({ isTTY: true, columns: 120 }) });
  expect(result.code, result.err).toBe(0);
  return result.out.split('\n')[1] ?? '';
}

describe('times in the user\'s time zone', () => {
  it('TZ names the zone on a terminal (with its offset); piped rows and --json keep ISO UTC; no TZ is UTC', async ({ dir }) => {
    expect(await listedRow(dir.path)).toMatch(/2030-03-01 18:00Z$/);
    expect(await listedRow(dir.path, { TZ: 'Europe/Paris' })).toMatch(/2030-03-01 19:00\+01:00$/);
    expect(await listedRow(dir.path, { TZ: 'Not/AZone' })).toMatch(/2030-03-01 18:00Z$/);
    server.use(http.get(`${BASE}/tournaments`, () => HttpResponse.json(page([spring]))));
    const piped = await runCli(['tournament', 'list', ...KEY], { configDir: dir.path, env: { TZ: 'Europe/Paris' } });
    expect(piped.out).toMatch(/\t2030-03-01T18:00:00\.000Z\n$/);
    const json = await runCli(['tournament', 'list', '--json', ...KEY], { configDir: dir.path, env: { TZ: 'Europe/Paris' }, io: captureIo({ isTTY: true }) });
    expect(JSON.parse(json.out)[0].startDate).toBe('2030-03-01T18:00:00.000Z');
  });

  it("the logged-in user's profile time zone (kept at login and by `me`) wins over TZ", async ({ dir }) => {
    server.use(http.post(`${BASE}/auth/login`, () => HttpResponse.json({ success: true, data: { ...tokens(), user: { ...tokens().user, timeZone: 'America/New_York' } } })));
    expect((await runCli(['login', '-u', 'alice', '--password', 'secret-pass', '--base-url', BASE], { configDir: dir.path })).code).toBe(0);
    const config = JSON.parse(await readFile(join(dir.path, 'config.json'), 'utf8'));
    expect(config.profiles.default.timeZone).toBe('America/New_York');
    server.use(http.get(`${BASE}/tournaments/${spring.id}`, () => HttpResponse.json({ success: true, data: spring })));
    const shown = await runCli(['tournament', 'get', spring.id], { configDir: dir.path, env: { TZ: 'Europe/Paris' }, io: captureIo({ isTTY: true }) });
    expect(shown.out).toMatch(/start:\s+2030-03-01 13:00-05:00\n/);

    const me = { ...tokens().user, bio: null, avatarUrl: null, country: null, timeZone: 'Asia/Tokyo' };
    server.use(
      http.get(`${BASE}/users/me`, () => HttpResponse.json({ success: true, data: me })),
      http.get(`${BASE}/gaming/profile`, () => HttpResponse.json({ success: true, data: { userId: me.id, accounts: [] } })),
    );
    const profile = await runCli(['me'], { configDir: dir.path, io: captureIo({ isTTY: true }) });
    expect(profile.out).toMatch(/member since:\s+2030-01-01 09:00\+09:00\n/);
    const after = await runCli(['tournament', 'get', spring.id], { configDir: dir.path, io: captureIo({ isTTY: true }) });
    expect(after.out).toMatch(/start:\s+2030-03-02 03:00\+09:00\n/);
  });
});
