/**
 * A double elimination that stops once its qualifiers are known (`StageSettings.stopAtQualifiers`, R7.21), over
 * HTTP: a 16-player qualifier whose 2 unbeaten and 2 with one loss go on to a 4-player playoff, its settings sent
 * back unchanged once started, and the plan checks at create.
 */
import { describe, expect } from 'vitest';
import { it, request, test } from './helpers/index';
import { betterSeedWins, createRaw, getData, playDecided, playEverything, startWithStages } from './formats-helpers';
import { allMatches } from './tournaments-helpers';

test.scoped({ playerCount: 16 });

const qualifier = { name: 'Qualifier', format: 'DOUBLE_ELIMINATION', settings: { advanceCount: 4, stopAtQualifiers: true } };
const playoffs = { name: 'Playoffs', format: 'SINGLE_ELIMINATION' };

describe('a 16-player double elimination that stops at its 4 qualifiers, into a 4-player single elimination (R7.21)', () => {
  it('plays winners rounds 1-3 and losers rounds 1-4 (26 matches, no grand final), seeds the unbeaten first into stage 2 and places all 16', async ({
    server,
    tenant,
    players,
  }) => {
    const { id, started, byParticipant, participantOf } = await startWithStages(server, tenant, players, [qualifier, playoffs]);
    const p = (seed: number) => participantOf.get(players[seed - 1]!.id)!;
    const seedOfId = new Map(players.map((u, i) => [participantOf.get(u.id)!, i + 1]));
    // The answer shows no grand final for the stage, and sending its stages back unchanged is no locked change.
    expect(started.stages[0].settings).toMatchObject({ advanceCount: 4, stopAtQualifiers: true, grandFinal: 'none' });
    const sentBack = started.stages.map((s: any) => ({ name: s.name, format: s.format, settings: s.settings }));
    const same = await request(server, 'PUT', `/tournaments/${id}`, { token: tenant.owner.accessToken, body: { stages: sentBack } });
    expect(same.status, same.text).toBe(200);

    const stage1 = await allMatches(server, id);
    expect(stage1).toHaveLength(26);
    const shape = (bracket: string) => [...new Set(stage1.filter((m) => m.bracket === bracket).map((m) => m.round))].map((r) => stage1.filter((m) => m.bracket === bracket && m.round === r).length);
    expect(shape('WINNERS')).toEqual([8, 4, 2]);
    expect(shape('LOSERS')).toEqual([4, 4, 2, 2]);
    expect(stage1.some((m) => m.bracket === 'GRAND_FINAL')).toBe(false);
    const last = stage1.filter((m) => (m.bracket === 'WINNERS' && m.round === 3) || (m.bracket === 'LOSERS' && m.round === 4));
    expect(last.every((m) => m.next.winner === null)).toBe(true);
    // The calendar names no match a final: the stage plays none.
    const ics = (await request(server, 'GET', '/calendar/export', { token: tenant.owner.accessToken, query: { tournamentId: id } })).text;
    expect(ics).toContain('BEGIN:VEVENT');
    expect(ics).not.toMatch(/final/i);

    // Stage 1 only, the better seed winning: the last of its matches completes it and fills stage 2.
    for (let pass = 0; pass < 20; pass++) {
      const ready = (await allMatches(server, id)).filter((m) => m.stageNumber === 1 && m.status === 'SCHEDULED' && m.participants.every((s: any) => s.participantId));
      if (ready.length === 0) break;
      for (const m of ready) await playDecided(server, m, byParticipant, betterSeedWins(m));
    }
    const stages = await getData(server, `/tournaments/${id}/stages`);
    expect(stages.map((s: any) => s.status)).toEqual(['COMPLETED', 'ONGOING']);
    // Seeds 1 and 2 (unbeaten) are stage seeds 1 and 2, seeds 3 and 4 (one loss) 3 and 4: 1 v 4 and 2 v 3.
    const semis = (await allMatches(server, id)).filter((m) => m.stageNumber === 2 && m.round === 1);
    expect(semis.map((m) => m.participants.map((s: any) => [seedOfId.get(s.participantId), s.seed]))).toEqual([
      [
        [1, 1],
        [4, 4],
      ],
      [
        [2, 2],
        [3, 3],
      ],
    ]);
    const afterStage1 = new Map((await getData(server, `/tournaments/${id}/participants`)).map((x: any) => [x.id, [x.status, x.placementRange]]));
    for (const seed of [1, 2, 3, 4]) expect(afterStage1.get(p(seed))).toEqual(['ACTIVE', null]);
    expect([5, 6, 7, 8].map((seed) => afterStage1.get(p(seed)))).toEqual([
      ['ELIMINATED', '5-6'],
      ['ELIMINATED', '5-6'],
      ['ELIMINATED', '7-8'],
      ['ELIMINATED', '7-8'],
    ]);
    for (const seed of [9, 10, 11, 12]) expect(afterStage1.get(p(seed))).toEqual(['ELIMINATED', '9-12']);
    for (const seed of [13, 14, 15, 16]) expect(afterStage1.get(p(seed))).toEqual(['ELIMINATED', '13-16']);

    await playEverything(server, id, byParticipant);
    expect((await getData(server, `/tournaments/${id}`)).status).toBe('COMPLETED');
    const bracket = await getData(server, `/tournaments/${id}/bracket`);
    expect(bracket.placements).toHaveLength(16);
    const range = new Map(bracket.placements.map((x: any) => [x.participantId, x.placementRange]));
    expect([1, 2, 3, 4].map((seed) => range.get(p(seed)))).toEqual(['1', '2', '3-4', '3-4']);
    // The rounds are named as in the full bracket: its winners final and losers rounds 5-6 are not played.
    expect(bracket.stages[0].rounds.map((r: any) => `${r.bracket} ${r.name}`)).toEqual([
      'WINNERS Round of 16',
      'WINNERS Quarter-finals',
      'WINNERS Semi-finals',
      'LOSERS Losers round 1',
      'LOSERS Losers round 2',
      'LOSERS Losers round 3',
      'LOSERS Losers round 4',
    ]);
  });
});

