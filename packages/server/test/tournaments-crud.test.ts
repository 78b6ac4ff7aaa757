import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addStaffMember, createApiKey, createTenant, registerUser, request, startTestServer, type TestServer, type TestTenant } from './helpers/index';
import { createTournament, joinAll, lifecycle, openTournament, registerPlayers, tournamentBody } from './tournaments-helpers';

let server: TestServer;
let tenant: TestTenant;
let other: TestTenant;

beforeAll(async () => {
  server = await startTestServer();
  tenant = await createTenant(server);
  other = await createTenant(server);
});
afterAll(async () => server?.close());

describe('createTournament', () => {
  it('creates a DRAFT with its stages, defaults and zero counts', async () => {
    const t = await createTournament(server, tenant, { startDate: '2030-06-01T14:00:00+02:00', description: 'Open to all' });
    expect(t).toMatchObject({
      projectId: tenant.project.id,
      status: 'DRAFT',
      teamSize: 1,
      checkInRequired: false,
      checkInOpensMinutesBefore: 60,
      startDate: '2030-06-01T12:00:00.000Z',
      currentParticipants: 0,
      participantCounts: { registered: 0, checkedIn: 0, active: 0, eliminated: 0, disqualified: 0, withdrawn: 0 },
      publishedAt: null,
    });
    expect(t.stages).toEqual([
      {
        id: expect.any(String),
        number: 1,
        name: 'Main bracket',
        format: 'SINGLE_ELIMINATION',
        status: 'PENDING',
        settings: { thirdPlaceMatch: false, seedOrdering: 'inner_outer', roundIntervalMinutes: 60 },
      },
    ]);
  });

  it('accepts an API key with manage:tournaments and puts the tournament in the key project', async () => {
    const res = await request(server, 'POST', '/tournaments', { apiKey: tenant.apiKey.key, body: tournamentBody({ projectId: other.project.id }) });
    expect(res.status).toBe(201);
    expect(res.body.data.projectId).toBe(tenant.project.id);
    const readOnly = await createApiKey(server, tenant.owner, tenant.project.id, ['read:tournaments']);
    const refused = await request(server, 'POST', '/tournaments', { apiKey: readOnly.key, body: tournamentBody() });
    expect(refused.status).toBe(403);
    expect(refused.body.error.code).toBe('INSUFFICIENT_SCOPE');
  });

  it('answers 400 naming the offending field', async () => {
    const { disciplineId: _omitted, ...missing } = tournamentBody({ projectId: tenant.project.id });
    const res = await request(server, 'POST', '/tournaments', { token: tenant.owner.accessToken, body: missing });
    expect(res.status).toBe(400);
    expect(res.body.error.code).toBe('VALIDATION_ERROR');
    expect(JSON.stringify(res.body.error.details)).toContain('disciplineId');

    const badFormat = await request(server, 'POST', '/tournaments', {
      token: tenant.owner.accessToken,
      body: tournamentBody({ projectId: tenant.project.id, stages: [{ name: 'x', format: 'KNOCKOUT' }] }),
    });
    expect(badFormat.status).toBe(400);
    expect(badFormat.body.error.details.map((d: any) => d.path).join()).toContain('body.stages[0].format');

    const late = await request(server, 'POST', '/tournaments', {
      token: tenant.owner.accessToken,
      body: tournamentBody({ projectId: tenant.project.id, registrationClosesAt: '2030-06-02T00:00:00Z' }),
    });
    expect(late.status).toBe(400);
    expect(late.body.error.details).toEqual([{ path: 'body.registrationClosesAt', message: 'must not be after startDate' }]);

    const noProject = await request(server, 'POST', '/tournaments', { token: tenant.owner.accessToken, body: tournamentBody() });
    expect(noProject.status).toBe(400);
    expect(noProject.body.error.details[0].path).toBe('body.projectId');
  });

  it('accepts maxParticipants 2 to 4096 and teamSize 1 to 16, and answers 400 naming the field outside', async () => {
    const create = (overrides: Record<string, unknown>) =>
      request(server, 'POST', '/tournaments', { token: tenant.owner.accessToken, body: tournamentBody({ projectId: tenant.project.id, ...overrides }) });
    for (const inside of [{ maxParticipants: 2 }, { maxParticipants: 4096 }, { teamSize: 1 }, { teamSize: 16 }]) {
      expect((await create(inside)).status, JSON.stringify(inside)).toBe(201);
    }
    for (const [outside, path] of [
      [{ maxParticipants: 1 }, 'body.maxParticipants'],
      [{ maxParticipants: 4097 }, 'body.maxParticipants'],
      [{ maxParticipants: 8.5 }, 'body.maxParticipants'],
      [{ teamSize: 0 }, 'body.teamSize'],
      [{ teamSize: 17 }, 'body.teamSize'],
    ] as const) {
      const res = await create(outside);
      expect(res.status, JSON.stringify(outside)).toBe(400);
      expect(res.body.error.code).toBe('VALIDATION_ERROR');
      expect(res.body.error.details.map((d: any) => d.path)).toContain(path);
    }
  });

  it('refuses a user who is not staff of the project organization', async () => {
    // Projects are private: to a stranger the project does not exist (404, R4.11); staff without the role get 403.
    const stranger = await registerUser(server);
    const res = await request(server, 'POST', '/tournaments', { token: stranger.accessToken, body: tournamentBody({ projectId: tenant.project.id }) });
    expect(res.status).toBe(404);
    expect(res.body.error.code).toBe('NOT_FOUND');
    const moderator = await registerUser(server);
    await addStaffMember(server, tenant.organization.id, moderator.id, 'MODERATOR');
    const refused = await request(server, 'POST', '/tournaments', { token: moderator.accessToken, body: tournamentBody({ projectId: tenant.project.id }) });
    expect(refused.status).toBe(403);
    expect(refused.body.error.code).toBe('FORBIDDEN');
  });
});

