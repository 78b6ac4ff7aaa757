import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTenant, expectStatus, registerUser, request, startTestServer, type TestServer, type TestTenant, type TestUser } from './helpers/index';
import {
  activeCircuit,
  allStandings,
  classify,
  completedTournament,
  createCircuit,
  createSeason,
  seasonTransition,
} from './circuits-helpers';
import { allMatches, joinAll, lifecycle, openTournament, playAll, registerPlayers } from './tournaments-helpers';

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

/** Standings lines reduced to [userId, points, wins, tournamentsPlayed, bestPlacement, rank]. */
const lines = (standings: any[]) => standings.map((s) => [s.userId, s.points, s.wins, s.tournamentsPlayed, s.bestPlacement, s.rank]);

describe('classify a completed tournament into the active season', () => {
  it('awards placement points (shared 3-4 each get 3rd place points), counts wins, and accumulates standings', async () => {
    const { circuit, season } = await activeCircuit(server, tenant);
    // 4 players, better seed wins: p1 1st (2 wins), p2 2nd (1 win), p3 and p4 share 3-4.
    const t1 = await completedTournament(server, tenant, players);
    const res = await classify(server, tenant, circuit.id, t1.id);
    expect(res.status).toBe(200);
    expect(res.body.data).toMatchObject({ circuitId: circuit.id, seasonId: season.id, tournamentId: t1.id, pointMultiplier: 1 });
    const awards = Object.fromEntries(res.body.data.awards.map((a: any) => [a.userId, [a.placement, a.points, a.wins]]));
    expect(awards).toEqual({ [p1.id]: [1, 100, 2], [p2.id]: [2, 70, 1], [p3.id]: [3, 40, 0], [p4.id]: [3, 40, 0] });
    expect(res.body.data.awards.map((a: any) => a.participantId)).toContain(t1.participantOf.get(p1.id));

    // p3 and p4 are equal on points, wins and best placement: they share rank 3 (listed by name, "Player 3" first).
    expect(lines(await allStandings(server, tenant, circuit.id))).toEqual([
      [p1.id, 100, 2, 1, 1, 1],
      [p2.id, 70, 1, 1, 2, 2],
      [p3.id, 40, 0, 1, 3, 3],
      [p4.id, 40, 0, 1, 3, 3],
    ]);

    // Reverse strength with pointMultiplier 1.5: p4 1st, p3 2nd, p1 and p2 share 3-4.
    const t2 = await completedTournament(server, tenant, players, { winOrder: [p4, p3, p2, p1] });
    const second = await classify(server, tenant, circuit.id, t2.id, { pointMultiplier: 1.5 });
    expect(second.status).toBe(200);
    expect(second.body.data.pointMultiplier).toBe(1.5);
    // Totals: p4 40 + 150 = 190, p1 100 + 60 = 160, p3 40 + 105 = 145, p2 70 + 60 = 130.
    expect(lines(await allStandings(server, tenant, circuit.id))).toEqual([
      [p4.id, 190, 2, 2, 1, 1],
      [p1.id, 160, 2, 2, 1, 2],
      [p3.id, 145, 1, 2, 2, 3],
      [p2.id, 130, 1, 2, 2, 4],
    ]);
    const page2 = await request(server, 'GET', `/circuits/${circuit.id}/standings`, { apiKey: tenant.apiKey.key, query: { limit: 3, page: 2 } });
    expect(page2.body.data.map((s: any) => s.userId)).toEqual([p2.id]);
    expect(page2.body.pagination).toMatchObject({ total: 4, totalPages: 2, hasPrevious: true, hasNext: false });
    expect(page2.body.data[0].seasonId).toBe(season.id);

    // Listed as the circuit's tournaments, most recent first; the season counts them.
    const list = await request(server, 'GET', `/circuits/${circuit.id}/tournaments`, { apiKey: tenant.apiKey.key });
    expect(list.body.data.map((t: any) => [t.tournamentId, t.pointMultiplier, t.participantCount])).toEqual([
      [t2.id, 1.5, 4],
      [t1.id, 1, 4],
    ]);
    const s = await request(server, 'GET', `/circuits/${circuit.id}/seasons/${season.id}`, { apiKey: tenant.apiKey.key });
    expect(s.body.data.tournamentCount).toBe(2);

    const events = await server.deps.db.selectFrom('events').select(['type', 'data']).where('type', '=', 'circuit.standings_updated').where('subject_id', '=', circuit.id).orderBy('created_at').orderBy('id').execute();
    expect(events.map((e) => JSON.parse(e.data))).toEqual([
      { circuitId: circuit.id, seasonId: season.id, tournamentId: t1.id, change: 'CLASSIFIED' },
      { circuitId: circuit.id, seasonId: season.id, tournamentId: t2.id, change: 'CLASSIFIED' },
    ]);
  });

  it('keeps the points and the circuit\'s list entry of a classified tournament that is then deleted', async () => {
    const { circuit } = await activeCircuit(server, tenant);
    const t = await completedTournament(server, tenant, players);
    expect((await classify(server, tenant, circuit.id, t.id)).status).toBe(200);
    const before = lines(await allStandings(server, tenant, circuit.id));
    const listed = async () => (await request(server, 'GET', `/circuits/${circuit.id}/tournaments`, { apiKey: tenant.apiKey.key })).body.data;
    const entry = (await listed()).map((x: any) => [x.tournamentId, x.name, x.participantCount]);
    expect((await request(server, 'DELETE', `/tournaments/${t.id}`, { token: tenant.owner.accessToken })).status).toBe(204);
    expect((await request(server, 'GET', `/tournaments/${t.id}`, { apiKey: tenant.apiKey.key })).status).toBe(404);
    expect(lines(await allStandings(server, tenant, circuit.id))).toEqual(before);
    expect((await listed()).map((x: any) => [x.tournamentId, x.name, x.participantCount])).toEqual(entry);
  });

  it('classifies a tournament once (409 CONFLICT), and only a COMPLETED one of the project (409 INVALID_STATE, 404)', async () => {
    const { circuit } = await activeCircuit(server, tenant);
    const done = await completedTournament(server, tenant, players);
    expect((await classify(server, tenant, circuit.id, done.id)).status).toBe(200);
    const again = await classify(server, tenant, circuit.id, done.id, { pointMultiplier: 2 });
    expect(again.status).toBe(409);
    expect(again.body.error.code).toBe('CONFLICT');

    const open = await openTournament(server, tenant);
    const notDone = await classify(server, tenant, circuit.id, open.id);
    expect(notDone.status).toBe(409);
    expect(notDone.body.error.code).toBe('INVALID_STATE');
    expect(notDone.body.error.message).toContain('REGISTRATION_OPEN');

    const stranger = await createTenant(server);
    const foreign = await completedTournament(server, stranger, players);
    expect((await classify(server, tenant, circuit.id, foreign.id)).status).toBe(404);
    expect((await classify(server, tenant, circuit.id, tenant.project.id)).status).toBe(404);

    // The same tournament may count in another circuit.
    const { circuit: other } = await activeCircuit(server, tenant);
    expect((await classify(server, tenant, other.id, done.id)).status).toBe(200);
  });

  it('refuses a multiplier out of range and a tournament of another discipline', async () => {
    const { circuit } = await activeCircuit(server, tenant, {}, { disciplineId: 'go' });
    const chess = await completedTournament(server, tenant, players);
    const bad = await classify(server, tenant, circuit.id, chess.id, { pointMultiplier: 0 });
    expect(bad.status).toBe(400);
    expect(bad.body.error.details[0].path).toBe('body.pointMultiplier');
    const other = await classify(server, tenant, circuit.id, chess.id);
    expect(other.status).toBe(409);
    expect(other.body.error.message).toContain('discipline go');
    const go = await completedTournament(server, tenant, players, { overrides: { disciplineId: 'go' } });
    expect((await classify(server, tenant, circuit.id, go.id)).status).toBe(200);
    const change = await request(server, 'PUT', `/circuits/${circuit.id}`, { apiKey: tenant.apiKey.key, body: { disciplineId: 'chess' } });
    expect(change.status).toBe(409);
    expect(change.body.error.details[0].path).toBe('body.disciplineId');
  });

  it('keeps points at the contract\'s maxima: 1,000,000 a place times 100, summed over tournaments', async () => {
    const scoring = { strategy: 'PLACEMENT', placements: { '1': 1_000_000, '2': 1_000_000 } };
    const { circuit } = await activeCircuit(server, tenant, { scoring });
    const duo = [p1, p2];
    for (let i = 0; i < 3; i++) {
      const played = await completedTournament(server, tenant, duo);
      expectStatus(await classify(server, tenant, circuit.id, played.id, { pointMultiplier: 100 }), 200, `classify ${i + 1}`);
    }
    const standings = await allStandings(server, tenant, circuit.id);
    expect(standings.map((s) => [s.userId, s.points, s.tournamentsPlayed])).toEqual([
      [p1.id, 300_000_000, 3],
      [p2.id, 300_000_000, 3],
    ]);
  });

  it('counts a walkover as a win and gives a disqualified participant nothing', async () => {
    const { circuit } = await activeCircuit(server, tenant);
    const t = await openTournament(server, tenant);
    const { byParticipant, participantOf } = await joinAll(server, t.id, players);
    await lifecycle(server, tenant, t.id, 'start');
    // p4 is disqualified before playing: p1 wins their semi-final by walkover.
    expect((await request(server, 'DELETE', `/tournaments/${t.id}/participants/${participantOf.get(p4.id)}`, { apiKey: tenant.apiKey.key })).status).toBe(204);
    await playAll(server, t.id, byParticipant);
    const res = await classify(server, tenant, circuit.id, t.id);
    expect(res.status).toBe(200);
    expect(res.body.data.awards.map((a: any) => [a.userId, a.placement, a.points, a.wins])).toEqual([
      [p1.id, 1, 100, 2],
      [p2.id, 2, 70, 1],
      [p3.id, 3, 40, 0],
    ]);
  });

  it('does not count a Swiss bye as a win', async () => {
    const { circuit } = await activeCircuit(server, tenant);
    // 3 players, 2 Swiss rounds: each round one player gets the bye (a free win in the standings, not a match won).
    const t = await openTournament(server, tenant, { maxParticipants: 4, stages: [{ name: 'Swiss', format: 'SWISS', settings: { swissRounds: 2 } }] });
    const { byParticipant, participantOf } = await joinAll(server, t.id, [p1, p2, p3]);
    await lifecycle(server, tenant, t.id, 'start');
    await playAll(server, t.id, byParticipant);
    const matches = await allMatches(server, t.id);
    const byes = matches.filter((m) => m.resultType === 'BYE');
    expect(byes).toHaveLength(2);
    const res = await classify(server, tenant, circuit.id, t.id);
    expect(res.status).toBe(200);
    const played = (userId: string) => matches.filter((m) => m.resultType === 'NORMAL' && m.winnerId === participantOf.get(userId)).length;
    const wins = Object.fromEntries(res.body.data.awards.map((a: any) => [a.userId, a.wins]));
    expect(wins).toEqual({ [p1.id]: played(p1.id), [p2.id]: played(p2.id), [p3.id]: played(p3.id) });
    expect(Object.values(wins).reduce((x: number, y) => x + (y as number), 0)).toBe(2); // two played matches, two byes
  });

  it('needs an ACTIVE season: none started yet or the season COMPLETED is 409', async () => {
    const c = await createCircuit(server, tenant);
    await createSeason(server, tenant, c.id);
    const t = await completedTournament(server, tenant, players);
    const upcoming = await classify(server, tenant, c.id, t.id);
    expect(upcoming.status).toBe(409);
    expect(upcoming.body.error.code).toBe('INVALID_STATE');
    await seasonTransition(server, tenant, c.id, 'start');
    await seasonTransition(server, tenant, c.id, 'complete');
    const closed = await classify(server, tenant, c.id, t.id);
    expect(closed.status).toBe(409);
    expect(closed.body.error.code).toBe('INVALID_STATE');
  });
});

