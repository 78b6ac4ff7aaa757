/**
 * Withdrawals before the start over HTTP: a player's own withdrawal (withdrawFromTournament, R6.12), what a
 * withdrawn player is told when registering again, and the seeds of participants an organizer withdraws or
 * disqualifies (R24.6).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTenant, expectStatus, registerUser, request, startTestServer, type TestServer, type TestTenant } from './helpers/index';
import { joinAll, lifecycle, openTournament, registerPlayers } from './tournaments-helpers';

let server: TestServer;
let tenant: TestTenant;

beforeAll(async () => {
  server = await startTestServer();
  tenant = await createTenant(server);
});
afterAll(async () => server?.close());

const asOwner = (method: string, path: string, body?: unknown) =>
  request(server, method, path, { token: tenant.owner.accessToken, ...(body !== undefined ? { body } : {}) });
const participate = (id: string, token: string, body?: unknown) =>
  request(server, 'POST', `/tournaments/${id}/participate`, { token, ...(body !== undefined ? { body } : {}) });
const withdraw = (id: string, token: string) => request(server, 'POST', `/tournaments/${id}/withdraw`, { token });
const patch = (id: string, pid: string, body: unknown) => asOwner('PATCH', `/tournaments/${id}/participants/${pid}`, body);
const participantEvents = async (pid: string) =>
  (await server.deps.db.selectFrom('events').select(['type', 'data']).where('subject_id', '=', pid).orderBy('created_at').orderBy('id').execute()).map(
    (e) => ({ type: e.type, data: JSON.parse(e.data) }),
  );

describe('withdrawFromTournament', () => {
  it('withdraws the caller before the start: WITHDRAWN, seed cleared, place freed, participant.withdrawn by the player', async () => {
    const t = await openTournament(server, tenant, { maxParticipants: 2 });
    const [leaving, staying, waiting] = await registerPlayers(server, 3);
    const { participantOf } = await joinAll(server, t.id, [leaving!, staying!]);
    const pid = participantOf.get(leaving!.id)!;
    expectStatus(await patch(t.id, pid, { seed: 1 }), 200, 'seed');
    expect((await participate(t.id, waiting!.accessToken)).body.error.code).toBe('TOURNAMENT_FULL');

    const res = await withdraw(t.id, leaving!.accessToken);
    expect(res.status, res.text).toBe(200);
    expect(res.body.data).toMatchObject({ id: pid, status: 'WITHDRAWN', seed: null, userId: leaving!.id });
    expect((await participantEvents(pid)).at(-1)).toEqual({
      type: 'participant.withdrawn',
      data: { tournamentId: t.id, participantId: pid, status: 'WITHDRAWN', previousStatus: 'REGISTERED', userId: leaving!.id },
    });
    // The place and the seed are free for others.
    const tour = await asOwner('GET', `/tournaments/${t.id}`);
    expect(tour.body.data.currentParticipants).toBe(1);
    const late = await participate(t.id, waiting!.accessToken);
    expectStatus(late, 201, 'participate');
    expectStatus(await patch(t.id, late.body.data.id, { seed: 1 }), 200, 'seed 1 again');
    // Again: unchanged, no second event.
    const again = await withdraw(t.id, leaving!.accessToken);
    expect([again.status, again.body.data.status]).toEqual([200, 'WITHDRAWN']);
    expect((await participantEvents(pid)).filter((e) => e.type === 'participant.withdrawn')).toHaveLength(1);
  });

  it('records participant.registered when an organizer reinstates an entry and participant.checked_in when one checks it in', async () => {
    const t = await openTournament(server, tenant, { maxParticipants: 4 });
    const [player] = await registerPlayers(server, 1);
    const { participantOf } = await joinAll(server, t.id, [player!]);
    const pid = participantOf.get(player!.id)!;
    expectStatus(await withdraw(t.id, player!.accessToken), 200, 'withdraw');
    expectStatus(await patch(t.id, pid, { status: 'REGISTERED' }), 200, 'reinstate');
    expectStatus(await patch(t.id, pid, { status: 'CHECKED_IN' }), 200, 'check in');
    const byOrganizer = { tournamentId: t.id, participantId: pid, userId: tenant.owner.id };
    expect((await participantEvents(pid)).slice(-2)).toEqual([
      { type: 'participant.registered', data: { ...byOrganizer, status: 'REGISTERED', previousStatus: 'WITHDRAWN', memberUserIds: [player!.id] } },
      { type: 'participant.checked_in', data: { ...byOrganizer, status: 'CHECKED_IN', previousStatus: 'REGISTERED' } },
    ]);
    // The player hears of the reinstatement, as of a registration.
    const notes = await request(server, 'GET', '/notifications', { token: player!.accessToken, query: { limit: 100 } });
    expect(notes.body.data.filter((n: any) => n.type === 'REGISTRATION_CONFIRMED' && n.data.tournamentId === t.id)).toHaveLength(2);
  });

  it('lets any member withdraw their team, whose members are free again once an organizer removes it', async () => {
    const t = await openTournament(server, tenant, { teamSize: 2 });
    const [captain, victim, other] = await registerPlayers(server, 3);
    const team = await participate(t.id, captain!.accessToken, { team: { name: 'Press Gang', memberUserIds: [captain!.id, victim!.id] } });
    expectStatus(team, 201, 'participate');
    const out = await withdraw(t.id, victim!.accessToken);
    expect([out.status, out.body.data.status, out.body.data.team.name]).toEqual([200, 'WITHDRAWN', 'Press Gang']);
    expect((await participantEvents(team.body.data.id)).at(-1)?.data.userId).toBe(victim!.id);
    // The captain cannot put the victim in again, and is told they are withdrawn.
    const retry = await participate(t.id, captain!.accessToken, { team: { name: 'Press Gang II', memberUserIds: [captain!.id, victim!.id] } });
    expect([retry.status, retry.body.error.code]).toEqual([409, 'ALREADY_REGISTERED']);
    expect(retry.body.error.message).toContain(`${victim!.username} (withdrawn)`);
    expect(retry.body.error.message).toContain('reinstate');
    // Once the organizer removes the withdrawn entry, the victim registers with whom she chooses.
    expect((await asOwner('DELETE', `/tournaments/${t.id}/participants/${team.body.data.id}`)).status).toBe(204);
    expectStatus(await participate(t.id, victim!.accessToken, { team: { name: 'Free Again', memberUserIds: [victim!.id, other!.id] } }), 201, 'participate');
  });

  it('answers 404 without an entry, 403 to an API key, 409 INVALID_STATE for a DISQUALIFIED entry and once started', async () => {
    const t = await openTournament(server, tenant, { maxParticipants: 4 });
    const [a, b, c] = await registerPlayers(server, 3);
    const { participantOf } = await joinAll(server, t.id, [a!, b!, c!]);
    const stranger = await registerUser(server);
    const none = await withdraw(t.id, stranger.accessToken);
    expect([none.status, none.body.error.code]).toEqual([404, 'NOT_FOUND']);
    const byKey = await request(server, 'POST', `/tournaments/${t.id}/withdraw`, { apiKey: tenant.apiKey.key });
    expect([byKey.status, byKey.body.error.code]).toEqual([403, 'API_KEY_NOT_ALLOWED']);
    expectStatus(await patch(t.id, participantOf.get(c!.id)!, { status: 'DISQUALIFIED' }), 200, 'disqualify');
    const disqualified = await withdraw(t.id, c!.accessToken);
    expect([disqualified.status, disqualified.body.error.code]).toEqual([409, 'INVALID_STATE']);
    await lifecycle(server, tenant, t.id, 'start');
    const started = await withdraw(t.id, a!.accessToken);
    expect([started.status, started.body.error.code]).toEqual([409, 'INVALID_STATE']);
    expect(started.body.error.message).toContain('ONGOING');
    const p = await asOwner('GET', `/tournaments/${t.id}/participants/${participantOf.get(a!.id)}`);
    expect(p.body.data.status).toBe('ACTIVE');
  });
});

describe('withdrawn by the organizer', () => {
  it('tells a withdrawn player registering again that they were withdrawn and an organizer can reinstate them', async () => {
    const t = await openTournament(server, tenant);
    const [player] = await registerPlayers(server, 1);
    const { participantOf } = await joinAll(server, t.id, [player!]);
    expectStatus(await patch(t.id, participantOf.get(player!.id)!, { status: 'WITHDRAWN' }), 200, 'withdraw');
    const again = await participate(t.id, player!.accessToken);
    expect([again.status, again.body.error.code]).toEqual([409, 'ALREADY_REGISTERED']);
    expect(again.body.error.message).toMatch(/you were withdrawn .*reinstate/);
  });

  it('clears the seed of a participant withdrawn or disqualified before the start, and gives them none', async () => {
    const t = await openTournament(server, tenant);
    const players = await registerPlayers(server, 3);
    const { participantOf } = await joinAll(server, t.id, players);
    const [p1, p2, p3] = players.map((p) => participantOf.get(p.id)!);
    expectStatus(await patch(t.id, p1!, { seed: 1 }), 200, 'seed 1');
    expectStatus(await patch(t.id, p2!, { seed: 2 }), 200, 'seed 2');
    const withdrawn = await patch(t.id, p1!, { status: 'WITHDRAWN' });
    expect([withdrawn.status, withdrawn.body.data.seed]).toEqual([200, null]);
    const disqualified = await patch(t.id, p2!, { status: 'DISQUALIFIED', seed: null });
    expect([disqualified.status, disqualified.body.data.seed]).toEqual([200, null]);
    // Their seeds are free for the others; none can be given to them.
    expect((await patch(t.id, p3!, { seed: 1 })).body.data?.seed).toBe(1);
    const seeded = await patch(t.id, p2!, { seed: 2 });
    expect([seeded.status, seeded.body.error.code, seeded.body.error.details[0].path]).toEqual([409, 'INVALID_STATE', 'body.seed']);
    // Reinstated with a seed in the same request.
    const back = await patch(t.id, p1!, { status: 'REGISTERED', seed: 2 });
    expect([back.status, back.body.data.status, back.body.data.seed]).toEqual([200, 'REGISTERED', 2]);
  });
});
