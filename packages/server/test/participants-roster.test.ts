/**
 * The organizer's roster over HTTP (R24.1 to R24.8): participants added by name, username or team, the CSV import
 * (all or nothing) and export, bulk seeding, the random draw of seeds and the bracket preview.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTenant, expectStatus, registerUser, request, startTestServer, type TestServer, type TestTenant } from './helpers/index';
import { createTournament, lifecycle, openTournament, registerPlayers } from './tournaments-helpers';

let server: TestServer;
let tenant: TestTenant;

beforeAll(async () => {
  server = await startTestServer();
  tenant = await createTenant(server);
});
afterAll(async () => server?.close());

const asOwner = (method: string, path: string, body?: unknown) =>
  request(server, method, path, { token: tenant.owner.accessToken, ...(body !== undefined ? { body } : {}) });
const add = (id: string, body: unknown) => asOwner('POST', `/tournaments/${id}/participants`, body);
const importCsv = (id: string, csv: string) => asOwner('POST', `/tournaments/${id}/participants/import`, { csv });
const names = async (id: string): Promise<string[]> => {
  const res = await request(server, 'GET', `/tournaments/${id}/participants`, { token: tenant.owner.accessToken, query: { limit: 100 } });
  expectStatus(res, 200, 'listParticipants');
  return res.body.data.map((p: any) => p.name);
};

/** A seeded random number source in [0, 1) (a linear congruential generator), for reproducible draws. */
function seededRandom(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (Math.imul(state, 1664525) + 1013904223) >>> 0;
    return state / 2 ** 32;
  };
}

