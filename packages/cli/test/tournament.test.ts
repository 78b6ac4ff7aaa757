import { http, HttpResponse } from 'msw';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { apiError, BASE, page, tournament } from './helpers/api-fixtures';
import { captureIo, runCli, scriptedPrompter, tempDir } from './helpers/cli-harness';
import { captureTournamentCreate, useMswServer } from './helpers/msw';

const server = useMswServer();
let dir: { path: string; cleanup: () => Promise<void> };
beforeEach(async () => {
  dir = await tempDir();
});
afterEach(async () => dir.cleanup());

const KEY = ['--base-url', BASE, '--api-key', 'tk_test_key_123456'];
const spring = tournament();
const autumn = tournament({
  id: '01900000-0000-7000-8000-000000000002',
  name: 'Autumn Cup',
  status: 'ONGOING',
  currentParticipants: 16,
});

describe('tourney tournament list', () => {
  it('--json prints the API data and sends the API key', async () => {
    let key: string | null = null;
    let auth: string | null = 'unset';
    server.use(
      http.get(`${BASE}/tournaments`, ({ request }) => {
        key = request.headers.get('x-api-key');
        auth = request.headers.get('authorization');
        return HttpResponse.json(page([spring, autumn]));
      }),
    );
    const result = await runCli(['tournament', 'list', '--json', ...KEY], { configDir: dir.path });
    expect(result.err).toBe('');
    expect(result.code).toBe(0);
    expect(JSON.parse(result.out)).toEqual([spring, autumn]);
    expect(key).toBe('tk_test_key_123456');
    expect(auth).toBeNull();
  });

  it('prints a table with a header on a terminal', async () => {
    server.use(http.get(`${BASE}/tournaments`, () => HttpResponse.json(page([spring, autumn]))));
    const result = await runCli(['tournament', 'ls', ...KEY], { configDir: dir.path, io: captureIo({ isTTY: true }) });
    expect(result.code).toBe(0);
    const lines = result.out.trimEnd().split('\n');
    expect(lines).toHaveLength(3);
    expect(lines[0]).toMatch(/^ID\s+NAME\s+STATUS\s+PLAYERS\s+START$/);
    expect(lines[1]).toMatch(/Spring Open\s+registration open\s+5\/16\s+2030-03-01 18:00Z$/);
    expect(lines[2]).toMatch(/Autumn Cup\s+ongoing\s+16\/16/);
    // columns line up under the header
    expect(lines[1]!.indexOf('Spring Open')).toBe(lines[0]!.indexOf('NAME'));
  });

  it('prints tab-separated rows of the raw API values without header when piped', async () => {
    server.use(http.get(`${BASE}/tournaments`, () => HttpResponse.json(page([spring, autumn]))));
    const result = await runCli(['tournament', 'list', ...KEY], { configDir: dir.path });
    expect(result.out).toBe(
      `${spring.id}\tSpring Open\tREGISTRATION_OPEN\t5\t16\t${spring.startDate}\n` +
        `${autumn.id}\tAutumn Cup\tONGOING\t16\t16\t${autumn.startDate}\n`,
    );
  });

  it('says on stderr when a piped list has more pages', async () => {
    server.use(http.get(`${BASE}/tournaments`, () => HttpResponse.json(page([spring], 1, 4, 10))));
    const result = await runCli(['tournament', 'list', ...KEY], { configDir: dir.path });
    expect(result.out.split('\n')).toHaveLength(2);
    expect(result.err).toBe('showing page 1 of 4 (40 tournaments); use --page 2 or --all for more\n');
  });

  it('passes --status, --page and --limit and hints at more pages on a terminal', async () => {
    let query: URLSearchParams | undefined;
    server.use(
      http.get(`${BASE}/tournaments`, ({ request }) => {
        query = new URL(request.url).searchParams;
        return HttpResponse.json(page([autumn], 2, 3, 1));
      }),
    );
    const result = await runCli(['tournament', 'list', '--status', 'ongoing', '--page', '2', '--limit', '1', ...KEY], {
      configDir: dir.path,
      io: captureIo({ isTTY: true }),
    });
    expect(result.code).toBe(0);
    expect(query?.get('status')).toBe('ONGOING');
    expect(query?.get('page')).toBe('2');
    expect(query?.get('limit')).toBe('1');
    expect(result.err).toBe('showing page 2 of 3 (3 tournaments); use --page 3 or --all for more\n');
  });

  it('--all follows every page with client.paginate', async () => {
    const pages: string[] = [];
    server.use(
      http.get(`${BASE}/tournaments`, ({ request }) => {
        const url = new URL(request.url);
        pages.push(`${url.searchParams.get('page')}/${url.searchParams.get('limit')}`);
        return HttpResponse.json(url.searchParams.get('page') === '1' ? page([spring], 1, 2, 100) : page([autumn], 2, 2, 100));
      }),
    );
    const result = await runCli(['tournament', 'list', '--all', '--json', ...KEY], { configDir: dir.path });
    expect(result.code).toBe(0);
    expect(pages).toEqual(['1/100', '2/100']);
    expect(JSON.parse(result.out).map((t: { name: string }) => t.name)).toEqual(['Spring Open', 'Autumn Cup']);
  });

  it('rejects an unknown --status value', async () => {
    const result = await runCli(['tournament', 'list', '--status', 'sleeping', ...KEY], { configDir: dir.path });
    expect(result.code).toBe(1);
    expect(result.err).toBe('error: --status must be one of draft, published, registration-open, registration-closed, ongoing, completed (got "sleeping")\n');
  });

  it('--status with --public or --mine lists only the statuses those lists take (no draft), before any request', async () => {
    for (const view of ['--public', '--mine']) {
      const result = await runCli(['tournament', 'list', view, '--status', 'bogus', ...KEY], { configDir: dir.path });
      expect(result.code, view).toBe(1);
      expect(result.err).toBe('error: --status must be one of published, registration-open, registration-closed, ongoing, completed (got "bogus")\n');
    }
    const draft = await runCli(['tournament', 'list', '--public', '--status', 'draft', ...KEY], { configDir: dir.path });
    expect(draft.code).toBe(1);
    expect(draft.err).toContain('--status draft is never public');
  });
});

