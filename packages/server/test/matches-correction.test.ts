import { describe, expect } from 'vitest';
import { request, test, type TestResponse } from './helpers/index';
import { betterSeedWins, getData, playDecided, playEverything, startWithStages } from './formats-helpers';
import { act, eventTypes, expectConsistentBracket, historyTypes, scoresBody } from './matches-helpers';
import { allMatches, playMatch } from './tournaments-helpers';

// Result corrections by an organizer (R8.13 to R8.18): rewiring the bracket, refusing behind played matches, cascading,
// Swiss rounds, pools and later stages, over real HTTP.
test.scoped({ playerCount: 8 });

/** Readers and the organizer's correction, bound to the file's server. */
interface Correction {
  match: (id: string) => Promise<any>;
  participant: (tid: string, pid: string) => Promise<any>;
  /** The organizer corrects `m` so that side `winnerSlot` (0 or 1) won 2-0 (or 0-2). */
  correct: (m: any, winnerSlot: 0 | 1, extra?: Record<string, unknown>) => Promise<TestResponse>;
}
const it = test.extend<Correction>({
  match: async ({ server }, use) => use((id) => getData(server, `/matches/${id}`)),
  participant: async ({ server }, use) => use((tid, pid) => getData(server, `/tournaments/${tid}/participants/${pid}`)),
  correct: async ({ server, tenant }, use) =>
    use((m, winnerSlot, extra = {}) => {
      const [a, b] = m.participants.map((s: any) => s.participantId);
      return act(server, m.id, 'correct', tenant.owner.accessToken, { ...scoresBody(a, b, winnerSlot === 0 ? 2 : 0, winnerSlot === 0 ? 0 : 2), reason: 'score sheet misread', ...extra });
    }),
});

const SE = [{ name: 'Bracket', format: 'SINGLE_ELIMINATION' }];
const other = (m: any, id: string) => m.participants.map((s: any) => s.participantId).find((p: string) => p !== id) as string;
const feeding = (all: any[], target: any) => all.filter((m) => m.next.winner?.matchId === target.id || m.next.loser?.matchId === target.id);

