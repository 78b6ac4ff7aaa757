import { describe, expect } from 'vitest';
import { request, type TestUser } from './helpers/index';
import {
  act,
  ACTOR_NAMES,
  bringTo,
  eventTypes,
  historyTypes,
  leagueTest,
  scoresBody,
  sidesOf,
  type ActorName,
  type TableState,
} from './matches-helpers';

// Every match action by every kind of actor from every status, over real HTTP (R8.1 to R8.5). A 10-player round robin
// gives 45 matches whose sides are all known from the start; each expected success takes a fresh match brought into
// the status, each refusal is tried on one shared match per status, which must stay exactly as it was.
const STATES: readonly TableState[] = ['SCHEDULED', 'IN_PROGRESS', 'PENDING_RESULT', 'DISPUTED', 'COMPLETED', 'RESOLVED'];
type Action = 'start' | 'report' | 'confirm' | 'dispute' | 'evidence' | 'resolve' | 'correct' | 'reschedule';
/** `200` or `<status> <code>`, per actor in ACTOR_NAMES order: reporter, opponent, organizer, moderator, stranger. */
type Row = [string, string, string, string, string];

const OK = '200';
const NMP = '403 NOT_MATCH_PARTICIPANT';
const FORB = '403 FORBIDDEN';
const BAD = '409 INVALID_TRANSITION';
const DONE = '409 MATCH_ALREADY_COMPLETED';

const TABLE: Record<Action, Record<TableState, Row>> = {
  start: {
    SCHEDULED: [OK, OK, OK, NMP, NMP],
    IN_PROGRESS: [BAD, BAD, BAD, NMP, NMP],
    PENDING_RESULT: [BAD, BAD, BAD, NMP, NMP],
    DISPUTED: [BAD, BAD, BAD, NMP, NMP],
    COMPLETED: [DONE, DONE, DONE, NMP, NMP],
    RESOLVED: [DONE, DONE, DONE, NMP, NMP],
  },
  report: {
    SCHEDULED: [OK, OK, NMP, NMP, NMP],
    IN_PROGRESS: [OK, OK, NMP, NMP, NMP],
    PENDING_RESULT: [BAD, BAD, NMP, NMP, NMP],
    DISPUTED: [BAD, BAD, NMP, NMP, NMP],
    COMPLETED: [DONE, DONE, NMP, NMP, NMP],
    RESOLVED: [DONE, DONE, NMP, NMP, NMP],
  },
  confirm: {
    SCHEDULED: [BAD, BAD, BAD, NMP, NMP],
    IN_PROGRESS: [BAD, BAD, BAD, NMP, NMP],
    PENDING_RESULT: [FORB, OK, OK, NMP, NMP],
    DISPUTED: [BAD, BAD, BAD, NMP, NMP],
    COMPLETED: [DONE, DONE, DONE, NMP, NMP],
    RESOLVED: [DONE, DONE, DONE, NMP, NMP],
  },
  dispute: {
    SCHEDULED: [BAD, BAD, NMP, NMP, NMP],
    IN_PROGRESS: [BAD, BAD, NMP, NMP, NMP],
    PENDING_RESULT: [OK, OK, NMP, NMP, NMP],
    DISPUTED: [BAD, BAD, NMP, NMP, NMP],
    COMPLETED: [DONE, DONE, NMP, NMP, NMP],
    RESOLVED: [DONE, DONE, NMP, NMP, NMP],
  },
  evidence: {
    SCHEDULED: [BAD, BAD, NMP, NMP, NMP],
    IN_PROGRESS: [BAD, BAD, NMP, NMP, NMP],
    PENDING_RESULT: [BAD, BAD, NMP, NMP, NMP],
    DISPUTED: [OK, OK, NMP, NMP, NMP],
    COMPLETED: [DONE, DONE, NMP, NMP, NMP],
    RESOLVED: [DONE, DONE, NMP, NMP, NMP],
  },
  resolve: {
    SCHEDULED: [FORB, FORB, OK, FORB, FORB],
    IN_PROGRESS: [FORB, FORB, OK, FORB, FORB],
    PENDING_RESULT: [FORB, FORB, OK, FORB, FORB],
    DISPUTED: [FORB, FORB, OK, OK, FORB],
    COMPLETED: [FORB, FORB, DONE, DONE, FORB],
    RESOLVED: [FORB, FORB, DONE, DONE, FORB],
  },
  correct: {
    SCHEDULED: [FORB, FORB, BAD, FORB, FORB],
    IN_PROGRESS: [FORB, FORB, BAD, FORB, FORB],
    PENDING_RESULT: [FORB, FORB, BAD, FORB, FORB],
    DISPUTED: [FORB, FORB, BAD, FORB, FORB],
    COMPLETED: [FORB, FORB, OK, FORB, FORB],
    RESOLVED: [FORB, FORB, OK, FORB, FORB],
  },
  reschedule: {
    SCHEDULED: [FORB, FORB, OK, FORB, FORB],
    IN_PROGRESS: [FORB, FORB, BAD, FORB, FORB],
    PENDING_RESULT: [FORB, FORB, BAD, FORB, FORB],
    DISPUTED: [FORB, FORB, BAD, FORB, FORB],
    COMPLETED: [FORB, FORB, DONE, FORB, FORB],
    RESOLVED: [FORB, FORB, DONE, FORB, FORB],
  },
};

