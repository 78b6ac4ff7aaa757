import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import { BASE, tournament } from './helpers/api-fixtures';
import { captureIo, runCli } from './helpers/cli-harness';
import { useConfigDir } from './helpers/fixtures';
import { useMswServer } from './helpers/msw';

// R20.5: `--json` on every command (the API data, or what was done when the API answers nothing); --csv and --json
// exclude each other. R28.11: `tournament open` warns that a DRAFT has no public page yet.
const server = useMswServer();
const dir = useConfigDir({ baseUrl: BASE, apiKey: 'tk_test_key_123456', accessToken: 'tat_alice', refreshToken: 'trt_alice', username: 'alice' });

const tid = tournament().id;
const PID = '01900000-0000-7000-8000-0000000000aa';
const PUBLIC_URL = `http://pages.test/t/${tid}`;
const note = { id: 'n1', type: 'MATCH_READY', title: 'ready', message: 'play now', data: {}, readAt: '2030-01-01T12:00:00.000Z', createdAt: '2030-01-01T00:00:00.000Z' };

/** Answers GET /tournaments/{id} with a tournament of this status and its public URL. */
function serveTournament(status: 'DRAFT' | 'PUBLISHED') {
  server.use(http.get(`${BASE}/tournaments/${tid}`, () => HttpResponse.json({ success: true, data: { ...tournament({ status }), publicUrl: PUBLIC_URL } })));
}

describe('--json on every command', () => {
  it('tournament open --json prints the URL as a JSON object', async () => {
    serveTournament('PUBLISHED');
    const result = await runCli(['tournament', 'open', tid, '--json'], { configDir: dir.path, io: captureIo({ isTTY: true }) });
    expect(result.code, result.err).toBe(0);
    expect(JSON.parse(result.out)).toEqual({ tournamentId: tid, url: PUBLIC_URL, published: true });
  });

  it('calendar unsubscribe --json says the feed URL was revoked', async () => {
    server.use(http.delete(`${BASE}/calendar/feed-token`, () => new HttpResponse(null, { status: 204 })));
    const result = await runCli(['calendar', 'unsubscribe', '--json'], { configDir: dir.path });
    expect(result.code, result.err).toBe(0);
    expect(JSON.parse(result.out)).toEqual({ revoked: true });
  });

  it('notification read --json prints the notification, and {"updated": n} with --all', async () => {
    server.use(
      http.patch(`${BASE}/notifications/n1/read`, () => HttpResponse.json({ success: true, data: note })),
      http.patch(`${BASE}/notifications/read-all`, () => HttpResponse.json({ success: true, data: { updated: 3 } })),
    );
    const one = await runCli(['notification', 'read', 'n1', '--json'], { configDir: dir.path });
    expect(one.code, one.err).toBe(0);
    expect(JSON.parse(one.out)).toEqual(note);
    const all = await runCli(['notification', 'read', '--all', '--json'], { configDir: dir.path });
    expect(all.code, all.err).toBe(0);
    expect(JSON.parse(all.out)).toEqual({ updated: 3 });
  });

  it('me unlink --json says which platform was unlinked', async () => {
    server.use(http.delete(`${BASE}/gaming/platforms/steam/unlink`, () => new HttpResponse(null, { status: 204 })));
    const result = await runCli(['me', 'unlink', 'steam', '--json'], { configDir: dir.path });
    expect(result.code, result.err).toBe(0);
    expect(JSON.parse(result.out)).toEqual({ platform: 'steam', unlinked: true });
  });

  it('project use --json prints the project', async () => {
    const project = { id: PID, organizationId: 'o1', name: 'Main', plan: 'FREE', createdAt: '2030-01-01T00:00:00.000Z', updatedAt: '2030-01-01T00:00:00.000Z' };
    server.use(http.get(`${BASE}/projects/${PID}`, () => HttpResponse.json({ success: true, data: project })));
    const result = await runCli(['project', 'use', PID, '--json'], { configDir: dir.path });
    expect(result.code, result.err).toBe(0);
    expect(JSON.parse(result.out)).toEqual(project);
  });

  it('delete, remove and revoke commands (and config set|unset) take --json and print what was done', async () => {
    const ORG = '01900000-0000-7000-8000-0000000000o1';
    const gone = () => new HttpResponse(null, { status: 204 });
    server.use(
      http.delete(`${BASE}/tournaments/${tid}`, gone),
      http.delete(`${BASE}/tournaments/${tid}/participants/pa`, gone),
      http.delete(`${BASE}/developer/webhooks/w1`, gone),
      http.delete(`${BASE}/developer/api-keys/k1`, gone),
      http.delete(`${BASE}/anti-cheat/clients/c1`, gone),
      http.delete(`${BASE}/organizations/${ORG}`, gone),
      http.delete(`${BASE}/organizations/${ORG}/staff/s1`, gone),
      http.delete(`${BASE}/users/me`, gone),
    );
    const cases: [string[], unknown][] = [
      [['tournament', 'delete', tid], { deleted: tid }],
      [['participant', 'remove', tid, 'pa'], { removed: 'pa', tournamentId: tid }],
      [['webhook', 'delete', 'w1'], { deleted: 'w1' }],
      [['api-key', 'revoke', 'k1'], { revoked: 'k1' }],
      [['anticheat', 'client', 'revoke', 'c1'], { revoked: 'c1' }],
      [['org', 'delete', ORG], { deleted: ORG }],
      [['staff', 'remove', ORG, 's1'], { removed: 's1', organizationId: ORG }],
      [['config', 'set', 'projectId', PID], { profile: 'default', set: 'projectId', value: PID }],
      [['config', 'unset', 'projectId'], { profile: 'default', unset: 'projectId' }],
      [['account', 'delete', '--password', 'secret-pass'], { deleted: 'alice', profile: 'default' }],
    ];
    for (const [argv, expected] of cases) {
      const result = await runCli([...argv, '--yes', '--json'].filter((arg) => arg !== '--yes' || argv[0] !== 'config'), { configDir: dir.path });
      expect(result.code, `${argv.join(' ')}: ${result.err}`).toBe(0);
      expect(JSON.parse(result.out), argv.join(' ')).toEqual(expected);
    }
  });

  it('match list and tournament results refuse --csv with --json, naming both flags, before any request', async () => {
    let requests = 0;
    server.use(http.all(`${BASE}/*`, () => {
      requests += 1;
      return HttpResponse.text('place\n');
    }));
    for (const argv of [['match', 'list', tid], ['tournament', 'results', tid]]) {
      const result = await runCli([...argv, '--csv', '--json'], { configDir: dir.path });
      expect(result.code, argv.join(' ')).not.toBe(0);
      expect(result.out).toBe('');
      expect(result.err).toMatch(/--csv.*--json|--json.*--csv/);
    }
    expect(requests).toBe(0);
  });
});

describe('tournament open on a DRAFT', () => {
  it('prints the URL (exit 0) and warns on stderr that the page exists once published', async () => {
    serveTournament('DRAFT');
    const draft = await runCli(['tournament', 'open', tid], { configDir: dir.path });
    expect(draft.code, draft.err).toBe(0);
    expect(draft.out).toBe(`${PUBLIC_URL}\n`);
    expect(draft.err).toContain('only once it is published');
    expect(draft.err).toContain(`tourney tournament publish ${tid}`);
    serveTournament('PUBLISHED');
    const published = await runCli(['tournament', 'open', tid], { configDir: dir.path });
    expect(published.out).toBe(`${PUBLIC_URL}\n`);
    expect(published.err).toBe('');
  });
});
