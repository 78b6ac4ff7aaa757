/**
 * The CSV `group` column over HTTP (R24.11): an import whose rows name groups sets the draw of stage 1 in the same
 * transaction, all or nothing; the export fills the column from the draw, and from the groups as played.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTenant, expectStatus, request, startTestServer, type TestServer, type TestTenant } from './helpers/index';
import { createTournament, lifecycle } from './tournaments-helpers';

let server: TestServer;
let tenant: TestTenant;

beforeAll(async () => {
  server = await startTestServer();
  tenant = await createTenant(server);
});
afterAll(async () => server?.close());

const asOwner = (method: string, path: string, body?: unknown) =>
  request(server, method, path, { token: tenant.owner.accessToken, ...(body !== undefined ? { body } : {}) });
const importCsv = (id: string, csv: string) => asOwner('POST', `/tournaments/${id}/participants/import`, { csv });
const groupStage = (settings: Record<string, unknown>) => ({ name: 'Groups', format: 'GROUPS', settings });
const knockout = { name: 'Knockout', format: 'SINGLE_ELIMINATION' };

/** The groups of stage 1 as getStageGroups answers them: [name, participant names in fixture order]. */
async function groupsByName(id: string): Promise<{ drawn: boolean; groups: [string, string[]][] }> {
  const participants = await request(server, 'GET', `/tournaments/${id}/participants`, { token: tenant.owner.accessToken, query: { limit: 100 } });
  const nameOf = new Map<string, string>(participants.body.data.map((p: any) => [p.id, p.name]));
  const res = await asOwner('GET', `/tournaments/${id}/stages/1/groups`);
  expectStatus(res, 200, 'getStageGroups');
  return { drawn: res.body.data.drawn, groups: res.body.data.groups.map((g: any) => [g.name, g.participantIds.map((p: string) => nameOf.get(p))]) };
}

/** The export's rows as [name, group]. */
async function exportedGroups(id: string): Promise<[string, string][]> {
  const res = await asOwner('GET', `/tournaments/${id}/participants/export`);
  expectStatus(res, 200, 'exportParticipants');
  const [header, ...lines] = res.text.trim().split('\n');
  expect(header).toBe('name,username,seed,group,team,status,id');
  return lines.map((l) => {
    const cells = l.split(',');
    return [cells[0] as string, cells[3] as string];
  });
}