describe('visibility and tenancy', () => {
  it('hides a DRAFT from anonymous callers and other users, shows it to the project staff and keys', async () => {
    const t = await createTournament(server, tenant);
    const stranger = await registerUser(server);
    expect((await request(server, 'GET', `/tournaments/${t.id}`)).status).toBe(404);
    expect((await request(server, 'GET', `/tournaments/${t.id}`, { token: stranger.accessToken })).status).toBe(404);
    expect((await request(server, 'GET', `/tournaments/${t.id}/participants`)).status).toBe(404);
    expect((await request(server, 'GET', `/tournaments/${t.id}`, { token: tenant.owner.accessToken })).status).toBe(200);
    expect((await request(server, 'GET', `/tournaments/${t.id}`, { apiKey: tenant.apiKey.key })).status).toBe(200);
    await lifecycle(server, tenant, t.id, 'publish');
    const pub = await request(server, 'GET', `/tournaments/${t.id}`);
    expect(pub.status).toBe(200);
    expect(pub.body.data.publishedAt).not.toBeNull();
  });

  it('answers 404 to a key of another project, for reads of drafts and for every write', async () => {
    const draft = await createTournament(server, tenant);
    const published = await createTournament(server, tenant);
    await lifecycle(server, tenant, published.id, 'publish');
    const key = other.apiKey.key;
    expect((await request(server, 'GET', `/tournaments/${draft.id}`, { apiKey: key })).status).toBe(404);
    const put = await request(server, 'PUT', `/tournaments/${published.id}`, { apiKey: key, body: { name: 'Hijacked' } });
    expect(put.status).toBe(404);
    expect(put.body.error.code).toBe('NOT_FOUND');
    expect((await request(server, 'DELETE', `/tournaments/${published.id}`, { apiKey: key })).status).toBe(404);
    expect((await request(server, 'POST', `/tournaments/${draft.id}/publish`, { apiKey: key })).status).toBe(404);
    const list = await request(server, 'GET', '/tournaments', { apiKey: key, query: { limit: 100 } });
    expect(list.body.data.map((x: any) => x.id)).not.toContain(published.id);
  });
});