describe('tourney tournament create', () => {
  it('fails without --name when not running interactively', async () => {
    const result = await runCli(['tournament', 'create', '--discipline', 'chess', ...KEY], { configDir: dir.path });
    expect(result.code).toBe(1);
    expect(result.err).toBe('error: must provide --name when not running interactively\n');
  });

  it('sends the tournament and prints the id when piped', async () => {
    const created = captureTournamentCreate(server);
    const result = await runCli(
      ['tournament', 'create', '--name', 'Spring Open', '--discipline', 'chess', '--max-participants', '32', '--third-place', ...KEY],
      { configDir: dir.path },
    );
    expect(result.err).toBe('');
    expect(result.code).toBe(0);
    expect(result.out).toBe(`${spring.id}\n`);
    expect(created.body).toEqual({
      name: 'Spring Open',
      disciplineId: 'chess',
      maxParticipants: 32,
      teamSize: 1,
      startDate: '2030-01-02T12:00:00.000Z',
      stages: [{ name: 'Main', format: 'SINGLE_ELIMINATION', settings: { thirdPlaceMatch: true } }],
    });
  });

  it('prompts for name and discipline on a terminal and prints a status line', async () => {
    const created = captureTournamentCreate(server);
    const prompter = scriptedPrompter(['Spring Open', 'chess']);
    const result = await runCli(['tournament', 'create', '--format', 'round-robin', '--start-date', '2030-05-01T18:00:00+02:00', ...KEY], {
      configDir: dir.path,
      io: captureIo({ isTTY: true }),
      deps: { prompter },
    });
    expect(result.code).toBe(0);
    expect(prompter.questions).toEqual(['tournament name', 'discipline (game code, e.g. chess)']);
    expect(created.body).toMatchObject({
      name: 'Spring Open',
      disciplineId: 'chess',
      startDate: '2030-05-01T16:00:00.000Z',
      stages: [{ name: 'Main', format: 'ROUND_ROBIN' }],
    });
    expect(result.out).toBe(`created tournament "Spring Open" (${spring.id}), status draft\n`);
  });

  it('rejects a malformed --start-date', async () => {
    const result = await runCli(['tournament', 'create', '--name', 'X', '--discipline', 'chess', '--start-date', 'soon', ...KEY], {
      configDir: dir.path,
    });
    expect(result.code).toBe(1);
    expect(result.err).toBe('error: invalid --start-date "soon": expected an ISO 8601 date-time, e.g. 2030-05-01T18:00:00Z\n');
  });

  it('needs a project with a login token', async () => {
    const result = await runCli(['tournament', 'create', '--name', 'X', '--discipline', 'chess', '--base-url', BASE], {
      configDir: dir.path,
    });
    expect(result.code).toBe(1);
    expect(result.err).toBe(
      'error: no project given and the profile has no default project\n' +
        "hint: pass --project ID, create one with 'tourney project create --name NAME', or pick one: tourney project use ID\n",
    );
  });
});