describe('importParticipants with a group column', () => {
  it('sets the draw of stage 1 from the group names, adds to it, exports it and starts with it', async () => {
    const t = await createTournament(server, tenant, { maxParticipants: 16, stages: [groupStage({ groupCount: 2, groupNames: ['North', 'South'], qualifiersPerGroup: 2 }), knockout] });
    const first = await importCsv(t.id, 'name,group\nAnn,South\nBob,north\nCid,North\nDee,SOUTH\n');
    expectStatus(first, 201, 'importParticipants');
    expect(await groupsByName(t.id)).toEqual({ drawn: true, groups: [['North', ['Bob', 'Cid']], ['South', ['Ann', 'Dee']]] });

    // A second import joins each row to its group after those already drawn there.
    const second = await importCsv(t.id, 'group,name,seed\nNorth,Eve,1\nSouth,Fay,\nSouth,Gus,\nNorth,Hal,\n');
    expectStatus(second, 201, 'importParticipants');
    const drawn = { drawn: true, groups: [['North', ['Bob', 'Cid', 'Eve', 'Hal']], ['South', ['Ann', 'Dee', 'Fay', 'Gus']]] };
    expect(await groupsByName(t.id)).toEqual(drawn);
    const exported = await exportedGroups(t.id);
    expect(exported).toHaveLength(8);
    expect(new Map(exported)).toEqual(new Map([['Eve', 'North'], ['Ann', 'South'], ['Bob', 'North'], ['Cid', 'North'], ['Dee', 'South'], ['Fay', 'South'], ['Gus', 'South'], ['Hal', 'North']]));

    // The export's first five columns import back, the groups with them.
    const copy = await createTournament(server, tenant, { maxParticipants: 16, stages: [groupStage({ groupCount: 2, groupNames: ['North', 'South'], qualifiersPerGroup: 2 }), knockout] });
    const text = (await asOwner('GET', `/tournaments/${t.id}/participants/export`)).text;
    const back = await importCsv(copy.id, text.split('\n').map((l) => l.split(',').slice(0, -2).join(',')).join('\n'));
    expectStatus(back, 201, 'importParticipants');
    expect(new Map((await groupsByName(copy.id)).groups.map(([g, names]) => [g, [...names].sort()]))).toEqual(new Map([['North', ['Bob', 'Cid', 'Eve', 'Hal']], ['South', ['Ann', 'Dee', 'Fay', 'Gus']]]));

    // The start plays the draw; the export then names the groups as played.
    await lifecycle(server, tenant, t.id, 'publish');
    await lifecycle(server, tenant, t.id, 'start');
    expect(await groupsByName(t.id)).toEqual(drawn);
    expect(new Map(await exportedGroups(t.id))).toEqual(new Map(exported));
  });

  it('takes the default names A, B, C, ... and leaves the draw alone without a group column', async () => {
    const t = await createTournament(server, tenant, { maxParticipants: 16, stages: [groupStage({ groupCount: 3 })] });
    const rows = ['P1,A', 'P2,B', 'P3,C', 'P4,c', 'P5,b', 'P6,a'];
    expectStatus(await importCsv(t.id, `name,group\n${rows.join('\n')}\n`), 201, 'importParticipants');
    expect((await groupsByName(t.id)).groups).toEqual([['A', ['P1', 'P6']], ['B', ['P2', 'P5']], ['C', ['P3', 'P4']]]);
    const plain = await createTournament(server, tenant, { maxParticipants: 16, stages: [groupStage({ groupCount: 2 })] });
    expectStatus(await importCsv(plain.id, 'name,group\nQ1,\nQ2,\nQ3,\nQ4,\n'), 201, 'importParticipants');
    expect(await groupsByName(plain.id)).toEqual({ drawn: false, groups: [] });
    expect((await exportedGroups(plain.id)).map(([, g]) => g)).toEqual(['', '', '', '']);
  });

  it.each([
    ['a row without a group when others have one', 'name,group\nAnn,A\nBob,\nCid,B\nDee,B\n', 'csv.row[2].group'],
    ['an unknown group', 'name,group\nAnn,A\nBob,A\nCid,B\nDee,Z\n', 'csv.row[4].group'],
    ['a group too large', 'name,group\nAnn,A\nBob,A\nCid,A\nDee,B\n', 'csv.row[3].group'],
    ['groups on a stage 1 without groups', 'name,group\nAnn,A\nBob,A\nCid,B\nDee,B\n', 'csv.row[1].group'],
    ['a participant already in and not drawn', 'name,group\nAnn,A\nBob,B\nCid,B\n', 'csv'],
    ['too few participants for the groups', 'name,group\nAnn,A\nBob,B\n', 'csv'],
  ])('refuses %s with 400 naming %s, and writes nothing', async (what, csv, path) => {
    const stages = what.includes('without groups') ? [knockout] : [groupStage({ groupCount: 2 })];
    const t = await createTournament(server, tenant, { maxParticipants: 8, stages });
    if (what.includes('already in')) expectStatus(await asOwner('POST', `/tournaments/${t.id}/participants`, { name: 'Held' }), 201, 'addParticipant');
    const res = await importCsv(t.id, csv);
    expectStatus(res, 400, path);
    expect(res.body.error.code).toBe('VALIDATION_ERROR');
    expect(res.body.error.details[0].path).toBe(path);
    expect(res.body.error.message).toContain(path);
    const left = await request(server, 'GET', `/tournaments/${t.id}/participants`, { token: tenant.owner.accessToken });
    expect(left.body.data.map((p: any) => p.name)).toEqual(what.includes('already in') ? ['Held'] : []);
    if (stages.length === 1 && stages[0] !== knockout) expect(await groupsByName(t.id)).toEqual({ drawn: false, groups: [] });
  });
});