describe('key scopes on tournament reads', () => {
  it('needs read:tournaments (or manage:tournaments) for every tournament read by a key, DRAFTs included', async () => {
    const draft = await createTournament(server, tenant, { name: 'Scoped draft' });
    const published = await createTournament(server, tenant, { name: 'Scoped public' });
    await lifecycle(server, tenant, published.id, 'publish');
    const participant = await request(server, 'GET', `/tournaments/${published.id}/participants`, { apiKey: tenant.apiKey.key });
    expect(participant.status).toBe(200);
    const reads = (id: string) => [
      '/tournaments',
      `/tournaments/${id}`,
      `/tournaments/${id}/bracket`,
      `/tournaments/${id}/schedule`,
      `/tournaments/${id}/stages`,
      `/tournaments/${id}/participants`,
    ];
    const detectionsOnly = await createApiKey(server, tenant.owner, tenant.project.id, ['anticheat:detections.read']);
    for (const path of [...reads(draft.id), ...reads(published.id)]) {
      const refused = await request(server, 'GET', path, { apiKey: detectionsOnly.key });
      expect(`${refused.status} ${refused.body.error?.code}`, `${path}: ${refused.text}`).toBe('403 INSUFFICIENT_SCOPE');
      expect(refused.body.error.message).toContain('read:tournaments');
    }
    for (const scopes of [['read:tournaments'], ['manage:tournaments']] as const) {
      const reader = await createApiKey(server, tenant.owner, tenant.project.id, scopes);
      for (const path of reads(draft.id)) {
        const res = await request(server, 'GET', path, { apiKey: reader.key });
        // Past the scope check: the draft's bracket does not exist yet (409), everything else is served.
        expect(res.status, `${scopes} ${path}: ${res.text}`).toBe(path.endsWith('/bracket') ? 409 : 200);
      }
      const list = await request(server, 'GET', '/tournaments', { apiKey: reader.key, query: { limit: 100 } });
      expect(list.body.data.map((t: any) => t.id)).toContain(draft.id);
    }
  });
});

describe('updateTournament', () => {
  it('updates any field before the start and replaces stages by number', async () => {
    const t = await createTournament(server, tenant);
    const res = await request(server, 'PUT', `/tournaments/${t.id}`, {
      token: tenant.owner.accessToken,
      body: {
        name: 'Renamed',
        maxParticipants: 32,
        stages: [
          { name: 'Groups', format: 'GROUPS', settings: { groupCount: 4 } },
          { name: 'Playoffs', format: 'SINGLE_ELIMINATION' },
        ],
      },
    });
    expect(res.status).toBe(200);
    expect(res.body.data).toMatchObject({ name: 'Renamed', maxParticipants: 32, disciplineId: 'chess' });
    expect(res.body.data.stages.map((s: any) => [s.number, s.name, s.format])).toEqual([
      [1, 'Groups', 'GROUPS'],
      [2, 'Playoffs', 'SINGLE_ELIMINATION'],
    ]);
    expect(res.body.data.stages[0].id).toBe(t.stages[0].id);
    expect(res.body.data.stages[0].settings).toMatchObject({ groupCount: 4, roundRobinCycles: 1, pointsForWin: 3 });
  });

  it('locks stages, teamSize and maxParticipants once ONGOING but still accepts a new name', async () => {
    const t = await openTournament(server, tenant);
    await joinAll(server, t.id, await registerPlayers(server, 2));
    const started = await lifecycle(server, tenant, t.id, 'start');
    const stages = await request(server, 'PUT', `/tournaments/${t.id}`, {
      token: tenant.owner.accessToken,
      body: { stages: [{ name: 'Main bracket', format: 'SINGLE_ELIMINATION', settings: { thirdPlaceMatch: true } }] },
    });
    expect(stages.status).toBe(409);
    expect(stages.body.error.code).toBe('TOURNAMENT_LOCKED');
    expect(stages.body.error.details[0].path).toBe('body.stages');
    const teamSize = await request(server, 'PUT', `/tournaments/${t.id}`, { token: tenant.owner.accessToken, body: { teamSize: 2 } });
    expect(teamSize.body.error.code).toBe('TOURNAMENT_LOCKED');
    const max = await request(server, 'PUT', `/tournaments/${t.id}`, { apiKey: tenant.apiKey.key, body: { maxParticipants: 64 } });
    expect(max.body.error.code).toBe('TOURNAMENT_LOCKED');
    // Sending the structure back unchanged (as returned, defaults filled in) is accepted.
    const same = await request(server, 'PUT', `/tournaments/${t.id}`, {
      token: tenant.owner.accessToken,
      body: {
        name: 'Spring Cup (live)',
        maxParticipants: 8,
        stages: started.stages.map((s: any) => ({ name: s.name, format: s.format, settings: s.settings })),
      },
    });
    expect(same.status).toBe(200);
    expect(same.body.data.name).toBe('Spring Cup (live)');
    expect(same.body.data.status).toBe('ONGOING');
  });

  it('refuses a required check-in without a window (checkInOpensMinutesBefore 0) on create and update, naming the field', async () => {
    const field = 'body.checkInOpensMinutesBefore';
    const refused = (res: any, what: string) => {
      expect(res.status, what).toBe(400);
      expect(res.body.error.code, what).toBe('VALIDATION_ERROR');
      expect(res.body.error.details.map((d: any) => d.path), what).toEqual([field]);
    };
    const create = (body: Record<string, unknown>) =>
      request(server, 'POST', '/tournaments', { token: tenant.owner.accessToken, body: tournamentBody({ projectId: tenant.project.id, ...body }) });
    refused(await create({ checkInRequired: true, checkInOpensMinutesBefore: 0 }), 'create');
    expect((await create({ checkInRequired: false, checkInOpensMinutesBefore: 0 })).status).toBe(201);
    const ok = await create({ checkInRequired: true, checkInOpensMinutesBefore: 1 });
    expect(ok.status).toBe(201);

    const put = (id: string, body: Record<string, unknown>) => request(server, 'PUT', `/tournaments/${id}`, { token: tenant.owner.accessToken, body });
    refused(await put(ok.body.data.id, { checkInOpensMinutesBefore: 0 }), 'update of the minutes');
    // Check-in turned on while the stored window is 0 minutes.
    const noWindow = await createTournament(server, tenant, { checkInOpensMinutesBefore: 0 });
    refused(await put(noWindow.id, { checkInRequired: true }), 'check-in turned on');
    refused(await put(noWindow.id, { checkInRequired: true, checkInOpensMinutesBefore: 0, name: 'Both' }), 'both at once');
    const fixed = await put(noWindow.id, { checkInRequired: true, checkInOpensMinutesBefore: 30 });
    expect(fixed.status).toBe(200);
    expect(fixed.body.data).toMatchObject({ checkInRequired: true, checkInOpensMinutesBefore: 30 });
    const after = await request(server, 'GET', `/tournaments/${ok.body.data.id}`, { apiKey: tenant.apiKey.key });
    expect(after.body.data).toMatchObject({ checkInRequired: true, checkInOpensMinutesBefore: 1 });
  });

  it('refuses maxParticipants below the places taken', async () => {
    const t = await openTournament(server, tenant);
    await joinAll(server, t.id, await registerPlayers(server, 3));
    const res = await request(server, 'PUT', `/tournaments/${t.id}`, { token: tenant.owner.accessToken, body: { maxParticipants: 2 } });
    expect(res.status).toBe(409);
    expect(res.body.error.details[0].path).toBe('body.maxParticipants');
  });
});

