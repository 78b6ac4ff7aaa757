import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addStaffMember, createOrgWithProject, registerUser, request, startTestServer, type TestServer, type TestUser } from './helpers/index';

// Changes of role (R13.11), and the pending invitations an OWNER or ADMIN lists and revokes, including those of a
// member removed or demoted (R13.12).

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(async () => server?.close());

/** A fresh organization owned by a fresh user, with an ADMIN and a MODERATOR. */
async function org(): Promise<{ owner: TestUser; admin: TestUser; moderator: TestUser; orgId: string; ids: { admin: string; moderator: string; owner: string } }> {
  const [owner, admin, moderator] = await Promise.all([registerUser(server), registerUser(server), registerUser(server)]);
  const { organization } = await createOrgWithProject(server, owner);
  const orgId = organization.id as string;
  const ids = {
    admin: await addStaffMember(server, orgId, admin.id, 'ADMIN'),
    moderator: await addStaffMember(server, orgId, moderator.id, 'MODERATOR'),
  };
  const staff = (await request(server, 'GET', `/organizations/${orgId}/staff`, { token: owner.accessToken })).body.data as any[];
  return { owner, admin, moderator, orgId, ids: { ...ids, owner: staff.find((m) => m.userId === owner.id).id } };
}

const setRole = (orgId: string, staffId: string, token: string, role: string) =>
  request(server, 'PATCH', `/organizations/${orgId}/staff/${staffId}`, { token, body: { role } });
const invite = (orgId: string, token: string, body: unknown) => request(server, 'POST', `/organizations/${orgId}/staff/invite`, { token, body });
const accept = (orgId: string, tokenOrId: string, token: string) =>
  request(server, 'POST', `/organizations/${orgId}/staff/invitations/${tokenOrId}/accept`, { token });
const pending = async (orgId: string, token: string) => request(server, 'GET', `/organizations/${orgId}/staff/invitations`, { token, query: { limit: 100 } });
const rolesOf = async (orgId: string, token: string) =>
  Object.fromEntries(((await request(server, 'GET', `/organizations/${orgId}/staff`, { token })).body.data as any[]).map((m) => [m.userId, m.role]));

describe('updateStaffRole', () => {
  it('hands ownership to an ADMIN, after which the former OWNER may step down; the last OWNER keeps the role (409)', async () => {
    const { owner, admin, orgId, ids } = await org();
    const promoted = await setRole(orgId, ids.admin, owner.accessToken, 'OWNER');
    expect(promoted.status).toBe(200);
    expect(promoted.body.data).toMatchObject({ id: ids.admin, userId: admin.id, username: admin.username, role: 'OWNER' });
    const down = await setRole(orgId, ids.owner, owner.accessToken, 'ADMIN');
    expect(down.body.data.role).toBe('ADMIN');
    expect(await rolesOf(orgId, admin.accessToken)).toMatchObject({ [owner.id]: 'ADMIN', [admin.id]: 'OWNER' });
    expect((await request(server, 'GET', `/organizations/${orgId}`, { token: admin.accessToken })).body.data.ownerId).toBe(admin.id);

    const last = await setRole(orgId, ids.admin, admin.accessToken, 'MODERATOR');
    expect(last.status).toBe(409);
    expect(last.body.error).toMatchObject({ code: 'CONFLICT', message: expect.stringContaining('last OWNER') });
    // The same role again changes nothing.
    expect((await setRole(orgId, ids.admin, admin.accessToken, 'OWNER')).status).toBe(200);
  });

  it('lets an ADMIN change non-OWNERs to any role but OWNER; an ADMIN cannot touch an OWNER, others change nothing', async () => {
    const { owner, admin, moderator, orgId, ids } = await org();
    expect((await setRole(orgId, ids.moderator, admin.accessToken, 'ORGANIZER')).body.data.role).toBe('ORGANIZER');
    const toOwner = await setRole(orgId, ids.moderator, admin.accessToken, 'OWNER');
    expect(toOwner.status).toBe(403);
    expect(toOwner.body.error.message).toContain('only an OWNER');
    const self = await setRole(orgId, ids.admin, admin.accessToken, 'OWNER');
    expect(self.status).toBe(403);
    expect((await setRole(orgId, ids.owner, admin.accessToken, 'ADMIN')).status).toBe(403);
    expect((await setRole(orgId, ids.admin, moderator.accessToken, 'MODERATOR')).status).toBe(403);
    const stranger = await registerUser(server);
    expect((await setRole(orgId, ids.admin, stranger.accessToken, 'MODERATOR')).status).toBe(403);
    expect((await setRole(orgId, '01900000-0000-7000-8000-000000000000', owner.accessToken, 'ADMIN')).status).toBe(404);
    const bad = await setRole(orgId, ids.moderator, owner.accessToken, 'REFEREE');
    expect(bad.status).toBe(400);
    expect(bad.body.error.details[0].path).toBe('body.role');
    expect(await rolesOf(orgId, owner.accessToken)).toMatchObject({ [admin.id]: 'ADMIN', [moderator.id]: 'ORGANIZER' });
  });
});

