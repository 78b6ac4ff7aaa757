/**
 * The draw of stage 1 and updates of the stage plan (R23.3): a stage whose format changes loses its draw, a draw is
 * never used for a stage that is not GROUPS, and getStageGroups answers a documented 409 for such a stage (the test
 * server validates its responses against the contract).
 */
import { describe, expect } from 'vitest';
import { expectStatus, it, request, test } from './helpers/index';
import { getData } from './formats-helpers';
import { joinAll, openTournament } from './tournaments-helpers';

test.scoped({ playerCount: 8 });

const groupStage = { name: 'G', format: 'GROUPS', settings: { groupCount: 2 } };
const knockout = { name: 'KO', format: 'SINGLE_ELIMINATION' };

describe('the draw of stage 1 when the stage plan is replaced (R23.3)', () => {
  it('drops the draw when stage 1 changes format, keeps it across a settings change, and starts a knockout by the seeds', async ({ server, tenant, players }) => {
    const owner = tenant.owner.accessToken;
    const t = await openTournament(server, tenant, { maxParticipants: 8, stages: [groupStage] });
    const { participantOf } = await joinAll(server, t.id, players);
    const ids = players.map((p) => participantOf.get(p.id) as string);
    const reversed = [...ids].reverse();
    const draw = { groups: [{ participantIds: reversed.slice(0, 4) }, { participantIds: reversed.slice(4) }] };
    expectStatus(await request(server, 'PUT', `/tournaments/${t.id}/stages/1/groups`, { token: owner, body: draw }), 200, 'setStageGroups');
    const update = (stages: unknown[]) => request(server, 'PUT', `/tournaments/${t.id}`, { token: owner, body: { stages } });

    // New settings of a stage still GROUPS keep the draw (names are labels; a draw that no longer fits is refused at start).
    expectStatus(await update([{ ...groupStage, settings: { groupCount: 2, groupNames: ['North', 'South'] } }]), 200, 'rename the groups');
    const kept = await getData(server, `/tournaments/${t.id}/stages/1/groups`);
    expect(kept.drawn).toBe(true);
    expect(kept.groups.map((g: any) => [g.name, g.participantIds])).toEqual([['North', reversed.slice(0, 4)], ['South', reversed.slice(4)]]);

    // Another format: the draw goes, and the groups of a stage that has none are a documented 409.
    expectStatus(await update([knockout]), 200, 'stage 1 becomes a knockout');
    const none = await request(server, 'GET', `/tournaments/${t.id}/stages/1/groups`);
    expectStatus(none, 409, 'getStageGroups of a knockout');
    expect(none.body.error.code).toBe('CONFLICT');
    expect(none.body.error.message).toContain('not GROUPS');
    const stored = await server.deps.db.selectFrom('stages').select('group_draw').where('tournament_id', '=', t.id).executeTakeFirstOrThrow();
    expect(stored.group_draw).toBeNull();
    expectStatus(await update([groupStage]), 200, 'back to groups');
    expect(await getData(server, `/tournaments/${t.id}/stages/1/groups`)).toEqual({ stageNumber: 1, drawn: false, groups: [] });

    // A draw stored on a knockout stage (written before this rule) is never used: the start seeds by registration.
    expectStatus(await update([knockout]), 200, 'knockout again');
    await server.deps.db
      .updateTable('stages')
      .set({ group_draw: JSON.stringify([reversed.slice(1, 4), reversed.slice(4)]) })
      .where('tournament_id', '=', t.id)
      .execute();
    const preview = await request(server, 'GET', `/tournaments/${t.id}/bracket/preview`, { token: owner });
    expectStatus(preview, 200, 'previewTournamentBracket');
    const sides = preview.body.data.stages[0].rounds.flatMap((r: any) => r.matches).flatMap((m: any) => m.participants);
    expect(sides.find((side: any) => side.seed === 1)?.participantId).toBe(ids[0]);
    const start = await request(server, 'POST', `/tournaments/${t.id}/start`, { token: owner });
    expectStatus(start, 200, 'start');
    const participants = await getData(server, `/tournaments/${t.id}/participants`);
    expect(participants.map((p: any) => [p.id, p.seed])).toEqual(ids.map((id, i) => [id, i + 1]));
  }, 90_000);
});
