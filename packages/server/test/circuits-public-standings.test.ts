import { get } from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTenant, expectStatus, registerPlayers, request, startTestServer, type TestServer, type TestTenant, type TestUser } from './helpers/index';
import { activeCircuit, allStandings, classify, completedTournament, createCircuit, createSeason, seasonTransition } from './circuits-helpers';

// Players see a circuit's full standings without an account (listPublicCircuitStandings), and find their own line.

let server: TestServer;
let tenant: TestTenant;
let twelve: TestUser[];

beforeAll(async () => {
  server = await startTestServer();
  tenant = await createTenant(server);
  twelve = await registerPlayers(server, 12);
});
afterAll(async () => server?.close());

const SCORING = { strategy: 'PLACEMENT', placements: { '1': 100, '2': 70, '3-4': 40, '5-8': 20, '9-16': 10 } };
const publicStandings = (circuitId: string, query: Record<string, string | number | boolean> = {}) =>
  request(server, 'GET', `/circuits/public/${circuitId}/standings`, { query });
/** Every line of the public standings, all pages. */
async function allPublic(circuitId: string, query: Record<string, string | number | boolean> = {}): Promise<any[]> {
  const out: any[] = [];
  for (let page = 1; ; page++) {
    const res = await publicStandings(circuitId, { ...query, page, limit: 5 });
    expectStatus(res, 200, 'public standings');
    out.push(...res.body.data);
    if (!res.body.pagination.hasNext) return out;
  }
}

/** A raw GET (fetch asks for a full answer when it sends If-None-Match): status and headers. */
function rawGet(path: string, headers: Record<string, string>): Promise<{ status: number; etag: string | undefined }> {
  return new Promise((resolve, reject) => {
    get(`${server.url}${path}`, { headers }, (res) => {
      res.resume();
      res.on('end', () => resolve({ status: res.statusCode ?? 0, etag: res.headers.etag }));
      res.on('error', reject);
    }).on('error', reject);
  });
}