describe('season standings, frozen seasons and cumulative standings', () => {
  it('freezes a completed season\'s standings and accumulates every season in the cumulative view', async () => {
    const c = await createCircuit(server, tenant);
    const s1 = await createSeason(server, tenant, c.id, { name: 'One', startDate: '2030-01-01', endDate: '2030-06-30' });
    const s2 = await createSeason(server, tenant, c.id, {
      name: 'Two',
      startDate: '2030-07-01',
      endDate: '2030-12-31',
      scoring: { strategy: 'LINEAR', maxPoints: 50, step: 20, minPoints: 5 },
    });
    expect((await request(server, 'GET', `/circuits/${c.id}/standings`, { apiKey: tenant.apiKey.key })).body.data).toEqual([]);
    await seasonTransition(server, tenant, c.id, 'start');
    const t1 = await completedTournament(server, tenant, players);
    expect((await classify(server, tenant, c.id, t1.id)).status).toBe(200);
    const before = await allStandings(server, tenant, c.id);
    await seasonTransition(server, tenant, c.id, 'complete');
    // The completed season is still the current one until the next starts; its standings did not move.
    expect(await allStandings(server, tenant, c.id)).toEqual(before);

    await seasonTransition(server, tenant, c.id, 'start');
    // LINEAR 50/20/min 5: p3 1st 50, p1 2nd 30, p2 and p4 share 3rd: 10 each.
    const t2 = await completedTournament(server, tenant, players, { winOrder: [p3, p1, p2, p4] });
    expect((await classify(server, tenant, c.id, t2.id)).status).toBe(200);
    expect(await allStandings(server, tenant, c.id, { seasonId: s1.id })).toEqual(before);
    const current = await allStandings(server, tenant, c.id);
    expect(current.every((l) => l.seasonId === s2.id)).toBe(true);
    expect(current.map((l) => [l.userId, l.points, l.rank])).toEqual([
      [p3.id, 50, 1],
      [p1.id, 30, 2],
      [p2.id, 10, 3],
      [p4.id, 10, 3],
    ]);
    const cumulative = await allStandings(server, tenant, c.id, { cumulative: true });
    // p1 100 + 30, p2 70 + 10, p3 40 + 50, p4 40 + 10
    expect(cumulative.map((l) => [l.userId, l.points, l.tournamentsPlayed, l.seasonId])).toEqual([
      [p1.id, 130, 2, null],
      [p3.id, 90, 2, null],
      [p2.id, 80, 2, null],
      [p4.id, 50, 2, null],
    ]);
    const both = await request(server, 'GET', `/circuits/${c.id}/standings`, { apiKey: tenant.apiKey.key, query: { cumulative: true, seasonId: s1.id } });
    expect(both.status).toBe(400);
    expect(both.body.error.details[0].path).toBe('query.cumulative');
    const foreignSeason = await request(server, 'GET', `/circuits/${c.id}/standings`, { apiKey: tenant.apiKey.key, query: { seasonId: tenant.project.id } });
    expect(foreignSeason.status).toBe(404);
    const bySeason = await request(server, 'GET', `/circuits/${c.id}/tournaments`, { apiKey: tenant.apiKey.key, query: { seasonId: s1.id } });
    expect(bySeason.body.data.map((t: any) => t.tournamentId)).toEqual([t1.id]);

    // The public page shows the current season's leaders without credentials.
    const pub = await request(server, 'GET', `/circuits/public/${c.id}`);
    expect(pub.status).toBe(200);
    expect(pub.body.data.standings.map((l: any) => l.userId)).toEqual(current.map((l) => l.userId));
  });

  it('shows by default the season completed last, whatever the seasons\' numbers', async () => {
    const c = await createCircuit(server, tenant);
    const later = await createSeason(server, tenant, c.id, { name: 'Later', startDate: '2032-01-01', endDate: '2032-12-31' });
    const earlier = await createSeason(server, tenant, c.id, { name: 'Earlier', startDate: '2031-01-01', endDate: '2031-12-31' });
    const seasonOfDefault = async () => {
      const lines = await allStandings(server, tenant, c.id);
      const pub = (await request(server, 'GET', `/circuits/public/${c.id}`)).body.data.standings;
      return [...new Set([...lines, ...pub].map((l: any) => l.seasonId))];
    };
    expect((await seasonTransition(server, tenant, c.id, 'start')).id).toBe(earlier.id);
    expect((await classify(server, tenant, c.id, (await completedTournament(server, tenant, players.slice(0, 2))).id)).status).toBe(200);
    await seasonTransition(server, tenant, c.id, 'complete');
    expect(await seasonOfDefault()).toEqual([earlier.id]);
    server.clock.advance(60_000);
    expect((await seasonTransition(server, tenant, c.id, 'start')).id).toBe(later.id);
    expect((await classify(server, tenant, c.id, (await completedTournament(server, tenant, players)).id)).status).toBe(200);
    await seasonTransition(server, tenant, c.id, 'complete');
    // Season 1 ("Later") completed last: it is the current one, although season 2 has the higher number.
    expect(await seasonOfDefault()).toEqual([later.id]);
  });

  it('identifies team competitors by team name across tournaments, whoever registers the team', async () => {
    const { circuit } = await activeCircuit(server, tenant);
    const users = await registerPlayers(server, 8);
    const teams = [
      ['Night Owls', users[0]!, users[1]!],
      ['Early Birds', users[2]!, users[3]!],
      ['Red Foxes', users[4]!, users[5]!],
      ['Blue Jays', users[6]!, users[7]!],
    ] as const;
    const playTeams = async (captainIndex: 1 | 2, order: readonly string[]) => {
      const t = await openTournament(server, tenant, { teamSize: 2, maxParticipants: 8 });
      const byParticipant = new Map<string, TestUser>();
      const strength = new Map<string, number>();
      for (const [name, a, b] of teams) {
        const captain = captainIndex === 1 ? a : b;
        const res = await request(server, 'POST', `/tournaments/${t.id}/participate`, {
          token: captain.accessToken,
          body: { team: { name: captainIndex === 2 ? name.toLowerCase() : name, memberUserIds: [a.id, b.id] } },
        });
        expectStatus(res, 201, 'team participate');
        byParticipant.set(res.body.data.id, captain);
        strength.set(res.body.data.id, order.indexOf(name));
      }
      await lifecycle(server, tenant, t.id, 'start');
      await playAll(server, t.id, byParticipant, {
        pickWinner: (m) => {
          const [x, y] = [m.participants[0].participantId, m.participants[1].participantId];
          return strength.get(x)! < strength.get(y)! ? x : y;
        },
      });
      return t.id as string;
    };
    // Second tournament: other captains, team names in lower case: still the same competitors.
    expect((await classify(server, tenant, circuit.id, await playTeams(1, ['Night Owls', 'Early Birds', 'Red Foxes', 'Blue Jays']))).status).toBe(200);
    expect((await classify(server, tenant, circuit.id, await playTeams(2, ['Night Owls', 'Red Foxes', 'Early Birds', 'Blue Jays']))).status).toBe(200);
    const standings = await allStandings(server, tenant, circuit.id);
    expect(standings).toHaveLength(4);
    expect(standings[0]).toMatchObject({ userId: null, teamName: 'night owls', name: 'night owls', points: 200, wins: 4, tournamentsPlayed: 2, bestPlacement: 1, rank: 1 });
    expect(standings.every((l) => l.userId === null && l.tournamentsPlayed === 2)).toBe(true);
  });
});

describe('standings access', () => {
  it('needs read:circuits; a user outside the organization is refused', async () => {
    const { circuit } = await activeCircuit(server, tenant);
    const outsider = await registerUser(server);
    expect((await request(server, 'GET', `/circuits/${circuit.id}/standings`, { token: outsider.accessToken })).status).toBe(403);
    expect((await request(server, 'GET', `/circuits/${circuit.id}/standings`)).status).toBe(401);
  });
});
