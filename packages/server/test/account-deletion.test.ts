/**
 * Deleting one's own account over HTTP (deleteMe, R14.8): what goes with the account, what stays without naming it
 * (entries, brackets, results, circuit standings, API keys), and when it is refused (wrong password, last OWNER, an
 * entry still playing).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { antiCheatTenant, withKey } from './anti-cheat-helpers';
import { activeCircuit, allStandings, classify, completedTournament } from './circuits-helpers';
import {
  createApiKey,
  createOrgWithProject,
  createTenant,
  expectStatus,
  registerUser,
  request,
  startTestServer,
  unique,
  type TestResponse,
  type TestServer,
  type TestTenant,
  type TestUser,
} from './helpers/index';
import { allMatches, joinAll, lifecycle, openTournament, playMatch } from './tournaments-helpers';

let server: TestServer;
let tenant: TestTenant;

beforeAll(async () => {
  server = await startTestServer();
  tenant = await createTenant(server);
});
afterAll(async () => server?.close());

const deleteMe = (user: TestUser, password = user.password) => request(server, 'DELETE', '/users/me', { token: user.accessToken, body: { password } });
const asOwner = (method: string, path: string, body?: unknown) =>
  request(server, method, path, { token: tenant.owner.accessToken, ...(body !== undefined ? { body } : {}) });
const participant = async (tournamentId: string, pid: string) => (await request(server, 'GET', `/tournaments/${tournamentId}/participants/${pid}`)).body.data;
const eventsOf = async (pid: string) =>
  (await server.deps.db.selectFrom('events').select(['type', 'data']).where('subject_id', '=', pid).orderBy('created_at').orderBy('id').execute()).map((e) => ({
    type: e.type,
    data: JSON.parse(e.data),
  }));
/** The hex digits of a participant id, the last `n` of which name its entry once its player's account is deleted. */
const tail = (pid: string, n: number) => pid.replace(/-/g, '').slice(-n);
/** A player with a display name no other test uses, so that its absence from an answer means something. */
const namedPlayer = () => registerUser(server, { displayName: `Ada ${unique()}` });
const displayNameOf = async (user: TestUser) => (await request(server, 'GET', '/users/me', { token: user.accessToken })).body.data.displayName as string;

