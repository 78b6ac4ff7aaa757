import { describe, expect } from 'vitest';
import { request, test, type TestServer } from './helpers/index';
import { activeCircuit, classify } from './circuits-helpers';
import { betterSeedWins, getData, playDecided, playEverything, startWithStages } from './formats-helpers';
import { act, expectConsistentBracket, scoresBody } from './matches-helpers';
import { allMatches } from './tournaments-helpers';

// Correcting a result once the tournament is COMPLETED (R8.13, R5.12): placements follow, a correction that leaves a
// match to play reopens the tournament until it completes again, and a tournament classified in a circuit is refused.

/** Event types and data recorded about a tournament (subject), oldest first. */
async function tournamentEvents(server: TestServer, tournamentId: string): Promise<{ type: string; data: any }[]> {
  const rows = await server.deps.db
    .selectFrom('events')
    .select(['type', 'data'])
    .where('subject_id', '=', tournamentId)
    .orderBy('created_at')
    .orderBy('id')
    .execute();
  return rows.map((r) => ({ type: r.type, data: JSON.parse(r.data) }));
}

/** The events of a tournament's play: started, completed and reopened, oldest first. */
async function playEvents(server: TestServer, tournamentId: string): Promise<{ type: string; data: any }[]> {
  return (await tournamentEvents(server, tournamentId)).filter((e) => ['tournament.started', 'tournament.completed', 'tournament.reopened'].includes(e.type));
}

/** The organizer's correction of `m`: side `winnerSlot` (0 or 1) won 2-0. */
const it = test.extend<{ correct: (m: any, winnerSlot: 0 | 1) => Promise<any> }>({
  correct: async ({ server, tenant }, use) =>
    use((m, winnerSlot) => {
      const [a, b] = m.participants.map((s: any) => s.participantId);
      return act(server, m.id, 'correct', tenant.owner.accessToken, { ...scoresBody(a, b, winnerSlot === 0 ? 2 : 0, winnerSlot === 0 ? 0 : 2), reason: 'score sheet misread' });
    }),
});

const SE = [{ name: 'Cup', format: 'SINGLE_ELIMINATION' }];
const slotOf = (m: any, participantId: string): 0 | 1 => (m.participants[0].participantId === participantId ? 0 : 1);
const placementOf = (bracket: any, participantId: string) => bracket.placements.find((p: any) => p.participantId === participantId)?.placementRange;

