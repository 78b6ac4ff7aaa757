import { Writable } from 'node:stream';
import pino from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  addStaffMember,
  createApiKey,
  createOrgWithProject,
  registerUser,
  request,
  startTestServer,
  unique,
  type TestServer,
  type TestUser,
} from './helpers/index';
import * as migration0009 from '../src/db/migrations/0009-invitation-tokens-out-of-notifications';

let server: TestServer;
/** Every line the server logged (the request log included), as written. */
const logged: string[] = [];
beforeAll(async () => {
  const sink = new Writable({
    write(chunk, _encoding, done) {
      logged.push(String(chunk));
      done();
    },
  });
  server = await startTestServer({ logger: pino({ level: 'info' }, sink) });
});
afterAll(async () => server?.close());

const DAY_MS = 24 * 3600 * 1000;

/** A fresh organization owned by a fresh user. */
async function org(): Promise<{ owner: TestUser; orgId: string; projectId: string }> {
  const owner = await registerUser(server);
  const { organization, project } = await createOrgWithProject(server, owner);
  return { owner, orgId: organization.id, projectId: project.id };
}

/** A fresh access token for `user` (after the clock moved past its token's lifetime). */
async function relogin(user: TestUser): Promise<string> {
  const res = await request(server, 'POST', '/auth/login', { body: { username: user.username, password: user.password } });
  return res.body.data.accessToken as string;
}

const invite = (orgId: string, token: string, body: unknown) => request(server, 'POST', `/organizations/${orgId}/staff/invite`, { token, body });
const accept = (orgId: string, invitationToken: string, token: string) =>
  request(server, 'POST', `/organizations/${orgId}/staff/invitations/${invitationToken}/accept`, { token });
const staffOf = async (orgId: string, token: string) => (await request(server, 'GET', `/organizations/${orgId}/staff`, { token, query: { limit: 100 } })).body.data as any[];