describe('addParticipant', () => {
  it('adds a participant by name (no account), by username (linked) and as a team', async () => {
    const t = await createTournament(server, tenant);
    const alice = await registerUser(server, { displayName: 'Alice A.' });
    const byName = await add(t.id, { name: 'Zoe Park', seed: 2 });
    expect(byName.status).toBe(201);
    expect(byName.body.data).toMatchObject({ name: 'Zoe Park', userId: null, seed: 2, status: 'REGISTERED', team: null });
    const byUser = await add(t.id, { username: alice.username.toUpperCase() });
    expect(byUser.status).toBe(201);
    expect(byUser.body.data).toMatchObject({ name: 'Alice A.', userId: alice.id, seed: null });
    // The linked user holds the place as if she had registered: she cannot register again.
    await lifecycle(server, tenant, t.id, 'publish');
    await lifecycle(server, tenant, t.id, 'registration/open');
    const again = await request(server, 'POST', `/tournaments/${t.id}/participate`, { token: alice.accessToken });
    expect(again.body.error.code).toBe('ALREADY_REGISTERED');

    const teams = await createTournament(server, tenant, { teamSize: 2 });
    const [p1, p2] = await registerPlayers(server, 2);
    const full = await add(teams.id, { team: { name: 'Night Owls', memberUsernames: [p1!.username, p2!.username] } });
    expect(full.status).toBe(201);
    expect(full.body.data).toMatchObject({ name: 'Night Owls', userId: p1!.id, team: { name: 'Night Owls', members: [{ userId: p1!.id }, { userId: p2!.id }] } });
    const lan = await add(teams.id, { team: { name: 'LAN Crew' } });
    expect(lan.status).toBe(201);
    expect(lan.body.data).toMatchObject({ name: 'LAN Crew', userId: null, team: { name: 'LAN Crew', members: [] } });
  });

  it('refuses bad entries naming the field, and clashes with 409', async () => {
    const t = await createTournament(server, tenant, { maxParticipants: 2 });
    const player = await registerUser(server);
    const cases: [unknown, number, string, string][] = [
      [{ seed: 1 }, 400, 'VALIDATION_ERROR', 'body.name'],
      [{ username: 'nobody_here_at_all' }, 400, 'VALIDATION_ERROR', 'body.username'],
      [{ name: 'Solo', team: { name: 'A team' } }, 400, 'VALIDATION_ERROR', 'body.team'],
    ];
    for (const [body, status, code, path] of cases) {
      const res = await add(t.id, body);
      expect([res.status, res.body.error.code, res.body.error.details[0].path]).toEqual([status, code, path]);
    }
    expect((await add(t.id, { name: 'Max Ito', seed: 1 })).status).toBe(201);
    const sameName = await add(t.id, { name: ' max ito ' });
    expect([sameName.status, sameName.body.error.code, sameName.body.error.details[0].path]).toEqual([409, 'CONFLICT', 'body.name']);
    const sameSeed = await add(t.id, { name: 'Other', seed: 1 });
    expect([sameSeed.status, sameSeed.body.error.code, sameSeed.body.error.details[0].path]).toEqual([409, 'CONFLICT', 'body.seed']);
    expect((await add(t.id, { username: player.username })).status).toBe(201);
    const full = await add(t.id, { name: 'Third' });
    expect([full.status, full.body.error.code]).toEqual([409, 'TOURNAMENT_FULL']);

    const teams = await createTournament(server, tenant, { teamSize: 2 });
    const partial = await add(teams.id, { team: { name: 'Half', memberUsernames: [player.username] } });
    expect([partial.status, partial.body.error.details[0].path]).toEqual([400, 'body.team.memberUsernames']);
    const userInTeams = await add(teams.id, { username: player.username });
    expect([userInTeams.status, userInTeams.body.error.details[0].path]).toEqual([400, 'body.username']);
    const noTeam = await add(teams.id, { name: 'No team' });
    expect([noTeam.status, noTeam.body.error.details[0].path]).toEqual([400, 'body.team']);
    const player2 = await registerUser(server);
    const anonymous = await request(server, 'POST', `/tournaments/${t.id}/participants`, { body: { name: 'X' } });
    expect(anonymous.status).toBe(401);
    await lifecycle(server, tenant, t.id, 'publish');
    const notStaff = await request(server, 'POST', `/tournaments/${t.id}/participants`, { token: player2.accessToken, body: { name: 'X' } });
    expect([notStaff.status, notStaff.body.error.code]).toEqual([403, 'FORBIDDEN']);
  });

  it('keeps capacity and one place per user with several writers at once', async () => {
    const t = await createTournament(server, tenant, { maxParticipants: 4 });
    const results = await Promise.all(Array.from({ length: 10 }, (_, i) => add(t.id, { name: `Racer ${i}` })));
    expect(results.filter((r) => r.status === 201)).toHaveLength(4);
    expect(results.filter((r) => r.status === 409).map((r) => r.body.error.code)).toEqual(Array(6).fill('TOURNAMENT_FULL'));

    const open = await openTournament(server, tenant);
    const player = await registerUser(server);
    const both = await Promise.all([
      add(open.id, { username: player.username }),
      add(open.id, { username: player.username, name: 'Alias' }),
      request(server, 'POST', `/tournaments/${open.id}/participate`, { token: player.accessToken }),
    ]);
    expect(both.filter((r) => r.status === 201)).toHaveLength(1);
    expect(both.filter((r) => r.status === 409).map((r) => r.body.error.code)).toEqual(['ALREADY_REGISTERED', 'ALREADY_REGISTERED']);
    const members = await server.deps.db.selectFrom('participant_members').select('user_id').where('tournament_id', '=', open.id).execute();
    expect(members).toHaveLength(1);
  });

  it('refuses adds, imports and seeds once the tournament has started (409 TOURNAMENT_LOCKED)', async () => {
    const t = await createTournament(server, tenant);
    await add(t.id, { name: 'One' });
    await add(t.id, { name: 'Two' });
    await lifecycle(server, tenant, t.id, 'publish');
    await lifecycle(server, tenant, t.id, 'start');
    const ops = [
      await add(t.id, { name: 'Late' }),
      await importCsv(t.id, 'name\nLate\n'),
      await asOwner('POST', `/tournaments/${t.id}/participants/shuffle`),
      await asOwner('PUT', `/tournaments/${t.id}/participants/seeds`, { participantIds: ['0199a1c3-0000-7000-8000-000000000001'] }),
    ];
    expect(ops.map((r) => [r.status, r.body.error.code])).toEqual(Array(4).fill([409, 'TOURNAMENT_LOCKED']));
  });
});

