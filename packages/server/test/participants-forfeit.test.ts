import { describe, expect } from 'vitest';
import { request, test, type TestResponse } from './helpers/index';
import { getData, playEverything, startWithStages } from './formats-helpers';
import { act, eventTypes, expectConsistentBracket, scoresBody } from './matches-helpers';
import { allMatches } from './tournaments-helpers';

// Disqualification and withdrawal of participants (R6.8 to R6.10): walkovers, double forfeits, events and
// notifications.
/** The organizer's removal of a participant, and the events about a participant, bound to the file's server. */
interface Forfeits {
  remove: (tid: string, pid: string) => Promise<TestResponse>;
  participantEvents: (pid: string) => Promise<{ type: string; data: any }[]>;
}
const it = test.extend<Forfeits>({
  remove: async ({ server, tenant }, use) => use((tid, pid) => request(server, 'DELETE', `/tournaments/${tid}/participants/${pid}`, { token: tenant.owner.accessToken })),
  participantEvents: async ({ server }, use) =>
    use(async (pid) =>
      (await server.deps.db.selectFrom('events').select(['type', 'data']).where('subject_id', '=', pid).orderBy('created_at').orderBy('id').execute()).map((e) => ({ type: e.type, data: JSON.parse(e.data) })),
    ),
});

describe('disqualification', () => {
  it('gives a double forfeit when both sides of a match are out (two disqualified players meet in the losers bracket)', async ({ server, tenant, players, remove }) => {
    const { id, byParticipant, participantOf } = await startWithStages(server, tenant, players, [
      { name: 'Double', format: 'DOUBLE_ELIMINATION', settings: { grandFinal: 'simple' } },
    ]);
    const seed = (n: number) => participantOf.get(players[n - 1]!.id)!;
    const matches = await allMatches(server, id);
    const losers1 = matches.find((m) => m.bracket === 'LOSERS' && m.round === 1)!;

    expect((await remove(id, seed(4))).status).toBe(204);
    expect((await remove(id, seed(3))).status).toBe(204);
    const winners1 = (await allMatches(server, id)).filter((m) => m.bracket === 'WINNERS' && m.round === 1);
    expect(winners1.map((m) => [m.resultType, m.winnerId])).toEqual(
      expect.arrayContaining([
        ['WALKOVER', seed(1)],
        ['WALKOVER', seed(2)],
      ]),
    );
    const double = await getData(server, `/matches/${losers1.id}`);
    expect(double).toMatchObject({ status: 'COMPLETED', resultType: 'DOUBLE_FORFEIT', winnerId: seed(3), loserId: seed(4) });
    expect(double.participants.map((s: any) => s.score)).toEqual([null, null]);
    expect(double.history).toEqual([
      expect.objectContaining({ type: 'WALKOVER', actorUserId: null, data: expect.objectContaining({ resultType: 'DOUBLE_FORFEIT', winnerId: seed(3) }) }),
    ]);
    expect(await eventTypes(server, losers1.id)).toEqual(['match.completed']);
    const completed = await server.deps.db.selectFrom('events').select('data').where('subject_id', '=', losers1.id).executeTakeFirstOrThrow();
    expect(JSON.parse(completed.data)).toMatchObject({ resultType: 'DOUBLE_FORFEIT', scores: null });
    // Nothing was played: a correction has no result to replace (R8.13).
    const correction = await act(server, losers1.id, 'correct', tenant.owner.accessToken, { ...scoresBody(seed(4), seed(3), 2, 0), reason: 'they did play' });
    expect(correction.body.error).toMatchObject({ code: 'INVALID_TRANSITION', message: expect.stringContaining('DOUBLE_FORFEIT') });

    // The forfeited "winner" meets the winners-final loser, who wins by walkover; the bracket still finishes.
    await playEverything(server, id, byParticipant);
    const all = await allMatches(server, id);
    const losers2 = all.find((m) => m.bracket === 'LOSERS' && m.round === 2)!;
    expect(losers2).toMatchObject({ resultType: 'WALKOVER', loserId: seed(3) });
    expectConsistentBracket(all);
    const bracket = await getData(server, `/tournaments/${id}/bracket`);
    expect(bracket.status).toBe('COMPLETED');
    const statuses = await getData(server, `/tournaments/${id}/participants`);
    expect(statuses.filter((p: any) => p.status === 'DISQUALIFIED').map((p: any) => p.id).sort()).toEqual([seed(3), seed(4)].sort());
  });

  it('records participant.disqualified before the walkovers it causes, and notifies the player', async ({ server, tenant, players, remove, participantEvents }) => {
    const { id, participantOf } = await startWithStages(server, tenant, players, [{ name: 'Bracket', format: 'SINGLE_ELIMINATION' }]);
    const out = participantOf.get(players[3]!.id)!;
    const [first] = await allMatches(server, id);
    expect(first.participants.map((s: any) => s.participantId)).toContain(out);
    expect((await remove(id, out)).status).toBe(204);
    expect(await participantEvents(out)).toEqual([
      { type: 'participant.registered', data: expect.any(Object) },
      {
        type: 'participant.disqualified',
        data: { tournamentId: id, participantId: out, status: 'DISQUALIFIED', previousStatus: 'ACTIVE', userId: tenant.owner.id },
      },
    ]);
    const events = await server.deps.db.selectFrom('events').select(['type', 'subject_id']).orderBy('created_at').orderBy('id').execute();
    const at = events.findIndex((e) => e.subject_id === out && e.type === 'participant.disqualified');
    expect(events[at + 1]).toEqual({ type: 'match.completed', subject_id: first.id });
    const inbox = await request(server, 'GET', '/notifications', { token: players[3]!.accessToken });
    expect(inbox.body.data.map((n: any) => n.type)).toContain('PARTICIPANT_DISQUALIFIED');
    // Removing an already disqualified participant changes nothing.
    expect((await remove(id, out)).status).toBe(204);
    expect((await participantEvents(out)).filter((e) => e.type === 'participant.disqualified')).toHaveLength(1);
  });

  it('records participant.withdrawn for a withdrawal, by API key with a null userId', async ({ server, tenant, players, participantEvents }) => {
    const { id, participantOf } = await startWithStages(server, tenant, players, [{ name: 'Bracket', format: 'SINGLE_ELIMINATION' }]);
    const leaving = participantOf.get(players[2]!.id)!;
    const res = await request(server, 'PATCH', `/tournaments/${id}/participants/${leaving}`, { apiKey: tenant.apiKey.key, body: { status: 'WITHDRAWN' } });
    expect(res.status, res.text).toBe(200);
    expect(res.body.data.status).toBe('WITHDRAWN');
    expect((await participantEvents(leaving)).at(-1)).toEqual({
      type: 'participant.withdrawn',
      data: { tournamentId: id, participantId: leaving, status: 'WITHDRAWN', previousStatus: 'ACTIVE', userId: null },
    });
    const theirs = (await allMatches(server, id)).find((m) => m.participants.some((s: any) => s.participantId === leaving))!;
    expect(theirs).toMatchObject({ status: 'COMPLETED', resultType: 'WALKOVER', loserId: leaving });
    const seedLocked = await request(server, 'PATCH', `/tournaments/${id}/participants/${leaving}`, { token: tenant.owner.accessToken, body: { seed: 1 } });
    expect(`${seedLocked.status} ${seedLocked.body.error.code}`).toBe('409 TOURNAMENT_LOCKED');
  });
});