describe('staff invitations', () => {
  it('invites by username; the invitee is notified and joins with the role by accepting', async () => {
    const { owner, orgId } = await org();
    const bob = await registerUser(server, { displayName: 'Bob' });
    const res = await invite(orgId, owner.accessToken, { username: bob.username.toUpperCase(), role: 'ORGANIZER' });
    expect(res.status).toBe(201);
    const invitation = res.body.data;
    expect(invitation).toMatchObject({
      organizationId: orgId,
      userId: bob.id,
      username: bob.username,
      email: null,
      role: 'ORGANIZER',
      invitedByUserId: owner.id,
      createdAt: server.clock.now().toISOString(),
      expiresAt: new Date(server.clock.now().getTime() + 7 * DAY_MS).toISOString(),
    });
    expect(invitation.token).toMatch(/^tsi_[A-Za-z0-9_-]{43}$/);
    const stored = await server.deps.db.selectFrom('staff_invitations').select('token_hash').where('id', '=', invitation.id).executeTakeFirstOrThrow();
    expect(stored.token_hash).not.toContain(invitation.token);

    const notifications = await request(server, 'GET', '/notifications', { token: bob.accessToken });
    expect(notifications.body.data).toEqual([
      expect.objectContaining({
        type: 'STAFF_INVITATION',
        data: { organizationId: orgId, invitationId: invitation.id, role: 'ORGANIZER' },
        channels: ['IN_APP'],
        readAt: null,
      }),
    ]);

    // The notification names the invitation; its invitee accepts by that id (the token stays with the inviter).
    const accepted = await accept(orgId, notifications.body.data[0].data.invitationId, bob.accessToken);
    expect(accepted.status).toBe(200);
    expect(accepted.body.data).toMatchObject({ userId: bob.id, username: bob.username, displayName: 'Bob', role: 'ORGANIZER' });
    expect((await staffOf(orgId, owner.accessToken)).map((m) => [m.userId, m.role])).toEqual([
      [owner.id, 'OWNER'],
      [bob.id, 'ORGANIZER'],
    ]);
    const asStaff = await request(server, 'GET', `/organizations/${orgId}`, { token: bob.accessToken });
    expect(asStaff.body.data.role).toBe('ORGANIZER');
  });

  it('keeps the token in plain text only in the inviteStaff answer: not in notifications, the database or the logs', async () => {
    const { owner, orgId } = await org();
    const bob = await registerUser(server);
    const invitation = (await invite(orgId, owner.accessToken, { username: bob.username, role: 'ADMIN' })).body.data;
    expect(invitation.token).toMatch(/^tsi_/);
    const notifications = await request(server, 'GET', '/notifications', { token: bob.accessToken });
    expect(notifications.body.data.map((n: any) => n.type)).toEqual(['STAFF_INVITATION']);
    expect(notifications.text).not.toContain(invitation.token);
    const rows = await server.deps.db.selectFrom('notifications').selectAll().where('user_id', '=', bob.id).execute();
    expect(JSON.stringify(rows)).not.toContain(invitation.token);

    // Accepting by the token (as a link sent out of band would) logs the request with the token redacted.
    const path = `/organizations/${orgId}/staff/invitations/${invitation.token}/accept`;
    const accepted = await request(server, 'POST', path, { token: bob.accessToken, headers: { 'x-request-id': 'req-accept-log' } });
    expect(accepted.status).toBe(200);
    const line = logged.map((l) => JSON.parse(l)).find((l) => l.requestId === 'req-accept-log' && l.msg === 'request');
    expect(line).toMatchObject({ method: 'POST', status: 200, path: `/api/v1/organizations/${orgId}/staff/invitations/[redacted]/accept` });
    expect(logged.join('')).not.toContain(invitation.token);
  });

  it('migration 0009 removes the tokens that older STAFF_INVITATION notifications carried', async () => {
    const { owner, orgId } = await org();
    const bob = await registerUser(server);
    const inv = (await invite(orgId, owner.accessToken, { username: bob.username, role: 'ADMIN' })).body.data;
    // A notification as written before tokens were kept out of them.
    const legacy = { organizationId: orgId, invitationId: inv.id, role: 'ADMIN', token: inv.token };
    await server.deps.db.updateTable('notifications').set({ data: JSON.stringify(legacy) }).where('user_id', '=', bob.id).execute();
    expect((await request(server, 'GET', '/notifications', { token: bob.accessToken })).text).toContain(inv.token);
    await migration0009.up(server.deps.db);
    const after = await request(server, 'GET', '/notifications', { token: bob.accessToken });
    expect(after.text).not.toContain(inv.token);
    expect(after.body.data[0].data).toEqual({ organizationId: orgId, invitationId: inv.id, role: 'ADMIN' });
  });

  it('lets only the invitee accept by the invitation id; anyone else gets 404 for it', async () => {
    const { owner, orgId } = await org();
    const [bob, mallory] = [await registerUser(server), await registerUser(server)];
    const inv = (await invite(orgId, owner.accessToken, { username: bob.username, role: 'MODERATOR' })).body.data;
    for (const who of [mallory, owner]) {
      const res = await accept(orgId, inv.id, who.accessToken);
      expect(res.status, res.text).toBe(404);
    }
    const other = await org();
    expect((await accept(other.orgId, inv.id, bob.accessToken)).status).toBe(404);
    const accepted = await accept(orgId, inv.id, bob.accessToken);
    expect(accepted.status, accepted.text).toBe(200);
    expect(accepted.body.data).toMatchObject({ userId: bob.id, role: 'MODERATOR' });
    expect((await accept(orgId, inv.id, bob.accessToken)).body.error.code).toBe('INVITATION_USED');
  });

  it('refuses a reused token (409 INVITATION_USED) and an expired one (410 INVITATION_EXPIRED)', async () => {
    const { owner, orgId } = await org();
    const [bob, carol] = [await registerUser(server), await registerUser(server)];
    const first = (await invite(orgId, owner.accessToken, { username: bob.username, role: 'MODERATOR' })).body.data;
    expect((await accept(orgId, first.token, bob.accessToken)).status).toBe(200);
    const reused = await accept(orgId, first.token, bob.accessToken);
    expect(reused.status).toBe(409);
    expect(reused.body.error.code).toBe('INVITATION_USED');

    const second = (await invite(orgId, owner.accessToken, { username: carol.username, role: 'ADMIN' })).body.data;
    server.clock.advance(7 * DAY_MS - 1000);
    server.clock.advance(1000);
    const expired = await accept(orgId, second.token, await relogin(carol));
    expect(expired.status).toBe(410);
    expect(expired.body.error.code).toBe('INVITATION_EXPIRED');
    expect(expired.body.error.message).toContain(second.expiresAt);
    expect((await staffOf(orgId, await relogin(owner))).map((m) => m.userId)).not.toContain(carol.id);
  });

  it('accepts one second before expiry', async () => {
    const { owner, orgId } = await org();
    const bob = await registerUser(server);
    const inv = (await invite(orgId, owner.accessToken, { username: bob.username, role: 'ADMIN' })).body.data;
    server.clock.advance(7 * DAY_MS - 1000);
    expect((await accept(orgId, inv.token, await relogin(bob))).status).toBe(200);
  });

  it('lets only the invited user accept (403 for another user, the invitation stays usable)', async () => {
    const { owner, orgId } = await org();
    const [bob, mallory] = [await registerUser(server), await registerUser(server)];
    const inv = (await invite(orgId, owner.accessToken, { username: bob.username, role: 'ADMIN' })).body.data;
    const stolen = await accept(orgId, inv.token, mallory.accessToken);
    expect(stolen.status).toBe(403);
    expect(stolen.body.error.code).toBe('FORBIDDEN');
    const ownerTry = await accept(orgId, inv.token, owner.accessToken);
    expect(ownerTry.status).toBe(403);
    expect((await accept(orgId, inv.token, bob.accessToken)).status).toBe(200);
  });

  it('answers 404 for an unknown token, a token of another organization and 401 anonymous', async () => {
    const { owner, orgId } = await org();
    const other = await org();
    const bob = await registerUser(server);
    const inv = (await invite(orgId, owner.accessToken, { username: bob.username, role: 'ADMIN' })).body.data;
    expect((await accept(other.orgId, inv.token, bob.accessToken)).status).toBe(404);
    expect((await accept(orgId, `tsi_${'x'.repeat(43)}`, bob.accessToken)).status).toBe(404);
    const anonymous = await request(server, 'POST', `/organizations/${orgId}/staff/invitations/${inv.token}/accept`);
    expect(anonymous.status).toBe(401);
  });

  it('invites by email without binding an account: whoever holds the token accepts, with any account', async () => {
    const { owner, orgId } = await org();
    const email = `Dana.${unique()}@Example.com`;
    const res = await invite(orgId, owner.accessToken, { email, role: 'ORGANIZER' });
    expect(res.status).toBe(201);
    expect(res.body.data).toMatchObject({ userId: null, username: null, email: email.toLowerCase(), role: 'ORGANIZER' });
    // Dana received the token at her address; her account was registered with another one.
    const dana = await registerUser(server);
    const accepted = await accept(orgId, res.body.data.token, dana.accessToken);
    expect(accepted.status).toBe(200);
    expect(accepted.body.data).toMatchObject({ userId: dana.id, role: 'ORGANIZER' });
    expect((await accept(orgId, res.body.data.token, (await registerUser(server)).accessToken)).status).toBe(409);
  });

  it('invites the email of an existing account without naming or notifying that account; the invitation id accepts nothing', async () => {
    const { owner, orgId } = await org();
    // Anyone may register with any address: the account holding it proves nothing of owning it.
    const squatter = await registerUser(server);
    const res = await invite(orgId, owner.accessToken, { email: squatter.email.toUpperCase(), role: 'ADMIN' });
    expect(res.status).toBe(201);
    expect(res.body.data).toMatchObject({ userId: null, username: null, email: squatter.email.toLowerCase() });
    expect((await request(server, 'GET', '/notifications', { token: squatter.accessToken })).body.data).toEqual([]);
    const pending = (await request(server, 'GET', `/organizations/${orgId}/staff/invitations`, { token: owner.accessToken })).body.data;
    expect(pending).toEqual([expect.objectContaining({ id: res.body.data.id, userId: null, username: null, email: squatter.email.toLowerCase() })]);
    const byId = await accept(orgId, res.body.data.id, squatter.accessToken);
    expect(byId.status).toBe(404);
    expect((await staffOf(orgId, owner.accessToken)).map((m) => m.userId)).toEqual([owner.id]);
  });

  it('validates the body: exactly one of username and email, a known role', async () => {
    const { owner, orgId } = await org();
    const bob = await registerUser(server);
    for (const body of [{ role: 'ADMIN' }, { username: bob.username, email: bob.email, role: 'ADMIN' }, { username: bob.username, role: 'BOSS' }]) {
      const res = await invite(orgId, owner.accessToken, body);
      expect(res.status).toBe(400);
      expect(res.body.error.code).toBe('VALIDATION_ERROR');
    }
    const unknown = await invite(orgId, owner.accessToken, { username: `nobody_${unique()}`.slice(0, 32), role: 'ADMIN' });
    expect(unknown.status).toBe(404);
  });

  it('answers 409 CONFLICT when the invitee is already staff', async () => {
    const { owner, orgId } = await org();
    const bob = await registerUser(server);
    await addStaffMember(server, orgId, bob.id, 'MODERATOR');
    const res = await invite(orgId, owner.accessToken, { username: bob.username, role: 'ADMIN' });
    expect(res.status).toBe(409);
    expect(res.body.error.code).toBe('CONFLICT');
  });

  it('refuses to accept an invitation whose invitee became staff meanwhile (409 CONFLICT), keeping their role', async () => {
    const { owner, orgId } = await org();
    const bob = await registerUser(server);
    const pending = (await invite(orgId, owner.accessToken, { username: bob.username, role: 'ADMIN' })).body.data;
    // Bob joins by another way while the invitation is pending.
    await addStaffMember(server, orgId, bob.id, 'MODERATOR');
    const res = await accept(orgId, pending.token, bob.accessToken);
    expect(res.status).toBe(409);
    expect(res.body.error.code).toBe('CONFLICT');
    expect(res.body.error.message).toMatch(/already staff/);
    expect((await staffOf(orgId, owner.accessToken)).filter((m) => m.userId === bob.id).map((m) => m.role)).toEqual(['MODERATOR']);
  });

  it('replaces a pending invitation of the same person: the old token answers 410', async () => {
    const { owner, orgId } = await org();
    const bob = await registerUser(server);
    const old = (await invite(orgId, owner.accessToken, { username: bob.username, role: 'MODERATOR' })).body.data;
    const fresh = (await invite(orgId, owner.accessToken, { username: bob.username, role: 'ADMIN' })).body.data;
    const stale = await accept(orgId, old.token, bob.accessToken);
    expect(stale.status).toBe(410);
    expect(stale.body.error.code).toBe('INVITATION_EXPIRED');
    expect((await accept(orgId, fresh.token, bob.accessToken)).body.data.role).toBe('ADMIN');
  });

  it('lets OWNER and ADMIN invite, only an OWNER invite an OWNER; others get 403', async () => {
    const { owner, orgId, projectId } = await org();
    const [admin, organizer, moderator, stranger, target] = await Promise.all([1, 2, 3, 4, 5].map(() => registerUser(server)));
    await addStaffMember(server, orgId, admin!.id, 'ADMIN');
    await addStaffMember(server, orgId, organizer!.id, 'ORGANIZER');
    await addStaffMember(server, orgId, moderator!.id, 'MODERATOR');
    for (const who of [organizer!, moderator!, stranger!]) {
      const res = await invite(orgId, who.accessToken, { username: target!.username, role: 'MODERATOR' });
      expect(res.status).toBe(403);
      expect(res.body.error.code).toBe('FORBIDDEN');
    }
    const adminOwner = await invite(orgId, admin!.accessToken, { username: target!.username, role: 'OWNER' });
    expect(adminOwner.status).toBe(403);
    expect(adminOwner.body.error.message).toContain('only an OWNER');
    expect((await invite(orgId, admin!.accessToken, { username: target!.username, role: 'ADMIN' })).status).toBe(201);
    expect((await invite(orgId, owner.accessToken, { username: target!.username, role: 'OWNER' })).status).toBe(201);
    const { key } = await createApiKey(server, owner, projectId);
    const byKey = await request(server, 'POST', `/organizations/${orgId}/staff/invite`, { apiKey: key, body: { username: target!.username, role: 'ADMIN' } });
    expect(byKey.status).toBe(403);
    expect(byKey.body.error.code).toBe('API_KEY_NOT_ALLOWED');
  });
});

