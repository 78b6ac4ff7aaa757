import { describe, expect } from 'vitest';
import { registerUser, request, test, type TestServer, type TestTenant, type TestUser } from './helpers/index';
import { activeCircuit, classify, completedTournament } from './circuits-helpers';
import { allMatches, joinAll, lifecycle, openTournament, registerPlayers } from './tournaments-helpers';

const START = '2030-06-01T12:00:00.000Z';

/** Helpers bound to the file's server and tenant (the `bound` fixture). */
function bound(server: TestServer, tenant: TestTenant) {
  /** Every event of the caller's feed (all pages). */
  async function feed(user: Pick<TestUser, 'accessToken'>, query: Record<string, string | number> = {}): Promise<any[]> {
    const out: any[] = [];
    for (let page = 1; ; page++) {
      const res = await request(server, 'GET', '/calendar/feed', { token: user.accessToken, query: { ...query, page, limit: 100 } });
      expect(res.status, res.text).toBe(200);
      out.push(...res.body.data);
      if (!res.body.pagination.hasNext) return out;
    }
  }

  /** A started 4-player tournament with check-in and a registration deadline. */
  async function startedCup(name: string) {
    const t = await openTournament(server, tenant, {
      name,
      startDate: START,
      registrationClosesAt: '2030-05-31T18:00:00.000Z',
      checkInRequired: false,
    });
    const players = await registerPlayers(server, 4);
    const { byParticipant, participantOf } = await joinAll(server, t.id, players);
    await lifecycle(server, tenant, t.id, 'start');
    return { id: t.id as string, players, byParticipant, participantOf, matches: await allMatches(server, t.id) };
  }
  return { feed, startedCup };
}
const it = test.extend<{ bound: ReturnType<typeof bound> }>({ bound: async ({ server, tenant }, use) => use(bound(server, tenant)) });