describe('listPublicCircuitStandings', () => {
  it('pages the full standings of the current season without credentials, in the lines of the public page', async () => {
    const { circuit, season } = await activeCircuit(server, tenant, { scoring: SCORING });
    expectStatus(await classify(server, tenant, circuit.id, (await completedTournament(server, tenant, twelve)).id), 200, 'classify');
    const full = await allStandings(server, tenant, circuit.id);
    expect(full).toHaveLength(12);

    const page3 = await publicStandings(circuit.id, { page: 3, limit: 5 });
    expect(page3.status).toBe(200);
    expect(page3.body.pagination).toMatchObject({ page: 3, limit: 5, total: 12, totalPages: 3, hasNext: false, hasPrevious: true });
    expect(page3.body.data).toEqual(full.slice(10));
    expect(await allPublic(circuit.id)).toEqual(full);
    // The public page's top 10 is the first page of the same lines, with the same fields and nothing more.
    const details = await request(server, 'GET', `/circuits/public/${circuit.id}`);
    expect((await allPublic(circuit.id)).slice(0, 10)).toEqual(details.body.data.standings);
    expect(Object.keys(page3.body.data[0]).sort()).toEqual(['bestPlacement', 'name', 'points', 'rank', 'seasonId', 'teamName', 'tournamentsPlayed', 'userId', 'wins']);
    expect(page3.body.data.every((l: any) => l.seasonId === season.id)).toBe(true);
  });

  it('finds one player\'s line with its rank in the full standings (userId), also in the cumulative standings', async () => {
    const c = await createCircuit(server, tenant);
    const s1 = await createSeason(server, tenant, c.id, { name: 'One', scoring: SCORING });
    await createSeason(server, tenant, c.id, { name: 'Two', startDate: '2031-01-01', endDate: '2031-12-31', scoring: SCORING });
    await seasonTransition(server, tenant, c.id, 'start');
    expectStatus(await classify(server, tenant, c.id, (await completedTournament(server, tenant, twelve)).id), 200, 'classify one');
    await seasonTransition(server, tenant, c.id, 'complete');
    await seasonTransition(server, tenant, c.id, 'start');
    // Season two: the weakest six only, strongest of them first.
    expectStatus(await classify(server, tenant, c.id, (await completedTournament(server, tenant, twelve.slice(6).reverse())).id), 200, 'classify two');

    const seventh = twelve[6]!;
    const mine = await publicStandings(c.id, { userId: seventh.id });
    expect(mine.status).toBe(200);
    const current = await allStandings(server, tenant, c.id);
    expect(mine.body.data).toEqual(current.filter((l) => l.userId === seventh.id));
    expect(mine.body.pagination).toMatchObject({ total: 1, totalPages: 1 });
    expect(mine.body.data[0].rank).toBeGreaterThan(1);

    const inSeasonOne = await publicStandings(c.id, { seasonId: s1.id, userId: seventh.id });
    expect(inSeasonOne.body.data).toEqual((await allStandings(server, tenant, c.id, { seasonId: s1.id })).filter((l) => l.userId === seventh.id));
    const cumulative = await publicStandings(c.id, { cumulative: true, userId: seventh.id });
    const everySeason = await allStandings(server, tenant, c.id, { cumulative: true });
    expect(cumulative.body.data).toEqual(everySeason.filter((l) => l.userId === seventh.id));
    expect(cumulative.body.data[0]).toMatchObject({ seasonId: null, tournamentsPlayed: 2 });
    expect(await allPublic(c.id, { cumulative: true })).toEqual(everySeason);

    // The first player did not play season two: no line there, one in season one.
    const absent = await publicStandings(c.id, { userId: twelve[0]!.id });
    expect(absent.status).toBe(200);
    expect(absent.body.data).toEqual([]);
    expect(absent.body.pagination).toMatchObject({ total: 0, hasNext: false });
  });

  it('answers 404 for a DRAFT or unknown circuit or a season of another circuit, and 400 for seasonId with cumulative', async () => {
    const draft = await createCircuit(server, tenant);
    await createSeason(server, tenant, draft.id);
    expect((await publicStandings(draft.id)).status).toBe(404);
    expect((await publicStandings(tenant.project.id)).status).toBe(404);
    const { circuit, season } = await activeCircuit(server, tenant);
    const { season: foreign } = await activeCircuit(server, tenant);
    expect((await publicStandings(circuit.id)).body.data).toEqual([]);
    expect((await publicStandings(circuit.id, { seasonId: foreign.id })).status).toBe(404);
    const both = await publicStandings(circuit.id, { seasonId: season.id, cumulative: true });
    expect(both.status).toBe(400);
    expect(both.body.error.details[0].path).toBe('query.cumulative');
    const badUser = await publicStandings(circuit.id, { userId: 'alice' });
    expect(badUser.status).toBe(400);
    expect(badUser.body.error.details[0].path).toBe('query.userId');
    // A COMPLETED circuit stays readable.
    await seasonTransition(server, tenant, circuit.id, 'complete');
    expect((await publicStandings(circuit.id)).status).toBe(200);
  });

  it('is a public read: Cache-Control public with an ETag, 304 while unchanged, a new tag once a classification changes it', async () => {
    const other = await createTenant(server);
    const { circuit } = await activeCircuit(server, other, { scoring: SCORING });
    const t1 = await completedTournament(server, other, twelve.slice(0, 4));
    expectStatus(await classify(server, other, circuit.id, t1.id), 200, 'classify');
    const path = `/circuits/public/${circuit.id}/standings`;
    const first = await request(server, 'GET', path);
    expect(first.headers.get('cache-control')).toBe('public, no-cache');
    const tag = first.headers.get('etag');
    expect(tag).toMatch(/^W\/".+"$/);
    expect((await rawGet(path, { 'if-none-match': tag! })).status).toBe(304);
    const removed = await request(server, 'DELETE', `/circuits/${circuit.id}/tournaments/${t1.id}`, { token: other.owner.accessToken });
    expect(removed.status).toBe(204);
    const changed = await rawGet(path, { 'if-none-match': tag! });
    expect(changed.status).toBe(200);
    expect(changed.etag).not.toBe(tag);
    expect((await request(server, 'GET', path)).body.data).toEqual([]);
  });
});