describe('staff removal', () => {
  it('lets an OWNER remove anyone, an ADMIN a non-OWNER, anyone themself; others get 403', async () => {
    const { owner, orgId } = await org();
    const [admin, organizer, moderator] = [await registerUser(server), await registerUser(server), await registerUser(server)];
    const adminId = await addStaffMember(server, orgId, admin.id, 'ADMIN');
    const organizerId = await addStaffMember(server, orgId, organizer.id, 'ORGANIZER');
    const moderatorId = await addStaffMember(server, orgId, moderator.id, 'MODERATOR');
    const ownerId = (await staffOf(orgId, owner.accessToken)).find((m) => m.userId === owner.id).id;
    const remove = (staffId: string, token: string) => request(server, 'DELETE', `/organizations/${orgId}/staff/${staffId}`, { token });

    const byOrganizer = await remove(moderatorId, organizer.accessToken);
    expect(byOrganizer.status).toBe(403);
    const adminOnOwner = await remove(ownerId, admin.accessToken);
    expect(adminOnOwner.status).toBe(403);
    expect(adminOnOwner.body.error.message).toContain('ADMIN cannot remove an OWNER');
    expect((await remove(moderatorId, admin.accessToken)).status).toBe(204);
    expect((await remove(organizerId, organizer.accessToken)).status).toBe(204);
    expect((await remove(adminId, owner.accessToken)).status).toBe(204);
    expect((await staffOf(orgId, owner.accessToken)).map((m) => m.userId)).toEqual([owner.id]);
    const gone = await remove(adminId, owner.accessToken);
    expect(gone.status).toBe(404);
    const stranger = await registerUser(server);
    expect((await remove(ownerId, stranger.accessToken)).status).toBe(403);
  });

  it('never removes the last OWNER (409), but one of two OWNERs may go', async () => {
    const { owner, orgId } = await org();
    const ownerId = (await staffOf(orgId, owner.accessToken)).find((m) => m.userId === owner.id).id;
    const self = await request(server, 'DELETE', `/organizations/${orgId}/staff/${ownerId}`, { token: owner.accessToken });
    expect(self.status).toBe(409);
    expect(self.body.error.code).toBe('CONFLICT');
    expect(self.body.error.message).toContain('last OWNER');

    const co = await registerUser(server);
    const inv = (await invite(orgId, owner.accessToken, { username: co.username, role: 'OWNER' })).body.data;
    const coId = (await accept(orgId, inv.token, co.accessToken)).body.data.id;
    expect((await request(server, 'DELETE', `/organizations/${orgId}/staff/${ownerId}`, { token: co.accessToken })).status).toBe(204);
    const last = await request(server, 'DELETE', `/organizations/${orgId}/staff/${coId}`, { token: co.accessToken });
    expect(last.status).toBe(409);
    expect((await staffOf(orgId, co.accessToken)).map((m) => [m.userId, m.role])).toEqual([[co.id, 'OWNER']]);
  });

  it('deleting the organization removes its invitations', async () => {
    const { owner, orgId } = await org();
    const bob = await registerUser(server);
    const inv = (await invite(orgId, owner.accessToken, { username: bob.username, role: 'ADMIN' })).body.data;
    expect((await request(server, 'DELETE', `/organizations/${orgId}`, { token: owner.accessToken })).status).toBe(204);
    const rows = await server.deps.db.selectFrom('staff_invitations').select('id').where('organization_id', '=', orgId).execute();
    expect(rows).toEqual([]);
    expect((await accept(orgId, inv.token, bob.accessToken)).status).toBe(404);
  });
});
