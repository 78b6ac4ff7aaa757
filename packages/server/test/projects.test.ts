import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { newId } from '../src/ids';
import { addStaffMember, createTenant, registerUser, request, startTestServer, type TestServer, type TestTenant, type TestUser } from './helpers/index';

describe('projects', () => {
  let server: TestServer;
  let tenant: TestTenant;
  let admin: TestUser;
  let organizer: TestUser;
  let stranger: TestUser;
  beforeAll(async () => {
    server = await startTestServer();
    tenant = await createTenant(server);
    [admin, organizer, stranger] = await Promise.all([registerUser(server), registerUser(server), registerUser(server)]);
    await addStaffMember(server, tenant.organization.id, admin.id, 'ADMIN');
    await addStaffMember(server, tenant.organization.id, organizer.id, 'ORGANIZER');
  });
  afterAll(() => server.close());

  const orgPath = () => `/organizations/${tenant.organization.id}/projects`;

  it('creates FREE projects by default; PRO only for an OWNER', async () => {
    const free = await request(server, 'POST', orgPath(), { token: admin.accessToken, body: { name: 'By admin' } });
    expect(free.status).toBe(201);
    expect(free.body.data).toMatchObject({ name: 'By admin', plan: 'FREE', organizationId: tenant.organization.id });
    const proByAdmin = await request(server, 'POST', orgPath(), { token: admin.accessToken, body: { name: 'Pro', plan: 'PRO' } });
    expect(proByAdmin.status).toBe(403);
    expect(proByAdmin.body.error.code).toBe('FORBIDDEN');
    const pro = await request(server, 'POST', orgPath(), { token: tenant.owner.accessToken, body: { name: 'Pro', plan: 'PRO' } });
    expect(pro.status).toBe(201);
    expect(pro.body.data.plan).toBe('PRO');
  });

  it('refuses creation to ORGANIZER and strangers (403), for an unknown organization (404) and a bad plan (400)', async () => {
    expect((await request(server, 'POST', orgPath(), { token: organizer.accessToken, body: { name: 'x' } })).status).toBe(403);
    expect((await request(server, 'POST', orgPath(), { token: stranger.accessToken, body: { name: 'x' } })).status).toBe(403);
    expect((await request(server, 'POST', `/organizations/${newId()}/projects`, { token: tenant.owner.accessToken, body: { name: 'x' } })).status).toBe(404);
    const badPlan = await request(server, 'POST', orgPath(), { token: tenant.owner.accessToken, body: { name: 'x', plan: 'GOLD' } });
    expect(badPlan.body.error.details[0].path).toBe('body.plan');
  });

  it('lists projects to any staff member, oldest first', async () => {
    const list = await request(server, 'GET', orgPath(), { token: organizer.accessToken, query: { limit: 100 } });
    expect(list.status).toBe(200);
    expect(list.body.data[0].id).toBe(tenant.project.id);
    expect(list.body.pagination.total).toBe(list.body.data.length);
    expect((await request(server, 'GET', orgPath(), { token: stranger.accessToken })).status).toBe(403);
  });

  it('shows a project to staff and to keys of that project; 404 to other keys and strangers', async () => {
    const path = `/projects/${tenant.project.id}`;
    expect((await request(server, 'GET', path, { token: organizer.accessToken })).body.data).toMatchObject({ id: tenant.project.id, plan: 'FREE' });
    expect((await request(server, 'GET', path, { apiKey: tenant.apiKey.key })).status).toBe(200);
    const other = await createTenant(server);
    const otherKey = await request(server, 'GET', path, { apiKey: other.apiKey.key });
    expect(otherKey.status).toBe(404);
    expect(otherKey.body.error.code).toBe('NOT_FOUND');
    expect((await request(server, 'GET', path, { token: stranger.accessToken })).status).toBe(404);
    expect((await request(server, 'GET', path)).status).toBe(401);
  });

  it('renames (OWNER/ADMIN) and changes the plan (OWNER only)', async () => {
    const path = `/projects/${tenant.project.id}`;
    const renamed = await request(server, 'PATCH', path, { token: admin.accessToken, body: { name: 'Renamed' } });
    expect(renamed.status).toBe(200);
    expect(renamed.body.data.name).toBe('Renamed');
    expect((await request(server, 'PATCH', path, { token: admin.accessToken, body: { plan: 'PRO' } })).status).toBe(403);
    expect((await request(server, 'PATCH', path, { token: organizer.accessToken, body: { name: 'No' } })).status).toBe(403);
    expect((await request(server, 'PATCH', path, { token: stranger.accessToken, body: { name: 'No' } })).status).toBe(404);
    const upgraded = await request(server, 'PATCH', path, { token: tenant.owner.accessToken, body: { plan: 'PRO' } });
    expect(upgraded.body.data).toMatchObject({ name: 'Renamed', plan: 'PRO' });
  });
});
