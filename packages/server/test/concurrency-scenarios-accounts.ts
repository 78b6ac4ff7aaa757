/**
 * Invariants of account-level writes (webhook subscriptions, notification preferences, gaming accounts, account
 * deletion) that must hold with concurrent writers (R18.12), as scenarios over HTTP: requests sent at once, spread in
 * turn over `servers` (one server, or several server processes on one database). Run by concurrency-accounts.test.ts.
 *
 * The servers must run the webhook dispatcher and accept loopback webhook URLs (allowPrivateWebhookUrls): the
 * rotation scenario checks which secrets sign a delivery, received on 127.0.0.1. Every URL here is a loopback one.
 */
import { expect } from 'vitest';
import { signWebhook } from '../src/services/webhooks/signing';
import { inRounds, outcome, pick, tally, users, type Scenarios } from './concurrency-helpers';
import { createApiKey, createOrgWithProject, createTenant, expectStatus, registerUser, request, type ApiServer, type TestTenant } from './helpers/index';
import { allMatches, joinAll, openTournament } from './tournaments-helpers';
import { startReceiver, type TestReceiver } from './webhooks-helpers';

/** Runs `body` with a loopback webhook receiver, closed afterwards. */
async function withReceiver(body: (receiver: TestReceiver) => Promise<void>): Promise<void> {
  const receiver = await startReceiver();
  try {
    await body(receiver);
  } finally {
    await receiver.close();
  }
}

/** A subscription of `tenant` to `url` (tournament.started only: nothing in these scenarios fires it). */
async function subscribe(server: ApiServer, tenant: TestTenant, url: string): Promise<{ id: string; secret: string }> {
  const created = await request(server, 'POST', '/developer/webhooks', { apiKey: tenant.apiKey.key, body: { url, events: ['tournament.started'] } });
  expectStatus(created, 201, 'create webhook subscription');
  return { id: created.body.data.id, secret: created.body.data.secret };
}

/**
 * updateWebhook: a PATCH `{enabled: false}` and a PATCH `{url}` of one subscription at once: both 200, and the
 * subscription ends disabled (MANUAL) with the new URL; the PATCH that did not send `enabled` kept the state it found.
 */
export async function webhookPatchesAtOnce(servers: readonly ApiServer[], rounds = 6): Promise<void> {
  const at = pick(servers);
  const tenant = await createTenant(at(0));
  await withReceiver((receiver) =>
    inRounds(rounds, async (i) => {
      const sub = await subscribe(at(i), tenant, receiver.url(`/before-${i}`));
      const moved = receiver.url(`/after-${i}`);
      const path = `/developer/webhooks/${sub.id}`;
      const answers = await Promise.all([
        request(at(i), 'PATCH', path, { apiKey: tenant.apiKey.key, body: { enabled: false } }),
        request(at(i + 1), 'PATCH', path, { apiKey: tenant.apiKey.key, body: { url: moved } }),
      ]);
      expect(tally(answers)).toEqual({ 200: 2 });
      expect(answers[0]!.body.data).toMatchObject({ enabled: false, disabledReason: 'MANUAL' });
      expect(answers[1]!.body.data.url).toBe(moved);
      for (const server of servers) {
        const read = await request(server, 'GET', path, { apiKey: tenant.apiKey.key });
        expect(read.body.data).toMatchObject({ url: moved, enabled: false, disabledReason: 'MANUAL' });
      }
    }),
  );
}

/**
 * rotateWebhookSecret: two rotations of one subscription at once serialize: the second's previous secret is the
 * first's new one, so a delivery sent afterwards is signed by both returned secrets, and by the original one, whose
 * promised overlap has not ended (rotateWebhookSecret keeps every replaced secret signing until its own expiry).
 */
export async function secretRotationsAtOnce(servers: readonly ApiServer[], rounds = 4): Promise<void> {
  const at = pick(servers);
  const tenant = await createTenant(at(0));
  await withReceiver((receiver) =>
    inRounds(rounds, async (i) => {
      const hookPath = `/rotated-${i}`;
      const sub = await subscribe(at(i), tenant, receiver.url(hookPath));
      const path = `/developer/webhooks/${sub.id}`;
      const answers = await Promise.all([
        request(at(i), 'POST', `${path}/rotate-secret`, { apiKey: tenant.apiKey.key, body: {} }),
        request(at(i + 1), 'POST', `${path}/rotate-secret`, { apiKey: tenant.apiKey.key, body: {} }),
      ]);
      expect(tally(answers)).toEqual({ 200: 2 });
      const issued = answers.map((a) => a.body.data.secret as string);
      expectStatus(await request(at(i), 'POST', `${path}/test`, { apiKey: tenant.apiKey.key }), 202, 'send a test event');
      const all = await receiver.waitUntil((got) => got.some((r) => r.path === hookPath), `the test delivery of round ${i}`, 20_000);
      const received = all.find((r) => r.path === hookPath)!;
      const header = (name: string) => String(received.headers[name]);
      const signs = (secret: string) => signWebhook(secret, header('webhook-id'), Number(header('webhook-timestamp')), received.body);
      expect(header('webhook-signature').split(' ').sort()).toEqual([sub.secret, ...issued].map(signs).sort());
    }),
  );
}