describe('importParticipants and exportParticipants', () => {
  it('imports a CSV all or nothing, in row order, and exports it back', async () => {
    const t = await createTournament(server, tenant, { maxParticipants: 16 });
    const alice = await registerUser(server, { displayName: 'Alice' });
    const csv = `Name,USERNAME,seed,group,team\n"Park, Zoe",,1,,\n,${alice.username},2,,\nMax Ito,,,,\n\n`;
    const res = await importCsv(t.id, csv);
    expect(res.status).toBe(201);
    expect(res.body.data.map((p: any) => [p.name, p.userId, p.seed])).toEqual([
      ['Park, Zoe', null, 1],
      ['Alice', alice.id, 2],
      ['Max Ito', null, null],
    ]);
    const exported = await asOwner('GET', `/tournaments/${t.id}/participants/export`);
    expect(exported.status).toBe(200);
    expect(exported.headers.get('content-type')).toMatch(/^text\/csv/);
    const lines = exported.text.trim().split('\n');
    expect(lines[0]).toBe('name,username,seed,group,team,status,id');
    expect(lines.slice(1).map((l) => l.split(',').slice(0, -1).join(','))).toEqual([
      '"Park, Zoe",,1,,,REGISTERED',
      `Alice,${alice.username},2,,,REGISTERED`,
      'Max Ito,,,,,REGISTERED',
    ]);
    // The export imports back into another tournament (the extra columns status and id dropped).
    const copy = await createTournament(server, tenant);
    const back = exported.text.split('\n').map((l) => l.split(',').slice(0, -2).join(',')).join('\n');
    const reimported = await importCsv(copy.id, back);
    expect(reimported.status).toBe(201);
    expect(await names(copy.id)).toEqual(['Park, Zoe', 'Alice', 'Max Ito']);
    const byKey = await request(server, 'GET', `/tournaments/${t.id}/participants/export`, { apiKey: tenant.apiKey.key });
    expect(byKey.status).toBe(200);
    expect(await request(server, 'GET', `/tournaments/${t.id}/participants/export`).then((r) => r.status)).toBe(401);
  });

  it('imports teams with their members in team tournaments', async () => {
    const t = await createTournament(server, tenant, { teamSize: 2 });
    const [a, b] = await registerPlayers(server, 2);
    const res = await importCsv(t.id, `team,username,seed\nNight Owls,${a!.username}; ${b!.username},1\nLAN Crew,,2\n`);
    expect(res.status).toBe(201);
    expect(res.body.data.map((p: any) => [p.name, p.team.members.length, p.seed])).toEqual([
      ['Night Owls', 2, 1],
      ['LAN Crew', 0, 2],
    ]);
    const exported = await asOwner('GET', `/tournaments/${t.id}/participants/export`);
    expect(exported.text).toContain(`Night Owls,${[a!.username, b!.username].sort().join(';')},1,,Night Owls,REGISTERED`);
  });

  it.each([
    ['a duplicate name', 'name\nAnn\nBob\nann\n', 'csv.row[3].name'],
    ['an unknown username', 'name,username\nAnn,\n,no_such_user_anywhere\n', 'csv.row[2].username'],
    ['a bad seed', 'name,seed\nAnn,1\nBob,two\n', 'csv.row[2].seed'],
    ['a seed of 0', 'name,seed\nAnn,0\n', 'csv.row[1].seed'],
    ['a duplicate seed', 'name,seed\nAnn,1\nBob,1\n', 'csv.row[2].seed'],
    ['a seed already held', 'name,seed\nAnn,7\n', 'csv.row[1].seed'],
    ['a name already in the tournament', 'name\nHeld Name\n', 'csv.row[1].name'],
    ['more rows than places', 'name\nA1\nA2\nA3\n', 'csv.row[3]'],
    ['a group when stage 1 has no groups', 'name,group\nAnn,A\n', 'csv.row[1].group'],
    ['a team in a solo tournament', 'name,team\nAnn,Owls\n', 'csv.row[1].team'],
    ['a row without a name or username', 'name,seed\n,3\n', 'csv.row[1].name'],
    ['an unknown column', 'name,country\nAnn,FR\n', 'csv.header'],
    ['no name nor username column', 'seed\n1\n', 'csv.header'],
    ['no rows', 'name\n', 'csv'],
    ['a malformed CSV', 'name,seed\nAnn,1,extra\n', 'csv'],
  ])('refuses %s with 400 naming %s, and writes nothing', async (_what, csv, path) => {
    const t = await createTournament(server, tenant, { maxParticipants: 3 });
    await add(t.id, { name: 'Held Name', seed: 7 });
    const res = await importCsv(t.id, csv);
    expect(res.status).toBe(400);
    expect(res.body.error.code).toBe('VALIDATION_ERROR');
    expect(res.body.error.details[0].path).toBe(path);
    expect(res.body.error.message).toContain(path);
    expect(await names(t.id)).toEqual(['Held Name']);
  });
});

