import { describe, expect } from 'vitest';
import { ManualClock } from '../src/index';
import { newId } from '../src/ids';
import { publicTournamentQueries } from '../src/services/players/public-tournaments';
import { createTenant, onPostgres, registerUser, request, test, unique, type TestTenant, type TestUser } from './helpers/index';
import { createTournament, joinAll, lifecycle, openTournament, playMatch } from './tournaments-helpers';

// Players finding what to play (R26.1-R26.5): the public list, the caller's tournaments and matches, and a user id in
// the schedule's participant filter.
test.scoped({ serverOptions: { clock: new ManualClock('2030-05-01T00:00:00.000Z') }, playerCount: 6 });
const it = test;

/** A discipline code no other test of the file uses, so the global public list can be filtered to one test. */
const discipline = (): string => `d${unique()}`.slice(0, 32);

const ids = (res: { body: { data: { id: string }[] } }) => res.body.data.map((t) => t.id);

describe('listPublicTournaments', () => {
  it('lists published tournaments of every project without credentials, never a DRAFT, filtered by discipline, status and start days', async ({ server, tenant }) => {
    const other = await createTenant(server);
    const chess = discipline();
    const cs2 = discipline();
    const draft = await createTournament(server, tenant, { disciplineId: chess, startDate: '2031-01-01T10:00:00.000Z' });
    const published = await createTournament(server, tenant, { disciplineId: chess, startDate: '2031-01-10T10:00:00.000Z' });
    await lifecycle(server, tenant, published.id, 'publish');
    const open = await openTournament(server, tenant, { disciplineId: cs2, startDate: '2031-01-05T10:00:00.000Z' });
    const elsewhere = await openTournament(server, other, { disciplineId: chess, startDate: '2031-02-01T10:00:00.000Z' });

    const list = async (query: Record<string, string | number>) => {
      const res = await request(server, 'GET', '/tournaments/public', { query: { limit: 100, ...query } });
      expect(res.status, res.text).toBe(200);
      return res;
    };
    // Soonest start first, across projects; the DRAFT is never listed.
    expect(ids(await list({ startDate: '2031-01-01', endDate: '2031-02-28' })).filter((id) => [draft.id, published.id, open.id, elsewhere.id].includes(id))).toEqual([
      open.id,
      published.id,
      elsewhere.id,
    ]);
    expect(ids(await list({ disciplineId: chess }))).toEqual([published.id, elsewhere.id]);
    expect(ids(await list({ disciplineId: chess, status: 'REGISTRATION_OPEN' }))).toEqual([elsewhere.id]);
    expect(ids(await list({ disciplineId: chess, startDate: '2031-01-10', endDate: '2031-01-10' }))).toEqual([published.id]);
    expect(ids(await list({ disciplineId: cs2 }))).toEqual([open.id]);
    const paged = await list({ disciplineId: chess, limit: 1, page: 2 });
    expect(ids(paged)).toEqual([elsewhere.id]);
    expect(paged.body.pagination).toMatchObject({ page: 2, limit: 1, total: 2, totalPages: 2, hasNext: false, hasPrevious: true });

    // The draft is not found whoever asks; a DRAFT status filter is refused naming the field.
    const asDraft = await request(server, 'GET', '/tournaments/public', { query: { status: 'DRAFT' } });
    expect(asDraft.status).toBe(400);
    expect(asDraft.body.error.details[0].path).toBe('query.status');
    expect(ids(await list({ disciplineId: chess, startDate: '2031-01-01', endDate: '2031-01-01' }))).toEqual([]);
    // Credentials are not needed, but those sent must be valid (R1.7).
    const withToken = await request(server, 'GET', '/tournaments/public', { token: tenant.owner.accessToken, query: { disciplineId: cs2 } });
    expect(ids(withToken)).toEqual([open.id]);
    expect((await request(server, 'GET', '/tournaments/public', { token: 'tat_not-a-token' })).status).toBe(401);
  });

  it.skipIf(onPostgres)('runs the count and page queries of the public list on the tournaments_public_ indexes', async ({ server }) => {
    const variants = [{}, { status: 'ONGOING' as const }, { disciplineId: 'cs2' }, { disciplineId: 'cs2', status: 'COMPLETED' as const, startDate: '2031-01-01', endDate: '2031-12-31' }];
    for (const v of variants) {
      const { count, page } = publicTournamentQueries(server.deps.db, { page: 1, limit: 10, totalCap: 1000, ...v });
      for (const query of [count, page]) {
        const compiled = query.compile();
        const plan = await server.deps.db.executeQuery<{ detail: string }>({ ...compiled, sql: `EXPLAIN QUERY PLAN ${compiled.sql}` });
        const detail = plan.rows.map((r) => r.detail).join(' | ');
        expect(detail, JSON.stringify(v)).toMatch(/USING (COVERING )?INDEX tournaments_public_/);
        expect(detail).not.toMatch(/SCAN tournaments(?! USING)/);
      }
    }
  });

  it('answers a player listing tournaments without projectId with 400 naming query.projectId and the player operations', async ({ server, players }) => {
    const res = await request(server, 'GET', '/tournaments', { token: players[0]!.accessToken });
    expect(res.status).toBe(400);
    expect(res.body.error.details[0].path).toBe('query.projectId');
    expect(res.body.error.details[0].message).toMatch(/GET \/tournaments\/public.*GET \/users\/me\/tournaments/);
  });
});

