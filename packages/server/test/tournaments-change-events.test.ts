import { describe, expect } from 'vitest';
import { createTenant, expectStatus, request, test, type TestServer, type TestTenant, type TestUser } from './helpers/index';
import { subscribe as subscribeLive } from './helpers/sse';
import { startWithStages } from './formats-helpers';
import { createTournament, joinAll, openTournament } from './tournaments-helpers';
import { deliveriesOf, payloadErrors, startReceiver, subscribe as subscribeWebhook } from './webhooks-helpers';

// The two organizer changes before (or after) the start that used to record nothing: updateTournament records
// tournament.updated naming the changed fields, removeParticipant before the start records participant.removed
// (R11.11, R11.12). Both reach webhook subscribers that select them and the tournament's live stream (R28.1, R28.6).
test.scoped({ serverOptions: { allowPrivateWebhookUrls: true, webhookDispatcher: false, livePollIntervalMs: 20 } });
const it = test;

/** The events recorded about `subjectId` (a tournament or a participant), oldest first, with their parsed data. */
async function eventsAbout(server: TestServer, subjectId: string): Promise<{ type: string; data: any }[]> {
  const rows = await server.deps.db.selectFrom('events').select(['type', 'data']).where('subject_id', '=', subjectId).orderBy('created_at').orderBy('id').execute();
  return rows.map((e) => ({ type: e.type, data: JSON.parse(e.data) }));
}

/** updateTournament as the tenant's owner; expects 200 and returns the tournament. */
async function update(server: TestServer, tenant: TestTenant, id: string, body: Record<string, unknown>): Promise<any> {
  const res = await request(server, 'PUT', `/tournaments/${id}`, { token: tenant.owner.accessToken, body });
  expectStatus(res, 200, 'updateTournament');
  return res.body.data;
}

/** The notification types `player` holds about tournament `id`. */
async function notificationsAbout(server: TestServer, player: TestUser, id: string): Promise<string[]> {
  const res = await request(server, 'GET', '/notifications', { token: player.accessToken, query: { limit: 100 } });
  expectStatus(res, 200, 'listNotifications');
  return res.body.data.filter((n: any) => n.data?.tournamentId === id).map((n: any) => n.type);
}

describe('tournament.updated (R11.11)', () => {
  it('records tournament.updated naming the fields that changed, with the status, and nothing for an update that changes nothing', async ({ server, tenant, players }) => {
    const t = await openTournament(server, tenant, { name: 'Autumn Cup', checkInRequired: true });
    await joinAll(server, t.id, players.slice(0, 2));
    const before = (await eventsAbout(server, t.id)).length;

    await update(server, tenant, t.id, { name: 'Autumn Open', startDate: '2030-06-02T12:00:00Z', description: t.description });
    await update(server, tenant, t.id, {
      stages: [{ name: 'Main bracket', format: 'DOUBLE_ELIMINATION' }],
      maxParticipants: 16,
      teamSize: 1,
      registrationClosesAt: '2030-06-01T12:00:00Z',
    });
    const current = await update(server, tenant, t.id, { checkInOpensMinutesBefore: 30 });
    // Every value as it is: the same name (spaces are trimmed), instant (another offset), stages (defaults left out) and settings.
    await update(server, tenant, t.id, {
      name: '  Autumn Open ',
      description: current.description,
      disciplineId: current.disciplineId,
      maxParticipants: current.maxParticipants,
      teamSize: current.teamSize,
      startDate: '2030-06-02T14:00:00+02:00',
      stages: current.stages.map((s: any) => ({ name: s.name, format: s.format })),
      registrationClosesAt: current.registrationClosesAt,
      checkInRequired: true,
      checkInOpensMinutesBefore: 30,
    });
    const events = (await eventsAbout(server, t.id)).slice(before);
    expect(events).toEqual([
      { type: 'tournament.updated', data: { tournamentId: t.id, status: 'REGISTRATION_OPEN', changed: ['name', 'startDate'] } },
      { type: 'tournament.updated', data: { tournamentId: t.id, status: 'REGISTRATION_OPEN', changed: ['maxParticipants', 'stages', 'registrationClosesAt'] } },
      { type: 'tournament.updated', data: { tournamentId: t.id, status: 'REGISTRATION_OPEN', changed: ['checkInOpensMinutesBefore'] } },
    ]);
    // Registered players are not notified of settings changes (R15.1): a moved start announces check-in again when due.
    for (const p of players.slice(0, 2)) expect(await notificationsAbout(server, p, t.id)).toEqual(['REGISTRATION_CONFIRMED']);
  });

  it('records it in any status with that status, once for the same rename sent five times at once', async ({ server, tenant, players }) => {
    const draft = await createTournament(server, tenant, { name: 'Draft Cup' });
    await update(server, tenant, draft.id, { description: 'Bring your own board' });
    expect((await eventsAbout(server, draft.id)).at(-1)).toEqual({
      type: 'tournament.updated',
      data: { tournamentId: draft.id, status: 'DRAFT', changed: ['description'] },
    });
    const started = await startWithStages(server, tenant, players.slice(0, 4), [{ name: 'Bracket', format: 'SINGLE_ELIMINATION' }]);
    const answers = await Promise.all(
      Array.from({ length: 5 }, () => request(server, 'PUT', `/tournaments/${started.id}`, { apiKey: tenant.apiKey.key, body: { name: 'Winter Final' } })),
    );
    expect(answers.map((a) => a.status)).toEqual([200, 200, 200, 200, 200]);
    const updated = (await eventsAbout(server, started.id)).filter((e) => e.type === 'tournament.updated');
    expect(updated).toEqual([{ type: 'tournament.updated', data: { tournamentId: started.id, status: 'ONGOING', changed: ['name'] } }]);
  });
});

