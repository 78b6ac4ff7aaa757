import { describe, expect } from 'vitest';
import { addStaffMember, createApiKey, createTenant, it, registerPlayers, registerUser, request } from './helpers/index';
import { activeCircuit, allStandings, classify, completedTournament, createCircuit, createSeason, DEFAULT_SCORING, seasonTransition } from './circuits-helpers';

describe('circuits: create, get, update, list', () => {
  it('creates a DRAFT circuit with an API key and with a staff token (projectId required)', async ({ server, tenant }) => {
    const byKey = await request(server, 'POST', '/circuits', { apiKey: tenant.apiKey.key, body: { name: 'Key Tour', disciplineId: 'chess' } });
    expect(byKey.status).toBe(201);
    expect(byKey.body.data).toMatchObject({
      name: 'Key Tour',
      projectId: tenant.project.id,
      disciplineId: 'chess',
      description: null,
      status: 'DRAFT',
      activeSeasonId: null,
      seasons: [],
    });
    const noProject = await request(server, 'POST', '/circuits', { token: tenant.owner.accessToken, body: { name: 'X' } });
    expect(noProject.status).toBe(400);
    expect(noProject.body.error.details[0].path).toBe('body.projectId');
    const byOwner = await request(server, 'POST', '/circuits', {
      token: tenant.owner.accessToken,
      body: { name: 'Owner Tour', description: 'Monthly cups', projectId: tenant.project.id },
    });
    expect(byOwner.status).toBe(201);
    const got = await request(server, 'GET', `/circuits/${byOwner.body.data.id}`, { apiKey: tenant.apiKey.key });
    expect(got.status).toBe(200);
    expect(got.body.data).toEqual(byOwner.body.data);
  });

  it('validates the body and names the field', async ({ server, tenant }) => {
    const res = await request(server, 'POST', '/circuits', { apiKey: tenant.apiKey.key, body: { name: '', disciplineId: 'Bad Id' } });
    expect(res.status).toBe(400);
    expect(res.body.error.details.map((d: any) => d.path).sort()).toEqual(['body.disciplineId', 'body.name']);
  });

  it('updates name, description and discipline partially', async ({ server, tenant }) => {
    const c = await createCircuit(server, tenant, { description: 'old' });
    const res = await request(server, 'PUT', `/circuits/${c.id}`, { apiKey: tenant.apiKey.key, body: { name: 'Renamed', disciplineId: 'go' } });
    expect(res.status).toBe(200);
    expect(res.body.data).toMatchObject({ id: c.id, name: 'Renamed', description: 'old', disciplineId: 'go' });
    const cleared = await request(server, 'PUT', `/circuits/${c.id}`, { apiKey: tenant.apiKey.key, body: { description: null } });
    expect(cleared.body.data).toMatchObject({ name: 'Renamed', description: null });
  });

  it('lists the project\'s circuits newest first, paginated, with a status filter', async ({ server }) => {
    const own = await createTenant(server);
    const ids: string[] = [];
    for (let i = 0; i < 3; i++) {
      ids.push((await createCircuit(server, own, { name: `Tour ${i}` })).id);
      server.clock.advance(1000);
    }
    await createSeason(server, own, ids[1]!);
    await seasonTransition(server, own, ids[1]!, 'start');
    const page1 = await request(server, 'GET', '/circuits', { apiKey: own.apiKey.key, query: { limit: 2 } });
    expect(page1.status).toBe(200);
    expect(page1.body.data.map((c: any) => c.id)).toEqual([ids[2], ids[1]]);
    expect(page1.body.pagination).toEqual({ page: 1, limit: 2, total: 3, totalPages: 2, hasNext: true, hasPrevious: false });
    const active = await request(server, 'GET', '/circuits', { token: own.owner.accessToken, query: { projectId: own.project.id, status: 'ACTIVE' } });
    expect(active.body.data.map((c: any) => c.id)).toEqual([ids[1]]);
    expect(active.body.data[0].seasons).toHaveLength(1);
    const noProject = await request(server, 'GET', '/circuits', { token: own.owner.accessToken });
    expect(noProject.status).toBe(400);
    expect(noProject.body.error.details[0].path).toBe('query.projectId');
  });
});

