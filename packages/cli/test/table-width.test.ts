import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import { SCOPES } from '../src/commands/api-key';
import { fitColumns, type Column } from '../src/output/table';
import { textWidth } from '../src/output/text';
import { BASE, match, page, tournament } from './helpers/api-fixtures';
import { captureIo, runCli } from './helpers/cli-harness';
import { useConfigDir } from './helpers/fixtures';
import { useMswServer } from './helpers/msw';

// R20.5 / R20.7: on a terminal every table fits its width (low-value columns dropped, free text cut with an
// ellipsis, the key column keeping the room that is left); piped output keeps every column unchanged.
const server = useMswServer();
const dir = useConfigDir({ baseUrl: BASE, apiKey: 'tk_test_key_123456', accessToken: 'tat_alice', refreshToken: 'trt_alice', username: 'alice' });

const KEY_ID = '01900000-0000-7000-8000-0000000000k1';
const USER_ID = '01900000-0000-7000-8000-0000000000u1';
const DETECTION_ID = '01900000-0000-7000-8000-0000000000d1';
const WEBHOOK_ID = '01900000-0000-7000-8000-0000000000w1';
const NOTE_ID = '01900000-0000-7000-8000-0000000000n1';
const URL = 'http://127.0.0.1:4567/hooks/tourney';
const MESSAGE = 'The result of your match against bob was confirmed: 2-1, you advance to round 2';
const LONG_NAME = 'Spring Open Championship 2030';

const apiKey = {
  id: KEY_ID,
  projectId: 'p1',
  name: 'ci deploy',
  prefix: 'tk_abcd1',
  lastFour: 'wxyz',
  scopes: SCOPES,
  createdAt: '2030-01-01T00:00:00.000Z',
  lastUsedAt: '2030-01-01T10:00:00.000Z',
  expiresAt: null,
  revokedAt: null,
};
const detection = {
  id: DETECTION_ID,
  sessionId: 'ranked-1',
  matchId: 'm1',
  userId: USER_ID,
  rule: 'aim.snap_angle',
  severity: 'HIGH',
  aiVerdictRecorded: true,
  evidenceCount: 2,
  reviewed: false,
  createdAt: '2030-01-01T10:00:00.000Z',
  verdict: null,
  reviewedAt: null,
};
const webhook = {
  id: WEBHOOK_ID,
  projectId: 'p1',
  url: URL,
  events: ['match.completed', 'tournament.started', 'tournament.completed'],
  enabled: true,
  disabledReason: null,
  disabledAt: null,
  previousSecretExpiresAt: null,
  createdAt: '2030-01-01T00:00:00.000Z',
  updatedAt: '2030-01-01T00:00:00.000Z',
};
const note = { id: NOTE_ID, type: 'MATCH_RESULT_CONFIRMED', title: 'confirmed', message: MESSAGE, data: {}, readAt: null, createdAt: '2030-01-01T00:00:00.000Z' };
const tid = tournament().id;
const ORG_ID = '01900000-0000-7000-8000-0000000000o1';
const invitation = {
  id: '01900000-0000-7000-8000-0000000000i1',
  organizationId: ORG_ID,
  userId: null,
  username: null,
  email: 'tournament.referee@example.com',
  role: 'MODERATOR',
  expiresAt: '2030-01-08T00:00:00.000Z',
  invitedByUserId: USER_ID,
  createdAt: '2030-01-01T00:00:00.000Z',
};

