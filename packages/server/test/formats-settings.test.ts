import { describe, expect } from 'vitest';
import { request, test, type TestServer, type TestTenant } from './helpers/index';
import { createRaw } from './formats-helpers';
import { createTournament, joinAll, openTournament, registerPlayers } from './tournaments-helpers';

const se = { name: 'Playoffs', format: 'SINGLE_ELIMINATION' };

/** Helpers bound to the file's server and tenant (the `bound` fixture). */
function bound(server: TestServer, tenant: TestTenant) {
  /** Creates with `stages` (maxParticipants 16) and expects 400 naming `path`. */
  async function refused(stages: unknown[], path: string, overrides: Record<string, unknown> = {}): Promise<void> {
    const res = await createRaw(server, tenant, stages, overrides);
    expect(res.status, JSON.stringify(res.body)).toBe(400);
    expect(res.body.error.code).toBe('VALIDATION_ERROR');
    expect(res.body.error.details.map((d: any) => d.path)).toContain(path);
  }
  return { refused };
}
const it = test.extend<{ bound: ReturnType<typeof bound> }>({ bound: async ({ server, tenant }, use) => use(bound(server, tenant)) });

describe('stage settings are checked at create and update (400 naming the field)', () => {
  it('requires advanceCount between stages (except after groups), at least 2 and at most the entrants', async ({ server, tenant, bound: { refused } }) => {
    await refused([{ name: 'Open', format: 'SINGLE_ELIMINATION' }, se], 'body.stages[0].settings.advanceCount');
    await refused([{ name: 'Swiss', format: 'SWISS', settings: { swissWinsToAdvance: 3 } }, se], 'body.stages[0].settings.advanceCount');
    await refused([{ name: 'Open', format: 'ROUND_ROBIN', settings: { advanceCount: 1 } }, se], 'body.stages[0].settings.advanceCount');
    await refused([{ name: 'Open', format: 'DOUBLE_ELIMINATION', settings: { advanceCount: 17 } }, se], 'body.stages[0].settings.advanceCount');
    await refused([{ name: 'Only', format: 'SINGLE_ELIMINATION', settings: { advanceCount: 4 } }], 'body.stages[0].settings.advanceCount');
    // The chain: stage 2 has the 4 qualifiers of stage 1, and stage 3 cannot take 8 of them.
    await refused(
      [
        { name: 'A', format: 'SWISS', settings: { advanceCount: 4 } },
        { name: 'B', format: 'ROUND_ROBIN', settings: { advanceCount: 8 } },
        se,
      ],
      'body.stages[1].settings.advanceCount',
    );
    const ok = await createRaw(server, tenant, [
      { name: 'Groups', format: 'GROUPS', settings: { groupCount: 4 } },
      { name: 'Swiss', format: 'SWISS', settings: { swissRounds: 3, advanceCount: 4 } },
      se,
    ]);
    expect(ok.status).toBe(201);
  });

  it('checks groups, Swiss rounds and points against the stage entrants', async ({ bound: { refused } }) => {
    await refused([{ name: 'Groups', format: 'GROUPS', settings: { groupCount: 9 } }], 'body.stages[0].settings.groupCount');
    await refused([{ name: 'Groups', format: 'GROUPS', settings: { groupCount: 4, qualifiersPerGroup: 5 } }, se], 'body.stages[0].settings.qualifiersPerGroup');
    await refused([{ name: 'Groups', format: 'GROUPS', settings: { groupCount: 4, qualifiersPerGroup: 2, advanceCount: 10 } }, se], 'body.stages[0].settings.advanceCount');
    await refused([{ name: 'Groups', format: 'GROUPS', settings: { groupCount: 1, qualifiersPerGroup: 1 } }, se], 'body.stages[0].settings.advanceCount');
    await refused([{ name: 'Swiss', format: 'SWISS', settings: { swissRounds: 16 } }], 'body.stages[0].settings.swissRounds');
    await refused([{ name: 'League', format: 'ROUND_ROBIN', settings: { pointsForWin: 1, pointsForDraw: 2 } }], 'body.stages[0].settings.pointsForDraw');
    await refused([{ name: 'League', format: 'ROUND_ROBIN', settings: { pointsForDraw: 0, pointsForLoss: 1 } }], 'body.stages[0].settings.pointsForLoss');
    await refused(
      [{ name: 'Open', format: 'SINGLE_ELIMINATION', settings: { advanceCount: 4 } }, { name: 'Groups', format: 'GROUPS', settings: { groupCount: 3 } }],
      'body.stages[1].settings.groupCount',
    );
    await refused([{ name: 'Swiss', format: 'SWISS', settings: { swissRounds: 5 } }], 'body.stages[0].settings.swissRounds', { maxParticipants: 4 });
    // The contract's own checks come first: unknown fields and out-of-range values.
    await refused([{ name: 'X', format: 'SWISS', settings: { swissRounds: 0 } }], 'body.stages[0].settings.swissRounds');
  });

  it('checks the plan again on update, against the new stages or the new maxParticipants', async ({ server, tenant }) => {
    const t = await createTournament(server, tenant, {
      maxParticipants: 16,
      stages: [{ name: 'Groups', format: 'GROUPS', settings: { groupCount: 4, advanceCount: 8 } }, se],
    });
    const shrink = await request(server, 'PUT', `/tournaments/${t.id}`, { token: tenant.owner.accessToken, body: { maxParticipants: 6 } });
    expect(shrink.status).toBe(400);
    expect(shrink.body.error.details.map((d: any) => d.path)).toContain('body.stages[0].settings.groupCount');
    const bad = await request(server, 'PUT', `/tournaments/${t.id}`, {
      token: tenant.owner.accessToken,
      body: { stages: [{ name: 'Open', format: 'SINGLE_ELIMINATION' }, se] },
    });
    expect(bad.status).toBe(400);
    expect(bad.body.error.details[0].path).toBe('body.stages[0].settings.advanceCount');
    const after = await request(server, 'GET', `/tournaments/${t.id}`, { token: tenant.owner.accessToken });
    expect(after.body.data.maxParticipants).toBe(16);
    expect(after.body.data.stages[0].format).toBe('GROUPS');
  });

  it('refuses a thirdPlaceMatch contradicting consolation, on create and update, and shows the one consolation implies', async ({ server, tenant, bound: { refused } }) => {
    await refused([{ ...se, settings: { thirdPlaceMatch: true, consolation: 'NONE' } }], 'body.stages[0].settings.thirdPlaceMatch');
    await refused([{ ...se, settings: { thirdPlaceMatch: false, consolation: 'THIRD_PLACE' } }], 'body.stages[0].settings.thirdPlaceMatch');
    const t = await createTournament(server, tenant, { maxParticipants: 8, stages: [{ ...se, settings: { consolation: 'THIRD_PLACE' } }] });
    expect(t.stages[0].settings).toMatchObject({ consolation: 'THIRD_PLACE', thirdPlaceMatch: true });
    const update = (settings: object) => request(server, 'PUT', `/tournaments/${t.id}`, { token: tenant.owner.accessToken, body: { stages: [{ ...se, settings }] } });
    const contradiction = await update({ consolation: 'NONE', thirdPlaceMatch: true });
    expect(contradiction.status).toBe(400);
    expect(contradiction.body.error.details.map((d: any) => d.path)).toEqual(['body.stages[0].settings.thirdPlaceMatch']);
    expect((await update({ consolation: 'FULL', thirdPlaceMatch: true })).status).toBe(200);
  });

  it('refuses at create and update a format whose size cap maxParticipants or advanceCount exceeds, naming the format', async ({ server, tenant, bound: { refused } }) => {
    await refused([{ name: 'Ladder', format: 'STEPLADDER' }], 'body.stages[0].format', { maxParticipants: 257 });
    await refused([{ name: 'League', format: 'ROUND_ROBIN' }], 'body.stages[0].format', { maxParticipants: 4096 });
    await refused([{ name: 'Swiss', format: 'SWISS', settings: { advanceCount: 300 } }, { name: 'Ladder', format: 'STEPLADDER' }], 'body.stages[1].format', { maxParticipants: 512 });
    const res = await createRaw(server, tenant, [{ name: 'Ladder', format: 'STEPLADDER' }], { maxParticipants: 257 });
    expect(res.body.error.message).toContain('maxParticipants');
    const t = await createTournament(server, tenant, { maxParticipants: 256, stages: [{ name: 'Ladder', format: 'STEPLADDER' }] });
    const grow = await request(server, 'PUT', `/tournaments/${t.id}`, { token: tenant.owner.accessToken, body: { maxParticipants: 257 } });
    expect(grow.status).toBe(400);
    expect(grow.body.error.details.map((d: any) => d.path)).toEqual(['body.stages[0].format']);
    expect((await request(server, 'PUT', `/tournaments/${t.id}`, { token: tenant.owner.accessToken, body: { maxParticipants: 200 } })).status).toBe(200);
  });

  it('refuses bestOfByRound keys naming rounds or brackets the stage cannot have, on create and update, naming the key', async ({ server, tenant, bound: { refused } }) => {
    await refused([{ ...se, settings: { bestOfByRound: { '9': 3 } } }], 'body.stages[0].settings.bestOfByRound.9', { maxParticipants: 8 });
    await refused([{ ...se, settings: { bestOfByRound: { GRAND_FINAL: 5 } } }], 'body.stages[0].settings.bestOfByRound.GRAND_FINAL', { maxParticipants: 8 });
    await refused(
      [{ name: 'Double', format: 'DOUBLE_ELIMINATION', settings: { bestOfByRound: { 'GRAND_FINAL:2': 5 } } }],
      'body.stages[0].settings.bestOfByRound.GRAND_FINAL:2',
      { maxParticipants: 8 },
    );
    await refused(
      [{ name: 'Swiss', format: 'SWISS', settings: { advanceCount: 4 } }, { ...se, settings: { bestOfByRound: { '3': 5 } } }],
      'body.stages[1].settings.bestOfByRound.3',
      { maxParticipants: 16 },
    );
    const t = await createTournament(server, tenant, {
      maxParticipants: 8,
      stages: [{ name: 'Double', format: 'DOUBLE_ELIMINATION', settings: { grandFinal: 'double', bestOfByRound: { '3': 3, 'LOSERS:4': 3, 'GRAND_FINAL:2': 5 } } }],
    });
    const shrink = await request(server, 'PUT', `/tournaments/${t.id}`, { token: tenant.owner.accessToken, body: { maxParticipants: 4 } });
    expect(shrink.status).toBe(400);
    expect(shrink.body.error.details.map((d: any) => d.path).sort()).toEqual(['body.stages[0].settings.bestOfByRound.3', 'body.stages[0].settings.bestOfByRound.LOSERS:4']);
  });

  it('checks the plan against the real entrants at start: 409 NOT_ENOUGH_PARTICIPANTS naming the field', async ({ server, tenant }) => {
    const t = await openTournament(server, tenant, {
      maxParticipants: 16,
      stages: [{ name: 'League', format: 'ROUND_ROBIN', settings: { advanceCount: 8 } }, se],
    });
    await joinAll(server, t.id, await registerPlayers(server, 6));
    const res = await request(server, 'POST', `/tournaments/${t.id}/start`, { token: tenant.owner.accessToken });
    expect(res.status).toBe(409);
    expect(res.body.error.code).toBe('NOT_ENOUGH_PARTICIPANTS');
    expect(res.body.error.details[0]).toMatchObject({ path: 'stages[0].settings.advanceCount' });
    const after = await request(server, 'GET', `/tournaments/${t.id}`);
    expect(after.body.data.status).toBe('REGISTRATION_OPEN');
    expect(after.body.data.participantCounts.registered).toBe(6);
  });

  it('answers NOT_ENOUGH_PARTICIPANTS when only the count keeps a stage from qualifying two, naming the setting left unset', async ({ server, tenant }) => {
    // One qualifier per group: 5 players make 2 groups (2 qualifiers), 4 make one group, which qualifies only 1.
    const t = await openTournament(server, tenant, {
      maxParticipants: 5,
      stages: [{ name: 'Groups', format: 'GROUPS', settings: { qualifiersPerGroup: 1 } }, se],
    });
    await joinAll(server, t.id, await registerPlayers(server, 4));
    const res = await request(server, 'POST', `/tournaments/${t.id}/start`, { token: tenant.owner.accessToken });
    expect(res.status).toBe(409);
    expect(res.body.error.code).toBe('NOT_ENOUGH_PARTICIPANTS');
    expect(res.body.error.details[0]).toMatchObject({ path: 'stages[0].settings.advanceCount', message: expect.stringContaining('is not set, and this stage would qualify only 1 of its 4 entrants') });
  });
});