describe('circuits: who may do what', () => {
  it('needs read:circuits to read and manage:circuits to write with a key; 404 for another project', async ({ server, tenant }) => {
    const c = await createCircuit(server, tenant);
    const reader = await createApiKey(server, tenant.owner, tenant.project.id, ['read:circuits']);
    const none = await createApiKey(server, tenant.owner, tenant.project.id, ['read:analytics']);
    expect((await request(server, 'GET', `/circuits/${c.id}`, { apiKey: reader.key })).status).toBe(200);
    const noScope = await request(server, 'GET', `/circuits/${c.id}`, { apiKey: none.key });
    expect(noScope.status).toBe(403);
    expect(noScope.body.error.code).toBe('INSUFFICIENT_SCOPE');
    const write = await request(server, 'PUT', `/circuits/${c.id}`, { apiKey: reader.key, body: { name: 'No' } });
    expect(write.status).toBe(403);
    expect(write.body.error.code).toBe('INSUFFICIENT_SCOPE');
    const stranger = await createTenant(server);
    expect((await request(server, 'GET', `/circuits/${c.id}`, { apiKey: stranger.apiKey.key })).status).toBe(404);
    expect((await request(server, 'GET', `/circuits/${c.id}`)).status).toBe(401);
  });

  it('lets any staff read and OWNER/ADMIN/ORGANIZER write; others get 403 (404 for a DRAFT circuit)', async ({ server, tenant }) => {
    const c = await createCircuit(server, tenant);
    const moderator = await registerUser(server);
    const organizer = await registerUser(server);
    await addStaffMember(server, tenant.organization.id, moderator.id, 'MODERATOR');
    await addStaffMember(server, tenant.organization.id, organizer.id, 'ORGANIZER');
    expect((await request(server, 'GET', `/circuits/${c.id}`, { token: moderator.accessToken })).status).toBe(200);
    const refused = await request(server, 'POST', `/circuits/${c.id}/seasons`, {
      token: moderator.accessToken,
      body: { name: 'S', startDate: '2030-01-01', endDate: '2030-02-01', scoring: DEFAULT_SCORING },
    });
    expect(refused.status).toBe(403);
    expect(refused.body.error.code).toBe('FORBIDDEN');
    const created = await request(server, 'POST', `/circuits/${c.id}/seasons`, {
      token: organizer.accessToken,
      body: { name: 'S', startDate: '2030-01-01', endDate: '2030-02-01', scoring: DEFAULT_SCORING },
    });
    expect(created.status).toBe(201);
    const outsider = await registerUser(server);
    expect((await request(server, 'GET', `/circuits/${c.id}`, { token: outsider.accessToken })).status).toBe(404);
    await seasonTransition(server, tenant, c.id, 'start');
    expect((await request(server, 'GET', `/circuits/${c.id}`, { token: outsider.accessToken })).status).toBe(403);
  });
});