/** Status after each successful action (evidence and reschedule leave it; correct keeps COMPLETED / RESOLVED). */
const AFTER: Record<Action, (from: TableState) => TableState> = {
  start: () => 'IN_PROGRESS',
  report: () => 'PENDING_RESULT',
  confirm: () => 'COMPLETED',
  dispute: () => 'DISPUTED',
  evidence: (from) => from,
  resolve: () => 'RESOLVED',
  correct: (from) => from,
  reschedule: (from) => from,
};

/** Events one successful action writes for its match. */
const EVENTS: Record<Action, string[]> = {
  start: ['match.started'],
  report: ['match.score_reported'],
  confirm: ['match.completed'],
  dispute: ['match.disputed'],
  evidence: [],
  resolve: ['match.resolved'],
  correct: ['match.result_corrected'],
  reschedule: ['match.rescheduled'],
};

/** History entry each successful action appends. */
const HISTORY: Record<Action, string> = {
  start: 'STARTED',
  report: 'REPORTED',
  confirm: 'CONFIRMED',
  dispute: 'DISPUTED',
  evidence: 'EVIDENCE_ADDED',
  resolve: 'RESOLVED',
  correct: 'CORRECTED',
  reschedule: 'RESCHEDULED',
};

/** A valid body of each action for a match (side 1 is `a`), `now` being the server's time. */
function bodyOf(action: Action, a: string, b: string, now: Date): unknown {
  switch (action) {
    case 'report':
      return scoresBody(a, b, 2, 1);
    case 'dispute':
      return { reason: 'the score was 1-2', evidence: ['https://example.com/replay.dem'] };
    case 'evidence':
      return { evidence: ['https://example.com/shot-2.png'], note: 'round 3' };
    case 'resolve':
      return { ...scoresBody(a, b, 1, 2), reason: 'replay reviewed' };
    case 'correct':
      return { ...scoresBody(a, b, 0, 3), reason: 'the organizer misread the sheet' };
    case 'reschedule':
      return { scheduledAt: new Date(now.getTime() + 86_400_000).toISOString(), reason: 'server maintenance' };
    default:
      return undefined;
  }
}

let next = 0;
interface Table {
  /** The access token of `actor` for a match. */
  tokenOf: (actor: ActorName, match: any) => string;
  /** A fresh match of the pool brought into `state`. */
  fresh: (state: TableState) => Promise<any>;
}
const it = leagueTest.extend<Table>({
  tokenOf: async ({ staff, byParticipant }, use) =>
    use((actor, match) => {
      const { reporter, opponent } = sidesOf(match, byParticipant);
      const users: Record<ActorName, TestUser> = { reporter, opponent, ...staff };
      return users[actor].accessToken;
    }),
  fresh: async ({ server, staff, pool, byParticipant }, use) =>
    use(async (state) => {
      const match = pool[next++];
      if (!match) throw new Error('the round robin ran out of matches');
      await bringTo(server, match, state, byParticipant, staff);
      return match;
    }),
});

