/**
 * Renaming an entry over HTTP (updateParticipant `name`, R6.13): trimmed, not blank, unique in the tournament as
 * registration compares names (R24.1), in any status before COMPLETED, by the organizer only; the live stream moves
 * (a cached bracket is rebuilt, R18.17) and no webhook event is recorded.
 */
import { describe, expect } from 'vitest';
import { createTenant, expectStatus, request, test, type TestServer } from './helpers/index';
import { playEverything, startWithStages } from './formats-helpers';
import { openTournament } from './tournaments-helpers';

test.scoped({ playerCount: 4 });
const it = test;

const patch = (server: TestServer, auth: { token?: string; apiKey?: string }, tid: string, pid: string, body: unknown) =>
  request(server, 'PATCH', `/tournaments/${tid}/participants/${pid}`, { ...auth, body });
const refusal = (res: { status: number; body: any }) => [res.status, res.body.error?.code, res.body.error?.details?.[0]?.path];
const eventsOf = async (server: TestServer, tournamentId: string, type: string) =>
  (await server.deps.db.selectFrom('events').select(['type', 'data']).where('type', '=', type).execute())
    .map((e) => (typeof e.data === 'string' ? JSON.parse(e.data) : e.data))
    .filter((d: any) => d.tournamentId === tournamentId);

