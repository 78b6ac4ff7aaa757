import { describe, expect } from 'vitest';
import { expectStatus, request, test } from './helpers/index';
import { subscribe } from './helpers/sse';
import { betterSeedWins, playDecided, startWithStages } from './formats-helpers';
import { allMatches, createTournament } from './tournaments-helpers';

test.scoped({ playerCount: 4, serverOptions: { livePollIntervalMs: 20, liveHeartbeatMs: 100, liveBacklog: 6 } });
const it = test;

const DE = [{ name: 'Playoffs', format: 'DOUBLE_ELIMINATION' }];

describe('GET /tournaments/{id}/events (live events, R28.1-R28.3)', () => {
  it('streams the changes of a public tournament to an anonymous reader, numbered in order', async ({ server, tenant, players }) => {
    const t = await startWithStages(server, tenant, players, DE);
    const live = await subscribe(server.url, t.id);
    expect(live.status).toBe(200);
    const [first] = (await allMatches(server, t.id)).filter((m) => m.status === 'SCHEDULED' && m.participants[1].participantId);
    await playDecided(server, first, t.byParticipant, betterSeedWins(first));
    await live.until((events) => events.some((e) => e.data.type === 'match.completed'));
    live.close();
    const types = live.events.map((e) => e.data.type);
    expect(types.slice(0, 2)).toEqual(['match.score_reported', 'match.completed']);
    const seqs = live.events.map((e) => Number(e.id));
    expect(seqs).toEqual(seqs.map((_, i) => seqs[0]! + i));
    expect(live.events[1]!.data).toMatchObject({ tournamentId: t.id, data: { matchId: first.id } });
  });

  it('resumes after Last-Event-ID without missing an event, and sends heartbeats', async ({ server, tenant, players }) => {
    const t = await startWithStages(server, tenant, players, DE);
    const matches = (await allMatches(server, t.id)).filter((m) => m.status === 'SCHEDULED' && m.participants[1].participantId);
    const live = await subscribe(server.url, t.id);
    await playDecided(server, matches[0], t.byParticipant, betterSeedWins(matches[0]));
    await live.until((events) => events.length >= 2);
    live.close();
    const lastSeen = live.events[0]!.id!;
    await playDecided(server, matches[1], t.byParticipant, betterSeedWins(matches[1]));
    const resumed = await subscribe(server.url, t.id, { 'Last-Event-ID': lastSeen });
    await resumed.until((events) => events.filter((e) => e.data.type === 'match.completed').length >= 2);
    await resumed.until((_, comments) => comments.includes('heartbeat'));
    resumed.close();
    const ids = resumed.events.map((e) => Number(e.id));
    expect(ids[0]).toBe(Number(lastSeen) + 1);
    expect(ids).toEqual(ids.map((_, i) => ids[0]! + i));
    expect(resumed.events.map((e) => e.data.data.matchId)).toContain(matches[1].id);
  });

  it('starts with stream.reset when the events after Last-Event-ID are no longer kept', async ({ server, tenant, players }) => {
    const t = await startWithStages(server, tenant, players, DE);
    for (const m of (await allMatches(server, t.id)).filter((x) => x.status === 'SCHEDULED' && x.participants[1].participantId)) {
      await playDecided(server, m, t.byParticipant, betterSeedWins(m));
    }
    const rows = await server.deps.db.selectFrom('tournament_live_events').select('seq').where('tournament_id', '=', t.id).orderBy('seq').execute();
    expect(rows.length).toBe(6);
    const live = await subscribe(server.url, t.id, {}, '?lastEventId=0');
    await live.until((events) => events.length >= 7);
    live.close();
    expect(live.events[0]!.data).toMatchObject({ type: 'stream.reset', data: { lastEventId: 0, resumeAfter: rows[0]!.seq - 1 } });
    expect(live.events.slice(1, 7).map((e) => Number(e.id))).toEqual(rows.map((r) => r.seq));
  });

  it('answers 404 for a DRAFT tournament to anonymous readers, and streams it to its staff', async ({ server, tenant }) => {
    const draft = await createTournament(server, tenant);
    expect((await subscribe(server.url, draft.id)).status).toBe(404);
    const staff = await subscribe(server.url, draft.id, { Authorization: `Bearer ${tenant.owner.accessToken}` });
    expect(staff.status).toBe(200);
    const publish = await request(server, 'POST', `/tournaments/${draft.id}/publish`, { token: tenant.owner.accessToken });
    expectStatus(publish, 200, 'publish');
    await staff.until((events) => events.some((e) => e.data.type === 'tournament.published'));
    staff.close();
  });

  it('refuses a malformed Last-Event-ID with 400 naming the header', async ({ server, tenant, players }) => {
    const t = await startWithStages(server, tenant, players, DE);
    const res = await request(server, 'GET', `/tournaments/${t.id}/events`, { headers: { 'Last-Event-ID': 'abc' } });
    expect(res.status).toBe(400);
    expect(JSON.stringify(res.body)).toMatch(/last-event-id/i);
  });
});

describe('a rolling upgrade across migration 0016 (R28.2, R18.17)', () => {
  it('numbers after the events an older writer left beyond the counter, and the bracket follows their changes', async ({ server, tenant, players }) => {
    const t = await startWithStages(server, tenant, players, DE);
    const [first, second] = (await allMatches(server, t.id)).filter((m) => m.status === 'SCHEDULED' && m.participants[1].participantId);
    const before = await request(server, 'GET', `/tournaments/${t.id}/bracket`);
    expectStatus(before, 200, 'bracket');
    // A writer of a version before the counter (migration 0016) records a change: its events are numbered from the
    // newest kept one, the counter is left behind.
    const { newest } = await server.deps.db
      .selectFrom('tournament_live_events')
      .select((eb) => eb.fn.max('seq').as('newest'))
      .where('tournament_id', '=', t.id)
      .executeTakeFirstOrThrow();
    const at = '2031-01-02T03:04:00.000Z';
    await server.deps.db.transaction().execute(async (trx) => {
      await trx.updateTable('matches').set({ scheduled_at: at }).where('id', '=', first.id).execute();
      await trx
        .insertInto('tournament_live_events')
        .values({ tournament_id: t.id, seq: Number(newest) + 1, event_id: `evt_old_${t.id}`, type: 'match.rescheduled', data: JSON.stringify({ matchId: first.id }), created_at: at })
        .execute();
    });
    const after = await request(server, 'GET', `/tournaments/${t.id}/bracket`);
    const moved = after.body.data.stages[0].rounds.flatMap((r: any) => r.matches).find((m: any) => m.id === first.id);
    expect(moved.scheduledAt).toBe(at);
    // The next write of this version numbers after that event instead of colliding with it (a 500 before).
    const done = await playDecided(server, second, t.byParticipant, betterSeedWins(second));
    expect(done.status).toBe('COMPLETED');
    const seqs = (await server.deps.db.selectFrom('tournament_live_events').select('seq').where('tournament_id', '=', t.id).orderBy('seq').execute()).map((r) => Number(r.seq));
    expect(seqs.at(-1)).toBe(Number(newest) + 3);
  });
});