describe('match transition table', () => {
  it('answers every action by every actor from every status as the table says', async ({ server, byParticipant, tokenOf, fresh }) => {
    const shared = new Map<TableState, any>();
    for (const state of STATES) shared.set(state, await fresh(state));
    for (const action of Object.keys(TABLE) as Action[]) {
      for (const state of STATES) {
        const row = TABLE[action][state];
        for (let i = 0; i < ACTOR_NAMES.length; i++) {
          const actor = ACTOR_NAMES[i]!;
          const expected = row[i]!;
          const label = `${action} by ${actor} on ${state}`;
          const match = expected === OK ? await fresh(state) : shared.get(state);
          const { a, b } = sidesOf(match, byParticipant);
          const [eventsBefore, historyBefore] = [await eventTypes(server, match.id), await historyTypes(server, match.id)];
          const before = (await request(server, 'GET', `/matches/${match.id}`)).body.data;
          const res = await act(server, match.id, action, tokenOf(actor, match), bodyOf(action, a, b, server.clock.now()));
          if (expected === OK) {
            expect(res.status, `${label}: ${res.text}`).toBe(200);
            const data = action === 'correct' ? res.body.data.match : res.body.data;
            expect(data.status, label).toBe(AFTER[action](state));
            expect((await eventTypes(server, match.id)).slice(eventsBefore.length), label).toEqual(EVENTS[action]);
            expect((await historyTypes(server, match.id)).slice(historyBefore.length), label).toEqual([HISTORY[action]]);
          } else {
            const [status, code] = expected.split(' ');
            expect(`${res.status} ${res.body?.error?.code}`, `${label}: ${res.text}`).toBe(`${status} ${code}`);
            expect(await eventTypes(server, match.id), label).toEqual(eventsBefore);
            expect((await request(server, 'GET', `/matches/${match.id}`)).body.data, label).toEqual(before);
          }
        }
      }
    }
  });

  it('refuses API keys and anonymous callers on every write', async ({ server, tenant, pool, byParticipant }) => {
    const match = pool[pool.length - 1];
    const { a, b } = sidesOf(match, byParticipant);
    for (const action of Object.keys(TABLE) as Action[]) {
      const body = bodyOf(action, a, b, server.clock.now());
      const byKey = await request(server, 'POST', `/matches/${match.id}/${action}`, { apiKey: tenant.apiKey.key, ...(body ? { body } : {}) });
      expect(`${byKey.status} ${byKey.body.error.code}`, action).toBe('403 API_KEY_NOT_ALLOWED');
      const anonymous = await request(server, 'POST', `/matches/${match.id}/${action}`, body ? { body } : {});
      expect(anonymous.status, action).toBe(401);
    }
  });

  it('records who did what in the history: reports, disputes with evidence, resolutions, corrections', async ({ server, staff, pool, byParticipant }) => {
    const match = pool[pool.length - 2];
    const { a, b, reporter, opponent } = sidesOf(match, byParticipant);
    expect((await act(server, match.id, 'report', reporter.accessToken, scoresBody(a, b, 3, 0))).status).toBe(200);
    const disputed = await act(server, match.id, 'dispute', opponent.accessToken, { reason: 'I won 3-0', evidence: ['https://example.com/a.png'] });
    expect(disputed.body.data.reportedResult).toMatchObject({ winnerId: a, reportedBy: reporter.id }); // the claim stays visible
    await act(server, match.id, 'evidence', reporter.accessToken, { evidence: ['https://example.com/b.png', 'https://example.com/c.png'] });
    await act(server, match.id, 'resolve', staff.moderator.accessToken, { ...scoresBody(a, b, 0, 3), reason: 'replay shows side 2 won' });
    const corrected = await act(server, match.id, 'correct', staff.organizer.accessToken, { ...scoresBody(a, b, 1, 3), reason: 'one map miscounted' });
    expect(corrected.status).toBe(200);
    const history = corrected.body.data.match.history;
    const at = server.clock.now().toISOString();
    expect(history.map((h: any) => [h.type, h.actorUserId])).toEqual([
      ['REPORTED', reporter.id],
      ['DISPUTED', opponent.id],
      ['EVIDENCE_ADDED', reporter.id],
      ['RESOLVED', staff.moderator.id],
      ['CORRECTED', staff.organizer.id],
    ]);
    expect(history.every((h: any) => h.at === at)).toBe(true);
    expect(history[0].data).toEqual({ participantId: a, winnerId: a, scores: [{ participantId: a, score: 3 }, { participantId: b, score: 0 }] });
    expect(history[1].data).toEqual({ participantId: b, reason: 'I won 3-0', evidence: ['https://example.com/a.png'] });
    expect(history[2].data).toEqual({ participantId: a, evidence: ['https://example.com/b.png', 'https://example.com/c.png'] });
    expect(history[3].data).toMatchObject({ winnerId: b, loserId: a, reason: 'replay shows side 2 won', by: 'MODERATOR', previousStatus: 'DISPUTED' });
    expect(history[4].data).toMatchObject({
      previous: { winnerId: b, scores: [{ participantId: a, score: 0 }, { participantId: b, score: 3 }] },
      result: { winnerId: b, scores: [{ participantId: a, score: 1 }, { participantId: b, score: 3 }] },
      reason: 'one map miscounted',
      cascade: false,
      resetMatchIds: [],
      removedMatchIds: [],
    });
    expect(corrected.body.data.match).toMatchObject({ status: 'RESOLVED', winnerId: b, participants: [{ score: 1 }, { score: 3 }] });
    expect(await eventTypes(server, match.id)).toEqual(['match.score_reported', 'match.disputed', 'match.resolved', 'match.result_corrected']);
    const events = await server.deps.db.selectFrom('events').select(['type', 'data']).where('subject_id', '=', match.id).execute();
    const data = (type: string) => JSON.parse(events.find((e) => e.type === type)!.data);
    expect(data('match.disputed')).toMatchObject({ status: 'DISPUTED', reason: 'I won 3-0', disputedBy: opponent.id, participantId: b });
    expect(data('match.resolved')).toMatchObject({ status: 'RESOLVED', winnerId: b, reason: 'replay shows side 2 won', resolvedBy: staff.moderator.id });
    expect(data('match.result_corrected')).toMatchObject({ winnerId: b, correctedBy: staff.organizer.id, previous: { winnerId: b } });
  });

  it('validates dispute, evidence, resolve, correct and reschedule bodies (400 naming the field)', async ({ server, staff, pool, byParticipant }) => {
    const match = pool[pool.length - 3];
    const { a, b, reporter, opponent } = sidesOf(match, byParticipant);
    const org = staff.organizer.accessToken;
    const past = await act(server, match.id, 'reschedule', org, { scheduledAt: '2001-01-01T00:00:00Z' });
    expect(past.body.error.details).toEqual([{ path: 'body.scheduledAt', message: expect.stringContaining('must be in the future') }]);
    await act(server, match.id, 'report', reporter.accessToken, scoresBody(a, b, 2, 0));
    const noReason = await act(server, match.id, 'dispute', opponent.accessToken, { evidence: ['https://example.com/x'] });
    expect(noReason.status).toBe(400);
    expect(noReason.body.error.details[0].path).toBe('body.reason');
    const badUri = await act(server, match.id, 'dispute', opponent.accessToken, { reason: 'no', evidence: ['not a uri'] });
    expect(badUri.body.error.details[0].path).toBe('body.evidence[0]');
    expect((await act(server, match.id, 'dispute', opponent.accessToken, { reason: 'no' })).status).toBe(200);
    const empty = await act(server, match.id, 'evidence', opponent.accessToken, { evidence: [] });
    expect(empty.body.error.details[0].path).toBe('body.evidence');
    const foreign = await act(server, match.id, 'resolve', org, { scores: [{ participantId: a, score: 1 }, { participantId: reporter.id, score: 0 }], reason: 'x' });
    expect(foreign.body.error.details).toEqual([{ path: 'body.scores[1].participantId', message: 'must be a participant of the match' }]);
    expect((await act(server, match.id, 'resolve', org, { ...scoresBody(a, b, 1, 1), reason: 'a draw' })).body.data.isDraw).toBe(true);
    const same = await act(server, match.id, 'correct', org, { ...scoresBody(a, b, 1, 1), reason: 'again' });
    expect(same.body.error.details[0].path).toBe('body.scores');
  });

  it('holds at most 100 evidence references per dispute, its own and every addition by either side (400 naming body.evidence)', async ({ server, pool, byParticipant }) => {
    const match = pool[pool.length - 4];
    const { a, b, reporter, opponent } = sidesOf(match, byParticipant);
    let n = 0;
    /** `count` distinct evidence URLs. */
    const refs = (count: number) => Array.from({ length: count }, () => `https://example.com/evidence/${n++}.png`);
    const refused = async (res: Awaited<ReturnType<typeof act>>, label: string, message: RegExp) => {
      expect(`${res.status} ${res.body?.error?.code}`, `${label}: ${res.text}`).toBe('400 VALIDATION_ERROR');
      expect(res.body.error.details, label).toEqual([{ path: 'body.evidence', message: expect.stringMatching(message) }]);
    };
    const attached = async () => {
      const history = (await request(server, 'GET', `/matches/${match.id}`)).body.data.history as any[];
      return history.reduce((sum, h) => sum + (h.type === 'DISPUTED' || h.type === 'EVIDENCE_ADDED' ? h.data.evidence.length : 0), 0);
    };
    expect((await act(server, match.id, 'report', reporter.accessToken, scoresBody(a, b, 2, 0))).status).toBe(200);
    // One request carries at most 20 references (the contract's maxItems), so 101 in one dispute never reaches the cap.
    await refused(await act(server, match.id, 'dispute', opponent.accessToken, { reason: 'no', evidence: refs(101) }), 'a dispute with 101', /20/);
    expect((await act(server, match.id, 'dispute', opponent.accessToken, { reason: 'no', evidence: refs(20) })).body.data.status).toBe('DISPUTED');
    await refused(await act(server, match.id, 'evidence', reporter.accessToken, { evidence: refs(21) }), 'an addition of 21', /20/);
    for (const [i, user] of [reporter, opponent, reporter, opponent].entries()) {
      expect((await act(server, match.id, 'evidence', user.accessToken, { evidence: refs(i === 3 ? 19 : 20) })).status, `addition ${i}`).toBe(200);
    }
    expect(await attached()).toBe(99);
    const [history, events] = [await historyTypes(server, match.id), await eventTypes(server, match.id)];
    // The cap counts the dispute's own references and every side's additions: 99 + 2 is refused, 99 + 1 fills it.
    await refused(await act(server, match.id, 'evidence', reporter.accessToken, { evidence: refs(2) }), '99 + 2', /at most 100 .*\(99 attached\)/);
    expect(await historyTypes(server, match.id)).toEqual(history);
    const full = await act(server, match.id, 'evidence', reporter.accessToken, { evidence: refs(1), note: 'the hundredth' });
    expect(full.status, full.text).toBe(200);
    expect(full.body.data.status).toBe('DISPUTED');
    expect(await attached()).toBe(100);
    await refused(await act(server, match.id, 'evidence', opponent.accessToken, { evidence: refs(1) }), '100 + 1', /at most 100 .*\(100 attached\)/);
    expect(await historyTypes(server, match.id)).toEqual([...history, 'EVIDENCE_ADDED']);
    expect(await eventTypes(server, match.id)).toEqual(events);
  });
});
