import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addStaffMember, createApiKey, createTenant, expectStatus, registerUser, request, startTestServer, type TestServer, type TestTenant, type TestUser } from './helpers/index';
import { activeCircuit, allStandings, classify, completedTournament, createCircuit, createSeason, DEFAULT_SCORING, seasonTransition } from './circuits-helpers';
import { registerPlayers } from './tournaments-helpers';

// Organizers correct mistakes in circuits: a classification taken out again (unclassifyTournament), a season changed
// or deleted before it starts (updateCircuitSeason, deleteCircuitSeason), a test circuit deleted (deleteCircuit).

let server: TestServer;
let tenant: TestTenant;
let players: TestUser[];
let p1: TestUser, p2: TestUser, p3: TestUser, p4: TestUser;

beforeAll(async () => {
  server = await startTestServer();
  tenant = await createTenant(server);
  players = await registerPlayers(server, 4);
  [p1, p2, p3, p4] = players as [TestUser, TestUser, TestUser, TestUser];
});
afterAll(async () => server?.close());

/** A standings line without its season: [userId, name, points, wins, tournamentsPlayed, bestPlacement, rank]. */
const line = (s: any) => [s.userId, s.name, s.points, s.wins, s.tournamentsPlayed, s.bestPlacement, s.rank];
const unclassify = (circuitId: string, tournamentId: string, auth: { token?: string; apiKey?: string } = { token: tenant.owner.accessToken }) =>
  request(server, 'DELETE', `/circuits/${circuitId}/tournaments/${tournamentId}`, auth);
const owner = () => ({ token: tenant.owner.accessToken });
const listed = async (circuitId: string) =>
  (await request(server, 'GET', `/circuits/${circuitId}/tournaments`, { apiKey: tenant.apiKey.key })).body.data.map((t: any) => [t.tournamentId, t.seasonId]);