describe('importParticipantsCsv: every problem of the rows at once', () => {
  it('lists each row problem in details, in row order, and writes nothing', async () => {
    const t = await createTournament(server, tenant, { maxParticipants: 8 });
    await add(t.id, { name: 'Held Name', seed: 7 });
    const res = await importCsv(t.id, 'name,username,seed\nAnn,,1\n,no_such_user_anywhere,\nHeld Name,,\nBob,,7\n');
    expect(res.status).toBe(400);
    expect(res.body.error.details.map((d: any) => d.path)).toEqual(['csv.row[2].username', 'csv.row[3].name', 'csv.row[4].seed']);
    expect(await names(t.id)).toEqual(['Held Name']);
  });
});

describe('setParticipantSeeds and shuffleParticipantSeeds', () => {
  async function field(n: number): Promise<{ id: string; ids: string[] }> {
    const t = await createTournament(server, tenant, { maxParticipants: 16 });
    const res = await importCsv(t.id, `name\n${Array.from({ length: n }, (_, i) => `Seeder ${i + 1}`).join('\n')}\n`);
    expectStatus(res, 201, 'import');
    return { id: t.id, ids: res.body.data.map((p: any) => p.id) };
  }

  it('sets all seeds at once, by order or by pairs; withdrawn participants lose theirs', async () => {
    const { id, ids } = await field(4);
    const reversed = [...ids].reverse();
    const byOrder = await asOwner('PUT', `/tournaments/${id}/participants/seeds`, { participantIds: reversed });
    expect(byOrder.status).toBe(200);
    expect(byOrder.body.data.map((p: any) => [p.id, p.seed])).toEqual(reversed.map((pid, i) => [pid, i + 1]));

    await asOwner('PATCH', `/tournaments/${id}/participants/${ids[3]}`, { status: 'WITHDRAWN' });
    const pairs = ids.slice(0, 3).map((pid, i) => ({ participantId: pid, seed: 3 - i }));
    const byPairs = await asOwner('PUT', `/tournaments/${id}/participants/seeds`, { seeds: pairs });
    expect(byPairs.status).toBe(200);
    expect(byPairs.body.data.map((p: any) => p.name)).toEqual(['Seeder 3', 'Seeder 2', 'Seeder 1']);
    const withdrawn = await asOwner('GET', `/tournaments/${id}/participants/${ids[3]}`);
    expect(withdrawn.body.data.seed).toBeNull();
  });

  it('refuses a seeding that misses, repeats or invents participants or seeds, naming the entry', async () => {
    const { id, ids } = await field(3);
    const stranger = '0199a1c3-0000-7000-8000-000000000009';
    const cases: [unknown, string][] = [
      [{ participantIds: [ids[0], ids[1]] }, 'body.participantIds'],
      [{ participantIds: [ids[0], ids[1], ids[1]] }, 'body.participantIds[2]'],
      [{ participantIds: [ids[0], ids[1], stranger] }, 'body.participantIds[2]'],
      [{ seeds: [{ participantId: ids[0], seed: 1 }, { participantId: ids[1], seed: 1 }, { participantId: ids[2], seed: 2 }] }, 'body.seeds[1].seed'],
      [{ seeds: [{ participantId: ids[0], seed: 1 }, { participantId: ids[1], seed: 2 }, { participantId: ids[2], seed: 4 }] }, 'body.seeds[2].seed'],
      [{ participantIds: ids, seeds: [] }, 'body'],
    ];
    for (const [body, path] of cases) {
      const res = await asOwner('PUT', `/tournaments/${id}/participants/seeds`, body);
      expect([res.status, res.body.error.code, res.body.error.details[0].path]).toEqual([400, 'VALIDATION_ERROR', path]);
    }
    const list = await asOwner('GET', `/tournaments/${id}/participants`);
    expect(list.body.data.map((p: any) => p.seed)).toEqual([null, null, null]);
  });

  it('shuffles the seeds 1..N with the injected random draw', async () => {
    const { id, ids } = await field(8);
    const draw = async (seed: number) => {
      server.deps.random = seededRandom(seed);
      const res = await asOwner('POST', `/tournaments/${id}/participants/shuffle`);
      expectStatus(res, 200, 'shuffle');
      return res.body.data.map((p: any) => [p.id, p.seed]);
    };
    try {
      const first = await draw(42);
      expect(first.map(([, seed]: [string, number]) => seed)).toEqual([1, 2, 3, 4, 5, 6, 7, 8]);
      expect(first.map(([pid]: [string]) => pid).sort()).toEqual([...ids].sort());
      expect(await draw(42)).toEqual(first);
      expect(await draw(7)).not.toEqual(first);
    } finally {
      delete server.deps.random;
    }
  });
});

