/**
 * Seeding by rating over HTTP (R27.10): ratings given by addParticipant, the CSV import and updateParticipant,
 * stage 1 `seeding` RATING turning them into seeds at the start, and a Swiss with swissPairingOrder SEED pairing by
 * those seeds.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTenant, expectStatus, request, startTestServer, type TestServer, type TestTenant } from './helpers/index';
import { allMatches, createTournament, lifecycle, registerPlayers, tournamentBody } from './tournaments-helpers';

let server: TestServer;
let tenant: TestTenant;

beforeAll(async () => {
  server = await startTestServer();
  tenant = await createTenant(server);
});
afterAll(async () => server?.close());

const asOwner = (method: string, path: string, body?: unknown) =>
  request(server, method, path, { token: tenant.owner.accessToken, ...(body !== undefined ? { body } : {}) });
const bySeed = async (id: string): Promise<{ name: string; seed: number | null; rating: number | null }[]> => {
  const res = await request(server, 'GET', `/tournaments/${id}/participants`, { token: tenant.owner.accessToken, query: { limit: 100 } });
  expectStatus(res, 200, 'listParticipants');
  return (res.body.data as any[]).map((p) => ({ name: p.name, seed: p.seed, rating: p.rating })).sort((a, b) => (a.seed ?? 99) - (b.seed ?? 99));
};

describe('seeding by rating (R27.10)', () => {
  it('seeds by rating at the start (ties by registration, unrated last) and pairs a Swiss by those seeds', async () => {
    const stages = [{ name: 'Swiss', format: 'SWISS', settings: { swissRounds: 3, seeding: 'RATING', swissPairingOrder: 'SEED' } }];
    const t = await createTournament(server, tenant, { maxParticipants: 8, stages });
    const added = await asOwner('POST', `/tournaments/${t.id}/participants`, { name: 'Unrated Early' });
    expectStatus(added, 201, 'addParticipant');
    expect(added.body.data.rating).toBeNull();
    // An explicit seed is ignored under RATING.
    const rated = await asOwner('POST', `/tournaments/${t.id}/participants`, { name: 'Mid', rating: 1800.5, seed: 1 });
    expectStatus(rated, 201, 'addParticipant');
    expect(rated.body.data).toMatchObject({ rating: 1800.5, seed: 1 });
    const csv = ['name,rating', 'Top,2400', 'Tie First,2000', 'Low,1200', 'Unrated Late,', 'Tie Second,2000', 'Bottom,900'].join('\n');
    expectStatus(await asOwner('POST', `/tournaments/${t.id}/participants/import`, { csv }), 201, 'importParticipants');
    expect((await getTournament(t.id)).stages[0].settings.seeding).toBe('RATING');

    await lifecycle(server, tenant, t.id, 'publish');
    await lifecycle(server, tenant, t.id, 'start');
    const seeded = await bySeed(t.id);
    expect(seeded.map((p) => [p.seed, p.name])).toEqual([
      [1, 'Top'],
      [2, 'Tie First'],
      [3, 'Tie Second'],
      [4, 'Mid'],
      [5, 'Low'],
      [6, 'Bottom'],
      [7, 'Unrated Early'],
      [8, 'Unrated Late'],
    ]);
    expect(seeded.find((p) => p.name === 'Mid')?.rating).toBe(1800.5);
    // Round 1 of the Swiss: the top half against the bottom half in seed (rating) order.
    const round1 = (await allMatches(server, t.id)).filter((m: any) => m.round === 1);
    const pairs = round1.map((m: any) => m.participants.map((s: any) => s.seed).sort((a: number, b: number) => a - b).join('-')).sort();
    expect(pairs).toEqual(['1-5', '2-6', '3-7', '4-8']);
  });

  it('keeps manual seeding by default: explicit seeds first, ratings ignored', async () => {
    const t = await createTournament(server, tenant, { maxParticipants: 4, stages: [{ name: 'Cup', format: 'SINGLE_ELIMINATION' }] });
    for (const body of [{ name: 'A', rating: 100 }, { name: 'B', rating: 3000 }, { name: 'C', seed: 1 }]) {
      expectStatus(await asOwner('POST', `/tournaments/${t.id}/participants`, body), 201, 'addParticipant');
    }
    await lifecycle(server, tenant, t.id, 'publish');
    await lifecycle(server, tenant, t.id, 'start');
    expect((await bySeed(t.id)).map((p) => p.name)).toEqual(['C', 'A', 'B']);
  });

  it('refuses a rating out of range, a bad rating cell and an unknown seeding, naming the field', async () => {
    const t = await createTournament(server, tenant, { maxParticipants: 4 });
    const negative = await asOwner('POST', `/tournaments/${t.id}/participants`, { name: 'Neg', rating: -5 });
    expect(negative.status).toBe(400);
    expect(negative.body.error.details.map((d: any) => d.path)).toContain('body.rating');
    const cell = await asOwner('POST', `/tournaments/${t.id}/participants/import`, { csv: 'name,rating\nOk,1500\nBad,strong\n' });
    expect(cell.status).toBe(400);
    expect(cell.body.error.details.map((d: any) => d.path)).toEqual(['csv.row[2].rating']);
    expect((await bySeed(t.id)).length).toBe(0);
    const seeding = await asOwner('POST', '/tournaments', tournamentBody({ projectId: tenant.project.id, stages: [{ name: 'Cup', format: 'SINGLE_ELIMINATION', settings: { seeding: 'ELO' } }] }));
    expect(seeding.status).toBe(400);
    expect(seeding.body.error.details.map((d: any) => d.path)).toContain('body.stages[0].settings.seeding');
  });

  it('rates self-registered players with updateParticipant before the start (null clears), locked after', async () => {
    const stages = [{ name: 'Cup', format: 'SINGLE_ELIMINATION', settings: { seeding: 'RATING' } }];
    const t = await createTournament(server, tenant, { maxParticipants: 4, stages });
    await lifecycle(server, tenant, t.id, 'publish');
    await lifecycle(server, tenant, t.id, 'registration/open');
    const [low, high, cleared] = await registerPlayers(server, 3);
    const ids: string[] = [];
    for (const player of [low!, high!, cleared!]) {
      const joined = await request(server, 'POST', `/tournaments/${t.id}/participate`, { token: player.accessToken });
      expectStatus(joined, 201, 'participate');
      ids.push(joined.body.data.id);
    }
    const patch = (pid: string, body: unknown) => asOwner('PATCH', `/tournaments/${t.id}/participants/${pid}`, body);
    const rated = await patch(ids[1]!, { rating: 2100 });
    expect([rated.status, rated.body.data?.rating]).toEqual([200, 2100]);
    expect((await patch(ids[0]!, { rating: 1500.5 })).body.data.rating).toBe(1500.5);
    expect((await patch(ids[2]!, { rating: 3000 })).body.data.rating).toBe(3000);
    const unrated = await patch(ids[2]!, { rating: null });
    expect([unrated.status, unrated.body.data.rating]).toEqual([200, null]);
    for (const rating of [-1, 1_000_001, 'high']) {
      const bad = await patch(ids[0]!, { rating });
      expect([bad.status, bad.body.error.details[0].path]).toEqual([400, 'body.rating']);
    }
    await lifecycle(server, tenant, t.id, 'start');
    expect((await bySeed(t.id)).map((p) => [p.seed, p.rating])).toEqual([
      [1, 2100],
      [2, 1500.5],
      [3, null],
    ]);
    const locked = await patch(ids[0]!, { rating: 1600 });
    expect([locked.status, locked.body.error.code, locked.body.error.details[0].path]).toEqual([409, 'TOURNAMENT_LOCKED', 'body.rating']);
    // The current value sent back is accepted, as for seeds.
    expect((await patch(ids[0]!, { rating: 1500.5 })).status).toBe(200);
  });
});

async function getTournament(id: string): Promise<any> {
  const res = await asOwner('GET', `/tournaments/${id}`);
  expectStatus(res, 200, 'getTournament');
  return res.body.data;
}