describe('unclassifyTournament', () => {
  it('removes a classification and recomputes the season as if it had never been classified; it may be classified again', async () => {
    const t1 = await completedTournament(server, tenant, players);
    const t2 = await completedTournament(server, tenant, players, { winOrder: [p4, p3, p2, p1] });
    const t3 = await completedTournament(server, tenant, players, { winOrder: [p3, p1, p2, p4] });
    const { circuit, season } = await activeCircuit(server, tenant);
    expectStatus(await classify(server, tenant, circuit.id, t1.id), 200, 'classify t1');
    expectStatus(await classify(server, tenant, circuit.id, t2.id, { pointMultiplier: 1.5 }), 200, 'classify t2');
    expectStatus(await classify(server, tenant, circuit.id, t3.id), 200, 'classify t3');
    const withAll = (await allStandings(server, tenant, circuit.id)).map(line);
    // What the season would be had t2 never been classified: another circuit given t1 and t3 alone.
    const { circuit: reference } = await activeCircuit(server, tenant);
    expectStatus(await classify(server, tenant, reference.id, t1.id), 200, 'reference t1');
    expectStatus(await classify(server, tenant, reference.id, t3.id), 200, 'reference t3');
    const withoutT2 = (await allStandings(server, tenant, reference.id)).map(line);
    expect(withoutT2).not.toEqual(withAll);

    const removed = await unclassify(circuit.id, t2.id);
    expect(removed.status).toBe(204);
    expect(removed.text).toBe('');
    const after = await allStandings(server, tenant, circuit.id);
    expect(after.map(line)).toEqual(withoutT2);
    expect(after.every((l) => l.seasonId === season.id)).toBe(true);
    expect((await allStandings(server, tenant, circuit.id, { cumulative: true })).map(line)).toEqual(
      (await allStandings(server, tenant, reference.id, { cumulative: true })).map(line),
    );
    expect(await listed(circuit.id)).toEqual([
      [t3.id, season.id],
      [t1.id, season.id],
    ]);
    const s = await request(server, 'GET', `/circuits/${circuit.id}/seasons/${season.id}`, { apiKey: tenant.apiKey.key });
    expect(s.body.data.tournamentCount).toBe(2);
    const events = await server.deps.db.selectFrom('events').select('data').where('type', '=', 'circuit.standings_updated').where('subject_id', '=', circuit.id).orderBy('created_at').orderBy('id').execute();
    expect(events.map((e) => JSON.parse(e.data))).toEqual([
      { circuitId: circuit.id, seasonId: season.id, tournamentId: t1.id, change: 'CLASSIFIED' },
      { circuitId: circuit.id, seasonId: season.id, tournamentId: t2.id, change: 'CLASSIFIED' },
      { circuitId: circuit.id, seasonId: season.id, tournamentId: t3.id, change: 'CLASSIFIED' },
      { circuitId: circuit.id, seasonId: season.id, tournamentId: t2.id, change: 'UNCLASSIFIED' },
    ]);

    // No longer classified: 404, as is a tournament that never was.
    const again = await unclassify(circuit.id, t2.id);
    expect(again.status).toBe(404);
    expect(again.body.error.message).toContain('not classified');
    expect((await unclassify(circuit.id, tenant.project.id)).status).toBe(404);

    // Classified again (last, this time): the season adds up to what it was with the three.
    const back = await classify(server, tenant, circuit.id, t2.id, { pointMultiplier: 1.5 });
    expect(back.status).toBe(200);
    expect((await allStandings(server, tenant, circuit.id)).map(line)).toEqual(withAll);
  });

  it('leaves a COMPLETED season as it is (409 INVALID_STATE); a tournament taken out may go into a later season', async () => {
    const t1 = await completedTournament(server, tenant, players);
    const t2 = await completedTournament(server, tenant, players, { winOrder: [p2, p1, p3, p4] });
    const c = await createCircuit(server, tenant);
    const s1 = await createSeason(server, tenant, c.id, { name: 'One', startDate: '2030-01-01', endDate: '2030-06-30' });
    const s2 = await createSeason(server, tenant, c.id, { name: 'Two', startDate: '2030-07-01', endDate: '2030-12-31' });
    await seasonTransition(server, tenant, c.id, 'start');
    expectStatus(await classify(server, tenant, c.id, t1.id), 200, 'classify t1');
    expectStatus(await classify(server, tenant, c.id, t2.id), 200, 'classify t2');
    // t2 belonged to the next season: out of season one, then season one completes with t1 alone.
    expect((await unclassify(c.id, t2.id)).status).toBe(204);
    await seasonTransition(server, tenant, c.id, 'complete');
    const final = await allStandings(server, tenant, c.id, { seasonId: s1.id });
    expect(final.map((l) => [l.userId, l.points, l.tournamentsPlayed])).toEqual([
      [p1.id, 100, 1],
      [p2.id, 70, 1],
      [p3.id, 40, 1],
      [p4.id, 40, 1],
    ]);

    const frozen = await unclassify(c.id, t1.id);
    expect(frozen.status).toBe(409);
    expect(frozen.body.error.code).toBe('INVALID_STATE');
    expect(frozen.body.error.message).toContain('COMPLETED');
    expect(await allStandings(server, tenant, c.id, { seasonId: s1.id })).toEqual(final);

    await seasonTransition(server, tenant, c.id, 'start');
    const later = await classify(server, tenant, c.id, t2.id);
    expect(later.status).toBe(200);
    expect(later.body.data.seasonId).toBe(s2.id);
    expect(await listed(c.id)).toEqual([
      [t2.id, s2.id],
      [t1.id, s1.id],
    ]);
    expect(await allStandings(server, tenant, c.id, { seasonId: s1.id })).toEqual(final);
  });

  it('needs manage:circuits or OWNER/ADMIN/ORGANIZER staff; another project\'s circuit is 404', async () => {
    const t = await completedTournament(server, tenant, players);
    const { circuit } = await activeCircuit(server, tenant);
    expectStatus(await classify(server, tenant, circuit.id, t.id), 200, 'classify');
    const reader = await createApiKey(server, tenant.owner, tenant.project.id, ['read:circuits']);
    const byReader = await unclassify(circuit.id, t.id, { apiKey: reader.key });
    expect(byReader.status).toBe(403);
    expect(byReader.body.error.code).toBe('INSUFFICIENT_SCOPE');
    const moderator = await registerUser(server);
    await addStaffMember(server, tenant.organization.id, moderator.id, 'MODERATOR');
    expect((await unclassify(circuit.id, t.id, { token: moderator.accessToken })).status).toBe(403);
    const stranger = await createTenant(server);
    expect((await unclassify(circuit.id, t.id, { apiKey: stranger.apiKey.key })).status).toBe(404);
    expect((await unclassify(circuit.id, t.id, {})).status).toBe(401);
    const organizer = await registerUser(server);
    await addStaffMember(server, tenant.organization.id, organizer.id, 'ORGANIZER');
    expect((await unclassify(circuit.id, t.id, { token: organizer.accessToken })).status).toBe(204);
  });
});

