/**
 * Participant names over HTTP (R6.1, R6.2, R24.1, R9.15): a participant's name and its team name are each unique in
 * the tournament (trimmed, any case) against every other participant's name and team name, on every entry path
 * (participateInTournament, addParticipant, importParticipants), and never blank.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTenant, expectStatus, registerUser, request, startTestServer, type TestServer, type TestTenant } from './helpers/index';
import { createTournament, openTournament, registerPlayers } from './tournaments-helpers';

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
const participate = (id: string, token: string, body?: unknown) =>
  request(server, 'POST', `/tournaments/${id}/participate`, { token, ...(body !== undefined ? { body } : {}) });
const listed = async (id: string): Promise<string[]> => {
  const res = await asOwner('GET', `/tournaments/${id}/participants`);
  expectStatus(res, 200, 'listParticipants');
  return res.body.data.map((p: any) => `${p.name} / ${p.team?.name ?? '-'}`).sort();
};
const conflict = (res: { status: number; body: any }) => [res.status, res.body.error?.code, res.body.error?.details?.[0]?.path];

describe('unique names and team names', () => {
  it('refuses a name or team name another participant holds as its name or team name, on every entry path', async () => {
    const t = await openTournament(server, tenant, { teamSize: 2, maxParticipants: 16 });
    const [a, b, c, d] = await registerPlayers(server, 4);
    expectStatus(await add(t.id, { name: 'Display', team: { name: 'RealTeam' } }), 201, 'addParticipant');
    // A player's team named after the other participant's team name, or its name.
    const sameTeam = await participate(t.id, a!.accessToken, { team: { name: 'RealTeam', memberUserIds: [a!.id, b!.id] } });
    expect(conflict(sameTeam)).toEqual([409, 'CONFLICT', 'body.team.name']);
    expect(sameTeam.body.error.details[0].message).toContain('"RealTeam"');
    const asName = await participate(t.id, a!.accessToken, { team: { name: ' display ', memberUserIds: [a!.id, b!.id] } });
    expect(conflict(asName)).toEqual([409, 'CONFLICT', 'body.team.name']);
    // The organizer's additions: the team name, then the name, against both of everyone else's.
    expect(conflict(await add(t.id, { name: 'Other', team: { name: 'realteam' } }))).toEqual([409, 'CONFLICT', 'body.team.name']);
    expect(conflict(await add(t.id, { name: ' REALTEAM ', team: { name: 'Fresh' } }))).toEqual([409, 'CONFLICT', 'body.name']);
    expect(conflict(await add(t.id, { name: 'display', team: { name: 'Fresh' } }))).toEqual([409, 'CONFLICT', 'body.name']);
    // A participant's own name and team name may be the same.
    expectStatus(await add(t.id, { name: 'Fresh', team: { name: 'fresh' } }), 201, 'addParticipant');
    expectStatus(await participate(t.id, a!.accessToken, { team: { name: 'Night Owls', memberUserIds: [a!.id, b!.id] } }), 201, 'participate');
    // The CSV import: against the tournament, and against the rows before.
    for (const [csv, path] of [
      ['name,team\nX,realteam\n', 'csv.row[1].team'],
      ['name,team\nnight owls,Y\n', 'csv.row[1].name'],
      ['name,team\nN1,T1\nt1,T2\n', 'csv.row[2].name'],
      ['name,team\nN1,T1\nN2,n1\n', 'csv.row[2].team'],
    ]) {
      const res = await asOwner('POST', `/tournaments/${t.id}/participants/import`, { csv });
      expect([res.status, res.body.error?.details?.[0]?.path], csv).toEqual([400, path]);
    }
    expectStatus(await participate(t.id, c!.accessToken, { team: { name: 'Red Foxes', memberUserIds: [c!.id, d!.id] } }), 201, 'participate');
    expect(await listed(t.id)).toEqual(['Display / RealTeam', 'Fresh / fresh', 'Night Owls / Night Owls', 'Red Foxes / Red Foxes']);
  });

  it('reads a name through invisible characters: one made only of them is missing, one with them clashes with the name without', async () => {
    const t = await openTournament(server, tenant, { teamSize: 2, maxParticipants: 16 });
    const [a, b] = await registerPlayers(server, 2);
    expectStatus(await add(t.id, { name: 'Alpha', team: { name: 'Squad' } }), 201, 'addParticipant');
    expect(conflict(await add(t.id, { name: 'Alpha\u200b', team: { name: 'Other' } }))).toEqual([409, 'CONFLICT', 'body.name']);
    expect(conflict(await add(t.id, { name: 'Beta', team: { name: '\u2060squad' } }))).toEqual([409, 'CONFLICT', 'body.team.name']);
    expect((await add(t.id, { name: 'Gamma', team: { name: '\u200b\u202e' } })).status).toBe(400);
    // A name of invisible characters is no name: the team's name is taken, as for a blank one.
    expect((await add(t.id, { name: '\u200b\u202e', team: { name: 'Delta' } })).body.data.name).toBe('Delta');
    const invisibleTeam = await participate(t.id, a!.accessToken, { team: { name: ' \u200b ', memberUserIds: [a!.id, b!.id] } });
    expect([invisibleTeam.status, invisibleTeam.body.error.details[0].path]).toEqual([400, 'body.team.name']);
    expect(await listed(t.id)).toEqual(['Alpha / Squad', 'Delta / Delta']);
  });

  it('gives one team name to one of two entries sent at once, by a player and by the organizer', async () => {
    const t = await openTournament(server, tenant, { teamSize: 2, maxParticipants: 16 });
    const [a, b, c, d] = await registerPlayers(server, 4);
    const answers = await Promise.all([
      participate(t.id, a!.accessToken, { team: { name: 'Twins', memberUserIds: [a!.id, b!.id] } }),
      add(t.id, { name: 'Other', team: { name: 'TWINS ' } }),
      participate(t.id, c!.accessToken, { team: { name: 'twins', memberUserIds: [c!.id, d!.id] } }),
    ]);
    expect(answers.map((r) => r.status).sort()).toEqual([201, 409, 409]);
    expect(answers.filter((r) => r.status === 409).map((r) => r.body.error.code)).toEqual(['CONFLICT', 'CONFLICT']);
    expect(await listed(t.id)).toHaveLength(1);
  });

  it('names a solo player by their username when another participant holds their display name, and refuses when both are held', async () => {
    const t = await openTournament(server, tenant, { maxParticipants: 16 });
    expectStatus(await add(t.id, { name: 'Magnus' }), 201, 'addParticipant');
    const second = await registerUser(server, { displayName: 'magnus' });
    const joined = await participate(t.id, second.accessToken);
    expect([joined.status, joined.body.data?.name]).toEqual([201, second.username]);
    // Added by username, her display name taken too: her username.
    const third = await registerUser(server, { displayName: 'MAGNUS' });
    const added = await add(t.id, { username: third.username });
    expect([added.status, added.body.data?.name]).toEqual([201, third.username]);
    // Display name and username both held: nothing to name her by.
    const fourth = await registerUser(server, { displayName: 'Magnus' });
    expectStatus(await add(t.id, { name: fourth.username.toUpperCase() }), 201, 'addParticipant');
    const refused = await participate(t.id, fourth.accessToken);
    expect([refused.status, refused.body.error.code]).toEqual([409, 'CONFLICT']);
    expect(refused.body.error.message).toContain('display name');
    const names = (await listed(t.id)).map((n) => n.toLowerCase());
    expect(new Set(names).size).toBe(names.length);
  });

  it('names a player whose stored display name is blank by their username', async () => {
    const solo = await openTournament(server, tenant);
    const [joining, added] = await registerPlayers(server, 2);
    // Rows stored before display names were trimmed (R14.7).
    await server.deps.db.updateTable('users').set({ display_name: '   ' }).where('id', 'in', [joining!.id, added!.id]).execute();
    const joined = await participate(solo.id, joining!.accessToken);
    expect([joined.status, joined.body.data?.name]).toEqual([201, joining!.username]);
    const byUsername = await add(solo.id, { username: added!.username });
    expect([byUsername.status, byUsername.body.data?.name]).toEqual([201, added!.username]);
    const csvTournament = await createTournament(server, tenant);
    const imported = await asOwner('POST', `/tournaments/${csvTournament.id}/participants/import`, { csv: `username\n${joining!.username}\n` });
    expect([imported.status, imported.body.data?.[0]?.name]).toEqual([201, joining!.username]);
  });
});
