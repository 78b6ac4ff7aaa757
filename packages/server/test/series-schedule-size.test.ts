import { describe, expect } from 'vitest';
import { ManualClock } from '../src/index';
import { request, test } from './helpers/index';
import { reportAndConfirm, schedule, sidesBySeed } from './series-helpers';
import { joinAll, lifecycle, openTournament } from './tournaments-helpers';

// Lists without history (R25.9) and kick-offs per match (R25.7) on a 32-team, 8-group stage, over HTTP.
test.scoped({ serverOptions: { clock: new ManualClock('2030-05-01T00:00:00.000Z') }, playerCount: 32 });

const START = '2030-06-01T12:00:00.000Z';

describe('schedule size of a 32-team group stage (R25.9)', () => {
  test('lists the 48 played group matches without their history, under 60% of the size with it', async ({ server, tenant, players }) => {
    const t = await openTournament(server, tenant, {
      maxParticipants: 32,
      startDate: START,
      stages: [
        { name: 'Groups', format: 'GROUPS', settings: { groupCount: 8, qualifiersPerGroup: 2, matchIntervalMinutes: 180, roundIntervalMinutes: 4320 } },
        { name: 'Knockout', format: 'SINGLE_ELIMINATION', settings: { thirdPlaceMatch: true, startsAt: '2030-06-06T15:00:00.000Z' } },
      ],
    });
    const { byParticipant } = await joinAll(server, t.id, players);
    await lifecycle(server, tenant, t.id, 'start');
    const before = await schedule(server, t.id, { stage: 1 });
    expect(before.pagination.total).toBe(48);
    for (const m of before.data) {
      const { winnerId, loserId } = sidesBySeed(m);
      await reportAndConfirm(server, m, byParticipant, winnerId, loserId, {
        scores: [
          { participantId: winnerId, score: 2 },
          { participantId: loserId, score: 1 },
        ],
      });
    }
    const list = await request(server, 'GET', `/tournaments/${t.id}/schedule`, { query: { stage: 1, limit: 100 } });
    const withoutHistory = Buffer.byteLength(list.text);
    let withHistory = Buffer.byteLength(JSON.stringify({ success: true, data: [], pagination: list.body.pagination }));
    for (const m of list.body.data) withHistory += Buffer.byteLength(JSON.stringify((await request(server, 'GET', `/matches/${m.id}`)).body.data)) + 1;
    console.info(`group-stage schedule (48 matches): ${withoutHistory} bytes without history, ${withHistory} bytes with it embedded`);
    expect(withoutHistory).toBeLessThan(withHistory * 0.6);
    // Every kick-off of the group stage is its own: 3 hours apart within a matchday, matchdays three days apart.
    expect(new Set(list.body.data.map((m: any) => m.scheduledAt)).size).toBe(48);
    expect((await schedule(server, t.id, { stage: 2 })).data.every((m: any) => m.scheduledAt >= '2030-06-06T15:00:00.000Z')).toBe(true);
  });
});