describe('tournament lifecycle commands', () => {
  it.each([
    ['publish', 'publish', 'PUBLISHED', 'published'],
    ['open-registration', 'registration/open', 'REGISTRATION_OPEN', 'registration open'],
    ['close-registration', 'registration/close', 'REGISTRATION_CLOSED', 'registration closed'],
    ['start', 'start', 'ONGOING', 'ongoing'],
  ] as const)('%s posts to /%s', async (verb, path, status, shown) => {
    let called = false;
    server.use(
      http.post(`${BASE}/tournaments/${spring.id}/${path}`, () => {
        called = true;
        return HttpResponse.json({ success: true, data: tournament({ status }) });
      }),
    );
    const result = await runCli(['tournament', verb, spring.id, ...KEY], { configDir: dir.path, io: captureIo({ isTTY: true }) });
    expect(result.code).toBe(0);
    expect(called).toBe(true);
    expect(result.out).toBe(`tournament "Spring Open" is now ${shown}\n`);
    const piped = await runCli(['tournament', verb, spring.id, ...KEY], { configDir: dir.path });
    expect(piped.out).toBe(`${status}\n`);
  });

  it('renders API errors as "error: <message> (<code>, request <id>)" with exit 1', async () => {
    server.use(
      http.post(`${BASE}/tournaments/${spring.id}/start`, () =>
        HttpResponse.json(apiError('NOT_ENOUGH_PARTICIPANTS', 'at least 2 participants are needed', 'req-9'), { status: 409 }),
      ),
    );
    const result = await runCli(['tournament', 'start', spring.id, ...KEY], { configDir: dir.path });
    expect(result.code).toBe(1);
    expect(result.err).toBe('error: at least 2 participants are needed (NOT_ENOUGH_PARTICIPANTS, request req-9)\n');
  });

  it('hints at starting a server when it cannot connect', async () => {
    server.use(http.post(`${BASE}/tournaments/${spring.id}/publish`, () => HttpResponse.error()));
    const result = await runCli(['tournament', 'publish', spring.id, ...KEY], { configDir: dir.path });
    expect(result.code).toBe(1);
    expect(result.err).toBe(
      `error: cannot reach the server at ${BASE} (NETWORK_ERROR)\n` +
        "hint: is it running? start one with 'tourney server start', or point to another with --base-url\n",
    );
  });

  it('exits 1 on 403 (a refusal), with a hint naming the missing scope', async () => {
    server.use(
      http.post(`${BASE}/tournaments/${spring.id}/publish`, () =>
        HttpResponse.json(
          apiError('INSUFFICIENT_SCOPE', 'this API key lacks the scope manage:tournaments required by publishTournament', 'req-3'),
          { status: 403 },
        ),
      ),
    );
    const result = await runCli(['tournament', 'publish', spring.id, ...KEY], { configDir: dir.path });
    expect(result.code).toBe(1);
    expect(result.err).toBe(
      'error: this API key lacks the scope manage:tournaments (INSUFFICIENT_SCOPE, request req-3)\n' +
        'hint: create a key that has it: tourney api-key create --name NAME --scope manage:tournaments\n',
    );
  });

  it('exits 4 on 401 and says how to log in or sign up', async () => {
    server.use(
      http.post(`${BASE}/tournaments/${spring.id}/publish`, () =>
        HttpResponse.json(
          apiError('UNAUTHORIZED', 'publishTournament needs credentials: send X-API-Key or Authorization: Bearer <access token>', 'req-4'),
          { status: 401 },
        ),
      ),
    );
    const result = await runCli(['tournament', 'publish', spring.id, '--base-url', BASE], { configDir: dir.path });
    expect(result.code).toBe(4);
    expect(result.err).toBe(
      'error: you are not logged in and no API key is set (UNAUTHORIZED, request req-4)\n' +
        "hint: run 'tourney login' (no account yet? 'tourney signup'), or pass --api-key\n",
    );
  });

  it('get --json prints the tournament', async () => {
    server.use(http.get(`${BASE}/tournaments/${spring.id}`, () => HttpResponse.json({ success: true, data: spring })));
    const result = await runCli(['tournament', 'get', spring.id, '--json', ...KEY], { configDir: dir.path });
    expect(JSON.parse(result.out)).toEqual(spring);
  });

  it('join needs a login', async () => {
    const result = await runCli(['tournament', 'join', spring.id, ...KEY], { configDir: dir.path });
    expect(result.code).toBe(4);
    expect(result.err).toContain('error: not logged in (profile default)');
  });
});

