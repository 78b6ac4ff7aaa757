import { createHash } from 'node:crypto';
import { describe, expect } from 'vitest';
import { hashRequest } from '../src/services/matches/idempotency';
import { request, type TestServer, type TestUser } from './helpers/index';
import { act, bringTo, countRows, eventTypes, historyTypes, leagueTest, scoresBody, sidesOf } from './matches-helpers';

// Idempotency-Key on match writes and concurrent transitions (R8.20 to R8.22), over real HTTP. A 10-player round robin
// supplies matches with both sides known.
let next = 0;
interface Replays {
  /** The next unused match of the pool with its sides. */
  take: () => { match: any; a: string; b: string; reporter: TestUser; opponent: TestUser };
  /** Rows of the tables a write touches, to check that a replay writes nothing. */
  footprint: () => Promise<Record<'events' | 'history' | 'keys' | 'notifications', number>>;
}
const it = leagueTest.extend<Replays>({
  take: async ({ pool, byParticipant }, use) =>
    use(() => {
      const match = pool[next++];
      if (!match) throw new Error('out of matches');
      return { match, ...sidesOf(match, byParticipant) };
    }),
  footprint: async ({ server }, use) =>
    use(async () => ({
      events: await countRows(server, 'events'),
      history: await countRows(server, 'match_history'),
      keys: await countRows(server, 'idempotency_keys'),
      notifications: await countRows(server, 'notifications'),
    })),
});

const key = (k: string) => ({ 'Idempotency-Key': k });

describe('Idempotency-Key', () => {
  it('replays the first answer of a report (status and body) without a second effect, even after the match moved on', async ({ server, take, footprint }) => {
    const { match, a, b, reporter, opponent } = take();
    const body = scoresBody(a, b, 2, 0);
    const first = await act(server, match.id, 'report', reporter.accessToken, body, key('report-1'));
    expect(first.status).toBe(200);
    expect(first.headers.get('idempotent-replayed')).toBeNull();
    const before = await footprint();
    const again = await act(server, match.id, 'report', reporter.accessToken, body, key('report-1'));
    expect(again.status).toBe(200);
    expect(again.headers.get('idempotent-replayed')).toBe('true');
    expect(again.body).toEqual(first.body);
    expect(await footprint()).toEqual(before);

    // The opponent confirms; the retry still gets the first answer (PENDING_RESULT), not a 409.
    expect((await act(server, match.id, 'confirm', opponent.accessToken)).status).toBe(200);
    const late = await act(server, match.id, 'report', reporter.accessToken, { scores: body.scores, winnerId: body.winnerId }, key('report-1'));
    expect(late.status).toBe(200);
    expect(late.body.data.status).toBe('PENDING_RESULT');
    expect(late.body).toEqual(first.body);
    expect(await historyTypes(server, match.id)).toEqual(['REPORTED', 'CONFIRMED']);
    expect(await eventTypes(server, match.id)).toEqual(['match.score_reported', 'match.completed']);
  });

  it('answers 422 IDEMPOTENCY_KEY_REUSED for the same key with another body or another match', async ({ server, pool, byParticipant, take }) => {
    const first = take();
    const second = take();
    const k = key('reused');
    expect((await act(server, first.match.id, 'report', first.reporter.accessToken, scoresBody(first.a, first.b, 2, 1), k)).status).toBe(200);
    const otherBody = await act(server, first.match.id, 'report', first.reporter.accessToken, scoresBody(first.a, first.b, 3, 1), k);
    expect(otherBody.status).toBe(422);
    expect(otherBody.body.error.code).toBe('IDEMPOTENCY_KEY_REUSED');
    expect(otherBody.body.error.details).toEqual([{ path: 'header.idempotency-key', message: expect.any(String) }]);
    // The key is the user's: on another match it is another request, even by a player of both matches.
    const sameUser = [...byParticipant.entries()].find(([, u]) => u === first.reporter)![0];
    const otherMatch = pool.find((m) => m !== first.match && m.participants.some((s: any) => s.participantId === sameUser) && m.status === 'SCHEDULED');
    const { a, b } = sidesOf(otherMatch, byParticipant);
    const elsewhere = await act(server, otherMatch.id, 'report', first.reporter.accessToken, scoresBody(a, b, 2, 1), k);
    expect(elsewhere.body.error.code).toBe('IDEMPOTENCY_KEY_REUSED');
    // Another user may use the same key; the same user may use it for another operation.
    expect((await act(server, second.match.id, 'report', second.reporter.accessToken, scoresBody(second.a, second.b, 2, 1), k)).status).toBe(200);
    expect((await act(server, first.match.id, 'confirm', first.opponent.accessToken, undefined, k)).status).toBe(200);
    expect((await act(server, first.match.id, 'confirm', first.opponent.accessToken, undefined, k)).headers.get('idempotent-replayed')).toBe('true');
  });

  it('treats the same JSON with keys in another order as the same request', async ({ server, take }) => {
    const { match, a, b, reporter } = take();
    const body = scoresBody(a, b, 1, 0);
    const first = await act(server, match.id, 'report', reporter.accessToken, body, key('order'));
    const reordered = { scores: body.scores.map((s) => ({ score: s.score, participantId: s.participantId })), winnerId: body.winnerId };
    const again = await act(server, match.id, 'report', reporter.accessToken, reordered, key('order'));
    expect(again.status).toBe(200);
    expect(again.body).toEqual(first.body);
  });

  it('replays confirm, dispute, evidence, resolve and correct; keeps nothing for refused requests', async ({ server, staff, byParticipant, take, footprint }) => {
    const checks: Array<[string, () => Promise<any>, any, string]> = [];
    const c = take();
    await bringTo(server, c.match, 'PENDING_RESULT', byParticipant, staff);
    checks.push(['confirm', async () => c, undefined, c.opponent.accessToken]);
    const d = take();
    // Refused first (nothing to dispute yet): not stored, so the same key works once the match is PENDING_RESULT.
    const early = await act(server, d.match.id, 'dispute', d.opponent.accessToken, { reason: 'wrong' }, key('dispute'));
    expect(early.body.error.code).toBe('INVALID_TRANSITION');
    await bringTo(server, d.match, 'PENDING_RESULT', byParticipant, staff);
    checks.push(['dispute', async () => d, { reason: 'wrong' }, d.opponent.accessToken]);
    const e = take();
    await bringTo(server, e.match, 'DISPUTED', byParticipant, staff);
    checks.push(['evidence', async () => e, { evidence: ['https://example.com/e.png'] }, e.reporter.accessToken]);
    const r = take();
    await bringTo(server, r.match, 'DISPUTED', byParticipant, staff);
    checks.push(['resolve', async () => r, { ...scoresBody(r.a, r.b, 0, 2), reason: 'checked' }, staff.organizer.accessToken]);
    const x = take();
    await bringTo(server, x.match, 'COMPLETED', byParticipant, staff);
    checks.push(['correct', async () => x, { ...scoresBody(x.a, x.b, 0, 2), reason: 'typo' }, staff.organizer.accessToken]);

    for (const [action, get, body, token] of checks) {
      const { match } = await get();
      const k = key(action === 'dispute' ? 'dispute' : `op-${action}`);
      const first = await act(server, match.id, action, token, body, k);
      expect(first.status, `${action}: ${first.text}`).toBe(200);
      const before = await footprint();
      const again = await act(server, match.id, action, token, body, k);
      expect(again.status, action).toBe(200);
      expect(again.body, action).toEqual(first.body);
      expect(again.headers.get('idempotent-replayed'), action).toBe('true');
      expect(await footprint(), action).toEqual(before);
      // Without the key the same request is a new one: refused now (or, for evidence, attached a second time).
      const bare = await act(server, match.id, action, token, body);
      expect(bare.status, action).toBe({ confirm: 409, dispute: 409, evidence: 200, resolve: 409, correct: 400 }[action]);
    }
  });
});