/** Starts a single elimination of `players` (solo, seeded in order) at `startDate`, rounds 60 minutes apart. */
async function startedCup(server: Parameters<typeof request>[0], tenant: TestTenant, players: readonly TestUser[], startDate: string, name = 'Cup') {
  const t = await openTournament(server, tenant, {
    name,
    startDate,
    maxParticipants: 8,
    stages: [{ name: 'Bracket', format: 'SINGLE_ELIMINATION', settings: { roundIntervalMinutes: 60 } }],
  });
  const roster = await joinAll(server, t.id, players);
  await lifecycle(server, tenant, t.id, 'start');
  return { id: t.id as string, ...roster };
}

describe('listMyTournaments and listMyMatches', () => {
  it('lists the tournaments the caller plays in with her participant, unfinished first, and none of another user', async ({ server, tenant, players }) => {
    const [ann, bob, cat, dan] = players as [TestUser, TestUser, TestUser, TestUser];
    const solo = await openTournament(server, tenant, { name: 'Later open', startDate: '2030-09-01T10:00:00.000Z' });
    const soloRoster = await joinAll(server, solo.id, [ann]);
    const done = await startedCup(server, tenant, [ann, bob], '2030-06-01T10:00:00.000Z', 'Finished final');
    const final = (await request(server, 'GET', `/tournaments/${done.id}/schedule`)).body.data[0];
    await playMatch(server, final, done.byParticipant);
    const team = await openTournament(server, tenant, { name: 'Duos', teamSize: 2, startDate: '2030-08-01T10:00:00.000Z' });
    const teamReg = await request(server, 'POST', `/tournaments/${team.id}/participate`, {
      token: cat.accessToken,
      body: { team: { name: 'Cat & Ann', memberUserIds: [cat.id, ann.id] } },
    });
    expect(teamReg.status, teamReg.text).toBe(201);

    const mine = async (user: TestUser, query: Record<string, string> = {}) => {
      const res = await request(server, 'GET', '/users/me/tournaments', { token: user.accessToken, query });
      expect(res.status, res.text).toBe(200);
      return res.body;
    };
    const annList = await mine(ann);
    expect(annList.data.map((m: any) => [m.tournament.name, m.participantStatus, m.placementRange])).toEqual([
      ['Duos', 'REGISTERED', null],
      ['Later open', 'REGISTERED', null],
      ['Finished final', 'ACTIVE', '1'],
    ]);
    expect(annList.data[1].participantId).toBe(soloRoster.participantOf.get(ann.id));
    expect(annList.data[0]).toMatchObject({ participantId: teamReg.body.data.id, participantName: 'Cat & Ann' });
    expect(annList.pagination.total).toBe(3);
    expect((await mine(ann, { status: 'COMPLETED' })).data.map((m: any) => m.tournament.id)).toEqual([done.id]);
    expect((await mine(bob)).data.map((m: any) => [m.tournament.name, m.participantStatus])).toEqual([['Finished final', 'ELIMINATED']]);
    expect((await mine(cat)).data.map((m: any) => m.tournament.name)).toEqual(['Duos']);
    expect((await mine(dan)).data).toEqual([]);

    expect((await request(server, 'GET', '/users/me/tournaments')).status).toBe(401);
    const byKey = await request(server, 'GET', '/users/me/matches', { apiKey: tenant.apiKey.key });
    expect(byKey.status).toBe(403);
    expect(byKey.body.error.code).toBe('API_KEY_NOT_ALLOWED');
  });

  it("lists the caller's matches next first: to play by time, then waiting for an opponent, then finished; none of another user", async ({ server, tenant }) => {
    const [p0, p1, p2, p3, p4, p5] = await Promise.all(Array.from({ length: 6 }, () => registerUser(server)));
    const t1 = await startedCup(server, tenant, [p0!, p1!, p2!, p3!], '2030-07-01T10:00:00.000Z', 'July cup');
    const t2 = await startedCup(server, tenant, [p0!, p4!], '2030-06-20T10:00:00.000Z', 'June final');
    const t3 = await startedCup(server, tenant, [p0!, p5!], '2030-08-01T10:00:00.000Z', 'August final');
    const t1Matches = (await request(server, 'GET', `/tournaments/${t1.id}/schedule`)).body.data;
    const semi = t1Matches.find((m: any) => m.participants.some((s: any) => s.participantId === t1.participantOf.get(p0!.id)));
    await playMatch(server, semi, t1.byParticipant);
    const t1Final = t1Matches.find((m: any) => m.round === 2);
    const t2Final = (await request(server, 'GET', `/tournaments/${t2.id}/schedule`)).body.data[0];
    const t3Final = (await request(server, 'GET', `/tournaments/${t3.id}/schedule`)).body.data[0];

    const mine = async (user: TestUser, query: Record<string, string> = {}) => {
      const res = await request(server, 'GET', '/users/me/matches', { token: user.accessToken, query });
      expect(res.status, res.text).toBe(200);
      return res.body;
    };
    const list = await mine(p0!);
    expect(list.data.map((m: any) => [m.tournament.name, m.match.id, m.ready, m.match.status])).toEqual([
      ['June final', t2Final.id, true, 'SCHEDULED'],
      ['August final', t3Final.id, true, 'SCHEDULED'],
      ['July cup', t1Final.id, false, 'SCHEDULED'],
      ['July cup', semi.id, false, 'COMPLETED'],
    ]);
    expect(list.data.map((m: any) => m.participantId)).toEqual([
      t2.participantOf.get(p0!.id),
      t3.participantOf.get(p0!.id),
      t1.participantOf.get(p0!.id),
      t1.participantOf.get(p0!.id),
    ]);
    expect(list.data[0].match.participants.map((s: any) => s.participantId)).toContain(t2.participantOf.get(p0!.id));
    // Like the other lists, the items leave each match's history out; getMatch keeps it (R25.9).
    expect(list.data.filter((m: any) => 'history' in m.match)).toEqual([]);
    const played = await request(server, 'GET', `/matches/${semi.id}`, { token: p0!.accessToken });
    expect(played.status, played.text).toBe(200);
    expect(played.body.data.history.map((h: any) => h.type)).toContain('REPORTED');
    expect((await mine(p0!, { status: 'COMPLETED' })).data.map((m: any) => m.match.id)).toEqual([semi.id]);
    expect((await mine(p0!, { tournamentId: t1.id })).data.map((m: any) => m.match.id)).toEqual([t1Final.id, semi.id]);
    const paged = await mine(p0!, { limit: '1', page: '2' });
    expect(paged.data.map((m: any) => m.match.id)).toEqual([t3Final.id]);
    expect(paged.pagination.total).toBe(4);

    // Another user's matches are not in mine: p4 sees only the June final; p2 only her own semi-final.
    expect((await mine(p4!)).data.map((m: any) => m.match.id)).toEqual([t2Final.id]);
    const p2List = (await mine(p2!)).data;
    expect(p2List).toHaveLength(1);
    expect(p2List[0].match.id).not.toBe(semi.id);
    expect(p2List[0].participantId).toBe(t1.participantOf.get(p2!.id));
  });

  it("finds a user's matches when the schedule's participantId is her user id, and a participant without an account is tolerated", async ({ server, tenant }) => {
    const [a, b, c] = await Promise.all(Array.from({ length: 3 }, () => registerUser(server)));
    const t = await openTournament(server, tenant, { name: 'Walk-ins welcome', startDate: '2030-07-15T10:00:00.000Z' });
    const roster = await joinAll(server, t.id, [a!, b!, c!]);
    await server.deps.db
      .insertInto('participants')
      .values({ id: newId(), tournament_id: t.id, user_id: null, name: 'Walk-in', seed: null, status: 'REGISTERED', team_name: null, registered_at: server.clock.now().toISOString(), checked_in_at: null, final_placement: null, placement_range: null })
      .execute();
    await lifecycle(server, tenant, t.id, 'start');
    const schedule = async (participantId: string) => {
      const res = await request(server, 'GET', `/tournaments/${t.id}/schedule`, { query: { participantId } });
      expect(res.status, res.text).toBe(200);
      return res.body.data.map((m: any) => m.id);
    };
    const byParticipant = await schedule(roster.participantOf.get(a!.id)!);
    expect(byParticipant).toHaveLength(1); // her semi-final (the final has no sides yet)
    expect(await schedule(a!.id)).toEqual(byParticipant);
    expect(await schedule(newId())).toEqual([]);
    // The walk-in has no account: she is in nobody's /users/me lists, and theirs still answer.
    const aMatches = await request(server, 'GET', '/users/me/matches', { token: a!.accessToken, query: { tournamentId: t.id } });
    expect(aMatches.body.data.map((m: any) => m.match.id)).toEqual(byParticipant);
  });
});