describe('correcting a COMPLETED tournament (R8.13)', () => {
  it('swaps 1st and 2nd when the final of a single elimination is corrected; the tournament stays COMPLETED and records tournament.completed again', async ({ server, tenant, players, correct }) => {
    const { id, byParticipant } = await startWithStages(server, tenant, players, SE);
    await playEverything(server, id, byParticipant);
    const before = await getData(server, `/tournaments/${id}`);
    expect(before.status).toBe('COMPLETED');
    const final = (await allMatches(server, id)).find((m) => m.round === 2)!;
    const [champion, runnerUp] = [final.winnerId as string, final.loserId as string];

    const res = await correct(final, slotOf(final, runnerUp));
    expect(res.status, res.text).toBe(200);
    expect(res.body.data).toMatchObject({ match: { winnerId: runnerUp, loserId: champion }, rewiredMatchIds: [], resetMatchIds: [], removedMatchIds: [] });
    const after = await getData(server, `/tournaments/${id}`);
    expect(after).toMatchObject({ status: 'COMPLETED', completedAt: before.completedAt });
    const bracket = await getData(server, `/tournaments/${id}/bracket`);
    expect([placementOf(bracket, runnerUp), placementOf(bracket, champion)]).toEqual(['1', '2']);
    expect(await getData(server, `/tournaments/${id}/participants/${runnerUp}`)).toMatchObject({ status: 'ACTIVE', finalPlacement: 1 });
    expect(await getData(server, `/tournaments/${id}/participants/${champion}`)).toMatchObject({ status: 'ELIMINATED', finalPlacement: 2 });
    // Nothing was reopened, but the final standing changed: tournament.completed again, naming the new champion.
    const lifecycle = await playEvents(server, id);
    expect(lifecycle.map((e) => e.type)).toEqual(['tournament.started', 'tournament.completed', 'tournament.completed']);
    expect(lifecycle.map((e) => e.data.championIds)).toEqual([undefined, [champion], [runnerUp]]);
    // A score-only correction moves no one and records nothing more.
    const [a, b] = final.participants.map((side: any) => side.participantId as string);
    const scoreOnly = await act(server, final.id, 'correct', tenant.owner.accessToken, { ...scoresBody(a, b, a === runnerUp ? 2 : 1, a === runnerUp ? 1 : 2), reason: 'one game was drawn' });
    expect(scoreOnly.status, scoreOnly.text).toBe(200);
    expect((await playEvents(server, id)).map((e) => e.type)).toHaveLength(3);
  });

  it('reopens a double elimination whose corrected grand final needs its reset, and completes it again with the right champion', async ({ server, tenant, players, correct }) => {
    const { id, byParticipant } = await startWithStages(server, tenant, players, [{ name: 'Double', format: 'DOUBLE_ELIMINATION', settings: { grandFinal: 'double' } }]);
    await playEverything(server, id, byParticipant);
    expect((await getData(server, `/tournaments/${id}`)).status).toBe('COMPLETED');
    let all = await allMatches(server, id);
    const grandFinal = all.find((m) => m.bracket === 'GRAND_FINAL' && m.round === 1)!;
    const reset = all.find((m) => m.bracket === 'GRAND_FINAL' && m.round === 2)!;
    expect(reset).toMatchObject({ status: 'COMPLETED', resultType: 'NOT_NEEDED' });
    const [winnersChampion, losersChampion] = grandFinal.participants.map((s: any) => s.participantId as string);
    expect(grandFinal.winnerId).toBe(winnersChampion);

    // The losers-bracket champion won the first grand final after all: the reset is needed, play reopens.
    const res = await correct(grandFinal, 1);
    expect(res.status, res.text).toBe(200);
    expect(res.body.data.rewiredMatchIds).toEqual([reset.id]);
    expect(await getData(server, `/tournaments/${id}`)).toMatchObject({ status: 'ONGOING', completedAt: null });
    const stages = await getData(server, `/tournaments/${id}/stages`);
    expect(stages.map((s: any) => s.status)).toEqual(['ONGOING']);
    const reopenedReset = await getData(server, `/matches/${reset.id}`);
    expect(reopenedReset).toMatchObject({ status: 'SCHEDULED', resultType: null });
    expect(reopenedReset.participants.map((s: any) => s.participantId).sort()).toEqual([winnersChampion, losersChampion].sort());
    for (const finalist of [winnersChampion, losersChampion]) {
      expect(await getData(server, `/tournaments/${id}/participants/${finalist}`)).toMatchObject({ status: 'ACTIVE', finalPlacement: null });
    }
    const reopened = (await playEvents(server, id)).filter((e) => e.type === 'tournament.reopened');
    expect(reopened.map((e) => e.data)).toEqual([{ tournamentId: id, status: 'ONGOING', previousStatus: 'COMPLETED', stageId: stages[0].id }]);

    // The winners-bracket champion loses the reset too: the losers-bracket champion is champion.
    const done = await playDecided(server, reopenedReset, byParticipant, {
      winnerId: losersChampion,
      scores: reopenedReset.participants[0].participantId === losersChampion ? [2, 1] : [1, 2],
    });
    expect(done.winnerId).toBe(losersChampion);
    const after = await getData(server, `/tournaments/${id}`);
    expect(after.status).toBe('COMPLETED');
    expect(after.completedAt).not.toBeNull();
    const bracket = await getData(server, `/tournaments/${id}/bracket`);
    expect([placementOf(bracket, losersChampion), placementOf(bracket, winnersChampion)]).toEqual(['1', '2']);
    expect(bracket.placements.map((p: any) => p.placementRange)).toEqual(['1', '2', '3', '4']);
    expect(await getData(server, `/tournaments/${id}/participants/${losersChampion}`)).toMatchObject({ status: 'ACTIVE', finalPlacement: 1 });
    expect(await getData(server, `/tournaments/${id}/participants/${winnersChampion}`)).toMatchObject({ status: 'ELIMINATED', finalPlacement: 2 });
    const lifecycle = await playEvents(server, id);
    expect(lifecycle.map((e) => e.type)).toEqual(['tournament.started', 'tournament.completed', 'tournament.reopened', 'tournament.completed']);
    expect(lifecycle[3]!.data).toMatchObject({ status: 'COMPLETED', championId: losersChampion, championIds: [losersChampion] });
    expectConsistentBracket(await allMatches(server, id));
  });

  it('crowns the new leader of a round robin at once: statuses and placements recomputed, still COMPLETED', async ({ server, tenant, players, correct }) => {
    const { id, byParticipant } = await startWithStages(server, tenant, players, [{ name: 'League', format: 'ROUND_ROBIN' }]);
    await playEverything(server, id, byParticipant);
    const all = await allMatches(server, id);
    const bySeed = (seed: number) => all.flatMap((m) => m.participants).find((s: any) => s.seed === seed).participantId as string;
    const [first, second] = [bySeed(1), bySeed(2)];
    expect(await getData(server, `/tournaments/${id}/participants/${first}`)).toMatchObject({ status: 'ACTIVE', finalPlacement: 1 });
    const topMatch = all.find((m) => m.participants.some((s: any) => s.participantId === first) && m.participants.some((s: any) => s.participantId === second))!;

    const res = await correct(topMatch, slotOf(topMatch, second));
    expect(res.status, res.text).toBe(200);
    expect((await getData(server, `/tournaments/${id}`)).status).toBe('COMPLETED');
    expect(await getData(server, `/tournaments/${id}/participants/${second}`)).toMatchObject({ status: 'ACTIVE', finalPlacement: 1 });
    expect(await getData(server, `/tournaments/${id}/participants/${first}`)).toMatchObject({ status: 'ELIMINATED', finalPlacement: 2 });
    const bracket = await getData(server, `/tournaments/${id}/bracket`);
    expect(bracket.stages[0].standings[0].participantId).toBe(second);
    expect(bracket.placements.map((p: any) => p.placementRange)).toEqual(['1', '2', '3', '4']);
  });

  it('pairs the later Swiss rounds again after a cascading correction of round 1, reopening the tournament', async ({ server, tenant, players, correct }) => {
    const { id, byParticipant } = await startWithStages(server, tenant, players, [{ name: 'Swiss', format: 'SWISS', settings: { swissRounds: 2 } }]);
    await playEverything(server, id, byParticipant);
    expect((await getData(server, `/tournaments/${id}`)).status).toBe('COMPLETED');
    const roundOne = (await allMatches(server, id)).find((m) => m.round === 1)!;
    const refused = await correct(roundOne, slotOf(roundOne, roundOne.loserId));
    expect(refused.status).toBe(409);
    const [a, b] = roundOne.participants.map((s: any) => s.participantId);
    const cascaded = await act(server, roundOne.id, 'correct', tenant.owner.accessToken, {
      ...scoresBody(a, b, a === roundOne.loserId ? 2 : 0, a === roundOne.loserId ? 0 : 2),
      reason: 'score sheet misread',
      cascade: true,
    });
    expect(cascaded.status, cascaded.text).toBe(200);
    expect(cascaded.body.data.removedMatchIds).toHaveLength(2);
    expect(await getData(server, `/tournaments/${id}`)).toMatchObject({ status: 'ONGOING', completedAt: null });
    const paired = (await allMatches(server, id)).filter((m) => m.round === 2);
    expect(paired.map((m) => m.status)).toEqual(['SCHEDULED', 'SCHEDULED']);
    for (const p of players) {
      const participant = (await getData(server, `/tournaments/${id}/participants`)).find((x: any) => x.userId === p.id);
      expect(participant).toMatchObject({ status: 'ACTIVE', finalPlacement: null });
    }
    await playEverything(server, id, byParticipant);
    expect((await getData(server, `/tournaments/${id}`)).status).toBe('COMPLETED');
    expect((await playEvents(server, id)).map((e) => e.type)).toEqual(['tournament.started', 'tournament.completed', 'tournament.reopened', 'tournament.completed']);
  });

  it('refuses a tournament classified in a circuit with 409 CONFLICT naming the circuit, until it is unclassified', async ({ server, tenant, players, correct }) => {
    const { id, byParticipant } = await startWithStages(server, tenant, players, SE);
    await playEverything(server, id, byParticipant);
    const { circuit, season } = await activeCircuit(server, tenant, {}, { name: 'Spring Tour' });
    expect((await classify(server, tenant, circuit.id, id)).status).toBe(200);
    const final = (await allMatches(server, id)).find((m) => m.round === 2)!;

    const refused = await correct(final, slotOf(final, final.loserId));
    expect(refused.status).toBe(409);
    expect(refused.body.error.code).toBe('CONFLICT');
    expect(refused.body.error.message).toContain(circuit.id);
    expect(refused.body.error.message).toContain('Spring Tour');
    expect(refused.body.error.details).toEqual([{ path: 'path.id', message: expect.stringContaining(`circuit ${circuit.id}`) }]);
    expect(refused.body.error.details[0].message).toContain(`season ${season.number}`);
    expect(await getData(server, `/matches/${final.id}`)).toMatchObject({ winnerId: final.winnerId, history: expect.not.arrayContaining([expect.objectContaining({ type: 'CORRECTED' })]) });

    const removed = await request(server, 'DELETE', `/circuits/${circuit.id}/tournaments/${id}`, { token: tenant.owner.accessToken });
    expect(removed.status).toBe(204);
    const corrected = await correct(final, slotOf(final, final.loserId));
    expect(corrected.status, corrected.text).toBe(200);
  });

  it('orders a correction and a classification sent at once: the awards always follow the placements as they end', async ({ server, tenant, players, correct }) => {
    for (let k = 0; k < 4; k++) {
      const { id, byParticipant } = await startWithStages(server, tenant, players, SE);
      await playEverything(server, id, byParticipant);
      const { circuit } = await activeCircuit(server, tenant);
      const final = (await allMatches(server, id)).find((m) => m.round === 2)!;
      const classifying = () => classify(server, tenant, circuit.id, id);
      const correcting = () => correct(final, slotOf(final, final.loserId));
      // Sent in either order, alternately.
      const [classified, corrected] =
        k % 2 === 0 ? await Promise.all([classifying(), correcting()]) : ((await Promise.all([correcting(), classifying()])).reverse() as [any, any]);
      expect(classified.status, classified.text).toBe(200);
      // The correction waits for the classification (409 naming the circuit) or the classification for the correction.
      expect([200, 409]).toContain(corrected.status);
      if (corrected.status === 409) expect(corrected.body.error.message).toContain(circuit.id);
      const placements = new Map((await getData(server, `/tournaments/${id}/participants`)).map((p: any) => [p.id, p.finalPlacement]));
      for (const award of classified.body.data.awards) expect(award.placement, `award of ${award.participantId}`).toBe(placements.get(award.participantId));
    }
  });

  it('reopens a single elimination when a cascade resets its played final, and plays it again to COMPLETED', async ({ server, tenant, players, correct }) => {
    const { id, byParticipant } = await startWithStages(server, tenant, players, SE);
    await playEverything(server, id, byParticipant);
    const all = await allMatches(server, id);
    const semi = all.find((m) => m.round === 1)!;
    const final = all.find((m) => m.round === 2)!;

    const refused = await correct(semi, slotOf(semi, semi.loserId));
    expect(refused.status).toBe(409);
    expect(refused.body.error.details).toEqual([{ path: 'body.cascade', message: expect.stringContaining(final.id) }]);
    expect((await getData(server, `/tournaments/${id}`)).status).toBe('COMPLETED');

    const [a, b] = semi.participants.map((s: any) => s.participantId);
    const cascaded = await act(server, semi.id, 'correct', tenant.owner.accessToken, {
      ...scoresBody(a, b, a === semi.loserId ? 2 : 0, a === semi.loserId ? 0 : 2),
      reason: 'score sheet misread',
      cascade: true,
    });
    expect(cascaded.status, cascaded.text).toBe(200);
    expect(cascaded.body.data.resetMatchIds).toEqual([final.id]);
    expect(await getData(server, `/tournaments/${id}`)).toMatchObject({ status: 'ONGOING', completedAt: null });
    expect((await playEvents(server, id)).map((e) => e.type)).toEqual(['tournament.started', 'tournament.completed', 'tournament.reopened']);
    await playEverything(server, id, byParticipant, betterSeedWins);
    expect((await getData(server, `/tournaments/${id}`)).status).toBe('COMPLETED');
    const bracket = await getData(server, `/tournaments/${id}/bracket`);
    expect(bracket.placements.map((p: any) => p.placementRange)).toEqual(['1', '2', '3-4', '3-4']);
    expect(placementOf(bracket, semi.winnerId)).toBe('3-4');
    expectConsistentBracket(await allMatches(server, id));
  });
});