describe('deleteMe', () => {
  it('deletes the account with its password: its tokens answer 401 and its username and email are free again', async () => {
    const user = await registerUser(server);
    const other = await request(server, 'POST', '/auth/login', { body: { username: user.username, password: user.password } });
    expectStatus(other, 200, 'a second session');

    const res = await deleteMe(user);
    expect(res.status, res.text).toBe(204);
    expect(res.text).toBe('');
    for (const token of [user.accessToken, other.body.data.accessToken]) {
      const me = await request(server, 'GET', '/users/me', { token });
      expect([me.status, me.body.error.code]).toEqual([401, 'UNAUTHORIZED']);
    }
    const refresh = await request(server, 'POST', '/auth/refresh', { body: { refreshToken: user.refreshToken } });
    expect(refresh.status).toBe(401);
    const login = await request(server, 'POST', '/auth/login', { body: { username: user.username, password: user.password } });
    expect([login.status, login.body.error.code]).toEqual([401, 'INVALID_CREDENTIALS']);
    expect((await request(server, 'GET', `/users/${user.username}`)).status).toBe(404);
    // Deleting again with the old token: the session is gone.
    expect((await deleteMe(user)).status).toBe(401);

    const again = await registerUser(server, { username: user.username, email: user.email });
    expect(again.id).not.toBe(user.id);
  });

  it('refuses a wrong password with 403 naming body.password, a missing one with 400, an API key with 403 and no token with 401', async () => {
    const user = await registerUser(server);
    const wrong = await deleteMe(user, 'not the password');
    expect([wrong.status, wrong.body.error.code]).toEqual([403, 'FORBIDDEN']);
    expect(wrong.body.error.details).toEqual([{ path: 'body.password', message: 'not the password of this account' }]);
    const missing = await request(server, 'DELETE', '/users/me', { token: user.accessToken, body: {} });
    expect([missing.status, missing.body.error.code]).toEqual([400, 'VALIDATION_ERROR']);
    expect(missing.body.error.details.map((d: any) => d.path)).toContain('body.password');
    const noBody = await request(server, 'DELETE', '/users/me', { token: user.accessToken });
    expect(noBody.status).toBe(400);
    const key = await request(server, 'DELETE', '/users/me', { apiKey: tenant.apiKey.key, body: { password: user.password } });
    expect([key.status, key.body.error.code]).toEqual([403, 'API_KEY_NOT_ALLOWED']);
    const anonymous = await request(server, 'DELETE', '/users/me', { body: { password: user.password } });
    expect(anonymous.status).toBe(401);
    expect((await request(server, 'GET', '/users/me', { token: user.accessToken })).status).toBe(200);
  });

  it('deletes what belongs to the account: sessions, gaming accounts, notifications and settings, feed token, enrolments, invitations received', async () => {
    const user = await registerUser(server);
    const steamId = `7656119${String(Date.now()).slice(-10)}`;
    expectStatus(await request(server, 'POST', '/gaming/platforms/steam/link', { token: user.accessToken, body: { accountId: steamId } }), 200, 'link');
    expectStatus(await request(server, 'PATCH', '/notifications/preferences', { token: user.accessToken, body: { types: { MATCH_READY: { email: true } } } }), 200, 'prefs');
    const feed = await request(server, 'POST', '/calendar/feed-token', { token: user.accessToken });
    expectStatus(feed, 201, 'feed token');
    const studio = await antiCheatTenant(server);
    expectStatus(await withKey(server, studio.apiKey.key, 'POST', '/anti-cheat/clients', { body: { userId: user.id } }), 201, 'enroll');
    // An invitation by username: a STAFF_INVITATION notification and a pending invitation naming the account.
    const invited = await request(server, 'POST', `/organizations/${studio.organization.id}/staff/invite`, {
      token: studio.owner.accessToken,
      body: { username: user.username, role: 'ORGANIZER' },
    });
    expectStatus(invited, 201, 'invite');

    expectStatus(await deleteMe(user), 204, 'deleteMe');
    const db = server.deps.db;
    const left = async (table: 'auth_sessions' | 'gaming_accounts' | 'notifications' | 'notification_preferences' | 'calendar_feed_tokens' | 'anti_cheat_clients') =>
      Number((await db.selectFrom(table).select((eb) => eb.fn.countAll<number>().as('n')).where('user_id', '=', user.id).executeTakeFirstOrThrow()).n);
    for (const table of ['auth_sessions', 'gaming_accounts', 'notifications', 'notification_preferences', 'calendar_feed_tokens', 'anti_cheat_clients'] as const) {
      expect(await left(table), table).toBe(0);
    }
    expect(await db.selectFrom('staff_invitations').select('id').where('invited_user_id', '=', user.id).execute()).toEqual([]);
    expect((await request(server, 'GET', feed.body.data.feedUrl)).status).toBe(401);
    const pending = await request(server, 'GET', `/organizations/${studio.organization.id}/staff/invitations`, { token: studio.owner.accessToken });
    expect(pending.body.data).toEqual([]);
    const clients = await withKey(server, studio.apiKey.key, 'GET', '/anti-cheat/clients');
    expect(clients.body.data.map((c: any) => c.userId)).not.toContain(user.id);
    // The Steam account is free for someone else.
    const next = await registerUser(server);
    expectStatus(await request(server, 'POST', '/gaming/platforms/steam/link', { token: next.accessToken, body: { accountId: steamId } }), 200, 'link again');
  });

  it('leaves its organizations: the memberships go with the pending invitations it sent, and the API keys it created keep working', async () => {
    const admin = await registerUser(server);
    const invite = await asOwner('POST', `/organizations/${tenant.organization.id}/staff/invite`, { username: admin.username, role: 'ADMIN' });
    expectStatus(invite, 201, 'invite');
    expectStatus(
      await request(server, 'POST', `/organizations/${tenant.organization.id}/staff/invitations/${invite.body.data.token}/accept`, { token: admin.accessToken }),
      200,
      'accept',
    );
    const sent = await request(server, 'POST', `/organizations/${tenant.organization.id}/staff/invite`, {
      token: admin.accessToken,
      body: { email: `friend.${unique()}@example.com`, role: 'ORGANIZER' },
    });
    expectStatus(sent, 201, 'invite by the admin');
    const key = await createApiKey(server, admin, tenant.project.id, ['read:tournaments']);

    expectStatus(await deleteMe(admin), 204, 'deleteMe');
    const staff = (await asOwner('GET', `/organizations/${tenant.organization.id}/staff`)).body.data as any[];
    expect(staff.map((m) => m.userId)).not.toContain(admin.id);
    const pending = (await asOwner('GET', `/organizations/${tenant.organization.id}/staff/invitations`)).body.data as any[];
    expect(pending.map((i) => i.id)).not.toContain(sent.body.data.id);
    const stranger = await registerUser(server);
    const accept = await request(server, 'POST', `/organizations/${tenant.organization.id}/staff/invitations/${sent.body.data.token}/accept`, { token: stranger.accessToken });
    expect([accept.status, accept.body.error.code]).toEqual([410, 'INVITATION_EXPIRED']);
    // The key belongs to the project: it still reads, and no longer names its creator.
    expect((await request(server, 'GET', '/tournaments', { apiKey: key.key })).status).toBe(200);
    const row = await server.deps.db.selectFrom('api_keys').select('created_by_user_id').where('id', '=', key.id).executeTakeFirstOrThrow();
    expect(row.created_by_user_id).toBeNull();
  });

  it('refuses the last OWNER of an organization with 409 CONFLICT naming it, and deletes once another member is OWNER', async () => {
    const owner = await registerUser(server);
    const deputy = await registerUser(server);
    const orgName = `Lone Org ${unique()}`;
    const { organization } = await createOrgWithProject(server, owner, { orgName });
    const refused = await deleteMe(owner);
    expect([refused.status, refused.body.error.code]).toEqual([409, 'CONFLICT']);
    expect(refused.body.error.message).toContain(`last OWNER of the organization "${orgName}" (${organization.id})`);
    expect((await request(server, 'GET', '/users/me', { token: owner.accessToken })).status).toBe(200);

    const invite = await request(server, 'POST', `/organizations/${organization.id}/staff/invite`, { token: owner.accessToken, body: { username: deputy.username, role: 'OWNER' } });
    expectStatus(invite, 201, 'invite');
    expectStatus(
      await request(server, 'POST', `/organizations/${organization.id}/staff/invitations/${invite.body.data.token}/accept`, { token: deputy.accessToken }),
      200,
      'accept',
    );
    expectStatus(await deleteMe(owner), 204, 'deleteMe');
    const org = await request(server, 'GET', `/organizations/${organization.id}`, { token: deputy.accessToken });
    expect(org.body.data.ownerId).toBe(deputy.id);
  });

  it('withdraws its entries of tournaments that have not started: place and seed freed, renamed, participant.withdrawn and participant.anonymized name no one', async () => {
    const t = await openTournament(server, tenant, { maxParticipants: 2 });
    const leaving = await namedPlayer();
    const [staying, waiting] = [await registerUser(server), await registerUser(server)];
    const { participantOf } = await joinAll(server, t.id, [leaving, staying]);
    const pid = participantOf.get(leaving.id)!;
    expectStatus(await asOwner('PATCH', `/tournaments/${t.id}/participants/${pid}`, { seed: 1 }), 200, 'seed');
    const displayName = await displayNameOf(leaving);

    expectStatus(await deleteMe(leaving), 204, 'deleteMe');
    const entry = await participant(t.id, pid);
    expect(entry).toMatchObject({ id: pid, userId: null, status: 'WITHDRAWN', seed: null, name: `Deleted player ${tail(pid, 6)}` });
    const events = await eventsOf(pid);
    expect(events.slice(-2)).toEqual([
      { type: 'participant.withdrawn', data: { tournamentId: t.id, participantId: pid, status: 'WITHDRAWN', previousStatus: 'REGISTERED', userId: null } },
      { type: 'participant.anonymized', data: { tournamentId: t.id, participantId: pid, status: 'WITHDRAWN', userId: null } },
    ]);
    const list = await request(server, 'GET', `/tournaments/${t.id}/participants`);
    expect(list.text).not.toContain(displayName);
    expect(list.text).not.toContain(leaving.username);
    // The place and seed 1 are free.
    const late = await request(server, 'POST', `/tournaments/${t.id}/participate`, { token: waiting.accessToken });
    expectStatus(late, 201, 'participate');
    expectStatus(await asOwner('PATCH', `/tournaments/${t.id}/participants/${late.body.data.id}`, { seed: 1 }), 200, 'seed 1 again');
  });

  it('withdraws a team of a tournament that has not started and takes the account out of it, captain or member', async () => {
    const t = await openTournament(server, tenant, { teamSize: 2 });
    const [captain, member, leader, mate] = [await registerUser(server), await registerUser(server), await registerUser(server), await registerUser(server)];
    const teamName = `Owls ${unique()}`;
    const team = await request(server, 'POST', `/tournaments/${t.id}/participate`, { token: captain.accessToken, body: { team: { name: teamName, memberUserIds: [captain.id, member.id] } } });
    expectStatus(team, 201, 'team');
    const led = await request(server, 'POST', `/tournaments/${t.id}/participate`, { token: leader.accessToken, body: { team: { name: `Larks ${unique()}`, memberUserIds: [leader.id, mate.id] } } });
    expectStatus(led, 201, 'team led by the leaving captain');

    expectStatus(await deleteMe(member), 204, 'deleteMe member');
    expect(await participant(t.id, team.body.data.id)).toMatchObject({
      status: 'WITHDRAWN',
      userId: captain.id,
      name: teamName,
      team: { name: teamName, members: [{ userId: captain.id, username: captain.username }] },
    });
    expectStatus(await deleteMe(leader), 204, 'deleteMe captain');
    const orphan = await participant(t.id, led.body.data.id);
    expect(orphan).toMatchObject({ status: 'WITHDRAWN', userId: null, team: { members: [{ userId: mate.id, username: mate.username }] } });
    expect((await eventsOf(led.body.data.id)).at(-1)).toEqual({
      type: 'participant.anonymized',
      data: { tournamentId: t.id, participantId: led.body.data.id, status: 'WITHDRAWN', userId: null },
    });
  });

  it('names a deleted player by its participant id, with more digits when another participant holds the shorter name', async () => {
    const t = await openTournament(server, tenant);
    const leaving = await registerUser(server);
    const { participantOf } = await joinAll(server, t.id, [leaving]);
    const pid = participantOf.get(leaving.id)!;
    expectStatus(await asOwner('POST', `/tournaments/${t.id}/participants`, { name: `deleted PLAYER ${tail(pid, 6)}` }), 201, 'a namesake');
    expectStatus(await deleteMe(leaving), 204, 'deleteMe');
    expect((await participant(t.id, pid)).name).toBe(`Deleted player ${tail(pid, 12)}`);
  });

  it('refuses while an entry is ACTIVE in an ONGOING tournament (409 INVALID_STATE naming it), and deletes once it is eliminated: the bracket holds, the match history names no one', async () => {
    const players = [await namedPlayer(), await registerUser(server), await registerUser(server), await registerUser(server)];
    const name = `Grand Open ${unique()}`;
    const t = await openTournament(server, tenant, { name, maxParticipants: 4 });
    const { byParticipant, participantOf } = await joinAll(server, t.id, players);
    await lifecycle(server, tenant, t.id, 'start');
    const leaving = players[0]!;
    const pid = participantOf.get(leaving.id)!;
    const displayName = await displayNameOf(leaving);

    const refused = await deleteMe(leaving);
    expect([refused.status, refused.body.error.code]).toEqual([409, 'INVALID_STATE']);
    expect(refused.body.error.message).toContain(`"${name}" (${t.id})`);
    expect(refused.body.error.message).toContain('ask an organizer to withdraw you');
    // The bracket is read (and kept by the bracket cache) with the player's name.
    expect((await request(server, 'GET', `/tournaments/${t.id}/bracket`)).text).toContain(displayName);

    // The player loses the first match: ELIMINATED with a placement, and may now go.
    const first = (await allMatches(server, t.id)).find((m) => m.participants.some((s: any) => s.participantId === pid))!;
    const opponent = first.participants.find((s: any) => s.participantId !== pid).participantId;
    await playMatch(server, first, byParticipant, { winner: opponent });
    expect((await participant(t.id, pid)).status).toBe('ELIMINATED');
    const historyOf = async () => (await request(server, 'GET', `/matches/${first.id}`)).body.data.history as { type: string; actorUserId: string | null }[];
    const before = await historyOf();
    expect(before.map((h) => h.actorUserId)).toContain(leaving.id);
    expectStatus(await deleteMe(leaving), 204, 'deleteMe');
    // The match's history says what happened, but no longer names the account.
    const after = await historyOf();
    expect(after.map((h) => h.type)).toEqual(before.map((h) => h.type));
    expect(after.map((h) => h.actorUserId)).toEqual(before.map((h) => (h.actorUserId === leaving.id ? null : h.actorUserId)));

    const entry = await participant(t.id, pid);
    expect(entry).toMatchObject({ userId: null, status: 'ELIMINATED', name: `Deleted player ${tail(pid, 6)}`, placementRange: '3-4' });
    const bracket = await request(server, 'GET', `/tournaments/${t.id}/bracket`);
    expect(bracket.text).toContain(`Deleted player ${tail(pid, 6)}`);
    expect(bracket.text).not.toContain(displayName);
    expect((await eventsOf(pid)).at(-1)).toEqual({
      type: 'participant.anonymized',
      data: { tournamentId: t.id, participantId: pid, status: 'ELIMINATED', userId: null },
    });
    // The others play on to the end.
    for (;;) {
      const ready = (await allMatches(server, t.id)).filter((m) => m.status === 'SCHEDULED' && m.participants.every((s: any) => s.participantId));
      if (ready.length === 0) break;
      for (const m of ready) await playMatch(server, m, byParticipant);
    }
    expect((await request(server, 'GET', `/tournaments/${t.id}`)).body.data.status).toBe('COMPLETED');
    const csv = await request(server, 'GET', `/tournaments/${t.id}/results.csv`);
    expect(csv.text).toContain(`Deleted player ${tail(pid, 6)}`);
    expect(csv.text).not.toContain(leaving.username);
  });

  it('takes the account out of circuit standings and awards: the line keeps its points and rank, without user id or name', async () => {
    const { circuit, season } = await activeCircuit(server, tenant);
    const champion = await namedPlayer();
    const others = [await registerUser(server), await registerUser(server), await registerUser(server)];
    const players = [champion, ...others];
    const t1 = await completedTournament(server, tenant, players);
    const t2 = await completedTournament(server, tenant, players);
    expectStatus(await classify(server, tenant, circuit.id, t1.id), 200, 'classify t1');
    expectStatus(await classify(server, tenant, circuit.id, t2.id), 200, 'classify t2');
    const line = (s: any) => [s.userId, s.name, s.points, s.wins, s.tournamentsPlayed, s.bestPlacement, s.rank];
    const before = (await allStandings(server, tenant, circuit.id)).map(line);
    expect(before[0]).toEqual([champion.id, await displayNameOf(champion), 200, 4, 2, 1, 1]);

    expectStatus(await deleteMe(champion), 204, 'deleteMe');
    const newest = `Deleted player ${tail(t2.participantOf.get(champion.id)!, 6)}`;
    const after = (await allStandings(server, tenant, circuit.id)).map(line);
    expect(after).toEqual([[null, newest, 200, 4, 2, 1, 1], ...before.slice(1)]);
    const cumulative = (await allStandings(server, tenant, circuit.id, { cumulative: true })).map(line);
    expect(cumulative[0]).toEqual([null, newest, 200, 4, 2, 1, 1]);
    const awards = await server.deps.db.selectFrom('circuit_awards').select(['user_id', 'name', 'competitor_key', 'participant_id']).where('season_id', '=', season.id).execute();
    const mine = awards.filter((a) => a.participant_id === t1.participantOf.get(champion.id) || a.participant_id === t2.participantOf.get(champion.id));
    expect(mine.map((a) => [a.user_id, a.name]).sort()).toEqual(
      [[null, `Deleted player ${tail(t1.participantOf.get(champion.id)!, 6)}`], [null, newest]].sort(),
    );
    expect(new Set(mine.map((a) => a.competitor_key)).size).toBe(1);
    expect(awards.some((a) => a.competitor_key.includes(champion.id))).toBe(false);

    // A later classification recomputes the season from the awards: the deleted player's points still add up.
    const t3 = await completedTournament(server, tenant, others);
    expectStatus(await classify(server, tenant, circuit.id, t3.id), 200, 'classify t3');
    const later = (await allStandings(server, tenant, circuit.id)).map(line);
    expect(later.find((l) => l[1] === newest)).toEqual([null, newest, 200, 4, 2, 1, expect.any(Number)]);
  });

  it('answers 401 to a request of the account that was authenticated before the deletion and failed after it', async () => {
    // The deletion is staged between authentication and the service, where a racing request would meet it.
    const raced = async <T>(user: TestUser, holder: Record<string, unknown>, method: string, send: () => Promise<T>): Promise<T> => {
      const original = holder[method] as (...args: unknown[]) => Promise<unknown>;
      holder[method] = async (...args: unknown[]) => {
        expectStatus(await deleteMe(user), 204, 'the deletion in between');
        return original.apply(holder, args);
      };
      try {
        return await send();
      } finally {
        holder[method] = original;
      }
    };
    const cases: [Record<string, unknown>, string, (user: TestUser) => Promise<TestResponse>][] = [
      [server.services.users as never, 'updateOwnProfile', (user) => request(server, 'PATCH', '/users/me', { token: user.accessToken, body: { bio: 'still here' } })],
      [server.services.calendar as never, 'createFeedToken', (user) => request(server, 'POST', '/calendar/feed-token', { token: user.accessToken })],
      [
        server.services.notifications as never,
        'updatePreferences',
        (user) => request(server, 'PATCH', '/notifications/preferences', { token: user.accessToken, body: { types: { TOURNAMENT_STARTED: { email: false } } } }),
      ],
    ];
    for (const [holder, method, send] of cases) {
      const user = await registerUser(server);
      const res = await raced(user, holder, method, () => send(user));
      expect([method, res.status, res.body.error?.code], res.text).toEqual([method, 401, 'UNAUTHORIZED']);
    }
  });
});