describe('participant.removed (R11.12)', () => {
  it('records participant.removed after participant.registered with the organizer, or null for an API key, once however often it is sent', async ({ server, tenant, players }) => {
    const t = await openTournament(server, tenant, { name: 'Removal Cup' });
    const { participantOf } = await joinAll(server, t.id, players.slice(0, 3));
    const [first, second] = [participantOf.get(players[0]!.id)!, participantOf.get(players[1]!.id)!];
    const byOwner = await request(server, 'DELETE', `/tournaments/${t.id}/participants/${first}`, { token: tenant.owner.accessToken });
    expect(byOwner.status, byOwner.text).toBe(204);
    expect(await eventsAbout(server, first)).toEqual([
      { type: 'participant.registered', data: expect.objectContaining({ participantId: first, status: 'REGISTERED' }) },
      { type: 'participant.removed', data: { tournamentId: t.id, participantId: first, previousStatus: 'REGISTERED', userId: tenant.owner.id } },
    ]);

    // A withdrawn entry removed by an API key, by several requests at once: one removal, one event, the rest 404.
    expectStatus(await request(server, 'POST', `/tournaments/${t.id}/withdraw`, { token: players[1]!.accessToken }), 200, 'withdraw');
    const answers = await Promise.all(
      Array.from({ length: 4 }, () => request(server, 'DELETE', `/tournaments/${t.id}/participants/${second}`, { apiKey: tenant.apiKey.key })),
    );
    expect(answers.map((a) => a.status).sort()).toEqual([204, 404, 404, 404]);
    expect((await eventsAbout(server, second)).map((e) => e.type)).toEqual(['participant.registered', 'participant.withdrawn', 'participant.removed']);
    expect((await eventsAbout(server, second)).at(-1)!.data).toEqual({ tournamentId: t.id, participantId: second, previousStatus: 'WITHDRAWN', userId: null });
    // The removed players are not notified (R15.1).
    expect(await notificationsAbout(server, players[0]!, t.id)).toEqual(['REGISTRATION_CONFIRMED']);
  });
});

describe('delivery of the two events', () => {
  it('delivers them to a webhook subscriber that selected them and streams them to a live reader, in order, with nothing for a no-op update', async ({ server, players }) => {
    const tenant = await createTenant(server);
    const receiver = await startReceiver();
    try {
      const selected = await subscribeWebhook(server, tenant, receiver.url('/selected'), ['tournament.updated', 'participant.removed']);
      await subscribeWebhook(server, tenant, receiver.url('/other'), ['match.completed']);
      const t = await openTournament(server, tenant, { name: 'Stream Cup' });
      const { participantOf } = await joinAll(server, t.id, players.slice(0, 2));
      const removed = participantOf.get(players[0]!.id)!;
      const live = await subscribeLive(server.url, t.id);
      expect(live.status).toBe(200);

      await update(server, tenant, t.id, { name: 'Stream Open' });
      expect((await request(server, 'DELETE', `/tournaments/${t.id}/participants/${removed}`, { token: tenant.owner.accessToken })).status).toBe(204);
      await update(server, tenant, t.id, { name: 'Stream Open', maxParticipants: t.maxParticipants });
      await update(server, tenant, t.id, { startDate: '2030-06-03T12:00:00Z' });

      await live.until((events) => events.filter((e) => e.data.type === 'tournament.updated').length >= 2);
      live.close();
      const streamed = live.events.map((e) => ({ seq: Number(e.id), type: e.data.type, data: e.data.data }));
      expect(streamed.map((e) => e.type)).toEqual(['tournament.updated', 'participant.removed', 'tournament.updated']);
      expect(streamed.map((e) => e.seq)).toEqual([streamed[0]!.seq, streamed[0]!.seq + 1, streamed[0]!.seq + 2]);
      expect(streamed.map((e) => e.data)).toEqual([
        { tournamentId: t.id, status: 'REGISTRATION_OPEN', changed: ['name'] },
        { tournamentId: t.id, participantId: removed, previousStatus: 'REGISTERED', userId: tenant.owner.id },
        { tournamentId: t.id, status: 'REGISTRATION_OPEN', changed: ['startDate'] },
      ]);

      expect(await server.webhookDispatcher.runOnce()).toMatchObject({ claimed: 3, succeeded: 3, failed: 0 });
      const got = receiver.received.filter((r) => r.path === '/selected').map((r) => JSON.parse(r.body));
      expect(got.map((e) => e.type).sort()).toEqual(['participant.removed', 'tournament.updated', 'tournament.updated']);
      expect(got.find((e) => e.type === 'participant.removed').data).toEqual(streamed[1]!.data);
      expect(got.filter((e) => e.type === 'tournament.updated').map((e) => e.data.changed).sort()).toEqual([['name'], ['startDate']]);
      for (const r of receiver.received) expect(payloadErrors(r.body), r.body).toBe('');
      expect(receiver.received.filter((r) => r.path === '/other')).toEqual([]);
      const log = await deliveriesOf(server, tenant, selected.id);
      expect(log.map((d) => [d.eventType, d.status]).sort()).toEqual([
        ['participant.removed', 'SUCCEEDED'],
        ['tournament.updated', 'SUCCEEDED'],
        ['tournament.updated', 'SUCCEEDED'],
      ]);
    } finally {
      await receiver.close();
      await server.deps.db.deleteFrom('webhook_subscriptions').where('project_id', '=', tenant.project.id).execute();
    }
  });
});