describe('calendar feed', () => {
  it("lists a player's tournament dates and own scheduled matches, by start time", async ({ server, bound: { feed, startedCup } }) => {
    const cup = await startedCup('Feed Cup');
    const player = cup.players[0]!;
    const mine = cup.matches.filter((m) => m.participants.some((s: any) => s.participantId === cup.participantOf.get(player.id)));
    const events = await feed(player);
    expect(events.map((e) => [e.type, e.id])).toEqual([
      ['REGISTRATION_CLOSES', `registration-closes:${cup.id}`],
      ['TOURNAMENT_START', `tournament:${cup.id}`],
      ...mine.map((m) => ['MATCH', `match:${m.id}`]),
    ]);
    const match = events.find((e) => e.type === 'MATCH');
    expect(match).toMatchObject({
      startsAt: mine[0].scheduledAt,
      endsAt: new Date(Date.parse(mine[0].scheduledAt) + 60 * 60_000).toISOString(),
      allDay: false,
      tournamentId: cup.id,
      matchId: mine[0].id,
      circuitId: null,
      seasonId: null,
    });
    const names = mine[0].participants.map((s: any) => s.name);
    expect(match.title).toBe(`Feed Cup: ${names[0]} vs ${names[1]}`);
    // Started years before its planned start (the server's clock is today's): the start shows when it happened, and
    // the registration that the start closed closes then (R16.1).
    const startedAt = (await request(server, 'GET', `/tournaments/${cup.id}`)).body.data.startedAt;
    expect(startedAt < START).toBe(true);
    expect(events.find((e) => e.type === 'TOURNAMENT_START')).toMatchObject({ title: 'Feed Cup starts', startsAt: startedAt, endsAt: null });
    expect(events.find((e) => e.type === 'REGISTRATION_CLOSES')).toMatchObject({ startsAt: startedAt });
  });

  it('shows staff every scheduled match of their tournaments, including undecided ones', async ({ tenant, bound: { feed, startedCup } }) => {
    const cup = await startedCup('Staff Cup');
    const events = await feed(tenant.owner, { tournamentId: cup.id });
    const matchIds = events.filter((e) => e.type === 'MATCH').map((e) => e.matchId);
    expect(matchIds.sort()).toEqual(cup.matches.filter((m) => m.scheduledAt).map((m) => m.id).sort());
    expect(matchIds).toHaveLength(3);
    expect(events.find((e) => e.matchId === cup.matches[2].id).title).toBe('Staff Cup Final: tbd vs tbd'); // the final is named (R16.6)
  });

  it('filters by tournament and by date range (inclusive days, UTC)', async ({ server, tenant, bound: { feed, startedCup } }) => {
    const cup = await startedCup('Range Cup');
    const other = await openTournament(server, tenant, { name: 'Later Cup', startDate: '2030-09-01T12:00:00.000Z' });
    const player = cup.players[1]!;
    await joinAll(server, other.id, [player]);
    const all = await feed(player);
    expect(new Set(all.map((e) => e.tournamentId))).toEqual(new Set([cup.id, other.id]));
    expect((await feed(player, { tournamentId: other.id })).map((e) => e.id)).toEqual([`tournament:${other.id}`]);
    expect((await feed(player, { from: '2030-09-01' })).map((e) => e.id)).toEqual([`tournament:${other.id}`]);
    expect((await feed(player, { to: '2030-05-31' })).map((e) => e.type)).toEqual(['REGISTRATION_CLOSES', 'TOURNAMENT_START']);
    expect((await feed(player, { from: '2030-06-01', to: '2030-06-01' })).every((e) => e.startsAt.startsWith('2030-06-01'))).toBe(true);
    expect(await feed(player, { from: '2031-01-01' })).toEqual([]);
  });

  it('paginates', async ({ server, tenant, bound: { startedCup } }) => {
    const cup = await startedCup('Page Cup');
    const res = await request(server, 'GET', '/calendar/feed', { token: tenant.owner.accessToken, query: { tournamentId: cup.id, limit: 2 } });
    expect(res.body.pagination).toMatchObject({ page: 1, limit: 2, total: 5, totalPages: 3, hasNext: true });
    expect(res.body.data).toHaveLength(2);
  });

  it("includes the seasons of the player's circuits and filters by circuit", async ({ server, tenant, bound: { feed } }) => {
    const { circuit, season } = await activeCircuit(server, tenant, { name: 'Season A', startDate: '2030-01-01', endDate: '2030-12-31' });
    const players = await registerPlayers(server, 4);
    const played = await completedTournament(server, tenant, players, { overrides: { name: 'Circuit Cup', startDate: START } });
    expect((await classify(server, tenant, circuit.id, played.id)).status).toBe(200);
    const player = players[0]!;
    const seasonEvents = (await feed(player)).filter((e) => e.seasonId === season.id);
    expect(seasonEvents).toEqual([
      expect.objectContaining({ id: `season-start:${season.id}`, type: 'SEASON_START', startsAt: '2030-01-01T00:00:00.000Z', allDay: true, circuitId: circuit.id }),
      expect.objectContaining({ id: `season-end:${season.id}`, type: 'SEASON_END', startsAt: '2030-12-31T00:00:00.000Z', allDay: true, circuitId: circuit.id }),
    ]);
    const only = await feed(player, { circuitId: circuit.id });
    expect(new Set(only.map((e) => e.tournamentId ?? e.circuitId))).toEqual(new Set([played.id, circuit.id]));
    const unknown = await request(server, 'GET', '/calendar/feed', { token: player.accessToken, query: { circuitId: '0190aaaa-0000-7000-8000-000000000000' } });
    expect(unknown.status).toBe(404);
  });

  it('answers 404 for an unknown or invisible tournament filter, 401 anonymous, nothing for a stranger', async ({ server, tenant, bound: { feed } }) => {
    const draft = await request(server, 'POST', '/tournaments', {
      token: tenant.owner.accessToken,
      body: { name: 'Draft', disciplineId: 'chess', maxParticipants: 4, startDate: START, stages: [{ name: 'Main', format: 'SINGLE_ELIMINATION' }], projectId: tenant.project.id },
    });
    const stranger = await registerUser(server);
    const hidden = await request(server, 'GET', '/calendar/feed', { token: stranger.accessToken, query: { tournamentId: draft.body.data.id } });
    expect(hidden.status).toBe(404);
    const unknown = await request(server, 'GET', '/calendar/feed', { token: tenant.owner.accessToken, query: { tournamentId: '01890000-0000-7000-8000-000000000000' } });
    expect(unknown.status).toBe(404);
    expect(await feed(stranger)).toEqual([]);
    expect((await request(server, 'GET', '/calendar/feed')).status).toBe(401);
    const bad = await request(server, 'GET', '/calendar/feed', { token: stranger.accessToken, query: { from: '2030-13-01' } });
    expect(bad.status).toBe(400);
    expect(bad.body.error.details[0].path).toBe('query.from');
  });
});