describe('request fingerprint', () => {
  const parts = {
    matchId: '0193f2a4-6b1e-7c3d-9a5f-2e8b4c6d1a07',
    body: { winnerId: 'p1', scores: [{ participantId: 'p1', score: 2 }, { score: 1, participantId: 'p2' }], note: 'gg 日本 😀', Z: 1.5, skip: undefined },
  };

  it('hashes the canonical JSON: keys sorted at every level, undefined members left out', () => {
    const canonical =
      '{"body":{"Z":1.5,"note":"gg 日本 😀","scores":[{"participantId":"p1","score":2},{"participantId":"p2","score":1}],"winnerId":"p1"},' +
      '"matchId":"0193f2a4-6b1e-7c3d-9a5f-2e8b4c6d1a07"}';
    expect(hashRequest(parts)).toBe(createHash('sha256').update(canonical).digest('hex'));
    // keys stored before this release stay valid for their 24 hours: the fingerprint of a request never changes
    expect(hashRequest(parts)).toBe('850984e1df419c3e7c0f749dd8820ea0590d9f2861f2e2c201264558f75e2d57');
  });

  it('tells different requests apart and refuses a cycle', () => {
    expect(hashRequest({ matchId: 'm', body: { score: 1 } })).not.toBe(hashRequest({ matchId: 'm', body: { score: '1' } }));
    expect(hashRequest({ matchId: 'm', body: [1, 2] })).not.toBe(hashRequest({ matchId: 'm', body: [2, 1] }));
    expect(hashRequest({ matchId: 'm', body: [undefined] })).toBe(hashRequest({ matchId: 'm', body: [null] }));
    const cycle: Record<string, unknown> = {};
    cycle.self = cycle;
    expect(() => hashRequest(cycle)).toThrow(TypeError);
  });
});

