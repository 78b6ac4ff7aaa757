import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import { BASE, page } from './helpers/api-fixtures';
import { captureIo, runCli } from './helpers/cli-harness';
import { useConfigDir } from './helpers/fixtures';
import { useMswServer } from './helpers/msw';

// R20.5: piped output is the API's raw values (ids, enum values as the API spells them, ISO times), a terminal
// gets the words and short times.
const server = useMswServer();
const dir = useConfigDir({ baseUrl: BASE, apiKey: 'tk_test_key_123456', accessToken: 'tat_alice', refreshToken: 'trt_alice', username: 'alice' });

const AT = '2030-01-01T12:14:13.075Z';
const CID = '01900000-0000-7000-8000-0000000000c1';
const SID = '01900000-0000-7000-8000-0000000000d1';
const WID = '01900000-0000-7000-8000-0000000000w1';

const event = {
  id: 'tournament:01900000-0000-7000-8000-000000000001',
  type: 'TOURNAMENT_START',
  title: 'Flow Cup starts',
  description: null,
  startsAt: AT,
  endsAt: null,
  allDay: false,
  tournamentId: 't1',
  matchId: null,
  circuitId: null,
  seasonId: null,
};
const profile = {
  id: 'ua',
  username: 'alice',
  displayName: null,
  bio: null,
  avatarUrl: null,
  country: null,
  timeZone: null,
  createdAt: AT,
  email: 'alice@example.com',
};
const circuit = {
  id: CID,
  projectId: 'p1',
  name: 'Pro Tour',
  description: null,
  disciplineId: null,
  status: 'ACTIVE',
  activeSeasonId: SID,
  seasons: [
    {
      id: SID,
      circuitId: CID,
      number: 1,
      name: '2026',
      status: 'ACTIVE',
      startDate: '2030-01-01',
      endDate: '2030-06-30',
      scoring: { strategy: 'PLACEMENT', placements: { '1': 100 } },
      tournamentCount: 0,
      createdAt: AT,
      updatedAt: AT,
      startedAt: AT,
      completedAt: null,
    },
  ],
  createdAt: AT,
  updatedAt: AT,
};
const acSession = {
  sessionId: 'ranked-1',
  matchId: 'm1',
  projectId: 'p1',
  game: 'cs2',
  status: 'ACTIVE',
  participants: [
    { userId: 'ua', covered: true, clientId: 'c1' },
    { userId: 'ub', covered: false, clientId: null },
  ],
  startedAt: AT,
  endedAt: null,
  endReason: null,
  detectionCount: 0,
  evidenceCount: 0,
};
const webhook = {
  id: WID,
  projectId: 'p1',
  url: 'https://example.com/hooks',
  events: ['match.completed', 'tournament.started'],
  enabled: false,
  disabledReason: 'MANUAL',
  disabledAt: AT,
  previousSecretExpiresAt: null,
  createdAt: AT,
  updatedAt: AT,
};

/** The piped lines of a command, as `label -> value` for printFields output. */
function fields(out: string): Record<string, string> {
  return Object.fromEntries(out.trimEnd().split('\n').map((line) => [line.slice(0, line.indexOf('\t')), line.slice(line.indexOf('\t') + 1)]));
}

describe('piped output is the raw API values', () => {
  it('calendar list: id, ISO start, the event type as the API spells it, the title', async () => {
    server.use(http.get(`${BASE}/calendar/feed`, () => HttpResponse.json(page([event]))));
    const piped = await runCli(['calendar', 'list'], { configDir: dir.path });
    expect(piped.code, piped.err).toBe(0);
    expect(piped.out).toBe(`${event.id}\t${AT}\tTOURNAMENT_START\tFlow Cup starts\n`);
    server.use(http.get(`${BASE}/calendar/feed`, () => HttpResponse.json(page([event]))));
    const tty = await runCli(['calendar', 'list'], { configDir: dir.path, io: captureIo({ isTTY: true, columns: 100 }) });
    expect(tty.out).toContain('2030-01-01 12:14Z  tournament start  Flow Cup starts');
  });

  it('me: member since is the ISO time, like user get', async () => {
    server.use(
      http.get(`${BASE}/users/me`, () => HttpResponse.json({ success: true, data: profile })),
      http.get(`${BASE}/gaming/profile`, () =>
        HttpResponse.json({ success: true, data: { userId: 'ua', accounts: [{ platform: 'steam', accountId: '7656', displayName: 'Ali', linkedAt: AT }] } }),
      ),
    );
    const piped = await runCli(['me'], { configDir: dir.path });
    expect(piped.code, piped.err).toBe(0);
    expect(fields(piped.out)).toMatchObject({ 'member since': AT, steam: '7656' });
  });

  it('circuit get: status, discipline, active season id and created as the API has them', async () => {
    server.use(http.get(`${BASE}/circuits/${CID}`, () => HttpResponse.json({ success: true, data: circuit })));
    const piped = await runCli(['circuit', 'get', CID], { configDir: dir.path });
    expect(piped.code, piped.err).toBe(0);
    expect(fields(piped.out)).toMatchObject({ status: 'ACTIVE', discipline: '', 'active season': SID, created: AT });
  });

  it('anticheat session get: status code, covered/requested, ISO times', async () => {
    server.use(http.get(`${BASE}/anti-cheat/sessions/ranked-1`, () => HttpResponse.json({ success: true, data: acSession })));
    const piped = await runCli(['anticheat', 'session', 'get', 'ranked-1'], { configDir: dir.path });
    expect(piped.code, piped.err).toBe(0);
    expect(fields(piped.out)).toMatchObject({ status: 'ACTIVE', participants: '1/2', started: AT, ended: '' });
  });

  it('webhook update --disable: the state as webhook list spells it, ISO times', async () => {
    server.use(http.patch(`${BASE}/developer/webhooks/${WID}`, () => HttpResponse.json({ success: true, data: webhook })));
    const piped = await runCli(['webhook', 'update', WID, '--disable'], { configDir: dir.path });
    expect(piped.code, piped.err).toBe(0);
    expect(fields(piped.out)).toMatchObject({ state: 'DISABLED:MANUAL', 'disabled at': AT, updated: AT, events: 'match.completed,tournament.started' });
    server.use(http.patch(`${BASE}/developer/webhooks/${WID}`, () => HttpResponse.json({ success: true, data: webhook })));
    const tty = await runCli(['webhook', 'update', WID, '--disable'], { configDir: dir.path, io: captureIo({ isTTY: true }) });
    expect(tty.out).toMatch(/state: +disabled \(manual\)\n/);
    expect(tty.out).toMatch(/disabled at: +2030-01-01 12:14Z\n/);
  });
});