describe('lifecycle rules', () => {
  it('refuses transitions from the wrong state with 409 INVALID_STATE', async () => {
    const t = await createTournament(server, tenant);
    const openFromDraft = await request(server, 'POST', `/tournaments/${t.id}/registration/open`, { token: tenant.owner.accessToken });
    expect(openFromDraft.status).toBe(409);
    expect(openFromDraft.body.error.code).toBe('INVALID_STATE');
    const startDraft = await request(server, 'POST', `/tournaments/${t.id}/start`, { token: tenant.owner.accessToken });
    expect(startDraft.body.error.code).toBe('INVALID_STATE');
    await lifecycle(server, tenant, t.id, 'publish');
    const again = await request(server, 'POST', `/tournaments/${t.id}/publish`, { token: tenant.owner.accessToken });
    expect(again.status).toBe(409);
    expect(again.body.error.code).toBe('INVALID_STATE');
    await lifecycle(server, tenant, t.id, 'registration/open');
    const closed = await lifecycle(server, tenant, t.id, 'registration/close');
    expect(closed.status).toBe('REGISTRATION_CLOSED');
    const bracket = await request(server, 'GET', `/tournaments/${t.id}/bracket`);
    expect(bracket.status).toBe(409);
    expect(bracket.body.error.code).toBe('INVALID_STATE');
    const schedule = await request(server, 'GET', `/tournaments/${t.id}/schedule`);
    expect(schedule.body).toMatchObject({ data: [], pagination: { total: 0, totalPages: 0 } });
  });

  it('needs two eligible participants to start and leaves the tournament unchanged otherwise', async () => {
    const t = await openTournament(server, tenant);
    await joinAll(server, t.id, await registerPlayers(server, 1));
    const res = await request(server, 'POST', `/tournaments/${t.id}/start`, { token: tenant.owner.accessToken });
    expect(res.status).toBe(409);
    expect(res.body.error.code).toBe('NOT_ENOUGH_PARTICIPANTS');
    const after = await request(server, 'GET', `/tournaments/${t.id}`);
    expect(after.body.data.status).toBe('REGISTRATION_OPEN');
    expect(after.body.data.participantCounts.registered).toBe(1);
  });

  it('starts any format, but refuses a stage plan the entrants cannot fill with 409 naming the field', async () => {
    const t = await openTournament(server, tenant, { stages: [{ name: 'League', format: 'ROUND_ROBIN' }] });
    await joinAll(server, t.id, await registerPlayers(server, 2));
    const res = await request(server, 'POST', `/tournaments/${t.id}/start`, { token: tenant.owner.accessToken });
    expect(res.status).toBe(200);
    expect(res.body.data.stages[0].status).toBe('ONGOING');

    const groups = await openTournament(server, tenant, {
      stages: [
        { name: 'Groups', format: 'GROUPS', settings: { groupCount: 4 } },
        { name: 'Playoffs', format: 'SINGLE_ELIMINATION' },
      ],
    });
    await joinAll(server, groups.id, await registerPlayers(server, 4));
    const refused = await request(server, 'POST', `/tournaments/${groups.id}/start`, { token: tenant.owner.accessToken });
    expect(refused.status).toBe(409);
    expect(refused.body.error.code).toBe('NOT_ENOUGH_PARTICIPANTS');
    expect(refused.body.error.details[0].path).toBe('stages[0].settings.groupCount');
    expect((await request(server, 'GET', `/tournaments/${groups.id}`)).body.data.status).toBe('REGISTRATION_OPEN');
  });

  it('lists the stages as a standard page: pagination, page and limit, a page past the end empty (R3.3)', async () => {
    const t = await createTournament(server, tenant, {
      stages: [
        { name: 'Groups', format: 'GROUPS', settings: { groupCount: 2, advanceCount: 4 } },
        { name: 'Semis', format: 'SINGLE_ELIMINATION', settings: { advanceCount: 2 } },
        { name: 'Final', format: 'SINGLE_ELIMINATION' },
      ],
    });
    await lifecycle(server, tenant, t.id, 'publish');
    const page = (query: Record<string, number> = {}) => request(server, 'GET', `/tournaments/${t.id}/stages`, { query });
    const all = await page();
    expect(all.status, all.text).toBe(200);
    expect(all.body.data.map((s: { name: string }) => s.name)).toEqual(['Groups', 'Semis', 'Final']);
    expect(all.body.pagination).toEqual({ page: 1, limit: 10, total: 3, totalPages: 1, hasNext: false, hasPrevious: false });
    const second = await page({ page: 2, limit: 2 });
    expect(second.body.data.map((s: { number: number }) => s.number)).toEqual([3]);
    expect(second.body.pagination).toEqual({ page: 2, limit: 2, total: 3, totalPages: 2, hasNext: false, hasPrevious: true });
    const first = await page({ limit: 2 });
    expect(first.body.data.map((s: { number: number }) => s.number)).toEqual([1, 2]);
    expect(first.body.pagination).toMatchObject({ page: 1, totalPages: 2, hasNext: true, hasPrevious: false });
    const beyond = await page({ page: 3, limit: 2 });
    expect(beyond.status).toBe(200);
    expect(beyond.body).toEqual({ success: true, data: [], pagination: { page: 3, limit: 2, total: 3, totalPages: 2, hasNext: false, hasPrevious: true } });
    const tooMany = await page({ limit: 101 });
    expect(tooMany.status).toBe(400);
    expect(tooMany.body.error.details[0].path).toBe('query.limit');
  });

  it('lists stages publicly and deletes a tournament unless it is ONGOING', async () => {
    const t = await openTournament(server, tenant);
    const stages = await request(server, 'GET', `/tournaments/${t.id}/stages`);
    expect(stages.body.data.map((s: any) => s.name)).toEqual(['Main bracket']);
    await joinAll(server, t.id, await registerPlayers(server, 2));
    await lifecycle(server, tenant, t.id, 'start');
    const refused = await request(server, 'DELETE', `/tournaments/${t.id}`, { token: tenant.owner.accessToken });
    expect(refused.status).toBe(409);
    expect(refused.body.error.code).toBe('INVALID_STATE');

    const draft = await createTournament(server, tenant);
    const deleted = await request(server, 'DELETE', `/tournaments/${draft.id}`, { apiKey: tenant.apiKey.key });
    expect(deleted.status).toBe(204);
    expect(deleted.text).toBe('');
    expect((await request(server, 'GET', `/tournaments/${draft.id}`, { token: tenant.owner.accessToken })).status).toBe(404);
  });
});
