import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import { BASE, tournament } from './helpers/api-fixtures';
import { runCli } from './helpers/cli-harness';
import { useConfigDir } from './helpers/fixtures';
import { useMswServer } from './helpers/msw';

// R20.12: errors name the command's flags, never a JSON path or an API field name; R26.9 / R20.8: a day flag takes
// a real calendar day, refused before any request.
const server = useMswServer();
const dir = useConfigDir({ baseUrl: BASE, apiKey: 'tk_test_key_123456', accessToken: 'tat_alice', refreshToken: 'trt_alice', username: 'alice' });

const tid = tournament().id;

/** An API error envelope with details. */
function failure(status: number, code: string, message: string, details: { path: string; message: string }[] = []) {
  return HttpResponse.json({ success: false, error: { code, message, requestId: 'req-1', details } }, { status });
}

/** Answers every method on `url` with `answer`, counting the requests. */
function serve(url: string, answer: () => Response, counter = { requests: 0 }) {
  server.use(
    http.all(url, () => {
      counter.requests += 1;
      return answer();
    }),
  );
  return counter;
}

describe('server errors name the flags of the command', () => {
  it('tournament join on a team tournament names --team-name and --member, not team paths', async () => {
    serve(`${BASE}/tournaments/${tid}/participate`, () =>
      failure(400, 'VALIDATION_ERROR', 'body.team: is required: this tournament is played by teams of 2', [
        { path: 'body.team', message: 'is required: this tournament is played by teams of 2' },
      ]),
    );
    const missing = await runCli(['tournament', 'join', tid], { configDir: dir.path });
    expect(missing.code).toBe(1);
    expect(missing.err).toContain('error: --team-name is required: this tournament is played by teams of 2 (VALIDATION_ERROR, request req-1)\n');
    serve(`${BASE}/tournaments/${tid}/participate`, () =>
      failure(400, 'VALIDATION_ERROR', 'invalid team', [
        { path: 'body.team.name', message: 'must have at most 80 characters' },
        { path: 'body.team.memberUserIds', message: 'must list exactly 2 users (teamSize), got 1' },
        { path: 'body.team.memberUserIds[0]', message: 'must match format "uuid"' },
      ]),
    );
    const bad = await runCli(['tournament', 'join', tid, '--team-name', 'Owls', '--member', tid], { configDir: dir.path });
    expect(bad.err).toContain('error: --team-name must have at most 80 characters (and 2 more: --member must list exactly 2 users (teamSize), got 1; --member value 1 must be an id');
    expect(bad.err).not.toMatch(/body\.|team\.name|memberUserIds/);
  });

  it('tournament join takes team members by username, sending the ids the API takes', async () => {
    const ids: Record<string, string> = { alice: '01900000-0000-7000-8000-00000000a11c', bob: '01900000-0000-7000-8000-000000000b0b' };
    server.use(
      http.get(`${BASE}/users/:username`, ({ params }) => {
        const id = ids[String(params.username)];
        return id
          ? HttpResponse.json({ success: true, data: { id, username: params.username, displayName: null, bio: null, avatarUrl: null, country: null, createdAt: '2030-01-01T00:00:00.000Z' } })
          : failure(404, 'NOT_FOUND', 'user not found');
      }),
    );
    let sent: unknown;
    server.use(
      http.post(`${BASE}/tournaments/${tid}/participate`, async ({ request }) => {
        sent = await request.json();
        return failure(409, 'ALREADY_REGISTERED', 'already registered');
      }),
    );
    await runCli(['tournament', 'join', tid, '--team-name', 'Owls', '--member', 'alice', ids.bob!], { configDir: dir.path });
    expect(sent).toEqual({ team: { name: 'Owls', memberUserIds: [ids.alice, ids.bob] } });
    const unknown = await runCli(['tournament', 'join', tid, '--team-name', 'Owls', '--member', 'alice', 'nobody'], { configDir: dir.path });
    expect(unknown.code).toBe(1);
    expect(unknown.err).toContain('user not found');
  });

  it('anticheat session start names --participant and calendar list names --tournament, not JSON paths', async () => {
    server.use(
      http.get(`${BASE}/users/:username`, ({ params }) =>
        HttpResponse.json({ success: true, data: { id: `01900000-0000-7000-8000-00000000000${String(params.username).length}`, username: params.username, displayName: null, bio: null, avatarUrl: null, country: null, createdAt: '2030-01-01T00:00:00.000Z' } }),
      ),
    );
    serve(`${BASE}/anti-cheat/sessions`, () =>
      failure(400, 'VALIDATION_ERROR', 'invalid body', [{ path: 'body.participants[1].userId', message: 'must match format "uuid"' }]),
    );
    const session = await runCli(['anticheat', 'session', 'start', '--game', 'cs2', '--participant', 'alice', '--participant', 'bob'], { configDir: dir.path });
    expect(session.code).toBe(1);
    expect(session.err).toContain('error: --participant value 2 must be an id such as 0199a1b2-7c3d-7e4f-8a5b-6c7d8e9f0a1b (VALIDATION_ERROR, request req-1)\n');
    serve(`${BASE}/calendar/feed`, () => failure(400, 'VALIDATION_ERROR', 'invalid query', [{ path: 'query.tournamentId', message: 'must match format "uuid"' }]));
    const calendar = await runCli(['calendar', 'list', '--tournament', 'nope'], { configDir: dir.path });
    expect(calendar.code).toBe(1);
    expect(calendar.err).toContain('error: --tournament must be an id such as 0199a1b2-7c3d-7e4f-8a5b-6c7d8e9f0a1b (VALIDATION_ERROR, request req-1)\n');
    expect(session.err + calendar.err).not.toMatch(/participants\[|tournamentId/);
  });

  it('a started tournament: locked fields are named by their flag, in the message too', async () => {
    const locked = (field: string) => () =>
      failure(409, 'TOURNAMENT_LOCKED', `body.${field} cannot change once the tournament is ONGOING`, [
        { path: `body.${field}`, message: 'locked once the tournament is ONGOING' },
      ]);
    serve(`${BASE}/tournaments/${tid}`, locked('maxParticipants'));
    const max = await runCli(['tournament', 'update', tid, '--max-participants', '64'], { configDir: dir.path });
    expect(max.code).toBe(1);
    expect(max.err).toBe('error: --max-participants cannot change once the tournament is ONGOING (TOURNAMENT_LOCKED, request req-1)\n');
    serve(`${BASE}/tournaments/${tid}`, locked('startDate'));
    const start = await runCli(['tournament', 'update', tid, '--start-date', '2030-06-01T18:00:00Z'], { configDir: dir.path });
    expect(start.err).toBe('error: --start-date cannot change once the tournament is ONGOING (TOURNAMENT_LOCKED, request req-1)\n');
    serve(`${BASE}/tournaments/${tid}/participants/pa`, locked('seed'));
    const seed = await runCli(['participant', 'update', tid, 'pa', '--seed', '3'], { configDir: dir.path });
    expect(seed.err).toBe('error: --seed cannot change once the tournament is ONGOING (TOURNAMENT_LOCKED, request req-1)\n');
  });

  it('API field names inside validation messages become the flags (--start-date), else stay as they are', async () => {
    serve(`${BASE}/tournaments`, () =>
      failure(400, 'VALIDATION_ERROR', 'body.registrationOpensAt: must not be after startDate', [
        { path: 'body.registrationOpensAt', message: 'must not be after startDate' },
      ]),
    );
    const created = await runCli(
      ['tournament', 'create', '--name', 'Cup', '--discipline', 'chess', '--start-date', '2030-06-01T18:00:00Z', '--registration-opens', '2030-06-02T18:00:00Z'],
      { configDir: dir.path },
    );
    expect(created.code).toBe(1);
    expect(created.err).toContain('error: --registration-opens must not be after --start-date (VALIDATION_ERROR, request req-1)\n');
    serve(`${BASE}/circuits/c1/seasons`, () =>
      failure(400, 'VALIDATION_ERROR', 'body.endDate: must be on or after startDate (2030-06-30)', [
        { path: 'body.endDate', message: 'must be on or after startDate (2030-06-30)' },
      ]),
    );
    const season = await runCli(['circuit', 'season', 'create', 'c1', '--name', 'S1', '--start-date', '2030-06-30', '--end-date', '2030-06-01', '--placements', '1=100'], {
      configDir: dir.path,
    });
    expect(season.code).toBe(1);
    expect(season.err).toContain('error: --end-date must be on or after --start-date (2030-06-30) (VALIDATION_ERROR, request req-1)\n');
    // A command without such a flag keeps the server's word: nothing is invented.
    serve(`${BASE}/tournaments/${tid}/participate`, () => failure(409, 'TOURNAMENT_FULL', 'the tournament is full (maxParticipants 16)'));
    const full = await runCli(['tournament', 'join', tid], { configDir: dir.path });
    expect(full.err).toBe('error: the tournament is full (maxParticipants 16) (TOURNAMENT_FULL, request req-1)\n');
  });

  it('circuit season update names the scoring of a started season by its flags --placements/--linear/--exponential', async () => {
    const started = (fields: string[]) => () =>
      failure(409, 'INVALID_STATE', `${fields.map((f) => `body.${f}`).join(', ')}: season 1 is ACTIVE: only its name can change`, fields.map((f) => ({
        path: `body.${f}`,
        message: 'season 1 is ACTIVE: only its name can change',
      })));
    serve(`${BASE}/circuits/c1/seasons/s1`, started(['scoring']));
    const scoring = await runCli(['circuit', 'season', 'update', 'c1', 's1', '--linear', '100:10'], { configDir: dir.path });
    expect(scoring.code).toBe(1);
    expect(scoring.err).toBe('error: --placements/--linear/--exponential: season 1 is ACTIVE: only its name can change (INVALID_STATE, request req-1)\n');
    serve(`${BASE}/circuits/c1/seasons/s1`, started(['endDate', 'scoring']));
    const both = await runCli(['circuit', 'season', 'update', 'c1', 's1', '--end-date', '2030-11-30', '--placements', '1=100'], { configDir: dir.path });
    expect(both.err).toBe('error: --end-date, --placements/--linear/--exponential: season 1 is ACTIVE: only its name can change (INVALID_STATE, request req-1)\n');
  });
});

describe('day flags take a real calendar day, refused before any request', () => {
  it('tournament list --public --from/--to refuse month 13 and 30 February, naming the flag', async () => {
    const counter = serve(`${BASE}/tournaments/public`, () => HttpResponse.json({ success: true, data: [], pagination: { page: 1, limit: 10, total: 0, totalPages: 0, hasNext: false, hasPrevious: false } }));
    for (const [flag, value] of [['--from', '2026-13-01'], ['--to', '2026-02-30'], ['--from', '2026-02-29'], ['--to', '2026-04-31'], ['--from', '2026-00-10']] as const) {
      const result = await runCli(['tournament', 'list', '--public', flag, value], { configDir: dir.path });
      expect(result.code, `${flag} ${value}`).toBe(1);
      expect(result.err).toBe(`error: ${flag} must be a calendar day written YYYY-MM-DD, e.g. 2030-06-01 (got "${value}")\n`);
    }
    expect(counter.requests).toBe(0);
    const leap = await runCli(['tournament', 'list', '--public', '--from', '2028-02-29', '--to', '2028-12-31'], { configDir: dir.path });
    expect(leap.code, leap.err).toBe(0);
    expect(counter.requests).toBe(1);
  });

  it('calendar list|export and tournament list --public refuse --from after --to, naming both, before any request', async () => {
    const counter = serve(`${BASE}/*`, () => failure(500, 'INTERNAL', 'no request expected'));
    for (const argv of [['calendar', 'list'], ['calendar', 'export'], ['tournament', 'list', '--public']]) {
      const result = await runCli([...argv, '--from', '2030-06-30', '--to', '2030-06-01'], { configDir: dir.path });
      expect(result.code, argv.join(' ')).toBe(1);
      expect(result.err).toBe('error: --from (2030-06-30) must not be after --to (2030-06-01)\n');
    }
    expect(counter.requests).toBe(0);
  });

  it('calendar export and circuit season create refuse days the calendar does not have', async () => {
    const counter = serve(`${BASE}/*`, () => failure(500, 'INTERNAL', 'no request expected'));
    const calendar = await runCli(['calendar', 'export', '--from', '2030-02-30'], { configDir: dir.path });
    expect(calendar.code).toBe(1);
    // One wording for every day flag (shared.ts checkDayFlag), whatever the command.
    expect(calendar.err).toBe('error: --from must be a calendar day written YYYY-MM-DD, e.g. 2030-06-01 (got "2030-02-30")\n');
    const season = await runCli(['circuit', 'season', 'create', 'c1', '--name', 'S1', '--start-date', '2030-02-30', '--end-date', '2030-06-01'], { configDir: dir.path });
    expect(season.code).toBe(1);
    expect(season.err).toBe('error: --start-date must be a calendar day written YYYY-MM-DD, e.g. 2030-06-01 (got "2030-02-30")\n');
    const start = await runCli(['tournament', 'update', tid, '--start-date', '2030-02-30T18:00:00Z'], { configDir: dir.path });
    expect(start.code).toBe(1);
    expect(start.err).toContain('invalid --start-date "2030-02-30T18:00:00Z"');
    expect(counter.requests).toBe(0);
  });
});

