import { describe, expect } from 'vitest';
import { AppError } from '../src/index';
import { findMatchRow } from '../src/services/matches/match-reader';
import { updateMatchVersioned } from '../src/services/matches/match-write';
import { registerUser, request, test, type TestServer, type TestTenant, type TestUser } from './helpers/index';
import { allMatches, joinAll, lifecycle, openTournament, playMatch, registerPlayers } from './tournaments-helpers';

/** Helpers bound to the file's server and tenant (the `bound` fixture). */
function bound(server: TestServer, tenant: TestTenant) {
  /** A started tournament of `n` players with its round-1 matches and the player of each participant. */
  async function started(n: number) {
    const t = await openTournament(server, tenant);
    const players = await registerPlayers(server, n);
    const { byParticipant, participantOf } = await joinAll(server, t.id, players);
    await lifecycle(server, tenant, t.id, 'start');
    const matches = await allMatches(server, t.id);
    return { id: t.id as string, matches, byParticipant, participantOf, players };
  }

  const report = (match: any, token: string, body: unknown) => request(server, 'POST', `/matches/${match.id}/report`, { token, body });
  return { started, report };
}
const it = test.extend<{ bound: ReturnType<typeof bound> }>({ bound: async ({ server, tenant }, use) => use(bound(server, tenant)) });

const sidesOf = (match: any, byParticipant: Map<string, TestUser>) => {
  const [a, b] = match.participants.map((s: any) => s.participantId as string);
  return { a: a as string, b: b as string, playerA: byParticipant.get(a)!, playerB: byParticipant.get(b)! };
};

