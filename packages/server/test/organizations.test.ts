import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { newId } from '../src/ids';
import { addStaffMember, createTenant, registerUser, request, startTestServer, type TestServer, type TestUser } from './helpers/index';

describe('organizations', () => {
  let server: TestServer;
  let owner: TestUser;
  beforeAll(async () => {
    server = await startTestServer();
    owner = await registerUser(server);
  });
  afterAll(() => server.close());

  it('creates an organization with the caller as OWNER and a slug derived from the name, made unique', async () => {
    const first = await request(server, 'POST', '/organizations', { token: owner.accessToken, body: { name: 'Night Owls Esports' } });
    expect(first.status).toBe(201);
    expect(first.body.data).toMatchObject({
      name: 'Night Owls Esports',
      slug: 'night-owls-esports',
      description: null,
      website: null,
      ownerId: owner.id,
      role: 'OWNER',
    });
    const second = await request(server, 'POST', '/organizations', { token: owner.accessToken, body: { name: 'Night Owls: Esports!' } });
    expect(second.body.data.slug).toBe('night-owls-esports-2');
  });

  it('numbers the slugs of one name past the 25 looked up at once, and keeps a longer name with that prefix apart', async () => {
    expect((await request(server, 'POST', '/organizations', { token: owner.accessToken, body: { name: 'Crowd Club' } })).body.data.slug).toBe('crowd-club');
    const prefixed = await request(server, 'POST', '/organizations', { token: owner.accessToken, body: { name: 'Crowd Club 7' } });
    expect(prefixed.body.data.slug).toBe('crowd-club-7'); // its own name's slug, free
    const slugs: string[] = [];
    for (let i = 0; i < 29; i++) slugs.push((await request(server, 'POST', '/organizations', { token: owner.accessToken, body: { name: 'Crowd Club' } })).body.data.slug);
    // 2..6, then 8..31: crowd-club-7 is taken by the other name; the 26th and later come from a second lookup.
    expect(slugs).toEqual([2, 3, 4, 5, 6, ...Array.from({ length: 24 }, (_, i) => i + 8)].map((n) => `crowd-club-${n}`));
  });

  it("lists the caller's organizations with the caller's role, oldest membership first (listMyOrganizations)", async () => {
    const member = await registerUser(server);
    const mine = await request(server, 'POST', '/organizations', { token: member.accessToken, body: { name: 'Mine First' } });
    const other = await registerUser(server);
    const theirs = await request(server, 'POST', '/organizations', { token: other.accessToken, body: { name: 'Theirs' } });
    await addStaffMember(server, theirs.body.data.id, member.id, 'MODERATOR');
    await request(server, 'POST', '/organizations', { token: other.accessToken, body: { name: 'Not Mine' } });
    const list = await request(server, 'GET', '/organizations?limit=1', { token: member.accessToken });
    expect(list.status).toBe(200);
    expect(list.body.data).toEqual([expect.objectContaining({ id: mine.body.data.id, role: 'OWNER', ownerId: member.id })]);
    expect(list.body.pagination).toMatchObject({ total: 2, hasNext: true });
    const second = await request(server, 'GET', '/organizations?page=2&limit=1', { token: member.accessToken });
    expect(second.body.data).toEqual([expect.objectContaining({ id: theirs.body.data.id, role: 'MODERATOR', ownerId: other.id })]);
    expect((await request(server, 'GET', '/organizations')).status).toBe(401);
  });

  it('accepts a given slug and answers 409 CONFLICT when it is taken', async () => {
    const body = { name: 'Given', slug: 'given-slug', description: 'About us', website: 'https://given.example.com' };
    const created = await request(server, 'POST', '/organizations', { token: owner.accessToken, body });
    expect(created.status).toBe(201);
    expect(created.body.data).toMatchObject(body);
    const taken = await request(server, 'POST', '/organizations', { token: owner.accessToken, body: { name: 'Other', slug: 'given-slug' } });
    expect(taken.status).toBe(409);
    expect(taken.body.error.code).toBe('CONFLICT');
  });

  it('needs a user token to create (401 anonymous, 403 API key)', async () => {
    expect((await request(server, 'POST', '/organizations', { body: { name: 'x' } })).status).toBe(401);
    const tenant = await createTenant(server);
    const withKey = await request(server, 'POST', '/organizations', { apiKey: tenant.apiKey.key, body: { name: 'x' } });
    expect(withKey.body.error.code).toBe('API_KEY_NOT_ALLOWED');
  });

  it('shows public fields to anyone and ownerId/role to staff; 404 for an unknown id', async () => {
    const org = (await request(server, 'POST', '/organizations', { token: owner.accessToken, body: { name: 'Visible' } })).body.data;
    const anonymous = await request(server, 'GET', `/organizations/${org.id}`);
    expect(anonymous.status).toBe(200);
    expect(anonymous.body.data).not.toHaveProperty('role');
    expect(anonymous.body.data).not.toHaveProperty('ownerId');
    const stranger = await registerUser(server);
    expect((await request(server, 'GET', `/organizations/${org.id}`, { token: stranger.accessToken })).body.data).not.toHaveProperty('role');
    const mod = await registerUser(server);
    await addStaffMember(server, org.id, mod.id, 'MODERATOR');
    const asMod = await request(server, 'GET', `/organizations/${org.id}`, { token: mod.accessToken });
    expect(asMod.body.data).toMatchObject({ role: 'MODERATOR', ownerId: owner.id });
    expect((await request(server, 'GET', `/organizations/${newId()}`)).status).toBe(404);
  });

  it('lets OWNER and ADMIN update (slug unchanged), not ORGANIZER or strangers', async () => {
    const org = (await request(server, 'POST', '/organizations', { token: owner.accessToken, body: { name: 'Editable' } })).body.data;
    const [admin, organizer, stranger] = await Promise.all([registerUser(server), registerUser(server), registerUser(server)]);
    await addStaffMember(server, org.id, admin.id, 'ADMIN');
    await addStaffMember(server, org.id, organizer.id, 'ORGANIZER');
    server.clock.advance(1000);
    const byAdmin = await request(server, 'PUT', `/organizations/${org.id}`, { token: admin.accessToken, body: { name: 'Edited', website: null } });
    expect(byAdmin.status).toBe(200);
    expect(byAdmin.body.data).toMatchObject({ name: 'Edited', slug: 'editable', role: 'ADMIN' });
    expect(byAdmin.body.data.updatedAt > org.updatedAt).toBe(true);
    const byOrganizer = await request(server, 'PUT', `/organizations/${org.id}`, { token: organizer.accessToken, body: { name: 'No' } });
    expect(byOrganizer.status).toBe(403);
    expect(byOrganizer.body.error.code).toBe('FORBIDDEN');
    expect((await request(server, 'PUT', `/organizations/${org.id}`, { token: stranger.accessToken, body: { name: 'No' } })).status).toBe(403);
    expect((await request(server, 'PUT', `/organizations/${newId()}`, { token: owner.accessToken, body: { name: 'No' } })).status).toBe(404);
    const empty = await request(server, 'PUT', `/organizations/${org.id}`, { token: owner.accessToken, body: {} });
    expect(empty.status).toBe(400);
  });

  it('lists staff to staff members only, oldest first, paginated', async () => {
    const org = (await request(server, 'POST', '/organizations', { token: owner.accessToken, body: { name: 'Staffed' } })).body.data;
    const mod = await registerUser(server, { displayName: 'Mo' });
    server.clock.advance(1000);
    await addStaffMember(server, org.id, mod.id, 'MODERATOR');
    const list = await request(server, 'GET', `/organizations/${org.id}/staff`, { token: mod.accessToken, query: { limit: 1 } });
    expect(list.status).toBe(200);
    expect(list.body.data).toEqual([expect.objectContaining({ userId: owner.id, username: owner.username, role: 'OWNER' })]);
    expect(list.body.pagination).toEqual({ page: 1, limit: 1, total: 2, totalPages: 2, hasNext: true, hasPrevious: false });
    const page2 = await request(server, 'GET', `/organizations/${org.id}/staff`, { token: mod.accessToken, query: { page: 2, limit: 1 } });
    expect(page2.body.data[0]).toMatchObject({ userId: mod.id, displayName: 'Mo', role: 'MODERATOR' });
    const stranger = await registerUser(server);
    expect((await request(server, 'GET', `/organizations/${org.id}/staff`, { token: stranger.accessToken })).status).toBe(403);
  });

  it('deletes an organization (OWNER only) with its projects and keys', async () => {
    const tenant = await createTenant(server);
    const admin = await registerUser(server);
    await addStaffMember(server, tenant.organization.id, admin.id, 'ADMIN');
    const byAdmin = await request(server, 'DELETE', `/organizations/${tenant.organization.id}`, { token: admin.accessToken });
    expect(byAdmin.status).toBe(403);
    const res = await request(server, 'DELETE', `/organizations/${tenant.organization.id}`, { token: tenant.owner.accessToken });
    expect(res.status).toBe(204);
    expect((await request(server, 'GET', `/organizations/${tenant.organization.id}`)).status).toBe(404);
    expect((await request(server, 'GET', `/projects/${tenant.project.id}`, { token: tenant.owner.accessToken })).status).toBe(404);
    expect((await request(server, 'GET', `/projects/${tenant.project.id}`, { apiKey: tenant.apiKey.key })).status).toBe(401);
  });

  it('refuses to delete while a tournament of the organization is ONGOING (409 INVALID_STATE)', async () => {
    const tenant = await createTenant(server);
    const now = server.clock.now().toISOString();
    await server.deps.db
      .insertInto('tournaments')
      .values({
        id: newId(),
        project_id: tenant.project.id,
        name: 'Live cup',
        description: null,
        discipline_id: 'chess',
        status: 'ONGOING',
        max_participants: 8,
        team_size: 1,
        start_date: now,
        registration_opens_at: null,
        registration_closes_at: null,
        check_in_required: 0,
        check_in_opens_minutes_before: 60,
        waitlist_capacity: 0,
        created_at: now,
        updated_at: now,
        published_at: now,
        started_at: now,
        completed_at: null,
      })
      .execute();
    const res = await request(server, 'DELETE', `/organizations/${tenant.organization.id}`, { token: tenant.owner.accessToken });
    expect(res.status).toBe(409);
    expect(res.body.error.code).toBe('INVALID_STATE');
    expect((await request(server, 'GET', `/organizations/${tenant.organization.id}`)).status).toBe(200);
  });
});