describe('seasons', () => {
  it('creates UPCOMING seasons numbered in order and reads one', async ({ server, tenant }) => {
    const c = await createCircuit(server, tenant);
    const s1 = await createSeason(server, tenant, c.id, { name: 'Spring', startDate: '2030-03-01', endDate: '2030-05-31' });
    const s2 = await createSeason(server, tenant, c.id, {
      name: 'Summer',
      startDate: '2030-06-01',
      endDate: '2030-08-31',
      scoring: { strategy: 'LINEAR', maxPoints: 50, step: 5 },
    });
    expect(s1).toMatchObject({ circuitId: c.id, number: 1, name: 'Spring', status: 'UPCOMING', tournamentCount: 0, startedAt: null, completedAt: null, scoring: DEFAULT_SCORING });
    expect(s2).toMatchObject({ number: 2, scoring: { strategy: 'LINEAR', maxPoints: 50, step: 5, minPoints: 0 } });
    const got = await request(server, 'GET', `/circuits/${c.id}/seasons/${s2.id}`, { apiKey: tenant.apiKey.key });
    expect(got.body.data).toEqual(s2);
    const other = await createCircuit(server, tenant);
    expect((await request(server, 'GET', `/circuits/${other.id}/seasons/${s2.id}`, { apiKey: tenant.apiKey.key })).status).toBe(404);
    const circuit = await request(server, 'GET', `/circuits/${c.id}`, { apiKey: tenant.apiKey.key });
    expect(circuit.body.data.seasons.map((s: any) => s.name)).toEqual(['Spring', 'Summer']);
  });

  it.for<[Record<string, unknown>, string]>([
    [{ strategy: 'LINEAR', maxPoints: 100 }, 'body.scoring.step'],
    [{ strategy: 'LINEAR', maxPoints: 10, step: 1, minPoints: 20 }, 'body.scoring.minPoints'],
    [{ strategy: 'EXPONENTIAL', maxPoints: 100, decay: 1.2 }, 'body.scoring.decay'],
    [{ strategy: 'PLACEMENT', placements: { '1': 100, '3-4': 40, '4': 10 } }, 'body.scoring.placements["4"]'],
    [{ strategy: 'PLACEMENT', placements: { '1': 100, '4-3': 40 } }, 'body.scoring.placements["4-3"]'],
    [{ strategy: 'PLACEMENT', placements: { first: 100 } }, 'body.scoring.placements'],
  ])('refuses the scoring %j with 400 naming %s', async ([scoring, path], { server, tenant }) => {
    const c = await createCircuit(server, tenant);
    const res = await request(server, 'POST', `/circuits/${c.id}/seasons`, {
      apiKey: tenant.apiKey.key,
      body: { name: 'S', startDate: '2030-01-01', endDate: '2030-02-01', scoring },
    });
    expect(res.status).toBe(400);
    expect(res.body.error.code).toBe('VALIDATION_ERROR');
    expect(res.body.error.details.map((d: any) => d.path)).toContain(path);
  });

  it('refuses an end date before the start date', async ({ server, tenant }) => {
    const c = await createCircuit(server, tenant);
    const res = await request(server, 'POST', `/circuits/${c.id}/seasons`, {
      apiKey: tenant.apiKey.key,
      body: { name: 'S', startDate: '2030-02-01', endDate: '2030-01-31', scoring: DEFAULT_SCORING },
    });
    expect(res.status).toBe(400);
    expect(res.body.error.details[0].path).toBe('body.endDate');
  });

  it('starts the earliest UPCOMING season, or the one named, one at a time; completes the ACTIVE one; a COMPLETED circuit takes a new season', async ({ server, tenant }) => {
    const c = await createCircuit(server, tenant);
    const late = await createSeason(server, tenant, c.id, { name: 'Late', startDate: '2031-01-01', endDate: '2031-06-30' });
    const early = await createSeason(server, tenant, c.id, { name: 'Early', startDate: '2030-01-01', endDate: '2030-06-30' });
    const noneActive = await request(server, 'POST', `/circuits/${c.id}/complete`, { apiKey: tenant.apiKey.key });
    expect(noneActive.status).toBe(409);
    expect(noneActive.body.error.code).toBe('INVALID_STATE');

    const started = await seasonTransition(server, tenant, c.id, 'start');
    expect(started).toMatchObject({ id: early.id, status: 'ACTIVE' });
    expect(started.startedAt).toBe(server.clock.now().toISOString());
    const circuit = await request(server, 'GET', `/circuits/${c.id}`, { apiKey: tenant.apiKey.key });
    expect(circuit.body.data).toMatchObject({ status: 'ACTIVE', activeSeasonId: early.id });
    const again = await request(server, 'POST', `/circuits/${c.id}/start`, { apiKey: tenant.apiKey.key, body: { seasonId: late.id } });
    expect(again.status).toBe(409);
    expect(again.body.error.message).toContain('Early');

    const completed = await seasonTransition(server, tenant, c.id, 'complete');
    expect(completed).toMatchObject({ id: early.id, status: 'COMPLETED' });
    expect((await request(server, 'GET', `/circuits/${c.id}`, { apiKey: tenant.apiKey.key })).body.data).toMatchObject({ status: 'ACTIVE', activeSeasonId: null });
    const restart = await request(server, 'POST', `/circuits/${c.id}/start`, { apiKey: tenant.apiKey.key, body: { seasonId: early.id } });
    expect(restart.status).toBe(409);
    const unknown = await request(server, 'POST', `/circuits/${c.id}/start`, { apiKey: tenant.apiKey.key, body: { seasonId: tenant.project.id } });
    expect(unknown.status).toBe(404);
    expect((await seasonTransition(server, tenant, c.id, 'start', { seasonId: late.id })).status).toBe('ACTIVE');
    await seasonTransition(server, tenant, c.id, 'complete');
    const done = await request(server, 'GET', `/circuits/${c.id}`, { apiKey: tenant.apiKey.key });
    expect(done.body.data.status).toBe('COMPLETED');
    const nothingLeft = await request(server, 'POST', `/circuits/${c.id}/start`, { apiKey: tenant.apiKey.key });
    expect(nothingLeft.status).toBe(409);
    const newSeason = await request(server, 'POST', `/circuits/${c.id}/seasons`, {
      apiKey: tenant.apiKey.key,
      body: { name: 'More', startDate: '2032-01-01', endDate: '2032-02-01', scoring: DEFAULT_SCORING },
    });
    // Next year's season of a COMPLETED circuit: the circuit is ACTIVE again, between two seasons, until it starts.
    expect(newSeason.status).toBe(201);
    expect(newSeason.body.data).toMatchObject({ number: 3, status: 'UPCOMING' });
    expect((await request(server, 'GET', `/circuits/${c.id}`, { apiKey: tenant.apiKey.key })).body.data).toMatchObject({ status: 'ACTIVE', activeSeasonId: null });
    expect(await seasonTransition(server, tenant, c.id, 'start')).toMatchObject({ id: newSeason.body.data.id, status: 'ACTIVE' });

    const events = await server.deps.db.selectFrom('events').select(['type', 'data']).where('subject_id', '=', c.id).orderBy('created_at').orderBy('id').execute();
    expect(events.map((e) => e.type)).toEqual(['circuit.season_started', 'circuit.season_ended', 'circuit.season_started', 'circuit.season_ended', 'circuit.season_started']);
    expect(JSON.parse(events[0]!.data)).toEqual({ circuitId: c.id, season: started });
  });
});

