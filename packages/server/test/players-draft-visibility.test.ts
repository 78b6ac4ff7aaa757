/**
 * A DRAFT is visible only to its project's keys and staff (R4.6), also to a player an organizer added to it: her own
 * tournaments, matches and calendar leave it out and she is not notified of her registration until it is published
 * (R26.3, R16.1, R15.1).
 */
import { describe, expect } from 'vitest';
import { expectStatus, it, registerUser, request, type TestUser } from './helpers/index';
import { createTournament, lifecycle } from './tournaments-helpers';

describe('a DRAFT in the views of a player an organizer added', () => {
  it('leaves it out of her tournaments, matches, calendar and notifications until it is published, then shows and notifies it', async ({ server, tenant }) => {
    const player = await registerUser(server);
    const draft = await createTournament(server, tenant, {
      name: 'Secret Invitational',
      registrationOpensAt: '2030-05-20T10:00:00.000Z',
      checkInRequired: true,
    });
    const added = await request(server, 'POST', `/tournaments/${draft.id}/participants`, { token: tenant.owner.accessToken, body: { username: player.username } });
    expectStatus(added, 201, 'addParticipant');
    expectStatus(await request(server, 'GET', `/tournaments/${draft.id}`, { token: player.accessToken }), 404, 'the draft itself');

    const get = async (user: TestUser, path: string, query: Record<string, string> = {}) => {
      const res = await request(server, 'GET', path, { token: user.accessToken, query: { limit: '100', ...query } });
      expectStatus(res, 200, `GET ${path}`);
      return res.body.data as any[];
    };
    const mine = async () => (await get(player, '/users/me/tournaments')).map((m) => m.tournament.id);
    const calendar = async (user: TestUser) => (await get(user, '/calendar/feed')).filter((e) => e.tournamentId === draft.id).map((e) => e.type);
    const confirmations = async () =>
      (await get(player, '/notifications')).filter((n) => n.data?.tournamentId === draft.id).map((n) => [n.type, n.title]);

    expect(await mine()).toEqual([]);
    const asDraft = await request(server, 'GET', '/users/me/tournaments', { token: player.accessToken, query: { status: 'DRAFT' } });
    expectStatus(asDraft, 400, 'status=DRAFT');
    expect(asDraft.body.error.details[0].path).toBe('query.status');
    expect(await get(player, '/users/me/matches')).toEqual([]);
    expect(await calendar(player)).toEqual([]);
    expect(await confirmations()).toEqual([]);
    // The staff still see their draft in their calendar.
    expect(await calendar(tenant.owner)).toEqual(['REGISTRATION_OPENS', 'CHECK_IN_OPENS', 'TOURNAMENT_START']);

    // Another player, added and then disqualified while it is a DRAFT, hears nothing of it, then or at publication.
    const dropped = await registerUser(server);
    const second = await request(server, 'POST', `/tournaments/${draft.id}/participants`, { token: tenant.owner.accessToken, body: { username: dropped.username } });
    expectStatus(second, 201, 'addParticipant');
    const dq = await request(server, 'PATCH', `/tournaments/${draft.id}/participants/${second.body.data.id}`, { token: tenant.owner.accessToken, body: { status: 'DISQUALIFIED' } });
    expectStatus(dq, 200, 'disqualify in the DRAFT');

    await lifecycle(server, tenant, draft.id, 'publish');
    expect(await mine()).toEqual([draft.id]);
    expect(await calendar(player)).toEqual(['REGISTRATION_OPENS', 'CHECK_IN_OPENS', 'TOURNAMENT_START']);
    expect(await confirmations()).toEqual([['REGISTRATION_CONFIRMED', 'Registered for Secret Invitational']]);
    expect((await get(dropped, '/notifications')).filter((n) => n.data?.tournamentId === draft.id)).toEqual([]);
  });
});