describe('tourney tournament analytics', () => {
  it('the participants line counts every status, no-shows included, so the parts add up to the total', async () => {
    const analytics = {
      tournamentId: spring.id,
      status: 'ONGOING',
      participants: { registered: 0, checkedIn: 0, active: 4, eliminated: 3, disqualified: 1, withdrawn: 1, noShow: 2 },
      totalParticipants: 11,
      matches: { total: 7, scheduled: 2, inProgress: 0, pendingResult: 1, completed: 4, disputed: 0, resolved: 0, byes: 0, walkovers: 1, draws: 0 },
      checkInRate: 0.8,
      disputeRate: 0,
      averageMatchDurationSeconds: 1800,
      progress: 0.57,
      generatedAt: '2030-01-01T12:00:00.000Z',
    };
    server.use(http.get(`${BASE}/tournaments/${spring.id}/analytics`, () => HttpResponse.json({ success: true, data: analytics })));
    const result = await runCli(['tournament', 'analytics', spring.id, ...KEY], { configDir: dir.path, io: captureIo({ isTTY: true }) });
    expect(result.code, result.err).toBe(0);
    expect(result.out).toMatch(/participants:\s+11 \(0 registered, 0 checked in, 4 active, 3 eliminated, 1 disqualified, 1 withdrawn, 2 no-show\)\n/);
  });
});

describe('tourney tournament clone', () => {
  it('posts the name and start of the copy (cloneTournament, R5.17): a sentence on a terminal, the new id piped', async () => {
    const sent: unknown[] = [];
    server.use(
      http.post(`${BASE}/tournaments/${spring.id}/clone`, async ({ request }) => {
        sent.push(await request.json());
        return HttpResponse.json(
          { success: true, data: tournament({ id: '01900000-0000-7000-8000-000000000009', name: 'Spring Open II', status: 'DRAFT', startDate: '2030-03-08T18:00:00.000Z' }) },
          { status: 201 },
        );
      }),
    );
    const shown = await runCli(['tournament', 'clone', spring.id, '--name', 'Spring Open II', '--start-date', '2030-03-08T18:00:00Z', ...KEY], {
      configDir: dir.path,
      io: captureIo({ isTTY: true }),
    });
    expect(shown.code, shown.err).toBe(0);
    expect(shown.out).toMatch(/^created tournament "Spring Open II" \(01900000-0000-7000-8000-000000000009\), status draft, starting /);
    const piped = await runCli(['tournament', 'clone', spring.id, ...KEY], { configDir: dir.path });
    expect(piped.out).toBe('01900000-0000-7000-8000-000000000009\n');
    expect(sent).toEqual([{ name: 'Spring Open II', startDate: '2030-03-08T18:00:00.000Z' }, {}]);
    const bad = await runCli(['tournament', 'clone', spring.id, '--start-date', 'next week', ...KEY], { configDir: dir.path });
    expect(bad.code).not.toBe(0);
    expect(bad.err).toContain('--start-date');
    expect(sent).toHaveLength(2);
  });
});