describe('updateCircuitSeason', () => {
  const patch = (circuitId: string, seasonId: string, body: unknown) =>
    request(server, 'PATCH', `/circuits/${circuitId}/seasons/${seasonId}`, { apiKey: tenant.apiKey.key, body });

  it('changes an UPCOMING season\'s name, dates and scoring, checked as at creation; the new scoring gives the points', async () => {
    const c = await createCircuit(server, tenant);
    const s = await createSeason(server, tenant, c.id, { name: 'Spring', startDate: '2030-03-01', endDate: '2030-05-31' });
    const linear = { strategy: 'LINEAR', maxPoints: 50, step: 20 };
    const res = await patch(c.id, s.id, { name: '  Spring cup  ', startDate: '2030-02-01', scoring: linear });
    expect(res.status).toBe(200);
    expect(res.body.data).toMatchObject({ id: s.id, number: 1, name: 'Spring cup', status: 'UPCOMING', startDate: '2030-02-01', endDate: '2030-05-31', scoring: { ...linear, minPoints: 0 } });
    expect(res.body.data.updatedAt).toBe(server.clock.now().toISOString());
    expect((await request(server, 'GET', `/circuits/${c.id}/seasons/${s.id}`, { apiKey: tenant.apiKey.key })).body.data).toEqual(res.body.data);

    const field = async (body: unknown) => {
      const refused = await patch(c.id, s.id, body);
      expect(refused.status, JSON.stringify(body)).toBe(400);
      return refused.body.error.details.map((d: any) => d.path);
    };
    expect(await field({ endDate: '2030-01-31' })).toEqual(['body.endDate']);
    expect(await field({ startDate: '2030-06-01' })).toEqual(['body.startDate']);
    expect(await field({ startDate: '2030-07-01', endDate: '2030-06-30' })).toEqual(['body.endDate']);
    expect(await field({ name: '   ' })).toEqual(['body.name']);
    expect(await field({ scoring: { strategy: 'PLACEMENT', placements: { '1': 100, '3-4': 40, '4': 10 } } })).toContain('body.scoring.placements["4"]');
    expect((await patch(c.id, s.id, {})).status).toBe(400);
    expect((await patch(c.id, s.id, { number: 3 })).status).toBe(400);
    // Nothing of the refused changes was kept.
    expect((await request(server, 'GET', `/circuits/${c.id}/seasons/${s.id}`, { apiKey: tenant.apiKey.key })).body.data).toEqual(res.body.data);

    // LINEAR 50/20 from then on: 50, 30, 10, 10.
    await seasonTransition(server, tenant, c.id, 'start');
    const t = await completedTournament(server, tenant, players);
    const classified = await classify(server, tenant, c.id, t.id);
    expect(classified.body.data.awards.map((a: any) => [a.userId, a.points])).toEqual([
      [p1.id, 50],
      [p2.id, 30],
      [p3.id, 10],
      [p4.id, 10],
    ]);
  });

  it('once the season has started changes only its name: 409 INVALID_STATE naming the other fields', async () => {
    const c = await createCircuit(server, tenant);
    const s = await createSeason(server, tenant, c.id);
    await seasonTransition(server, tenant, c.id, 'start');
    const scoring = await patch(c.id, s.id, { scoring: { strategy: 'LINEAR', maxPoints: 10, step: 1 } });
    expect(scoring.status).toBe(409);
    expect(scoring.body.error.code).toBe('INVALID_STATE');
    expect(scoring.body.error.details.map((d: any) => d.path)).toEqual(['body.scoring']);
    const both = await patch(c.id, s.id, { name: 'Not kept', startDate: '2030-02-01', endDate: '2030-11-30' });
    expect(both.status).toBe(409);
    expect(both.body.error.details.map((d: any) => d.path)).toEqual(['body.startDate', 'body.endDate']);
    const renamed = await patch(c.id, s.id, { name: 'Season 2030 (pro)' });
    expect(renamed.status).toBe(200);
    expect(renamed.body.data).toMatchObject({ name: 'Season 2030 (pro)', status: 'ACTIVE', startDate: '2030-01-01', endDate: '2030-12-31', scoring: DEFAULT_SCORING });

    await seasonTransition(server, tenant, c.id, 'complete');
    expect((await patch(c.id, s.id, { endDate: '2030-12-30' })).status).toBe(409);
    const completedRename = await patch(c.id, s.id, { name: 'Season 2030' });
    expect(completedRename.status).toBe(200);
    expect(completedRename.body.data).toMatchObject({ name: 'Season 2030', status: 'COMPLETED' });

    const other = await createCircuit(server, tenant);
    expect((await patch(other.id, s.id, { name: 'X' })).status).toBe(404);
    const reader = await createApiKey(server, tenant.owner, tenant.project.id, ['read:circuits']);
    expect((await request(server, 'PATCH', `/circuits/${c.id}/seasons/${s.id}`, { apiKey: reader.key, body: { name: 'X' } })).status).toBe(403);
  });
});