describe('concurrent transitions', () => {
  it('lets exactly one of 20 parallel reports succeed: the rest 409, one REPORTED entry, one event', async ({ server, take }) => {
    const { match, a, b, reporter, opponent } = take();
    const results = await Promise.all(
      Array.from({ length: 20 }, (_, i) =>
        act(server, match.id, 'report', (i % 2 === 0 ? reporter : opponent).accessToken, scoresBody(a, b, 1 + (i % 4), 0)),
      ),
    );
    expect(results.filter((r) => r.status === 200)).toHaveLength(1);
    const refused = results.filter((r) => r.status !== 200);
    expect(refused).toHaveLength(19);
    for (const r of refused) {
      expect(r.status).toBe(409);
      expect(['INVALID_TRANSITION', 'CONFLICT']).toContain(r.body.error.code);
    }
    expect(await historyTypes(server, match.id)).toEqual(['REPORTED']);
    expect(await eventTypes(server, match.id)).toEqual(['match.score_reported']);
  });

  it('lets exactly one of parallel confirms and disputes on one report succeed', async ({ server, staff, byParticipant, take }) => {
    const { match, reporter, opponent } = take();
    await bringTo(server, match, 'PENDING_RESULT', byParticipant, staff);
    const calls = Array.from({ length: 20 }, (_, i) => {
      if (i % 4 === 0) return act(server, match.id, 'confirm', opponent.accessToken);
      if (i % 4 === 1) return act(server, match.id, 'confirm', staff.organizer.accessToken);
      return act(server, match.id, 'dispute', (i % 4 === 2 ? reporter : opponent).accessToken, { reason: `dispute ${i}` });
    });
    const results = await Promise.all(calls);
    expect(results.filter((r) => r.status === 200)).toHaveLength(1);
    for (const r of results.filter((x) => x.status !== 200)) {
      expect(r.status).toBe(409);
      expect(['INVALID_TRANSITION', 'CONFLICT', 'MATCH_ALREADY_COMPLETED']).toContain(r.body.error.code);
    }
    const events = await eventTypes(server, match.id);
    expect(events).toHaveLength(2);
    expect(events[0]).toBe('match.score_reported');
    expect(['match.completed', 'match.disputed']).toContain(events[1]);
    expect((await historyTypes(server, match.id)).filter((t) => t !== 'REPORTED')).toHaveLength(1);
  });

  it('answers 20 parallel retries with one key from one effect', async ({ server, take }) => {
    const { match, a, b, reporter } = take();
    const body = scoresBody(a, b, 2, 1);
    const results = await Promise.all(Array.from({ length: 20 }, () => act(server, match.id, 'report', reporter.accessToken, body, key('burst'))));
    expect(results.map((r) => r.status)).toEqual(Array(20).fill(200));
    for (const r of results) expect(r.body).toEqual(results[0]!.body);
    expect(results.filter((r) => r.headers.get('idempotent-replayed') === 'true')).toHaveLength(19);
    expect(await historyTypes(server, match.id)).toEqual(['REPORTED']);
    expect(await eventTypes(server, match.id)).toEqual(['match.score_reported']);
    const stored = await server.deps.db.selectFrom('idempotency_keys').selectAll().where('key', '=', 'burst').execute();
    expect(stored).toHaveLength(1);
    expect(stored[0]).toMatchObject({ user_id: reporter.id, operation: 'reportMatchResult', response_status: 200 });
  });
});

// Last: it moves the shared clock a day forward (access tokens are renewed by logging in again).
describe('Idempotency-Key expiry', () => {
  /** A fresh access token for `user` (the clock moved past the old one's 15 minutes). */
  async function login(server: TestServer, user: TestUser): Promise<string> {
    const res = await request(server, 'POST', '/auth/login', { body: { username: user.username, password: user.password } });
    expect(res.status).toBe(200);
    return res.body.data.accessToken as string;
  }

  it('forgets keys after 24 hours: the same request then acts (and is refused) again', async ({ server, staff, byParticipant, take }) => {
    const { match, opponent } = take();
    await bringTo(server, match, 'PENDING_RESULT', byParticipant, staff);
    expect((await act(server, match.id, 'confirm', opponent.accessToken, undefined, key('day'))).status).toBe(200);
    server.clock.advance(24 * 3600_000 - 1000);
    const within = await act(server, match.id, 'confirm', await login(server, opponent), undefined, key('day'));
    expect(within.status).toBe(200);
    expect(within.headers.get('idempotent-replayed')).toBe('true');
    server.clock.advance(2000);
    const expired = await act(server, match.id, 'confirm', await login(server, opponent), undefined, key('day'));
    expect(expired.status).toBe(409);
    expect(expired.body.error.code).toBe('MATCH_ALREADY_COMPLETED');
    expect(await historyTypes(server, match.id)).toEqual(['REPORTED', 'CONFIRMED']);
  });
});