describe('public circuit pages (no credentials)', () => {
  it('lists ACTIVE circuits of every project and shows ACTIVE or COMPLETED ones without the project id', async ({ server }) => {
    const other = await createTenant(server);
    const draft = await createCircuit(server, other, { name: 'Hidden draft' });
    const live = await createCircuit(server, other, { name: 'Live tour', description: 'public' });
    await createSeason(server, other, live.id);
    await seasonTransition(server, other, live.id, 'start');

    const list = await request(server, 'GET', '/circuits/public/active', { query: { limit: 100 } });
    expect(list.status).toBe(200);
    const ids = list.body.data.map((c: any) => c.id);
    expect(ids).toContain(live.id);
    expect(ids).not.toContain(draft.id);
    expect(list.body.data.every((c: any) => c.status === 'ACTIVE' && !('projectId' in c))).toBe(true);

    const details = await request(server, 'GET', `/circuits/public/${live.id}`);
    expect(details.status).toBe(200);
    expect(details.body.data).toMatchObject({ id: live.id, name: 'Live tour', status: 'ACTIVE', standings: [] });
    expect(details.body.data).not.toHaveProperty('projectId');
    expect(details.body.data.seasons).toHaveLength(1);
    expect((await request(server, 'GET', `/circuits/public/${draft.id}`)).status).toBe(404);
  });

  it('shows a COMPLETED circuit, off the ACTIVE list, with the top 10 of its last season', async ({ server }) => {
    const other = await createTenant(server);
    const scoring = { strategy: 'PLACEMENT', placements: { '1': 100, '2': 70, '3-4': 40, '5-8': 20, '9-16': 10 } };
    const { circuit } = await activeCircuit(server, other, { scoring }, { name: 'Finished tour' });
    const twelve = await registerPlayers(server, 12);
    const t = await completedTournament(server, other, twelve);
    expect((await classify(server, other, circuit.id, t.id)).status).toBe(200);
    await seasonTransition(server, other, circuit.id, 'complete');

    const details = await request(server, 'GET', `/circuits/public/${circuit.id}`);
    expect(details.status).toBe(200);
    expect(details.body.data).toMatchObject({ id: circuit.id, name: 'Finished tour', status: 'COMPLETED' });
    expect(details.body.data).not.toHaveProperty('projectId');
    // Twelve competitors scored; the public page shows the best ten, in standings order.
    const full = await allStandings(server, other, circuit.id);
    expect(full).toHaveLength(12);
    expect(details.body.data.standings.map((s: any) => [s.userId, s.points])).toEqual(full.slice(0, 10).map((s: any) => [s.userId, s.points]));
    const active = await request(server, 'GET', '/circuits/public/active', { query: { limit: 100 } });
    expect(active.body.data.map((c: any) => c.id)).not.toContain(circuit.id);
  });
});