/**
 * sendWebhookTest while deleteWebhook: the test is 202 (it ran first) or 404 (the subscription was gone), never a
 * 500; the delete is 204 and the subscription is gone afterwards.
 */
export async function testWhileDeleted(servers: readonly ApiServer[], rounds = 6): Promise<void> {
  const at = pick(servers);
  const tenant = await createTenant(at(0));
  await withReceiver((receiver) =>
    inRounds(rounds, async (i) => {
      const sub = await subscribe(at(i), tenant, receiver.url(`/deleted-${i}`));
      const path = `/developer/webhooks/${sub.id}`;
      const [test, deleted] = await Promise.all([
        request(at(i), 'POST', `${path}/test`, { apiKey: tenant.apiKey.key }),
        request(at(i + 1), 'DELETE', path, { apiKey: tenant.apiKey.key }),
      ]);
      expect(deleted.status).toBe(204);
      expect([202, 404], `${test.status} ${test.text.slice(0, 200)}`).toContain(test.status);
      for (const server of servers) expect((await request(server, 'GET', path, { apiKey: tenant.apiKey.key })).status).toBe(404);
    }),
  );
}

/**
 * updateNotificationPreferences: two PATCHes of one user's preferences at once, each changing another channel of
 * MATCH_READY: both 200 and both changes kept.
 */
export async function preferencesAtOnce(servers: readonly ApiServer[], rounds = 6): Promise<void> {
  const at = pick(servers);
  await inRounds(rounds, async (i) => {
    const user = await registerUser(at(i));
    const patch = (server: ApiServer, types: unknown) =>
      request(server, 'PATCH', '/notifications/preferences', { token: user.accessToken, body: { types } });
    const answers = await Promise.all([patch(at(i), { MATCH_READY: { email: true } }), patch(at(i + 1), { MATCH_READY: { webhook: true } })]);
    expect(tally(answers)).toEqual({ 200: 2 });
    for (const server of servers) {
      const read = await request(server, 'GET', '/notifications/preferences', { token: user.accessToken });
      expect(read.body.data.types.MATCH_READY).toEqual({ inApp: true, email: true, webhook: true });
    }
  });
}

/** A random valid SteamID64 (17 digits starting with 7656119). */
const steamId = (): string => `7656119${String(Math.floor(Math.random() * 1e10)).padStart(10, '0')}`;

/**
 * linkGamingAccount: one user links two different Steam accounts at once: both 200 (the last link wins, as one after
 * the other), one Steam account is left linked; the other is free for another user, and the held one is 409 CONFLICT
 * for another user.
 */
export async function relinksAtOnce(servers: readonly ApiServer[], rounds = 6): Promise<void> {
  const at = pick(servers);
  await inRounds(rounds, async (i) => {
    const [user, other] = await Promise.all([registerUser(at(i)), registerUser(at(i + 1))]);
    const ids = [steamId(), steamId()] as const;
    const link = (server: ApiServer, token: string, accountId: string) =>
      request(server, 'POST', '/gaming/platforms/steam/link', { token, body: { accountId } });
    const answers = await Promise.all([link(at(i), user!.accessToken, ids[0]), link(at(i + 1), user!.accessToken, ids[1])]);
    expect(tally(answers)).toEqual({ 200: 2 });
    const profile = await request(at(i), 'GET', '/gaming/profile', { token: user!.accessToken });
    const accounts = profile.body.data.accounts as { platform: string; accountId: string }[];
    expect(accounts.map((a) => a.platform)).toEqual(['steam']);
    const held = accounts[0]!.accountId;
    expect(ids).toContain(held);
    const free = ids.find((id) => id !== held)!;
    expect(tally([await link(at(i + 1), other!.accessToken, held)])).toEqual({ '409 CONFLICT': 1 });
    expect((await link(at(i + 1), other!.accessToken, free)).status).toBe(200);
  });
}