/** Types of a tournament's live events numbered after `afterSeq`, in stream order (R28.2). */
async function liveTypesAfter(server: TestServer, tournamentId: string, afterSeq: number): Promise<string[]> {
  const rows = await server.deps.db
    .selectFrom('tournament_live_events')
    .select(['type', 'seq'])
    .where('tournament_id', '=', tournamentId)
    .where('seq', '>', afterSeq)
    .orderBy('seq')
    .execute();
  return rows.map((r) => r.type);
}

/** Number of a tournament's newest live event (0 when none). */
async function lastLiveSeq(server: TestServer, tournamentId: string): Promise<number> {
  const row = await server.deps.db.selectFrom('tournament_live_events').select((eb) => eb.fn.max('seq').as('seq')).where('tournament_id', '=', tournamentId).executeTakeFirst();
  return Number(row?.seq ?? 0);
}

describe('the events of a correction (R8.13, R8.18)', () => {
  it('records the correction first, then the stage reopened, the matches reset and the tournament reopened, in the live stream and the outbox', async ({ server, tenant, players }) => {
    const { id, byParticipant } = await startWithStages(server, tenant, players, SE);
    await playEverything(server, id, byParticipant);
    const all = await allMatches(server, id);
    const semi = all.find((m) => m.round === 1)!;
    const seq = await lastLiveSeq(server, id);
    const [a, b] = semi.participants.map((s: any) => s.participantId);
    const cascaded = await act(server, semi.id, 'correct', tenant.owner.accessToken, {
      ...scoresBody(a, b, a === semi.loserId ? 2 : 0, a === semi.loserId ? 0 : 2),
      reason: 'score sheet misread',
      cascade: true,
    });
    expect(cascaded.status, cascaded.text).toBe(200);
    expect(await liveTypesAfter(server, id, seq)).toEqual(['match.result_corrected', 'stage.reopened', 'match.reset', 'tournament.reopened']);
    const outbox = await server.deps.db.selectFrom('events').select(['type', 'subject_id']).where('type', 'in', ['match.result_corrected', 'match.reset', 'tournament.reopened']).orderBy('id').execute();
    const mine = outbox.filter((e) => [semi.id, all.find((m) => m.round === 2)!.id, id].includes(e.subject_id!));
    expect(mine.map((e) => e.type)).toEqual(['match.result_corrected', 'match.reset', 'tournament.reopened']);

    // A score-only correction of the completed final reopens nothing: only its own event.
    await playEverything(server, id, byParticipant, betterSeedWins);
    const final = (await allMatches(server, id)).find((m) => m.round === 2)!;
    const seqDone = await lastLiveSeq(server, id);
    const [c, d] = final.participants.map((s: any) => s.participantId);
    const loserScore = final.participants.find((s: any) => s.participantId === final.loserId).score === 0 ? 1 : 0;
    const scoreOnly = await act(server, final.id, 'correct', tenant.owner.accessToken, {
      ...scoresBody(c, d, c === final.winnerId ? 2 : loserScore, c === final.winnerId ? loserScore : 2),
      reason: 'one game was missed',
    });
    expect(scoreOnly.status, scoreOnly.text).toBe(200);
    expect(await liveTypesAfter(server, id, seqDone)).toEqual(['match.result_corrected']);
  });

  it('names a later stage taken back to PENDING (stage.reset) and the corrected stage reopened, before the stage completes and seeds it again', async ({ server, tenant, players }) => {
    const { id, byParticipant } = await startWithStages(server, tenant, players.slice(0, 4), [
      { name: 'League', format: 'ROUND_ROBIN', settings: { advanceCount: 2 } },
      { name: 'Final', format: 'SINGLE_ELIMINATION' },
    ]);
    const league = await allMatches(server, id);
    for (const m of league) await playDecided(server, m, byParticipant, betterSeedWins(m));
    const twoVsThree = league.find((m) => m.participants.map((s: any) => s.seed).sort().join() === '2,3')!;
    const [c, d] = twoVsThree.participants.map((s: any) => s.participantId);
    const seedOfC = twoVsThree.participants[0].seed;
    const seq = await lastLiveSeq(server, id);
    const res = await act(server, twoVsThree.id, 'correct', tenant.owner.accessToken, { ...scoresBody(c, d, seedOfC === 3 ? 2 : 0, seedOfC === 3 ? 0 : 2), reason: 'seed 3 won' });
    expect(res.status, res.text).toBe(200);
    expect(res.body.data.removedMatchIds).toHaveLength(1);
    const types = await liveTypesAfter(server, id, seq);
    expect(types.slice(0, 3)).toEqual(['match.result_corrected', 'stage.reopened', 'stage.reset']);
    expect(types.slice(3).filter((t) => t.startsWith('stage.'))).toEqual(['stage.completed', 'stage.started']);
    const stages = await getData(server, `/tournaments/${id}/stages`);
    expect(stages.map((s: any) => s.status)).toEqual(['COMPLETED', 'ONGOING']);
  });
});