describe('correcting an elimination bracket', () => {
  it('rewires the next match when the winner already advanced and it has not started; placements follow', async ({ server, tenant, players, match, participant, correct }) => {
    const { id, byParticipant } = await startWithStages(server, tenant, players, SE);
    const all = await allMatches(server, id);
    const qf = all.find((m) => m.round === 1)!;
    const done = await playMatch(server, qf, byParticipant);
    const semi = all.find((m) => m.id === qf.next.winner.matchId);
    const oldWinner = done.winnerId as string;
    const newWinner = other(done, oldWinner);
    expect((await match(semi.id)).participants[qf.next.winner.slot - 1].participantId).toBe(oldWinner);
    expect(await participant(id, newWinner)).toMatchObject({ status: 'ELIMINATED', placementRange: '5-8' });

    const res = await correct(done, done.participants[0].participantId === newWinner ? 0 : 1);
    expect(res.status, res.text).toBe(200);
    expect(res.body.data).toMatchObject({ rewiredMatchIds: [semi.id], resetMatchIds: [], removedMatchIds: [] });
    expect(res.body.data.match).toMatchObject({ status: 'COMPLETED', winnerId: newWinner, loserId: oldWinner, resultType: 'NORMAL' });
    expect((await match(semi.id)).participants[qf.next.winner.slot - 1].participantId).toBe(newWinner);
    expect(await participant(id, newWinner)).toMatchObject({ status: 'ACTIVE', finalPlacement: null, placementRange: null });
    expect(await participant(id, oldWinner)).toMatchObject({ status: 'ELIMINATED', placementRange: '5-8' });
    expect(await historyTypes(server, qf.id)).toEqual(['REPORTED', 'CONFIRMED', 'CORRECTED']);
    expect(await eventTypes(server, qf.id)).toEqual(['match.score_reported', 'match.completed', 'match.result_corrected']);
    expect(await eventTypes(server, semi.id)).toEqual([]);
    expectConsistentBracket(await allMatches(server, id));
  });

  it('refuses a correction behind played matches with 409 naming them, then resets them with cascade', async ({ server, tenant, players, match, participant, correct }) => {
    const { id, byParticipant } = await startWithStages(server, tenant, players, SE);
    let all = await allMatches(server, id);
    const final = all.find((m) => m.round === 3)!;
    const semi = all.find((m) => m.id === feeding(all, final)[0].id)!;
    const [qfA, qfB] = feeding(all, semi);
    const qfA2 = await playMatch(server, qfA, byParticipant);
    await playMatch(server, qfB, byParticipant);
    const playedSemi = await playMatch(server, await match(semi.id), byParticipant);
    // The other half: played up to the other semi-final, reported but not confirmed.
    const otherSemi = feeding(all, final).find((m) => m.id !== semi.id);
    for (const qf of feeding(all, otherSemi)) await playMatch(server, qf, byParticipant);
    const finalist = playedSemi.winnerId as string;
    expect((await match(final.id)).participants[semi.next.winner.slot - 1].participantId).toBe(finalist);
    const startFinal = await request(server, 'POST', `/matches/${final.id}/start`, { token: tenant.owner.accessToken });
    expect(startFinal.status).toBe(409); // the final still lacks a side
    const before = await allMatches(server, id);

    const newWinner = other(qfA2, qfA2.winnerId);
    const slot = qfA2.participants[0].participantId === newWinner ? 0 : 1;
    const refused = await correct(qfA2, slot);
    expect(refused.status).toBe(409);
    expect(refused.body.error.code).toBe('CONFLICT');
    expect(refused.body.error.details).toEqual([{ path: 'body.cascade', message: expect.stringContaining(semi.id) }]);
    expect(await allMatches(server, id)).toEqual(before);
    expect(await historyTypes(server, qfA.id)).toEqual(['REPORTED', 'CONFIRMED']);

    const semiLoser = playedSemi.loserId as string;
    expect(await participant(id, semiLoser)).toMatchObject({ status: 'ELIMINATED', placementRange: '3-4' });
    const cascaded = await correct(qfA2, slot, { cascade: true });
    expect(cascaded.status, cascaded.text).toBe(200);
    expect(cascaded.body.data.resetMatchIds).toEqual([semi.id]);
    expect(cascaded.body.data.rewiredMatchIds).toEqual([final.id]);
    const reset = await match(semi.id);
    expect(reset).toMatchObject({ status: 'SCHEDULED', winnerId: null, loserId: null, resultType: null, reportedResult: null, startedAt: null, completedAt: null });
    expect(reset.participants.map((s: any) => s.score)).toEqual([null, null]);
    expect(reset.participants[qfA.next.winner.slot - 1].participantId).toBe(newWinner);
    expect(reset.history.map((h: any) => h.type)).toEqual(['REPORTED', 'CONFIRMED', 'RESET']);
    expect(reset.history[2].data).toMatchObject({ correctedMatchId: qfA.id, reason: 'score sheet misread', previous: { status: 'COMPLETED', winnerId: finalist } });
    expect(await eventTypes(server, semi.id)).toEqual(['match.score_reported', 'match.completed', 'match.reset']);
    expect((await match(final.id)).participants[semi.next.winner.slot - 1].participantId).toBeNull();
    expect(await participant(id, semiLoser)).toMatchObject({ status: 'ACTIVE', placementRange: null });
    expect(await participant(id, qfA2.winnerId)).toMatchObject({ status: 'ELIMINATED', placementRange: '5-8' });
    all = await allMatches(server, id);
    expectConsistentBracket(all);

    // The bracket plays on to a consistent end.
    await playEverything(server, id, byParticipant);
    const bracket = await getData(server, `/tournaments/${id}/bracket`);
    expect(bracket.status).toBe('COMPLETED');
    expect(bracket.placements.map((p: any) => p.placementRange)).toEqual(['1', '2', '3-4', '3-4', '5-8', '5-8', '5-8', '5-8']);
    expectConsistentBracket(await allMatches(server, id));
    // Once COMPLETED, the same cascade reopens the tournament (R8.13): the later matches are played again.
    const reopened = await correct(await match(qfA.id), slot === 0 ? 1 : 0, { cascade: true });
    expect(reopened.status, reopened.text).toBe(200);
    expect(reopened.body.data.resetMatchIds.length).toBeGreaterThan(0);
    expect((await getData(server, `/tournaments/${id}`)).status).toBe('ONGOING');
    expectConsistentBracket(await allMatches(server, id));
  });

  it('counts a started later match as played: named in the 409, reset with cascade', async ({ server, tenant, players, match, correct }) => {
    const { id, byParticipant } = await startWithStages(server, tenant, players.slice(0, 4), SE);
    const all = await allMatches(server, id);
    const [s1, s2] = all.filter((m) => m.round === 1);
    const final = all.find((m) => m.round === 2)!;
    const d1 = await playMatch(server, s1, byParticipant);
    await playMatch(server, s2, byParticipant);
    const startedFinal = await request(server, 'POST', `/matches/${final.id}/start`, { token: tenant.owner.accessToken });
    expect(startedFinal.body.data.status).toBe('IN_PROGRESS');
    const slot = d1.participants[0].participantId === d1.winnerId ? 1 : 0;
    const refused = await correct(d1, slot);
    expect(refused.body.error.details.map((d: any) => d.message)).toEqual([expect.stringContaining(`${final.id} (WINNERS round 2 #1, IN_PROGRESS)`)]);
    const res = await correct(d1, slot, { cascade: true });
    expect(res.body.data.resetMatchIds).toEqual([final.id]);
    const reset = await match(final.id);
    expect(reset).toMatchObject({ status: 'SCHEDULED', startedAt: null });
    expect(reset.participants[s1.next.winner.slot - 1].participantId).toBe(d1.loserId);
    expect(await eventTypes(server, final.id)).toEqual(['match.started', 'match.reset']);
    expectConsistentBracket(await allMatches(server, id));
  });

  it('moves the dropped loser in double elimination and reopens a grand-final reset closed as not needed', async ({ server, tenant, players, match, participant, correct }) => {
    const { id, byParticipant } = await startWithStages(server, tenant, players.slice(0, 4), [
      { name: 'Double', format: 'DOUBLE_ELIMINATION', settings: { grandFinal: 'double', advanceCount: 2 } },
      { name: 'Decider', format: 'SINGLE_ELIMINATION' },
    ]);
    const stage1 = () => allMatches(server, id).then((ms) => ms.filter((m) => m.stageNumber === 1));
    let all = await stage1();
    const wb1 = all.find((m) => m.bracket === 'WINNERS' && m.round === 1)!;
    const d = await playMatch(server, wb1, byParticipant);
    const lb = all.find((m) => m.id === wb1.next.loser.matchId);
    expect((await match(lb.id)).participants[wb1.next.loser.slot - 1].participantId).toBe(d.loserId);
    const swap = await correct(d, d.participants[0].participantId === d.winnerId ? 1 : 0);
    expect(swap.status, swap.text).toBe(200);
    expect([...swap.body.data.rewiredMatchIds].sort()).toEqual([wb1.next.winner.matchId, lb.id].sort());
    expect((await match(lb.id)).participants[wb1.next.loser.slot - 1].participantId).toBe(d.winnerId);
    expect(await participant(id, d.winnerId)).toMatchObject({ status: 'ACTIVE' }); // one loss: still in

    // Play the stage to its end: the winners-bracket champion (slot 1) wins the first grand final, the reset is not
    // needed, stage 2 is generated.
    for (let pass = 0; pass < 8; pass++) {
      const ready = (await stage1()).filter((m) => m.status === 'SCHEDULED' && m.participants.every((s: any) => s.participantId));
      if (ready.length === 0) break;
      for (const m of ready) {
        const slot1 = { winnerId: m.participants[0].participantId, scores: [2, 0] as [number, number] };
        await playDecided(server, m, byParticipant, m.bracket === 'GRAND_FINAL' ? slot1 : betterSeedWins(m));
      }
    }
    all = await stage1();
    const gf1 = all.find((m) => m.bracket === 'GRAND_FINAL' && m.round === 1)!;
    const gf2 = all.find((m) => m.bracket === 'GRAND_FINAL' && m.round === 2)!;
    expect(gf2).toMatchObject({ status: 'COMPLETED', resultType: 'NOT_NEEDED' });
    const decider = (await allMatches(server, id)).find((m) => m.stageNumber === 2);
    expect(decider).toBeDefined();
    if (decider.status === 'COMPLETED') throw new Error('the decider should not have been played yet');

    // The losers-bracket champion (slot 2) won the first grand final after all: the reset is played, the decider goes.
    const res = await correct(gf1, 1);
    expect(res.status, res.text).toBe(200);
    expect(res.body.data.removedMatchIds).toEqual([decider.id]);
    expect(res.body.data.rewiredMatchIds).toEqual([gf2.id]);
    const reopened = await match(gf2.id);
    expect(reopened).toMatchObject({ status: 'SCHEDULED', resultType: null });
    expect(reopened.participants.map((s: any) => s.participantId)).toEqual([gf1.participants[0].participantId, gf1.participants[1].participantId]);
    const stages = await getData(server, `/tournaments/${id}/stages`);
    expect(stages.map((s: any) => s.status)).toEqual(['ONGOING', 'PENDING']);
    expectConsistentBracket(await stage1());
    await playEverything(server, id, byParticipant);
    expect((await getData(server, `/tournaments/${id}`)).status).toBe('COMPLETED');
  });

  it('closes the grand-final reset again when the winners-bracket champion won the first grand final after all', async ({ server, tenant, players, match, correct }) => {
    const { id, byParticipant } = await startWithStages(server, tenant, players.slice(0, 4), [
      { name: 'Double', format: 'DOUBLE_ELIMINATION', settings: { grandFinal: 'double' } },
    ]);
    // Everything but the grand finals by the better seed; the losers-bracket champion (slot 2) wins the first one.
    for (let pass = 0; pass < 8; pass++) {
      const ready = (await allMatches(server, id)).filter((m) => m.status === 'SCHEDULED' && m.bracket !== 'GRAND_FINAL' && m.participants.every((s: any) => s.participantId));
      if (ready.length === 0) break;
      for (const m of ready) await playDecided(server, m, byParticipant, betterSeedWins(m));
    }
    const gf1 = (await allMatches(server, id)).find((m) => m.bracket === 'GRAND_FINAL' && m.round === 1)!;
    const [champion, challenger] = gf1.participants.map((s: any) => s.participantId);
    await playDecided(server, gf1, byParticipant, { winnerId: challenger, scores: [0, 2] });
    const reset = (await allMatches(server, id)).find((m) => m.bracket === 'GRAND_FINAL' && m.round === 2)!;
    expect(reset.participants.map((s: any) => s.participantId)).toEqual([champion, challenger]);

    const res = await correct(await match(gf1.id), 0);
    expect(res.status, res.text).toBe(200);
    expect(res.body.data.rewiredMatchIds).toEqual([reset.id]);
    expect(await match(reset.id)).toMatchObject({ status: 'COMPLETED', resultType: 'NOT_NEEDED', participants: [{ participantId: null }, { participantId: null }] });
    const bracket = await getData(server, `/tournaments/${id}/bracket`);
    expect(bracket.status).toBe('COMPLETED');
    expect(bracket.placements.slice(0, 2).map((p: any) => p.participantId)).toEqual([champion, challenger]);
    expect(await eventTypes(server, id)).toContain('tournament.completed');
    expectConsistentBracket(await allMatches(server, id));
  });

  it('refuses byes, walkovers and unfinished matches', async ({ server, tenant, players, match, correct }) => {
    const { id, byParticipant } = await startWithStages(server, tenant, players.slice(0, 4), SE);
    const [s1, s2] = (await allMatches(server, id)).filter((m) => m.round === 1);
    const open = await correct(s1, 0);
    expect(`${open.status} ${open.body.error.code}`).toBe('409 INVALID_TRANSITION');
    const loser = s2.participants[1].participantId;
    expect((await request(server, 'DELETE', `/tournaments/${id}/participants/${loser}`, { token: tenant.owner.accessToken })).status).toBe(204);
    const walkover = await match(s2.id);
    expect(walkover.resultType).toBe('WALKOVER');
    const refused = await correct(walkover, 1);
    expect(refused.body.error).toMatchObject({ code: 'INVALID_TRANSITION', message: expect.stringContaining('WALKOVER') });
    expect(byParticipant.size).toBe(4);
  });

  it('refuses a bye (409 INVALID_TRANSITION naming it): a Swiss bye of five players', async ({ server, tenant, players, match }) => {
    const { id } = await startWithStages(server, tenant, players.slice(0, 5), [{ name: 'Swiss', format: 'SWISS', settings: { swissRounds: 3 } }]);
    const all = await allMatches(server, id);
    const bye = all.find((m) => m.resultType === 'BYE');
    expect(bye).toBeDefined();
    const [holder] = bye.participants.map((s: any) => s.participantId).filter(Boolean);
    const someoneElse = all.flatMap((m) => m.participants.map((s: any) => s.participantId)).find((p: string | null) => p !== null && p !== holder);
    const res = await act(server, bye.id, 'correct', tenant.owner.accessToken, { ...scoresBody(holder, someoneElse, 2, 0), reason: 'no bye after all' });
    expect(res.body.error).toMatchObject({ code: 'INVALID_TRANSITION', message: expect.stringContaining('BYE') });
    expect((await match(bye.id)).resultType).toBe('BYE');
  });
});

