import { describe, expect } from 'vitest';
import { it, request, test, type TestServer } from './helpers/index';
import { betterSeedWins, getData, placementsById, playDecided, playEverything, seedOf, startWithStages } from './formats-helpers';
import { allMatches } from './tournaments-helpers';

test.scoped({ playerCount: 5 });

const de = (grandFinal: 'none' | 'simple' | 'double') => [{ name: 'Bracket', format: 'DOUBLE_ELIMINATION', settings: { grandFinal } }];
const ranges = async (server: TestServer, id: string) => (await getData(server, `/tournaments/${id}/bracket`)).placements.map((p: any) => p.placementRange);

describe('double elimination', () => {
  it('with a simple grand final: 2N-2 matches, losers drop along next.loser, placements 1, 2, 3, 4', async ({ server, tenant, players }) => {
    const { id, byParticipant, participantOf } = await startWithStages(server, tenant, players.slice(0, 4), de('simple'));
    const matches = await allMatches(server, id);
    expect(matches).toHaveLength(6);
    expect(matches.map((m) => `${m.bracket}:${m.round}`)).toEqual([
      'WINNERS:1', 'WINNERS:1', 'WINNERS:2', 'LOSERS:1', 'LOSERS:2', 'GRAND_FINAL:1',
    ]);
    const losersRound1 = matches.find((m) => m.bracket === 'LOSERS' && m.round === 1);
    for (const m of matches.filter((x) => x.bracket === 'WINNERS' && x.round === 1)) expect(m.next.loser.matchId).toBe(losersRound1.id);

    // Elimination: equal scores need the winner named (a tie-break decided it).
    const first = matches[0];
    const [a, b] = first.participants.map((s: any) => s.participantId);
    const tie = { scores: [{ participantId: a, score: 1 }, { participantId: b, score: 1 }] };
    const refused = await request(server, 'POST', `/matches/${first.id}/report`, { token: byParticipant.get(a)!.accessToken, body: tie });
    expect(refused.status).toBe(400);
    expect(refused.body.error.details[0].path).toBe('body.winnerId');
    const named = await request(server, 'POST', `/matches/${first.id}/report`, { token: byParticipant.get(a)!.accessToken, body: { ...tie, winnerId: b } });
    expect(named.status).toBe(200);
    const confirmed = await request(server, 'POST', `/matches/${first.id}/confirm`, { token: byParticipant.get(b)!.accessToken });
    expect(confirmed.body.data).toMatchObject({ status: 'COMPLETED', winnerId: b, loserId: a, isDraw: false });
    const dropped = await getData(server, `/matches/${losersRound1.id}`);
    expect(dropped.participants[first.next.loser.slot - 1].participantId).toBe(a);
    expect((await getData(server, `/tournaments/${id}/participants/${a}`)).status).toBe('ACTIVE'); // one loss: still in

    await playEverything(server, id, byParticipant);
    expect((await getData(server, `/tournaments/${id}`)).status).toBe('COMPLETED');
    expect(await ranges(server, id)).toEqual(['1', '2', '3', '4']);
    const participants = await getData(server, `/tournaments/${id}/participants`);
    expect(participants.filter((p: any) => p.status === 'ELIMINATED')).toHaveLength(3);
    expect(participantOf.size).toBe(4);
  });

  it('without a grand final: 2N-3 matches, the winners-bracket champion 1st and the losers-bracket champion 2nd', async ({ server, tenant, players }) => {
    const { id, byParticipant, participantOf } = await startWithStages(server, tenant, players, de('none'));
    const matches = await allMatches(server, id);
    expect(matches).toHaveLength(7);
    expect(matches.some((m) => m.bracket === 'GRAND_FINAL')).toBe(false);
    await playEverything(server, id, byParticipant);
    const bracket = await getData(server, `/tournaments/${id}/bracket`);
    expect(bracket.status).toBe('COMPLETED');
    expect(bracket.placements.map((p: any) => p.placementRange)).toEqual(['1', '2', '3', '4', '5']);
    const all = await allMatches(server, id);
    const winnersFinal = all.filter((m) => m.bracket === 'WINNERS').sort((x, y) => y.round - x.round)[0];
    const losersFinal = all.filter((m) => m.bracket === 'LOSERS').sort((x, y) => y.round - x.round)[0];
    expect(bracket.placements[0].participantId).toBe(winnersFinal.winnerId);
    expect(bracket.placements[1].participantId).toBe(losersFinal.winnerId);
    expect(bracket.placements[0].participantId).toBe(participantOf.get(players[0]!.id));
  });

  it('with a double grand final won by the winners-bracket champion: the reset is closed as NOT_NEEDED', async ({ server, tenant, players }) => {
    const { id, byParticipant } = await startWithStages(server, tenant, players.slice(0, 4), de('double'));
    expect(await allMatches(server, id)).toHaveLength(7);
    await playEverything(server, id, byParticipant, betterSeedWins);
    const all = await allMatches(server, id);
    const [final1, reset] = all.filter((m) => m.bracket === 'GRAND_FINAL').sort((x, y) => x.round - y.round);
    expect(final1).toMatchObject({ status: 'COMPLETED', resultType: 'NORMAL' });
    expect(seedOf(final1, 0)).toBe(1);
    expect(final1.winnerId).toBe(final1.participants[0].participantId);
    expect(reset).toMatchObject({ status: 'COMPLETED', resultType: 'NOT_NEEDED', winnerId: null, loserId: null });
    expect((await getData(server, `/matches/${reset.id}`)).history).toEqual([]); // lists leave history out (R25.9)
    expect(reset.participants.map((s: any) => s.participantId)).toEqual([null, null]);
    expect((await getData(server, `/tournaments/${id}`)).status).toBe('COMPLETED');
    expect(await ranges(server, id)).toEqual(['1', '2', '3', '4']);
    const bracket = await getData(server, `/tournaments/${id}/bracket`);
    expect(bracket.stages[0].rounds.map((r: any) => r.name)).toEqual([
      'Semi-finals', 'Final', 'Losers round 1', 'Losers round 2', 'Grand final', 'Grand final reset',
    ]);
    expect(bracket.stages[0].standings).toEqual([]);
  });

  it('walks a disqualified player over in both brackets and finishes', async ({ server, tenant, players }) => {
    const { id, byParticipant, participantOf } = await startWithStages(server, tenant, players.slice(0, 4), de('simple'));
    const out = participantOf.get(players[3]!.id)!;
    expect((await request(server, 'DELETE', `/tournaments/${id}/participants/${out}`, { token: tenant.owner.accessToken })).status).toBe(204);
    const afterOut = await allMatches(server, id);
    const walkover = afterOut.find((m) => m.bracket === 'WINNERS' && m.round === 1 && m.loserId === out);
    expect(walkover).toMatchObject({ status: 'COMPLETED', resultType: 'WALKOVER' });
    await playEverything(server, id, byParticipant);
    const all = await allMatches(server, id);
    const losersRound1 = all.find((m) => m.bracket === 'LOSERS' && m.round === 1);
    expect(losersRound1).toMatchObject({ resultType: 'WALKOVER', loserId: out });
    expect((await getData(server, `/tournaments/${id}`)).status).toBe('COMPLETED');
    const participant = await getData(server, `/tournaments/${id}/participants/${out}`);
    expect(participant).toMatchObject({ status: 'DISQUALIFIED', placementRange: '4' });
  });
  it('places each participant as the match that knocks them out is confirmed, the grand final after its reset (R7.6, R7.7, R7.16)', async ({ server, tenant, players }) => {
    const { id, byParticipant, participantOf } = await startWithStages(server, tenant, players.slice(0, 4), de('double'));
    const seedName = new Map([...participantOf.entries()].map(([userId, participantId]) => [participantId, `s${players.findIndex((p) => p.id === userId) + 1}`]));
    const placed = async () => {
      const byId = await placementsById(server, id);
      return Object.fromEntries([...byId].filter(([, range]) => range !== null).map(([pid, range]) => [seedName.get(pid), range]));
    };
    // Better seed wins, except the first grand final, won by the losers-bracket champion (slot 2): the reset is played.
    const steps: [string, Record<string, string>][] = [
      ['WINNERS:1:1', {}],
      ['WINNERS:1:2', {}],
      ['WINNERS:2:1', {}],
      ['LOSERS:1:1', { s4: '4' }],
      ['LOSERS:2:1', { s4: '4', s3: '3' }],
      ['GRAND_FINAL:1:1', { s4: '4', s3: '3' }],
      ['GRAND_FINAL:2:1', { s4: '4', s3: '3', s1: '1', s2: '2' }],
    ];
    for (const [at, expected] of steps) {
      const match = (await allMatches(server, id)).find((m) => `${m.bracket}:${m.round}:${m.number}` === at);
      const decision = at === 'GRAND_FINAL:1:1' ? { winnerId: match.participants[1].participantId, scores: [1, 2] as [number, number] } : betterSeedWins(match);
      await playDecided(server, match, byParticipant, decision);
      expect(await placed(), at).toEqual(expected);
    }
    const participants = await getData(server, `/tournaments/${id}/participants`);
    expect(participants.filter((p: any) => p.status === 'ELIMINATED').map((p: any) => seedName.get(p.id)).sort()).toEqual(['s2', 's3', 's4']);
  });
});