describe('pending staff invitations', () => {
  it('lists pending invitations newest first without tokens to OWNER and ADMIN; other staff get 403', async () => {
    const { owner, admin, moderator, orgId } = await org();
    const bob = await registerUser(server);
    const first = await invite(orgId, owner.accessToken, { username: bob.username, role: 'ORGANIZER' });
    const second = await invite(orgId, admin.accessToken, { email: 'Referee@Example.com', role: 'MODERATOR' });
    const listed = await pending(orgId, admin.accessToken);
    expect(listed.status).toBe(200);
    expect(listed.body.pagination).toMatchObject({ total: 2 });
    expect(listed.body.data).toEqual([
      {
        id: second.body.data.id,
        organizationId: orgId,
        userId: null,
        username: null,
        email: 'referee@example.com',
        role: 'MODERATOR',
        expiresAt: second.body.data.expiresAt,
        invitedByUserId: admin.id,
        createdAt: second.body.data.createdAt,
      },
      expect.objectContaining({ id: first.body.data.id, userId: bob.id, username: bob.username, role: 'ORGANIZER', invitedByUserId: owner.id }),
    ]);
    expect(JSON.stringify(listed.body)).not.toContain(first.body.data.token);
    expect((await pending(orgId, moderator.accessToken)).status).toBe(403);

    // Accepted, replaced and expired invitations are no longer pending.
    expect((await accept(orgId, first.body.data.token, bob.accessToken)).status).toBe(200);
    expect((await pending(orgId, owner.accessToken)).body.data.map((i: any) => i.id)).toEqual([second.body.data.id]);
    server.clock.advance(8 * 24 * 3600 * 1000);
    const { accessToken } = (await request(server, 'POST', '/auth/login', { body: { username: owner.username, password: owner.password } })).body.data;
    expect((await pending(orgId, accessToken)).body.data).toEqual([]);
  });

  it('revokes a pending invitation (its token and id then answer 410); an accepted one is 409, an OWNER one only by an OWNER', async () => {
    const { owner, admin, orgId } = await org();
    const [bob, carol, dave] = await Promise.all([registerUser(server), registerUser(server), registerUser(server)]);
    const toBob = (await invite(orgId, admin.accessToken, { username: bob.username, role: 'ORGANIZER' })).body.data;
    const path = (id: string) => `/organizations/${orgId}/staff/invitations/${id}`;
    expect((await request(server, 'DELETE', path(toBob.id), { token: owner.accessToken })).status).toBe(204);
    expect((await request(server, 'DELETE', path(toBob.id), { token: owner.accessToken })).status).toBe(204);
    for (const tokenOrId of [toBob.token, toBob.id]) {
      const refused = await accept(orgId, tokenOrId, bob.accessToken);
      expect(refused.status).toBe(410);
      expect(refused.body.error.code).toBe('INVITATION_EXPIRED');
    }
    const toCarol = (await invite(orgId, owner.accessToken, { username: carol.username, role: 'OWNER' })).body.data;
    expect((await request(server, 'DELETE', path(toCarol.id), { token: admin.accessToken })).status).toBe(403);
    const toDave = (await invite(orgId, owner.accessToken, { username: dave.username, role: 'MODERATOR' })).body.data;
    expect((await accept(orgId, toDave.token, dave.accessToken)).status).toBe(200);
    const used = await request(server, 'DELETE', path(toDave.id), { token: owner.accessToken });
    expect(used.status).toBe(409);
    expect(used.body.error.code).toBe('INVITATION_USED');
    expect((await request(server, 'DELETE', path(toCarol.id), { token: dave.accessToken })).status).toBe(403);
    expect((await request(server, 'DELETE', path('01900000-0000-7000-8000-000000000000'), { token: owner.accessToken })).status).toBe(404);
    expect((await accept(orgId, toCarol.token, carol.accessToken)).body.data.role).toBe('OWNER');
  });

  it('revokes what a removed or demoted member offered beyond their new role: their invitations then answer 410', async () => {
    const { owner, admin, moderator, orgId, ids } = await org();
    const [alt, bob, carol] = await Promise.all([registerUser(server), registerUser(server), registerUser(server)]);
    // A removed ADMIN's invitation of their own second account no longer makes it ADMIN.
    const own = (await invite(orgId, admin.accessToken, { username: alt.username, role: 'ADMIN' })).body.data;
    expect((await request(server, 'DELETE', `/organizations/${orgId}/staff/${ids.admin}`, { token: owner.accessToken })).status).toBe(204);
    expect((await accept(orgId, own.token, alt.accessToken)).status).toBe(410);

    // An OWNER demoted to ADMIN keeps the invitations an ADMIN may send, not the OWNER ones.
    expect((await setRole(orgId, ids.moderator, owner.accessToken, 'OWNER')).status).toBe(200);
    const asOwner = (await invite(orgId, moderator.accessToken, { username: bob.username, role: 'OWNER' })).body.data;
    const asAdmin = (await invite(orgId, moderator.accessToken, { username: carol.username, role: 'ADMIN' })).body.data;
    expect((await setRole(orgId, ids.moderator, owner.accessToken, 'ADMIN')).status).toBe(200);
    expect((await pending(orgId, owner.accessToken)).body.data.map((i: any) => i.id)).toEqual([asAdmin.id]);
    expect((await accept(orgId, asOwner.token, bob.accessToken)).status).toBe(410);
    // Demoted once more, below ADMIN: nothing they sent stays.
    expect((await setRole(orgId, ids.moderator, owner.accessToken, 'MODERATOR')).status).toBe(200);
    expect((await accept(orgId, asAdmin.token, carol.accessToken)).status).toBe(410);
  });
});