describe('updateParticipant name (R6.13)', () => {
  it('renames an entry linked to an account, trimmed, and refuses a blank name or one another participant holds, in any case', async ({ server, tenant, players }) => {
    const owner = { token: tenant.owner.accessToken };
    const t = await openTournament(server, tenant, { maxParticipants: 16 });
    const joined = await request(server, 'POST', `/tournaments/${t.id}/participate`, { token: players[0]!.accessToken });
    expectStatus(joined, 201, 'participate');
    const guest = await request(server, 'POST', `/tournaments/${t.id}/participants`, { ...owner, body: { name: 'Guest' } });
    expectStatus(guest, 201, 'addParticipant');
    const pid = joined.body.data.id;

    const renamed = await patch(server, owner, t.id, pid, { name: '  Magnus Carlsen ' });
    expect(renamed.status, renamed.text).toBe(200);
    expect(renamed.body.data).toMatchObject({ id: pid, name: 'Magnus Carlsen', userId: players[0]!.id, team: null, status: 'REGISTERED' });
    expect(refusal(await patch(server, owner, t.id, pid, { name: ' \u200b ' }))).toEqual([400, 'VALIDATION_ERROR', 'body.name']);
    const taken = await patch(server, owner, t.id, pid, { name: ' GUEST ' });
    expect(refusal(taken)).toEqual([409, 'CONFLICT', 'body.name']);
    expect(taken.body.error.details[0].message).toContain('"GUEST"');
    // Its own name in another case is its own.
    expect((await patch(server, { apiKey: tenant.apiKey.key }, t.id, pid, { name: 'magnus carlsen' })).body.data?.name).toBe('magnus carlsen');
    // The same name again changes nothing.
    expectStatus(await patch(server, owner, t.id, pid, { name: 'magnus carlsen' }), 200, 'updateParticipant');
    // The player, and staff of another organization, may not rename it.
    expect((await patch(server, { token: players[0]!.accessToken }, t.id, pid, { name: 'Me' })).status).toBe(403);
    const stranger = await createTenant(server);
    expect([403, 404]).toContain((await patch(server, { token: stranger.owner.accessToken }, t.id, pid, { name: 'Me' })).status);

    const listed = await request(server, 'GET', `/tournaments/${t.id}/participants`);
    expect(listed.body.data.map((p: any) => p.name).sort()).toEqual(['Guest', 'magnus carlsen']);
    const events = await eventsOf(server, t.id, 'participant.renamed');
    expect(events.map((e: any) => [e.previousName, e.name])).toEqual([
      [joined.body.data.name, 'Magnus Carlsen'],
      ['Magnus Carlsen', 'magnus carlsen'],
    ]);
    expect(events.map((e: any) => e.userId)).toEqual([tenant.owner.id, null]);
  });

  it("renames a team entry and its team, refusing another entry's team name; a team name of its own stays", async ({ server, tenant, players }) => {
    const owner = { token: tenant.owner.accessToken };
    const t = await openTournament(server, tenant, { teamSize: 2, maxParticipants: 16 });
    const [a, b] = players;
    const team = await request(server, 'POST', `/tournaments/${t.id}/participate`, {
      token: a!.accessToken,
      body: { team: { name: 'Owls', memberUserIds: [a!.id, b!.id] } },
    });
    expectStatus(team, 201, 'participate');
    expectStatus(await request(server, 'POST', `/tournaments/${t.id}/participants`, { ...owner, body: { name: 'Display', team: { name: 'RealTeam' } } }), 201, 'add');
    expect(refusal(await patch(server, owner, t.id, team.body.data.id, { name: 'realteam' }))).toEqual([409, 'CONFLICT', 'body.name']);
    expect(refusal(await patch(server, owner, t.id, team.body.data.id, { name: 'DISPLAY' }))).toEqual([409, 'CONFLICT', 'body.name']);
    const renamed = await patch(server, owner, t.id, team.body.data.id, { name: 'Night Owls ' });
    expect(renamed.status, renamed.text).toBe(200);
    expect(renamed.body.data.name).toBe('Night Owls');
    expect(renamed.body.data.team).toMatchObject({ name: 'Night Owls', members: [{ userId: a!.id }, { userId: b!.id }] });
    // The old name is free again.
    expectStatus(await request(server, 'POST', `/tournaments/${t.id}/participants`, { ...owner, body: { name: 'x', team: { name: 'owls' } } }), 201, 'add');
    // An entry shown by another name than its team's keeps its team name (circuits know the team by it, R9.15).
    const display = (await request(server, 'GET', `/tournaments/${t.id}/participants`, owner)).body.data.find((p: any) => p.name === 'Display');
    const fixed = await patch(server, owner, t.id, display.id, { name: 'Display (fixed)' });
    expect(fixed.status, fixed.text).toBe(200);
    expect([fixed.body.data.name, fixed.body.data.team.name]).toEqual(['Display (fixed)', 'RealTeam']);
  });

  it('renames while ONGOING, the bracket shows it at once, and refuses a change once COMPLETED', async ({ server, tenant, players }) => {
    const t = await startWithStages(server, tenant, players.slice(0, 2), [{ name: 'Final', format: 'SINGLE_ELIMINATION' }]);
    const pid = [...t.byParticipant.keys()][0]!;
    const before = await request(server, 'GET', `/tournaments/${t.id}/bracket`);
    expectStatus(before, 200, 'bracket');
    expect(before.text).not.toContain('Fixed Typo');
    const renamed = await patch(server, { apiKey: tenant.apiKey.key }, t.id, pid, { name: 'Fixed Typo' });
    expect(renamed.status, renamed.text).toBe(200);
    const after = await request(server, 'GET', `/tournaments/${t.id}/bracket`);
    expect(after.text).toContain('Fixed Typo');
    const page = await fetch(`${server.url.replace(/\/api\/v1$/, '')}/t/${t.id}`);
    expect(await page.text()).toContain('Fixed Typo');

    await playEverything(server, t.id, t.byParticipant);
    expect((await request(server, 'GET', `/tournaments/${t.id}`)).body.data.status).toBe('COMPLETED');
    expect(refusal(await patch(server, { apiKey: tenant.apiKey.key }, t.id, pid, { name: 'Too Late' }))).toEqual([409, 'TOURNAMENT_LOCKED', 'body.name']);
    expectStatus(await patch(server, { apiKey: tenant.apiKey.key }, t.id, pid, { name: ' Fixed Typo ' }), 200, 'unchanged name');
    // A rename is a live event only: no webhook event type (R11).
    const types = await server.deps.db.selectFrom('events').select('type').where('subject_id', '=', pid).execute();
    expect(types.map((e) => e.type)).toContain('participant.renamed');
  });

  it('gives one name to exactly one of two renames sent at once', async ({ server, tenant }) => {
    const owner = { token: tenant.owner.accessToken };
    const t = await openTournament(server, tenant, { maxParticipants: 16 });
    const ids: string[] = [];
    for (const name of ['First', 'Second', 'Third']) {
      const res = await request(server, 'POST', `/tournaments/${t.id}/participants`, { ...owner, body: { name } });
      expectStatus(res, 201, 'add');
      ids.push(res.body.data.id);
    }
    for (const round of [1, 2, 3]) {
      const answers = await Promise.all([
        patch(server, owner, t.id, ids[0]!, { name: `Same ${round}` }),
        patch(server, { apiKey: tenant.apiKey.key }, t.id, ids[1]!, { name: ` same ${round} ` }),
        patch(server, owner, t.id, ids[2]!, { name: `SAME ${round}` }),
      ]);
      expect(answers.map((r) => r.status).sort()).toEqual([200, 409, 409]);
      expect(answers.filter((r) => r.status === 409).map(refusal)).toEqual([
        [409, 'CONFLICT', 'body.name'],
        [409, 'CONFLICT', 'body.name'],
      ]);
      const listed = await request(server, 'GET', `/tournaments/${t.id}/participants`);
      expect(listed.body.data.filter((p: any) => p.name.toLowerCase() === `same ${round}`)).toHaveLength(1);
    }
  });
});