describe('where a double elimination may stop at its qualifiers (R7.21, R7.14)', () => {
  it('refuses it with a grand final, without a power of two below the entrants, or on the last stage: 400 naming the setting', async ({ server, tenant }) => {
    const field = 'body.stages[0].settings.stopAtQualifiers';
    for (const settings of [
      { ...qualifier.settings, grandFinal: 'simple' },
      { ...qualifier.settings, grandFinal: 'double' },
      { advanceCount: 6, stopAtQualifiers: true },
      { advanceCount: 16, stopAtQualifiers: true },
    ]) {
      const res = await createRaw(server, tenant, [{ ...qualifier, settings }, playoffs]);
      expect(res.status, JSON.stringify(settings)).toBe(400);
      expect(res.body.error.details.map((d: any) => d.path)).toContain(field);
    }
    const alone = await createRaw(server, tenant, [qualifier]);
    expect(alone.status).toBe(400);
    expect(alone.body.error.details.map((d: any) => d.path)).toContain(field);
    const accepted = await createRaw(server, tenant, [{ ...qualifier, settings: { ...qualifier.settings, grandFinal: 'none', skipFirstRound: true } }, playoffs]);
    expect(accepted.status, accepted.text).toBe(201);
  });
});

describe('a tournament that ends with a double elimination stopped at its qualifiers (R7.21, R7.15, R7.12)', () => {
  it('makes the one player still in the champion, above a disqualified unbeaten player', async ({ server, tenant, players }) => {
    // 3 players, 2 qualify: seed 1 has a bye, seed 2 beats seed 3, seed 1 beats seed 2; the losers final is left.
    const cut = { ...qualifier, settings: { advanceCount: 2, stopAtQualifiers: true } };
    const { id, byParticipant, participantOf } = await startWithStages(server, tenant, players.slice(0, 3), [cut, playoffs], { maxParticipants: 4 });
    const p = (seed: number) => participantOf.get(players[seed - 1]!.id)!;
    for (const key of [['WINNERS', 1], ['WINNERS', 2]] as const) {
      const m = (await allMatches(server, id)).find((x) => x.bracket === key[0] && x.round === key[1])!;
      await playDecided(server, m, byParticipant, betterSeedWins(m));
    }
    for (const seed of [1, 3]) {
      const res = await request(server, 'PATCH', `/tournaments/${id}/participants/${p(seed)}`, { token: tenant.owner.accessToken, body: { status: 'DISQUALIFIED' } });
      expect(res.status, res.text).toBe(200);
    }
    // The losers final is a walkover for seed 2, the only one left to qualify: the tournament ends with this stage.
    const t = await getData(server, `/tournaments/${id}`);
    expect(t.status).toBe('COMPLETED');
    const participants = new Map((await getData(server, `/tournaments/${id}/participants`)).map((x: any) => [x.id, [x.status, x.placementRange]]));
    expect([1, 2, 3].map((seed) => participants.get(p(seed)))).toEqual([
      ['DISQUALIFIED', '2'],
      ['ACTIVE', '1'],
      ['DISQUALIFIED', '3'],
    ]);
    const completed = await server.deps.db.selectFrom('events').select('data').where('subject_id', '=', id).where('type', '=', 'tournament.completed').execute();
    expect(completed.map((e) => JSON.parse(e.data)).at(-1)).toMatchObject({ championId: p(2), championIds: [p(2)] });
  });
});