describe('deleteCircuitSeason', () => {
  const remove = (circuitId: string, seasonId: string) => request(server, 'DELETE', `/circuits/${circuitId}/seasons/${seasonId}`, owner());
  const circuitOf = async (id: string) => (await request(server, 'GET', `/circuits/${id}`, { apiKey: tenant.apiKey.key })).body.data;

  it('deletes an UPCOMING season; the others keep their numbers and a DRAFT circuit stays DRAFT', async () => {
    const c = await createCircuit(server, tenant);
    const s1 = await createSeason(server, tenant, c.id, { name: 'One' });
    const s2 = await createSeason(server, tenant, c.id, { name: 'Two' });
    const s3 = await createSeason(server, tenant, c.id, { name: 'Three' });
    const res = await remove(c.id, s2.id);
    expect(res.status).toBe(204);
    const after = await circuitOf(c.id);
    expect(after.status).toBe('DRAFT');
    expect(after.seasons.map((s: any) => [s.id, s.number])).toEqual([
      [s1.id, 1],
      [s3.id, 3],
    ]);
    expect((await request(server, 'GET', `/circuits/${c.id}/seasons/${s2.id}`, { apiKey: tenant.apiKey.key })).status).toBe(404);
    expect((await remove(c.id, s2.id)).status).toBe(404);
    expect((await createSeason(server, tenant, c.id, { name: 'Four' })).number).toBe(4);
    expect((await remove(c.id, s1.id)).status).toBe(204);
    expect((await remove(c.id, s3.id)).status).toBe(204);
    expect(await circuitOf(c.id)).toMatchObject({ status: 'DRAFT' });
  });

  it('refuses a started season (409 INVALID_STATE); a circuit left with no season to come after others completed is COMPLETED', async () => {
    const c = await createCircuit(server, tenant);
    const s1 = await createSeason(server, tenant, c.id, { name: 'One', startDate: '2030-01-01', endDate: '2030-06-30' });
    const s2 = await createSeason(server, tenant, c.id, { name: 'Two', startDate: '2030-07-01', endDate: '2030-12-31' });
    await seasonTransition(server, tenant, c.id, 'start');
    const active = await remove(c.id, s1.id);
    expect(active.status).toBe(409);
    expect(active.body.error.code).toBe('INVALID_STATE');
    // While season one is ACTIVE the circuit stays ACTIVE without a season to come.
    expect((await remove(c.id, s2.id)).status).toBe(204);
    expect(await circuitOf(c.id)).toMatchObject({ status: 'ACTIVE', activeSeasonId: s1.id });

    const s3 = await createSeason(server, tenant, c.id, { name: 'Three', startDate: '2031-01-01', endDate: '2031-12-31' });
    await seasonTransition(server, tenant, c.id, 'complete');
    expect(await circuitOf(c.id)).toMatchObject({ status: 'ACTIVE', activeSeasonId: null });
    // Next year's season is called off: nothing is to come, as if season one had been the last to complete.
    expect((await remove(c.id, s3.id)).status).toBe(204);
    expect(await circuitOf(c.id)).toMatchObject({ status: 'COMPLETED', activeSeasonId: null });
    const completed = await remove(c.id, s1.id);
    expect(completed.status).toBe(409);
    expect(completed.body.error.code).toBe('INVALID_STATE');
    const publicList = await request(server, 'GET', '/circuits/public/active', { query: { limit: 100 } });
    expect(publicList.body.data.map((x: any) => x.id)).not.toContain(c.id);
    expect((await request(server, 'GET', `/circuits/public/${c.id}`)).body.data.status).toBe('COMPLETED');
  });
});