describe('correcting pool stages', () => {
  it('round robin: the standings are tallied again at once', async ({ server, tenant, players }) => {
    const { id, byParticipant } = await startWithStages(server, tenant, players.slice(0, 4), [{ name: 'League', format: 'ROUND_ROBIN' }]);
    const [m] = await allMatches(server, id);
    const played = await playDecided(server, m, byParticipant, betterSeedWins(m));
    const points = async () => new Map((await getData(server, `/tournaments/${id}/bracket`)).stages[0].standings.map((r: any) => [r.participantId, r.points]));
    expect((await points()).get(played.winnerId)).toBe(3);
    const res = await act(server, m.id, 'correct', tenant.owner.accessToken, { ...scoresBody(played.participants[0].participantId, played.participants[1].participantId, 1, 1), reason: 'it was a draw' });
    expect(res.status, res.text).toBe(200);
    expect(res.body.data.match).toMatchObject({ isDraw: true, winnerId: null, loserId: null });
    const after = await points();
    expect(after.get(played.winnerId)).toBe(1);
    expect(after.get(played.loserId)).toBe(1);
  });

  it('Swiss: refuses while a later round is paired (naming its matches), cascade pairs it again; scores alone need nothing', async ({ server, tenant, players }) => {
    const six = players.slice(0, 6);
    const { id, byParticipant } = await startWithStages(server, tenant, six, [{ name: 'Swiss', format: 'SWISS', settings: { swissRounds: 3 } }]);
    const round1 = await allMatches(server, id);
    const played = [];
    for (const m of round1) played.push(await playDecided(server, m, byParticipant, betterSeedWins(m)));
    const round2 = (await allMatches(server, id)).filter((m) => m.round === 2);
    expect(round2).toHaveLength(3);
    const target = played[0];
    const [a, b] = target.participants.map((s: any) => s.participantId);
    const winnerSlot = target.winnerId === a ? 0 : 1;

    const scoresOnly = await act(server, target.id, 'correct', tenant.owner.accessToken, {
      ...scoresBody(a, b, winnerSlot === 0 ? 3 : 0, winnerSlot === 0 ? 0 : 3),
      reason: 'it was 3-0',
    });
    expect(scoresOnly.status, scoresOnly.text).toBe(200);
    expect(scoresOnly.body.data.removedMatchIds).toEqual([]);

    const flip = { ...scoresBody(a, b, winnerSlot === 0 ? 0 : 2, winnerSlot === 0 ? 2 : 0), reason: 'the other player won' };
    const refused = await act(server, target.id, 'correct', tenant.owner.accessToken, flip);
    expect(refused.status).toBe(409);
    expect(refused.body.error.details.map((d: any) => d.message.split(' ')[1]).sort()).toEqual(round2.map((m) => m.id).sort());
    expect((await allMatches(server, id)).filter((m) => m.round === 2).map((m) => m.id)).toEqual(round2.map((m) => m.id));

    const res = await act(server, target.id, 'correct', tenant.owner.accessToken, { ...flip, cascade: true });
    expect(res.status, res.text).toBe(200);
    expect([...res.body.data.removedMatchIds].sort()).toEqual(round2.map((m) => m.id).sort());
    const repaired = (await allMatches(server, id)).filter((m) => m.round === 2);
    expect(repaired).toHaveLength(3);
    expect(repaired.some((m) => round2.some((old) => old.id === m.id))).toBe(false);
    expect(repaired.every((m) => m.status === 'SCHEDULED')).toBe(true);
    const standings = (await getData(server, `/tournaments/${id}/bracket`)).stages[0].standings;
    expect(standings.find((r: any) => r.participantId === target.winnerId)).toMatchObject({ wins: 0, losses: 1 });
    await playEverything(server, id, byParticipant);
    expect((await getData(server, `/tournaments/${id}`)).status).toBe('COMPLETED');
  });
});