describe('previewTournamentBracket', () => {
  const pairs = (bracket: any) =>
    bracket.stages[0].rounds[0].matches.map((m: any) => m.participants.map((s: any) => s.participantId));

  it('shows stage 1 as the start would generate it from the current seeds, writing nothing', async () => {
    const t = await createTournament(server, tenant);
    const imported = await importCsv(t.id, 'name,seed\nA,1\nB,2\nC,3\nD,4\nE,5\nF,6\n');
    const seedOf = new Map(imported.body.data.map((p: any) => [p.id, p.seed]));
    const preview = await asOwner('GET', `/tournaments/${t.id}/bracket/preview`);
    expect(preview.status).toBe(200);
    expect(preview.body.data).toMatchObject({ tournamentId: t.id, status: 'DRAFT', placements: [] });
    const round1 = pairs(preview.body.data).map((p: string[]) => p.map((pid) => (pid === null ? null : seedOf.get(pid))));
    // Seeds 1 and 2 have byes into round 2; round 1 pairs 3 with 6 and 4 with 5.
    expect(round1.map((p: number[]) => [...p].sort()).sort()).toEqual([[3, 6], [4, 5]]);
    // Nothing was written: still DRAFT, participants REGISTERED, no matches.
    const after = await request(server, 'GET', `/tournaments/${t.id}`, { token: tenant.owner.accessToken });
    expect(after.body.data.status).toBe('DRAFT');
    expect((await request(server, 'GET', `/tournaments/${t.id}/participants`, { token: tenant.owner.accessToken })).body.data.map((p: any) => p.status)).toEqual(
      Array(6).fill('REGISTERED'),
    );
    expect(await server.deps.db.selectFrom('matches').select('id').where('tournament_id', '=', t.id).execute()).toEqual([]);
    // The start then generates the same pairs.
    await lifecycle(server, tenant, t.id, 'publish');
    await lifecycle(server, tenant, t.id, 'start');
    const real = await request(server, 'GET', `/tournaments/${t.id}/bracket`);
    expect(pairs(real.body.data)).toEqual(pairs(preview.body.data));
  });

  it('shows the groups of a group stage, and later stages without matches', async () => {
    const t = await createTournament(server, tenant, {
      stages: [
        { name: 'Groups', format: 'GROUPS', settings: { groupCount: 2, qualifiersPerGroup: 2 } },
        { name: 'Playoffs', format: 'SINGLE_ELIMINATION' },
      ],
    });
    await importCsv(t.id, `name,seed\n${Array.from({ length: 8 }, (_, i) => `G${i + 1},${i + 1}`).join('\n')}\n`);
    const preview = await asOwner('GET', `/tournaments/${t.id}/bracket/preview`);
    expect(preview.status).toBe(200);
    const [groups, playoffs] = preview.body.data.stages;
    const matches = groups.rounds.flatMap((r: any) => r.matches);
    expect(new Set(matches.map((m: any) => m.groupNumber))).toEqual(new Set([1, 2]));
    expect(matches).toHaveLength(12);
    expect(groups.standings).toHaveLength(8);
    expect(playoffs.rounds).toEqual([]);
  });

  it('is for the organizer only, before the start, with enough participants', async () => {
    const t = await createTournament(server, tenant);
    const few = await asOwner('GET', `/tournaments/${t.id}/bracket/preview`);
    expect([few.status, few.body.error.code]).toEqual([409, 'NOT_ENOUGH_PARTICIPANTS']);
    await lifecycle(server, tenant, t.id, 'publish');
    const player = await registerUser(server);
    expect((await request(server, 'GET', `/tournaments/${t.id}/bracket/preview`, { token: player.accessToken })).status).toBe(403);
    expect((await request(server, 'GET', `/tournaments/${t.id}/bracket/preview`)).status).toBe(401);
    await add(t.id, { name: 'P1' });
    await add(t.id, { name: 'P2' });
    await lifecycle(server, tenant, t.id, 'start');
    const started = await asOwner('GET', `/tournaments/${t.id}/bracket/preview`);
    expect([started.status, started.body.error.code]).toEqual([409, 'INVALID_STATE']);
  });
});