/** The commands of the audit, each with the API answer it lists. */
const LISTS: Record<string, { argv: string[]; serve: () => void }> = {
  'api-key list': { argv: ['api-key', 'list'], serve: () => server.use(http.get(`${BASE}/developer/api-keys`, () => HttpResponse.json(page([apiKey])))) },
  'anticheat detection list': {
    argv: ['anticheat', 'detection', 'list'],
    serve: () => server.use(http.get(`${BASE}/anti-cheat/detections`, () => HttpResponse.json(page([detection])))),
  },
  'tournament list': {
    argv: ['tournament', 'list'],
    serve: () => server.use(http.get(`${BASE}/tournaments`, () => HttpResponse.json(page([tournament({ name: LONG_NAME })])))),
  },
  'match list': {
    argv: ['match', 'list', tid],
    serve: () =>
      server.use(
        http.get(`${BASE}/tournaments/${tid}/schedule`, () =>
          HttpResponse.json(page([match({ status: 'PENDING_RESULT', participants: [
            { participantId: 'pa', name: 'alice the great', seed: 1, score: null },
            { participantId: 'pb', name: 'bob from the north', seed: 2, score: null },
          ] } as never)])),
        ),
      ),
  },
  'webhook list': { argv: ['webhook', 'list'], serve: () => server.use(http.get(`${BASE}/developer/webhooks`, () => HttpResponse.json(page([webhook])))) },
  'notification list': { argv: ['notification', 'list'], serve: () => server.use(http.get(`${BASE}/notifications`, () => HttpResponse.json(page([note])))) },
  'staff invitations': {
    argv: ['staff', 'invitations', ORG_ID],
    serve: () => server.use(http.get(`${BASE}/organizations/${ORG_ID}/staff/invitations`, () => HttpResponse.json(page([invitation])))),
  },
};

/** Runs a list command on a terminal `columns` wide and returns its lines. */
async function onTerminal(name: string, columns: number): Promise<string[]> {
  const list = LISTS[name]!;
  list.serve();
  const result = await runCli(list.argv, { configDir: dir.path, io: captureIo({ isTTY: true, columns }) });
  expect(result.code, result.err).toBe(0);
  return result.out.trimEnd().split('\n');
}

