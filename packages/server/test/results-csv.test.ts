import { parse } from 'csv-parse/sync';
import { describe, expect } from 'vitest';
import { ManualClock } from '../src/index';
import { newId } from '../src/ids';
import { request, test, type TestUser } from './helpers/index';
import { allMatches, createTournament, joinAll, lifecycle, openTournament, playMatch } from './tournaments-helpers';

// Results out (R26.6, R26.7): results.csv and matches.csv of a tournament, parsed back, with their access rules.
test.scoped({ serverOptions: { clock: new ManualClock('2030-05-01T00:00:00.000Z') }, playerCount: 3 });
const it = test;

const WALK_IN = 'Walk-in, "Lucky"';

describe('results.csv and matches.csv', () => {
  it('exports placements and matches as CSV that parses back to what the JSON operations say', async ({ server, tenant, players }) => {
    const t = await openTournament(server, tenant, { name: 'CSV Cup', startDate: '2030-06-01T12:00:00.000Z' });
    const roster = await joinAll(server, t.id, players);
    const walkInId = newId();
    await server.deps.db
      .insertInto('participants')
      .values({ id: walkInId, tournament_id: t.id, user_id: null, name: WALK_IN, seed: null, status: 'REGISTERED', team_name: null, registered_at: server.clock.now().toISOString(), checked_in_at: null, final_placement: null, placement_range: null })
      .execute();
    const before = await request(server, 'GET', `/tournaments/${t.id}/results.csv`);
    expect(before.status).toBe(409);
    expect(before.body.error.code).toBe('INVALID_STATE');
    await lifecycle(server, tenant, t.id, 'start');

    // Seed 1 meets the walk-in (seed 4): the organizer settles it, as she has no account to report with.
    const [semiA, semiB] = await allMatches(server, t.id);
    const seed1 = roster.participantOf.get(players[0]!.id)!;
    expect(semiA.participants.map((s: any) => s.participantId)).toEqual([seed1, walkInId]);
    const resolved = await request(server, 'POST', `/matches/${semiA.id}/resolve`, {
      token: tenant.owner.accessToken,
      body: { winnerId: seed1, scores: [{ participantId: seed1, score: 3 }, { participantId: walkInId, score: 0 }], reason: 'played at the venue' },
    });
    expect(resolved.status, resolved.text).toBe(200);
    await playMatch(server, semiB, roster.byParticipant);
    const final = (await allMatches(server, t.id))[2];
    await playMatch(server, final, roster.byParticipant);
    expect((await request(server, 'GET', `/tournaments/${t.id}`)).body.data.status).toBe('COMPLETED');

    const results = await request(server, 'GET', `/tournaments/${t.id}/results.csv`);
    expect(results.status, results.text).toBe(200);
    expect(results.headers.get('content-type')).toMatch(/^text\/csv/);
    expect(results.headers.get('content-disposition')).toBe(`attachment; filename="results-${t.id}.csv"`);
    expect(results.text.split('\r\n')[0]).toBe('place,participant_id,name,username,team,seed,status,wins,draws,losses');
    expect(results.text.endsWith('\r\n')).toBe(true);
    const rows = parse(results.text, { columns: true }) as Record<string, string>[];
    const [p1, p2, p3] = players as [TestUser, TestUser, TestUser];
    const idOf = (u: TestUser) => roster.participantOf.get(u.id)!;
    expect(rows.map((r) => [r.place, r.participant_id, r.name, r.username, r.team, r.seed, r.status, r.wins, r.draws, r.losses])).toEqual([
      ['1', idOf(p1), 'Player 1', p1.username, '', '1', 'ACTIVE', '2', '0', '0'],
      ['2', idOf(p2), 'Player 2', p2.username, '', '2', 'ELIMINATED', '1', '0', '1'],
      ['3-4', idOf(p3), 'Player 3', p3.username, '', '3', 'ELIMINATED', '0', '0', '1'],
      ['3-4', walkInId, WALK_IN, '', '', '4', 'ELIMINATED', '0', '0', '1'],
    ]);
    expect(results.text).toContain('"Walk-in, ""Lucky"""'); // quoted and doubled as RFC 4180 says
    const placements = (await request(server, 'GET', `/tournaments/${t.id}/participants`, { query: { limit: 100 } })).body.data;
    for (const p of placements) expect(rows.find((r) => r.participant_id === p.id)?.place).toBe(p.placementRange);

    const matches = await request(server, 'GET', `/tournaments/${t.id}/matches.csv`);
    expect(matches.status, matches.text).toBe(200);
    expect(matches.headers.get('content-disposition')).toBe(`attachment; filename="matches-${t.id}.csv"`);
    expect(matches.text.split('\r\n')[0]).toBe(
      'match_id,stage,stage_name,bracket,round,group,number,side1_id,side1,side2_id,side2,score1,score2,status,result_type,winner_id,winner,scheduled_at,completed_at',
    );
    const matchRows = parse(matches.text, { columns: true }) as Record<string, string>[];
    const json = await allMatches(server, t.id);
    const nameOf = new Map<string, string>([...players.map((u) => [idOf(u), u === p1 ? 'Player 1' : u === p2 ? 'Player 2' : 'Player 3'] as const), [walkInId, WALK_IN]]);
    expect(matchRows).toEqual(
      json.map((m) => ({
        match_id: m.id,
        stage: '1',
        stage_name: 'Main bracket',
        bracket: m.bracket,
        round: String(m.round),
        group: '',
        number: String(m.number),
        side1_id: m.participants[0].participantId,
        side1: nameOf.get(m.participants[0].participantId),
        side2_id: m.participants[1].participantId,
        side2: nameOf.get(m.participants[1].participantId),
        score1: String(m.participants[0].score),
        score2: String(m.participants[1].score),
        status: m.status,
        result_type: m.resultType,
        winner_id: m.winnerId,
        winner: nameOf.get(m.winnerId),
        scheduled_at: m.scheduledAt,
        completed_at: m.completedAt,
      })),
    );
    expect(matchRows.map((r) => r.status)).toEqual(['RESOLVED', 'COMPLETED', 'COMPLETED']);
  });

  it('hides a DRAFT from strangers (404) as the JSON operations do, and gives the header only before the start', async ({ server, tenant, players }) => {
    const draft = await createTournament(server, tenant, { name: 'Hidden' });
    for (const path of ['results.csv', 'matches.csv']) {
      expect((await request(server, 'GET', `/tournaments/${draft.id}/${path}`)).status).toBe(404);
      expect((await request(server, 'GET', `/tournaments/${draft.id}/${path}`, { token: players[0]!.accessToken })).status).toBe(404);
      expect((await request(server, 'GET', `/tournaments/${newId()}/${path}`)).status).toBe(404);
    }
    const staff = await request(server, 'GET', `/tournaments/${draft.id}/matches.csv`, { token: tenant.owner.accessToken });
    expect(staff.status).toBe(200);
    expect(parse(staff.text, { columns: true })).toEqual([]);
    expect(staff.text.startsWith('match_id,stage,')).toBe(true);
    const byKey = await request(server, 'GET', `/tournaments/${draft.id}/results.csv`, { apiKey: tenant.apiKey.key });
    expect(byKey.status).toBe(409); // visible to the project's key, but not started
  });

  it('starts text a spreadsheet would run as a formula with an apostrophe, in every CSV export, and imports it back as written', async ({ server, tenant }) => {
    const formulas = ['=HYPERLINK("http://evil.example","x")', '@SUM(1+1)', '+1 555 0100', '-x', "'=quoted"];
    const t = await openTournament(server, tenant, { name: 'Formula Cup', maxParticipants: 8 });
    for (const [i, name] of [...formulas, '-7', 'Plain'].entries()) {
      const added = await request(server, 'POST', `/tournaments/${t.id}/participants`, { token: tenant.owner.accessToken, body: { name, seed: i + 1 } });
      expect(added.status, added.text).toBe(201);
    }
    await lifecycle(server, tenant, t.id, 'start');
    const safe = (name: string) => `'${name}`;

    const results = parse((await request(server, 'GET', `/tournaments/${t.id}/results.csv`)).text, { columns: true }) as Record<string, string>[];
    expect(results.map((r) => r.name)).toEqual([...formulas.map(safe), '-7', 'Plain']);
    expect(results.map((r) => r.seed)).toEqual(['1', '2', '3', '4', '5', '6', '7']); // numbers as they are
    const matches = parse((await request(server, 'GET', `/tournaments/${t.id}/matches.csv`)).text, { columns: true }) as Record<string, string>[];
    const sides = matches.flatMap((m) => [m.side1, m.side2]).filter((n) => n !== '');
    expect(sides.length).toBeGreaterThan(0);
    for (const side of sides) expect([...formulas.map(safe), '-7', 'Plain']).toContain(side);

    const exported = await request(server, 'GET', `/tournaments/${t.id}/participants/export`, { token: tenant.owner.accessToken });
    expect(exported.status).toBe(200);
    const rows = parse(exported.text, { columns: true }) as Record<string, string>[];
    expect(rows.map((r) => r.name)).toEqual([...formulas.map(safe), '-7', 'Plain']);
    // The export imports back as the names were written (R24.5): the apostrophe added is dropped again.
    const copy = await createTournament(server, tenant);
    const back = [['name', 'seed'], ...rows.map((r) => [r.name, r.seed])].map((cells) => cells.map((c) => `"${c!.replace(/"/g, '""')}"`).join(',')).join('\n');
    const imported = await request(server, 'POST', `/tournaments/${copy.id}/participants/import`, { token: tenant.owner.accessToken, body: { csv: back } });
    expect(imported.status, imported.text).toBe(201);
    expect(imported.body.data.map((p: any) => p.name)).toEqual([...formulas, '-7', 'Plain']);
  });
});
