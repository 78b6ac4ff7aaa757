import { describe, expect } from 'vitest';
import { ManualClock } from '../src/index';
import { request, test, type TestUser } from './helpers/index';
import { act, countRows, eventTypes, historyTypes, staffTest } from './matches-helpers';
import { allMatches, joinAll, lifecycle, openTournament, playMatch } from './tournaments-helpers';

// Scheduling (R5.16, R8.19): times from the start and the stage's round interval, the schedule's filters, and
// rescheduling by an organizer.
const START = '2030-06-01T12:00:00.000Z';

test.scoped({ serverOptions: { clock: new ManualClock('2030-05-01T00:00:00.000Z') }, playerCount: 8 });

interface Schedules {
  /** A started single elimination of the 8 players, rounds 90 minutes apart from START. */
  startedCup: () => Promise<{ id: string; byParticipant: Map<string, TestUser>; participantOf: Map<string, string> }>;
  /** The tournament's schedule (first 100 matches) filtered by `query`. */
  schedule: (id: string, query: Record<string, string | number>) => Promise<any>;
}
const it = staffTest.extend<Schedules>({
  startedCup: async ({ server, tenant, players }, use) =>
    use(async () => {
      const t = await openTournament(server, tenant, {
        startDate: START,
        stages: [{ name: 'Bracket', format: 'SINGLE_ELIMINATION', settings: { roundIntervalMinutes: 90 } }],
      });
      const { byParticipant, participantOf } = await joinAll(server, t.id, players);
      await lifecycle(server, tenant, t.id, 'start');
      return { id: t.id as string, byParticipant, participantOf };
    }),
  schedule: async ({ server }, use) =>
    use(async (id, query) => {
      const res = await request(server, 'GET', `/tournaments/${id}/schedule`, { query: { limit: 100, ...query } });
      expect(res.status, res.text).toBe(200);
      return res.body;
    }),
});

describe('schedule', () => {
  it('times each round from the start and the round interval, and filters by round, status and participant', async ({ server, players, startedCup, schedule }) => {
    const { id, byParticipant, participantOf } = await startedCup();
    const all = await allMatches(server, id);
    expect(all.map((m) => [m.round, m.scheduledAt])).toEqual([
      [1, START], [1, START], [1, START], [1, START],
      [2, '2030-06-01T13:30:00.000Z'], [2, '2030-06-01T13:30:00.000Z'],
      [3, '2030-06-01T15:00:00.000Z'],
    ]);
    const first = await playMatch(server, all[0], byParticipant);
    const round1 = await schedule(id, { round: 1 });
    expect(round1.data).toHaveLength(4);
    expect(round1.pagination.total).toBe(4);
    expect((await schedule(id, { status: 'COMPLETED' })).data.map((m: any) => m.id)).toEqual([first.id]);
    expect((await schedule(id, { round: 1, status: 'SCHEDULED' })).pagination.total).toBe(3);
    const champion = participantOf.get(players[0]!.id)!;
    const theirs = await schedule(id, { participantId: champion });
    expect(theirs.data.map((m: any) => m.round)).toEqual([1, 2]); // the semi-final they advanced into
    expect(theirs.data.every((m: any) => m.participants.some((s: any) => s.participantId === champion))).toBe(true);
    expect((await schedule(id, { participantId: champion, status: 'SCHEDULED' })).data.map((m: any) => m.round)).toEqual([2]);
    const bad = await request(server, 'GET', `/tournaments/${id}/schedule`, { query: { status: 'FINISHED' } });
    expect(bad.status).toBe(400);
    expect(bad.body.error.details[0].path).toBe('query.status');
  });
});

describe('rescheduleMatch', () => {
  it('moves a scheduled match: history, one event, the schedule follows; the same time again is a no-op', async ({ server, staff, startedCup, schedule }) => {
    const { id } = await startedCup();
    const [m] = await allMatches(server, id);
    const later = '2030-06-02T09:00:00.000Z';
    const res = await act(server, m.id, 'reschedule', staff.organizer.accessToken, { scheduledAt: '2030-06-02T11:00:00+02:00', reason: 'venue closed' });
    expect(res.status, res.text).toBe(200);
    expect(res.body.data.scheduledAt).toBe(later);
    const entry = res.body.data.history.at(-1);
    expect(entry).toMatchObject({ type: 'RESCHEDULED', actorUserId: staff.organizer.id, data: { scheduledAt: later, previousScheduledAt: START, reason: 'venue closed' } });
    const events = await server.deps.db.selectFrom('events').select(['type', 'data']).where('subject_id', '=', m.id).execute();
    expect(events.map((e) => e.type)).toEqual(['match.rescheduled']);
    expect(JSON.parse(events[0]!.data)).toMatchObject({ matchId: m.id, tournamentId: id, status: 'SCHEDULED', scheduledAt: later, previousScheduledAt: START });
    expect((await schedule(id, { round: 1 })).data.find((x: any) => x.id === m.id).scheduledAt).toBe(later);

    const before = await countRows(server, 'events');
    const same = await act(server, m.id, 'reschedule', staff.organizer.accessToken, { scheduledAt: later });
    expect(same.status).toBe(200);
    expect(await countRows(server, 'events')).toBe(before);
    expect(await historyTypes(server, m.id)).toEqual(['RESCHEDULED']);
  });

  it('is for organizers only, on SCHEDULED matches, to a time in the future', async ({ server, tenant, staff, startedCup }) => {
    const { id, byParticipant } = await startedCup();
    const [m1, m2] = await allMatches(server, id);
    const player = byParticipant.get(m1.participants[0].participantId)!;
    const body = { scheduledAt: '2030-06-03T10:00:00Z' };
    for (const user of [player, staff.moderator, staff.stranger]) {
      const res = await act(server, m1.id, 'reschedule', user.accessToken, body);
      expect(`${res.status} ${res.body.error.code}`).toBe('403 FORBIDDEN');
    }
    const byKey = await request(server, 'POST', `/matches/${m1.id}/reschedule`, { apiKey: tenant.apiKey.key, body });
    expect(byKey.body.error.code).toBe('API_KEY_NOT_ALLOWED');
    const past = await act(server, m1.id, 'reschedule', staff.organizer.accessToken, { scheduledAt: '2030-04-30T10:00:00Z' });
    expect(past.body.error.details[0].path).toBe('body.scheduledAt');
    const notADate = await act(server, m1.id, 'reschedule', staff.organizer.accessToken, { scheduledAt: 'tomorrow' });
    expect(notADate.body.error.details[0].path).toBe('body.scheduledAt');
    await act(server, m2.id, 'start', staff.organizer.accessToken);
    const started = await act(server, m2.id, 'reschedule', staff.organizer.accessToken, body);
    expect(`${started.status} ${started.body.error.code}`).toBe('409 INVALID_TRANSITION');
    await playMatch(server, m1, byParticipant);
    const done = await act(server, m1.id, 'reschedule', staff.organizer.accessToken, body);
    expect(`${done.status} ${done.body.error.code}`).toBe('409 MATCH_ALREADY_COMPLETED');
    expect(await eventTypes(server, m1.id)).not.toContain('match.rescheduled');
    // A later-round match whose sides are not known yet can be moved too.
    const final = (await allMatches(server, id)).find((m) => m.round === 3);
    expect((await act(server, final.id, 'reschedule', staff.organizer.accessToken, body)).status).toBe(200);
  });
});