describe('correcting a stage that seeded the next one', () => {
  it('keeps the next stage when its qualifiers do not change; nothing changes once the tournament is over', async ({ server, tenant, players, match }) => {
    const { id, byParticipant } = await startWithStages(server, tenant, players.slice(0, 4), [
      { name: 'League', format: 'ROUND_ROBIN', settings: { advanceCount: 2 } },
      { name: 'Final', format: 'SINGLE_ELIMINATION' },
    ]);
    const league = await allMatches(server, id);
    const played = [];
    for (const m of league) played.push(await playDecided(server, m, byParticipant, betterSeedWins(m)));
    const final = (await allMatches(server, id)).find((m) => m.stageNumber === 2)!;
    const qualified = final.participants.map((s: any) => s.participantId).sort();

    // A closer score between the two bottom seeds changes nothing for the final.
    const bottom = played.find((m) => m.participants.every((s: any) => !qualified.includes(s.participantId)))!;
    const [ba, bb] = bottom.participants.map((s: any) => s.participantId);
    const keep = await act(server, bottom.id, 'correct', tenant.owner.accessToken, { ...scoresBody(ba, bb, bottom.winnerId === ba ? 3 : 2, bottom.winnerId === ba ? 2 : 3), reason: 'closer' });
    expect(keep.status, keep.text).toBe(200);
    expect(keep.body.data.removedMatchIds).toEqual([]);
    expect((await match(final.id)).id).toBe(final.id);

    // The final is played: the tournament is over and its results are locked.
    await playDecided(server, await match(final.id), byParticipant, betterSeedWins(await match(final.id)));
    expect((await getData(server, `/tournaments/${id}`)).status).toBe('COMPLETED');
    const locked = await act(server, bottom.id, 'correct', tenant.owner.accessToken, { ...scoresBody(ba, bb, 5, 0), reason: 'x' });
    expect(locked.body.error.code).toBe('TOURNAMENT_LOCKED');
    const stages = await getData(server, `/tournaments/${id}/stages`);
    expect(locked.body.error.details).toEqual([{ path: 'path.id', message: expect.stringContaining(stages[1].id) }]);
  });

  it("keeps the organizer's own seeding of the next stage when a correction changes nothing for it", async ({ server, tenant, players }) => {
    const { id, byParticipant } = await startWithStages(server, tenant, players.slice(0, 4), [
      { name: 'League', format: 'ROUND_ROBIN', settings: { advanceCount: 2 } },
      { name: 'Final', format: 'SINGLE_ELIMINATION' },
    ]);
    const played = [];
    for (const m of await allMatches(server, id)) played.push(await playDecided(server, m, byParticipant, betterSeedWins(m)));
    const final = (await allMatches(server, id)).find((m) => m.stageNumber === 2)!;
    const bySeed = [...final.participants].sort((a: any, b: any) => a.seed - b.seed).map((s: any) => s.participantId as string);
    // The organizer puts the runner-up first (R23.4).
    const reseeded = await request(server, 'PUT', `/tournaments/${id}/stages/2/seeding`, {
      token: tenant.owner.accessToken,
      body: { order: 'SEED', participantIds: [bySeed[1], bySeed[0]] },
    });
    expect(reseeded.status, reseeded.text).toBe(200);
    const seedsNow = async () => {
      const m = (await allMatches(server, id)).find((x) => x.stageNumber === 2)!;
      return { id: m.id, seeds: Object.fromEntries(m.participants.map((x: any) => [x.participantId, x.seed])) };
    };
    const before = await seedsNow();
    expect(before.seeds).toEqual({ [bySeed[1]!]: 1, [bySeed[0]!]: 2 });

    // A closer score between the two bottom seeds: same qualifiers, same seeds from the results; the organizer's order stays.
    const bottom = played.find((m) => m.participants.every((x: any) => !bySeed.includes(x.participantId)))!;
    const [ba, bb] = bottom.participants.map((x: any) => x.participantId);
    const kept = await act(server, bottom.id, 'correct', tenant.owner.accessToken, { ...scoresBody(ba, bb, bottom.winnerId === ba ? 3 : 2, bottom.winnerId === ba ? 2 : 3), reason: 'closer' });
    expect(kept.status, kept.text).toBe(200);
    expect(kept.body.data.removedMatchIds).toEqual([]);
    expect(await seedsNow()).toEqual(before);
  });

  it('rebuilds the next stage from the corrected results, refusing first when it was played', async ({ server, tenant, players, participant }) => {
    const { id, byParticipant } = await startWithStages(server, tenant, players.slice(0, 4), [
      { name: 'League', format: 'ROUND_ROBIN', settings: { advanceCount: 2 } },
      { name: 'Final', format: 'SINGLE_ELIMINATION' },
    ]);
    const league = await allMatches(server, id);
    const seedOf = (pid: string): number => league.flatMap((m) => m.participants).find((s: any) => s.participantId === pid).seed;
    for (const m of league) await playDecided(server, m, byParticipant, betterSeedWins(m));
    const finalists = async () => {
      const final = (await allMatches(server, id)).find((m) => m.stageNumber === 2)!;
      return { final, seeds: final.participants.map((s: any) => seedOf(s.participantId)).sort() };
    };
    const { final, seeds } = await finalists();
    expect(seeds).toEqual([1, 2]); // 3, 2, 1 and 0 wins
    expect((await request(server, 'POST', `/matches/${final.id}/start`, { token: tenant.owner.accessToken })).status).toBe(200);

    // Seed 3 beat seed 2 after all: 3, 1, 2 and 0 wins, so seed 3 reaches the final, which was already started.
    const twoVsThree = league.find((m) => m.participants.map((s: any) => s.seed).sort().join() === '2,3')!;
    const [c, d] = twoVsThree.participants.map((s: any) => s.participantId);
    const threeWins = { ...scoresBody(c, d, seedOf(c) === 3 ? 2 : 0, seedOf(c) === 3 ? 0 : 2), reason: 'seed 3 won' };
    const refused = await act(server, twoVsThree.id, 'correct', tenant.owner.accessToken, threeWins);
    expect(refused.status).toBe(409);
    expect(refused.body.error.details).toEqual([{ path: 'body.cascade', message: expect.stringContaining(final.id) }]);
    expect((await finalists()).final.id).toBe(final.id);
    const cascaded = await act(server, twoVsThree.id, 'correct', tenant.owner.accessToken, { ...threeWins, cascade: true });
    expect(cascaded.status, cascaded.text).toBe(200);
    expect(cascaded.body.data.removedMatchIds).toEqual([final.id]);
    const rebuilt = await finalists();
    expect(rebuilt.final.id).not.toBe(final.id);
    expect(rebuilt.final.status).toBe('SCHEDULED');
    expect(rebuilt.seeds).toEqual([1, 3]);
    const p2 = twoVsThree.participants.find((s: any) => s.seed === 2).participantId;
    expect(await participant(id, p2)).toMatchObject({ status: 'ELIMINATED', placementRange: '3' });

    // Corrected back: the rebuilt final was not played, so it is rebuilt again without cascade.
    const back = await act(server, twoVsThree.id, 'correct', tenant.owner.accessToken, { ...scoresBody(c, d, seedOf(c) === 2 ? 2 : 1, seedOf(c) === 2 ? 1 : 2), reason: 'no, seed 2 won' });
    expect(back.status, back.text).toBe(200);
    expect(back.body.data.removedMatchIds).toEqual([rebuilt.final.id]);
    expect((await finalists()).seeds).toEqual([1, 2]);
    expect((await getData(server, `/tournaments/${id}/stages`)).map((s: any) => s.status)).toEqual(['COMPLETED', 'ONGOING']);
    await playEverything(server, id, byParticipant);
    expect((await getData(server, `/tournaments/${id}`)).status).toBe('COMPLETED');
  });
});