describe('match workflow', () => {
  it('starts a match by a participant or an organizer, once', async ({ server, tenant, bound: { started } }) => {
    const { matches, byParticipant } = await started(4);
    const [m1, m2] = matches;
    const { playerA } = sidesOf(m1, byParticipant);
    const res = await request(server, 'POST', `/matches/${m1.id}/start`, { token: playerA.accessToken });
    expect(res.status).toBe(200);
    expect(res.body.data).toMatchObject({ status: 'IN_PROGRESS', startedAt: server.clock.now().toISOString() });
    expect(res.body.data.history).toEqual([
      expect.objectContaining({ type: 'STARTED', actorUserId: playerA.id, data: { status: 'IN_PROGRESS', by: 'participant' } }),
    ]);
    const again = await request(server, 'POST', `/matches/${m1.id}/start`, { token: playerA.accessToken });
    expect(again.status).toBe(409);
    expect(again.body.error.code).toBe('INVALID_TRANSITION');
    const byOrganizer = await request(server, 'POST', `/matches/${m2.id}/start`, { token: tenant.owner.accessToken });
    expect(byOrganizer.status).toBe(200);
    const events = await server.deps.db.selectFrom('events').select(['type', 'data']).where('subject_id', '=', m1.id).execute();
    expect(events.map((e) => e.type)).toEqual(['match.started']);
    expect(JSON.parse(events[0]!.data)).toMatchObject({ matchId: m1.id, status: 'IN_PROGRESS' });
  });

  it('stores the report as PENDING_RESULT with the reporter, scores in slot order and an event', async ({ server, bound: { started, report } }) => {
    const { matches, byParticipant } = await started(2);
    const [m] = matches;
    const { a, b, playerB } = sidesOf(m, byParticipant);
    const res = await report(m, playerB.accessToken, { scores: [{ participantId: b, score: 3 }, { participantId: a, score: 0 }] });
    expect(res.status).toBe(200);
    expect(res.body.data.status).toBe('PENDING_RESULT');
    expect(res.body.data.reportedResult).toEqual({
      winnerId: b,
      scores: [{ participantId: a, score: 0 }, { participantId: b, score: 3 }],
      reportedBy: playerB.id,
      reportedAt: server.clock.now().toISOString(),
    });
    expect(res.body.data.participants.map((s: any) => s.score)).toEqual([null, null]);
    const events = await server.deps.db.selectFrom('events').select('type').where('subject_id', '=', m.id).execute();
    expect(events.map((e) => e.type)).toEqual(['match.score_reported']);
  });

  it('refuses strangers, API keys, anonymous callers and the reporter confirming their own report', async ({ server, tenant, bound: { started, report } }) => {
    const { matches, byParticipant, players } = await started(4);
    const [m1, m2] = matches;
    const { a, b, playerA } = sidesOf(m1, byParticipant);
    const scores = [{ participantId: a, score: 2 }, { participantId: b, score: 0 }];
    const stranger = await registerUser(server);
    for (const path of ['start', 'report', 'confirm']) {
      const res = await request(server, 'POST', `/matches/${m1.id}/${path}`, { token: stranger.accessToken, ...(path === 'report' ? { body: { scores } } : {}) });
      expect(res.status, path).toBe(403);
      expect(res.body.error.code, path).toBe('NOT_MATCH_PARTICIPANT');
    }
    // A player of another match is a stranger to this one.
    const otherPlayer = byParticipant.get(m2.participants[0].participantId)!;
    expect((await report(m1, otherPlayer.accessToken, { scores })).body.error.code).toBe('NOT_MATCH_PARTICIPANT');
    // The organizer may approve but not report.
    expect((await report(m1, tenant.owner.accessToken, { scores })).body.error.code).toBe('NOT_MATCH_PARTICIPANT');
    const byKey = await request(server, 'POST', `/matches/${m1.id}/report`, { apiKey: tenant.apiKey.key, body: { scores } });
    expect(byKey.status).toBe(403);
    expect(byKey.body.error.code).toBe('API_KEY_NOT_ALLOWED');
    expect((await request(server, 'POST', `/matches/${m1.id}/report`, { body: { scores } })).status).toBe(401);

    const early = await request(server, 'POST', `/matches/${m1.id}/confirm`, { token: playerA.accessToken });
    expect(early.status).toBe(409);
    expect(early.body.error.code).toBe('INVALID_TRANSITION');
    expect((await report(m1, playerA.accessToken, { scores })).status).toBe(200);
    const own = await request(server, 'POST', `/matches/${m1.id}/confirm`, { token: playerA.accessToken });
    expect(own.status).toBe(403);
    expect(own.body.error.code).toBe('FORBIDDEN');
    expect(players.length).toBe(4);
  });

  it('answers 400 naming the field for results core rejects', async ({ bound: { started, report } }) => {
    const { matches, byParticipant, participantOf, players } = await started(4);
    const [m1] = matches;
    const { a, b, playerA } = sidesOf(m1, byParticipant);
    const outsider = [...participantOf.values()].find((p) => p !== a && p !== b)!;
    const foreign = await report(m1, playerA.accessToken, { scores: [{ participantId: a, score: 1 }, { participantId: outsider, score: 0 }] });
    expect(foreign.status).toBe(400);
    expect(foreign.body.error.details).toEqual([{ path: 'body.scores[1].participantId', message: 'must be a participant of the match' }]);
    const tie = await report(m1, playerA.accessToken, { scores: [{ participantId: a, score: 1 }, { participantId: b, score: 1 }] });
    expect(tie.status).toBe(400);
    expect(tie.body.error.details[0].path).toBe('body.winnerId');
    const lower = await report(m1, playerA.accessToken, { winnerId: a, scores: [{ participantId: a, score: 0 }, { participantId: b, score: 1 }] });
    expect(lower.body.error.details[0].path).toBe('body.winnerId');
    const tieWithWinner = await report(m1, playerA.accessToken, { winnerId: b, scores: [{ participantId: a, score: 1 }, { participantId: b, score: 1 }] });
    expect(tieWithWinner.status).toBe(200);
    expect(tieWithWinner.body.data.reportedResult.winnerId).toBe(b);
    expect(players.length).toBe(4);
  });

  it('answers 409 to a report on a completed match and MATCH_NOT_READY while a side is unknown', async ({ server, tenant, bound: { started, report } }) => {
    const { matches, byParticipant } = await started(3);
    const round1 = matches.find((m) => m.round === 1);
    const final = matches.find((m) => m.round === 2);
    const seed1 = byParticipant.get(final.participants[0].participantId)!;
    expect(final.participants[1].participantId).toBeNull();
    const notReady = await request(server, 'POST', `/matches/${final.id}/start`, { token: seed1.accessToken });
    expect(notReady.status).toBe(409);
    expect(notReady.body.error.code).toBe('MATCH_NOT_READY');

    const done = await playMatch(server, round1, byParticipant);
    const winner = byParticipant.get(done.winnerId)!;
    const late = await report(round1, winner.accessToken, {
      scores: done.participants.map((s: any) => ({ participantId: s.participantId, score: 5 })),
      winnerId: done.winnerId,
    });
    expect(late.status).toBe(409);
    expect(late.body.error.code).toBe('MATCH_ALREADY_COMPLETED');
    const reconfirm = await request(server, 'POST', `/matches/${round1.id}/confirm`, { token: tenant.owner.accessToken });
    expect(reconfirm.body.error.code).toBe('MATCH_ALREADY_COMPLETED');
    const ready = (await request(server, 'GET', `/matches/${final.id}`)).body.data;
    expect(ready.participants[1].participantId).toBe(done.winnerId);
  });

  it('lets exactly one of 20 parallel reports on one match succeed', async ({ server, bound: { started, report } }) => {
    const { matches, byParticipant } = await started(2);
    const [m] = matches;
    const { a, b, playerA, playerB } = sidesOf(m, byParticipant);
    const attempts = Array.from({ length: 20 }, (_, i) => {
      const mine = i % 2 === 0 ? a : b;
      const player = i % 2 === 0 ? playerA : playerB;
      return report(m, player.accessToken, {
        scores: [{ participantId: mine, score: 2 + (i % 5) }, { participantId: mine === a ? b : a, score: 1 }],
      });
    });
    const results = await Promise.all(attempts);
    const statuses = results.map((r) => r.status);
    expect(statuses.filter((s) => s === 200)).toHaveLength(1);
    expect(statuses.filter((s) => s === 409)).toHaveLength(19);
    for (const r of results.filter((x) => x.status === 409)) expect(['INVALID_TRANSITION', 'CONFLICT']).toContain(r.body.error.code);
    const after = (await request(server, 'GET', `/matches/${m.id}`)).body.data;
    expect(after.history.filter((h: any) => h.type === 'REPORTED')).toHaveLength(1);
    const events = await server.deps.db.selectFrom('events').select('type').where('subject_id', '=', m.id).execute();
    expect(events).toHaveLength(1);
  });

  it('refuses a write based on a stale version with 409 CONFLICT', async ({ server, bound: { started } }) => {
    const { matches } = await started(2);
    const db = server.deps.db;
    const stale = (await findMatchRow(db, matches[0].id))!;
    const now = server.clock.now().toISOString();
    const written = await updateMatchVersioned(db, stale, { status: 'IN_PROGRESS', started_at: now }, now);
    expect(written.version).toBe(stale.version + 1);
    const error = await updateMatchVersioned(db, stale, { status: 'PENDING_RESULT' }, now).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(AppError);
    expect(error).toMatchObject({ code: 'CONFLICT', message: 'the match changed concurrently, reload it' });
    expect((await findMatchRow(db, stale.id))!.status).toBe('IN_PROGRESS');
  });

  it('reads a match publicly and 404s unknown ids', async ({ server, bound: { started } }) => {
    const { matches } = await started(2);
    const res = await request(server, 'GET', `/matches/${matches[0].id}`);
    expect(res.status).toBe(200);
    expect(res.body.data).toMatchObject({ stageNumber: 1, bracket: 'WINNERS', round: 1, number: 1, next: { winner: null, loser: null } });
    const missing = await request(server, 'GET', '/matches/01900000-0000-7000-8000-000000000000');
    expect(missing.status).toBe(404);
  });
});