describe('deleteCircuit', () => {
  const rowsOf = async (circuitId: string) => {
    const count = async (table: 'circuit_seasons' | 'circuit_classifications' | 'circuit_awards' | 'circuit_standings') =>
      Number((await server.deps.db.selectFrom(table).select((eb) => eb.fn.countAll<number>().as('n')).where('circuit_id', '=', circuitId).executeTakeFirstOrThrow()).n);
    return {
      seasons: await count('circuit_seasons'),
      classifications: await count('circuit_classifications'),
      awards: await count('circuit_awards'),
      standings: await count('circuit_standings'),
    };
  };

  it('deletes a circuit in any status with its seasons, classifications, awards and standings; the tournaments stay', async () => {
    const draft = await createCircuit(server, tenant);
    expect((await request(server, 'DELETE', `/circuits/${draft.id}`, { apiKey: tenant.apiKey.key })).status).toBe(204);
    expect((await request(server, 'GET', `/circuits/${draft.id}`, { apiKey: tenant.apiKey.key })).status).toBe(404);

    const t1 = await completedTournament(server, tenant, players);
    const t2 = await completedTournament(server, tenant, players);
    const { circuit } = await activeCircuit(server, tenant);
    expectStatus(await classify(server, tenant, circuit.id, t1.id), 200, 'classify t1');
    await seasonTransition(server, tenant, circuit.id, 'complete');
    await createSeason(server, tenant, circuit.id, { name: 'Next' });
    await seasonTransition(server, tenant, circuit.id, 'start');
    expectStatus(await classify(server, tenant, circuit.id, t2.id), 200, 'classify t2');
    await createSeason(server, tenant, circuit.id, { name: 'Later' });
    expect(await rowsOf(circuit.id)).toEqual({ seasons: 3, classifications: 2, awards: 8, standings: 8 });

    const res = await request(server, 'DELETE', `/circuits/${circuit.id}`, owner());
    expect(res.status).toBe(204);
    expect(await rowsOf(circuit.id)).toEqual({ seasons: 0, classifications: 0, awards: 0, standings: 0 });
    expect((await request(server, 'GET', `/circuits/${circuit.id}`, { apiKey: tenant.apiKey.key })).status).toBe(404);
    expect((await request(server, 'GET', `/circuits/public/${circuit.id}`)).status).toBe(404);
    expect((await request(server, 'GET', `/circuits/${circuit.id}/standings`, { apiKey: tenant.apiKey.key })).status).toBe(404);
    expect((await request(server, 'DELETE', `/circuits/${circuit.id}`, owner())).status).toBe(404);
    expect((await request(server, 'GET', `/tournaments/${t1.id}`, { apiKey: tenant.apiKey.key })).body.data.status).toBe('COMPLETED');
    const active = await request(server, 'GET', '/circuits/public/active', { query: { limit: 100 } });
    expect(active.body.data.map((x: any) => x.id)).not.toContain(circuit.id);
    // The tournaments count in another circuit as before.
    const { circuit: other } = await activeCircuit(server, tenant);
    expect((await classify(server, tenant, other.id, t1.id)).status).toBe(200);
  });

  it('deletes only for manage:circuits or OWNER/ADMIN/ORGANIZER staff; another project\'s circuit is 404', async () => {
    const c = await createCircuit(server, tenant);
    const reader = await createApiKey(server, tenant.owner, tenant.project.id, ['read:circuits']);
    expect((await request(server, 'DELETE', `/circuits/${c.id}`, { apiKey: reader.key })).status).toBe(403);
    const moderator = await registerUser(server);
    await addStaffMember(server, tenant.organization.id, moderator.id, 'MODERATOR');
    expect((await request(server, 'DELETE', `/circuits/${c.id}`, { token: moderator.accessToken })).status).toBe(403);
    const stranger = await createTenant(server);
    expect((await request(server, 'DELETE', `/circuits/${c.id}`, { apiKey: stranger.apiKey.key })).status).toBe(404);
    expect((await request(server, 'GET', `/circuits/${c.id}`, { apiKey: tenant.apiKey.key })).status).toBe(200);
  });
});