/** The scenarios, each with the rule it checks (test names). */
/**
 * revokeApiKey: two keys of one project revoking each other at once serialize as they would one after the other:
 * one revocation succeeds (204), the other key finds itself revoked (401), and exactly one of the two keys is revoked.
 */
export async function keysRevokingEachOther(servers: readonly ApiServer[], rounds = 6): Promise<void> {
  const at = pick(servers);
  const tenant = await createTenant(at(0));
  await inRounds(rounds, async (i) => {
    const [a, b] = await Promise.all([0, 1].map(() => createApiKey(at(i), tenant.owner, tenant.project.id)));
    const answers = await Promise.all([
      request(at(i), 'DELETE', `/developer/api-keys/${b!.id}`, { apiKey: a!.key }),
      request(at(i + 1), 'DELETE', `/developer/api-keys/${a!.id}`, { apiKey: b!.key }),
    ]);
    expect(tally(answers)).toEqual({ 204: 1, '401 UNAUTHORIZED': 1 });
    const listed = await request(at(i), 'GET', `/developer/api-keys?projectId=${tenant.project.id}&includeRevoked=true&limit=100`, {
      token: tenant.owner.accessToken,
    });
    const revoked = (listed.body.data as Array<{ id: string; revokedAt: string | null }>).filter((k) => [a!.id, b!.id].includes(k.id) && k.revokedAt !== null);
    expect(revoked).toHaveLength(1);
  });
}

/**
 * deleteMe: the two OWNERs of an organization deleting their accounts at once, under the organization's lock: one is
 * deleted (204), the other is refused as the last OWNER (409 CONFLICT), so the organization keeps an OWNER (R14.8).
 */
export async function coOwnersDeletingAtOnce(servers: readonly ApiServer[], rounds = 4): Promise<void> {
  const at = pick(servers);
  await inRounds(rounds, async (i) => {
    const [a, b] = await Promise.all([registerUser(at(i)), registerUser(at(i + 1))]);
    const { organization } = await createOrgWithProject(at(i), a!);
    const invite = await request(at(i), 'POST', `/organizations/${organization.id}/staff/invite`, { token: a!.accessToken, body: { username: b!.username, role: 'OWNER' } });
    expectStatus(invite, 201, 'invite an OWNER');
    const accept = await request(at(i + 1), 'POST', `/organizations/${organization.id}/staff/invitations/${invite.body.data.token}/accept`, { token: b!.accessToken });
    expectStatus(accept, 200, 'accept');
    const answers = await Promise.all(
      [a!, b!].map((u, k) => request(at(i + k), 'DELETE', '/users/me', { token: u.accessToken, body: { password: u.password } })),
    );
    expect(tally(answers)).toEqual({ 204: 1, '409 CONFLICT': 1 });
    const survivor = answers[0]!.status === 204 ? b! : a!;
    const org = await request(at(i), 'GET', `/organizations/${organization.id}`, { token: survivor.accessToken });
    expect(org.body.data.ownerId).toBe(survivor.id);
  });
}

/**
 * deleteMe while the tournament of the account's entry starts, both under the tournament's lock: the deletion first
 * withdraws the entry (204; the start leaves it out of the bracket), or the start first makes it ACTIVE and the
 * deletion is 409 INVALID_STATE (the player stays, seeded). Never a deleted player in the bracket, never a 500.
 */
export async function deletionWhileStarting(servers: readonly ApiServer[], rounds = 3): Promise<void> {
  const at = pick(servers);
  const tenant = await createTenant(at(0));
  await inRounds(rounds, async (i) => {
    const players = await users(servers, 4);
    const t = await openTournament(at(i), tenant, { maxParticipants: 4 });
    const { participantOf } = await joinAll(at(i), t.id, players);
    const leaving = players[0]!;
    const pid = participantOf.get(leaving.id)!;
    const [start, deletion] = await Promise.all([
      request(at(i), 'POST', `/tournaments/${t.id}/start`, { token: tenant.owner.accessToken }),
      request(at(i + 1), 'DELETE', '/users/me', { token: leaving.accessToken, body: { password: leaving.password } }),
    ]);
    expect(start.status, start.text).toBe(200);
    const entry = (await request(at(i), 'GET', `/tournaments/${t.id}/participants/${pid}`)).body.data;
    const inBracket = (await allMatches(at(i), t.id)).some((m) => m.participants.some((s: { participantId: string | null }) => s.participantId === pid));
    if (deletion.status === 204) {
      expect(entry).toMatchObject({ status: 'WITHDRAWN', userId: null, seed: null });
      expect(inBracket).toBe(false);
    } else {
      expect(outcome(deletion)).toBe('409 INVALID_STATE');
      expect(entry).toMatchObject({ status: 'ACTIVE', userId: leaving.id });
      expect(inBracket).toBe(true);
    }
  });
}

