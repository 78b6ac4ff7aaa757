import { describe, expect } from 'vitest';
import { expectStatus, it, request, test } from './helpers/index';
import { createRaw, getData } from './formats-helpers';
import { joinAll, openTournament } from './tournaments-helpers';

test.scoped({ playerCount: 8 });

const groupStage = { name: 'Groups', format: 'GROUPS', settings: { groupCount: 2 } };
const knockout = (settings: Record<string, unknown>) => ({ name: 'Knockout', format: 'SINGLE_ELIMINATION', settings });

describe('bad slot maps and draws: 400 naming the field, nothing written (R23.5)', () => {
  it('refuses a slot map naming a group or position that does not exist, or one qualifier in two slots', async ({ server, tenant }) => {
    const cases: [Record<string, unknown>, string][] = [
      [{ slotMap: [{ group: 'A', position: 1 }, { group: 'Z', position: 2 }] }, 'body.stages[1].settings.slotMap[1].group'],
      [{ slotMap: [{ group: 'A', position: 1 }, { group: 'B', position: 5 }] }, 'body.stages[1].settings.slotMap[1].position'],
      [{ slotMap: [{ group: 'A', position: 1 }, { group: 'B', position: 2 }, { group: 'A', position: 1 }, { group: 'B', position: 1 }] }, 'body.stages[1].settings.slotMap[2]'],
      [{ slotMap: [{ rank: 1 }, { rank: 2 }] }, 'body.stages[1].settings.slotMap[0].rank'],
      [{ slotMapPreset: 'CROSS_GROUPS', slotMap: [{ group: 'A', position: 1 }, { group: 'B', position: 2 }] }, 'body.stages[1].settings.slotMapPreset'],
    ];
    for (const [settings, path] of cases) {
      const res = await createRaw(server, tenant, [groupStage, knockout(settings)], { maxParticipants: 8 });
      expectStatus(res, 400, path);
      expect(res.body.error.code).toBe('VALIDATION_ERROR');
      expect(res.body.error.details.map((d: any) => d.path)).toContain(path);
    }
    const three = await createRaw(server, tenant, [{ ...groupStage, settings: { groupCount: 3 } }, knockout({ slotMapPreset: 'CROSS_GROUPS' })], { maxParticipants: 12 });
    expectStatus(three, 400, 'CROSS_GROUPS over 3 groups');
    expect(three.body.error.details.map((d: any) => d.path)).toContain('body.stages[1].settings.slotMapPreset');
    const names = await createRaw(server, tenant, [{ ...groupStage, settings: { groupCount: 2, groupNames: ['North', 'North'] } }, knockout({})], { maxParticipants: 8 });
    expectStatus(names, 400, 'repeated group name');
    expect(names.body.error.details.some((d: any) => String(d.path).startsWith('body.stages[0].settings.groupNames'))).toBe(true);
    // After a stage without groups a slot names a rank, which must exist: a league of 8 has ranks 1 to 8.
    const league = { name: 'League', format: 'ROUND_ROBIN' };
    const rankOut = await createRaw(server, tenant, [league, knockout({ slotMap: [{ rank: 1 }, { rank: 9 }] })], { maxParticipants: 8 });
    expectStatus(rankOut, 400, 'a rank out of range');
    expect(rankOut.body.error.details.map((d: any) => d.path)).toContain('body.stages[1].settings.slotMap[1].rank');
    expectStatus(await createRaw(server, tenant, [league, knockout({ slotMap: [{ rank: 1 }, { rank: 8 }] })], { maxParticipants: 8 }), 201, 'ranks in range');
    const stageOne = await createRaw(server, tenant, [knockout({ slotMapPreset: 'CROSS_GROUPS' })], { maxParticipants: 8 });
    expectStatus(stageOne, 400, 'slot map on stage 1');
    expect(stageOne.body.error.details.map((d: any) => d.path)).toContain('body.stages[0].settings.slotMapPreset');
  }, 90_000);

  it('refuses skipFirstRound with a slot map, and more group names than half the entrants without groupCount (R23.1, R7.9)', async ({ server, tenant }) => {
    const doubleElimination = (settings: Record<string, unknown>) => ({ name: 'Knockout', format: 'DOUBLE_ELIMINATION', settings });
    const skip = await createRaw(server, tenant, [groupStage, doubleElimination({ slotMapPreset: 'CROSS_GROUPS', skipFirstRound: true })], { maxParticipants: 8 });
    expectStatus(skip, 400, 'skipFirstRound with a slot map');
    expect(skip.body.error.code).toBe('VALIDATION_ERROR');
    expect(skip.body.error.details.map((d: any) => d.path)).toEqual(['body.stages[1].settings.skipFirstRound']);
    const names = await createRaw(server, tenant, [{ name: 'Groups', format: 'GROUPS', settings: { groupNames: ['North', 'Centre', 'South'] } }], { maxParticipants: 4 });
    expectStatus(names, 400, 'three group names for 4 entrants');
    expect(names.body.error.code).toBe('VALIDATION_ERROR');
    expect(names.body.error.details.map((d: any) => d.path)).toEqual(['body.stages[0].settings.groupNames']);
    const natural = await createRaw(server, tenant, [groupStage, doubleElimination({ slotMapPreset: 'CROSS_GROUPS', seedOrdering: 'natural' })], { maxParticipants: 8 });
    expectStatus(natural, 201, 'a slot map with seedOrdering natural');
  }, 90_000);

  it('refuses a draw leaving a participant out, naming one twice or an unknown one, or with wrong group sizes', async ({ server, tenant, players }) => {
    const t = await openTournament(server, tenant, { maxParticipants: 8, stages: [{ ...groupStage, settings: { groupCount: 2, groupNames: ['North', 'South'] } }, knockout({ slotMapPreset: 'CROSS_GROUPS' })] });
    const { participantOf } = await joinAll(server, t.id, players);
    const ids = players.map((p) => participantOf.get(p.id) as string);
    const put = (groups: string[][]) =>
      request(server, 'PUT', `/tournaments/${t.id}/stages/1/groups`, { token: tenant.owner.accessToken, body: { groups: groups.map((participantIds) => ({ participantIds })) } });
    const cases: [string[][], string][] = [
      [[ids.slice(0, 4), ids.slice(4, 7)], 'body.groups'],
      [[ids.slice(0, 4), [...ids.slice(4, 7), ids[0] as string]], 'body.groups[1].participantIds[3]'],
      [[ids.slice(0, 4), [...ids.slice(4, 7), '00000000-0000-4000-8000-000000000000']], 'body.groups[1].participantIds[3]'],
      [[ids.slice(0, 5), ids.slice(5)], 'body.groups[0]'],
      [[ids], 'body.groups'],
    ];
    for (const [groups, path] of cases) {
      const res = await put(groups);
      expectStatus(res, 400, path);
      expect(res.body.error.details.map((d: any) => d.path)).toContain(path);
    }
    const unchanged = await getData(server, `/tournaments/${t.id}/stages/1/groups`);
    expect(unchanged).toEqual({ stageNumber: 1, drawn: false, groups: [] });

    const ok = await put([ids.slice(4), ids.slice(0, 4)]);
    expectStatus(ok, 200, 'setStageGroups');
    expect(ok.body.data.groups.map((g: any) => [g.name, g.participantIds])).toEqual([['North', ids.slice(4)], ['South', ids.slice(0, 4)]]);
    // A participant drawn then withdrawn: the entrants are no longer those drawn, so the start is refused and nothing starts.
    const withdrawn = await request(server, 'PATCH', `/tournaments/${t.id}/participants/${ids[0]}`, { token: tenant.owner.accessToken, body: { status: 'WITHDRAWN' } });
    expectStatus(withdrawn, 200, 'withdraw a drawn participant');
    const start = await request(server, 'POST', `/tournaments/${t.id}/start`, { token: tenant.owner.accessToken });
    expectStatus(start, 409, 'start with a participant of the draw missing');
    expect(start.body.error.message).toContain(ids[0]);
    expect((await getData(server, `/tournaments/${t.id}`)).status).toBe('REGISTRATION_OPEN');
    expect((await request(server, 'PATCH', `/tournaments/${t.id}/participants/${ids[0]}`, { token: tenant.owner.accessToken, body: { status: 'REGISTERED' } })).status).toBe(200);
    const stage2 = await request(server, 'PUT', `/tournaments/${t.id}/stages/2/groups`, { token: tenant.owner.accessToken, body: { groups: [] } });
    expectStatus(stage2, 409, 'draw of a knockout stage');
    const early = await request(server, 'PUT', `/tournaments/${t.id}/stages/2/seeding`, { token: tenant.owner.accessToken, body: { participantIds: ids.slice(0, 4) } });
    expectStatus(early, 409, 'seeding of a stage not generated');
  }, 90_000);
});