describe('tables fit the terminal width', () => {
  for (const name of Object.keys(LISTS)) {
    it(`${name}: every line fits 80, 100 and 120 columns`, async () => {
      for (const columns of [80, 100, 120]) {
        const lines = await onTerminal(name, columns);
        expect(lines.length, `${name} at ${columns}`).toBe(2);
        for (const line of lines) expect(textWidth(line), `${name} at ${columns}: ${line}`).toBeLessThanOrEqual(columns);
      }
    });
  }

  it('the key column keeps the room: names whole, the URL and the message readable, ids dropped first', async () => {
    const tournaments = await onTerminal('tournament list', 80);
    expect(tournaments[1]).toContain(LONG_NAME);
    expect(tournaments[1]).not.toContain(tid);
    const matches = await onTerminal('match list', 80);
    expect(matches[1]).toContain('alice the great');
    expect(matches[1]).toContain('bob from the north');
    const hooks = await onTerminal('webhook list', 100);
    expect(hooks[1]).toContain(WEBHOOK_ID);
    expect(hooks[1]).toContain(URL);
    const notes = await onTerminal('notification list', 80);
    expect(notes[1]).not.toContain(NOTE_ID);
    expect(notes[1]).toContain(MESSAGE.slice(0, 25));
    const keys = await onTerminal('api-key list', 100);
    expect(keys[1]).toContain('ci deploy');
    expect(keys[1]).toMatch(/manage:tournaments,read:tournaments,.*…/);
    const detections = await onTerminal('anticheat detection list', 80);
    expect(detections[1]).toContain(USER_ID);
    expect(detections[1]).toContain('aim.snap_angle');
    expect(detections[1]).not.toContain(DETECTION_ID);
    const wide = await onTerminal('anticheat detection list', 200);
    expect(wide[1]).toContain(DETECTION_ID);
  });

  it('ids and low-value columns go before the title, the message and the user are cut or left out', async () => {
    // notification list at 80: the id and type go; the title (naming the tournament) and the message share the room.
    const notes = await onTerminal('notification list', 80);
    expect(notes[0]).toMatch(/^\s+WHEN\s+TITLE\s+MESSAGE$/);
    expect(notes[1]).toContain('confirmed');
    expect(notes[1]).toContain(MESSAGE.slice(0, 25));
    expect(notes[1]).not.toContain(NOTE_ID);
    // calendar list at 40: the kind goes before the title is cut.
    const title = 'Spring Open: round 2';
    server.use(
      http.get(`${BASE}/calendar/feed`, () =>
        HttpResponse.json(page([{ id: 'ev1', type: 'TOURNAMENT', title, description: null, startsAt: '2030-03-01T18:00:00.000Z', endsAt: null, allDay: false, tournamentId: tid, matchId: null, circuitId: null, seasonId: null }])),
      ),
    );
    const calendar = await runCli(['calendar', 'list'], { configDir: dir.path, io: captureIo({ isTTY: true, columns: 40 }) });
    expect(calendar.code, calendar.err).toBe(0);
    expect(calendar.out).toBe(`STARTS             TITLE\n2030-03-01 18:00Z  ${title}\n`);
    // detection list at 90: who (user), what (rule, severity) and the review stay; ids and details go.
    const detections = await onTerminal('anticheat detection list', 90);
    expect(detections[0]).toMatch(/^USER\s+RULE\s+SEVERITY\s+REVIEWED$/);
    expect(detections[1]).toMatch(new RegExp(`^${USER_ID}\\s+aim\\.snap_angle\\s+high\\s+no$`));
  });

  it('piped output keeps every column, whatever the terminal width', async () => {
    LISTS['api-key list']!.serve();
    const keys = await runCli(['api-key', 'list'], { configDir: dir.path, io: captureIo({ columns: 40 }) });
    expect(keys.out).toBe(`${KEY_ID}\tci deploy\ttk_abcd1...wxyz\t${SCOPES.join(',')}\t2030-01-01T10:00:00.000Z\tACTIVE\n`);
    LISTS['anticheat detection list']!.serve();
    const detections = await runCli(['anticheat', 'detection', 'list'], { configDir: dir.path, io: captureIo({ columns: 40 }) });
    expect(detections.out).toBe(`${DETECTION_ID}\t2030-01-01T10:00:00.000Z\tranked-1\t${USER_ID}\taim.snap_angle\tHIGH\ttrue\t2\t\n`);
    LISTS['webhook list']!.serve();
    const hooks = await runCli(['webhook', 'list'], { configDir: dir.path, io: captureIo({ columns: 40 }) });
    expect(hooks.out).toBe(`${WEBHOOK_ID}\t${URL}\tmatch.completed,tournament.started,tournament.completed\tENABLED\n`);
  });

  it('fitColumns: lists shrink before the key column, droppable columns go before it is cut, never wider than asked', () => {
    const columns: Column<unknown>[] = [
      { header: 'id', value: () => '', drop: 1 },
      { header: 'name', value: () => '', flex: true, priority: 2 },
      { header: 'tags', value: () => '', flex: true, priority: 0 },
      { header: 'state', value: () => '' },
    ];
    // Natural widths: id 36, name 30, tags 60, state 8 (140 with the gaps).
    const natural = [36, 30, 60, 8];
    expect(fitColumns(columns, natural, 140)).toEqual({ shown: [0, 1, 2, 3], widths: natural });
    // Tags shrink first; the name stays whole.
    expect(fitColumns(columns, natural, 100)).toEqual({ shown: [0, 1, 2, 3], widths: [36, 30, 20, 8] });
    // Tags at their minimum, the id goes and the name gets the room back.
    expect(fitColumns(columns, natural, 70)).toEqual({ shown: [1, 2, 3], widths: [30, 28, 8] });
    // Nothing left to drop: both flexible columns shrink, the row never exceeds the width.
    for (const width of [40, 30, 20, 12]) {
      const fit = fitColumns(columns, natural, width);
      expect(fit.widths.reduce((a, b) => a + b, 0) + 2 * (fit.widths.length - 1), `width ${width}`).toBeLessThanOrEqual(width);
    }
  });
});