/**
 * changePassword while another device logs in with the old password and a third refreshes its session, all at once,
 * each under the account's lock (R1.24): whatever the order, no session made with the old password or refreshed from
 * an older session outlives the change (the login is refused, or its session revoked by the change; the same for the
 * refresh), and the changing session keeps working.
 */
export async function passwordChangeWhileSigningIn(servers: readonly ApiServer[], rounds = 6): Promise<void> {
  const at = pick(servers);
  await inRounds(rounds, async (i) => {
    const user = await registerUser(at(i));
    const other = (await request(at(i), 'POST', '/auth/login', { body: { username: user.username, password: user.password } })).body.data;
    const [change, login, refresh] = await Promise.all([
      request(at(i), 'POST', '/auth/password', { token: user.accessToken, body: { currentPassword: user.password, newPassword: 'a brand new secret' } }),
      request(at(i + 1), 'POST', '/auth/login', { body: { username: user.username, password: user.password } }),
      request(at(i + 2), 'POST', '/auth/refresh', { body: { refreshToken: other.refreshToken } }),
    ]);
    expect(change.status, change.text).toBe(204);
    expect([200, 401]).toContain(login.status);
    expect([200, 401]).toContain(refresh.status);
    for (const granted of [login, refresh].filter((r) => r.status === 200)) {
      expect((await request(at(i), 'GET', '/users/me', { token: granted.body.data.accessToken })).status).toBe(401);
    }
    expect((await request(at(i), 'GET', '/users/me', { token: user.accessToken })).status).toBe(200);
  });
}

/**
 * deleteMe while the account refreshes its session (R14.8, R18.12): both take the account's lock first, so they
 * serialize instead of deadlocking: the deletion is 204 and the refresh 200 (its tokens then deleted with the account)
 * or 401; never a 500.
 */
export async function deletionWhileRefreshing(servers: readonly ApiServer[], rounds = 6): Promise<void> {
  const at = pick(servers);
  await inRounds(rounds, async (i) => {
    const user = await registerUser(at(i));
    // The refresh is another device's session: the deleting session's own token stays valid until the deletion.
    const other = (await request(at(i), 'POST', '/auth/login', { body: { username: user.username, password: user.password } })).body.data;
    const [deletion, refresh] = await Promise.all([
      request(at(i), 'DELETE', '/users/me', { token: user.accessToken, body: { password: user.password } }),
      request(at(i + 1), 'POST', '/auth/refresh', { body: { refreshToken: other.refreshToken } }),
    ]);
    expect(deletion.status, deletion.text).toBe(204);
    expect([200, 401]).toContain(refresh.status);
    if (refresh.status === 200) expect((await request(at(i), 'GET', '/users/me', { token: refresh.body.data.accessToken })).status).toBe(401);
  });
}

export const ACCOUNT_SCENARIOS: Scenarios = [
  ['a webhook disabled and redirected at once: both changes kept (disabled, new URL)', webhookPatchesAtOnce],
  ['a webhook secret rotated twice at once: rotations serialize, both issued secrets and the original sign', secretRotationsAtOnce],
  ['a webhook test sent while the subscription is deleted: 202 or 404, never a 500', testWhileDeleted],
  ['notification preferences changed twice at once: both changes kept', preferencesAtOnce],
  ['one user linking two Steam accounts at once: both 200, the last link wins, no false 409', relinksAtOnce],
  ['two API keys revoking each other at once: one 204, the other 401, exactly one key revoked', keysRevokingEachOther],
  ['the two OWNERs of an organization deleting their accounts at once: one deleted, the other 409 as the last OWNER', coOwnersDeletingAtOnce],
  ['an account deleted while its tournament starts: withdrawn and out of the bracket, or 409 INVALID_STATE and seeded', deletionWhileStarting],
  ['a password changed while another device logs in with the old one and a third refreshes: no such session outlives the change', passwordChangeWhileSigningIn],
  ['an account deleted while it refreshes its session: 204, and the refresh 200 or 401, never a deadlock or a 500', deletionWhileRefreshing],
];
