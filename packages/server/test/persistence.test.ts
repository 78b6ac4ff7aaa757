import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { createTenant, createTestDatabase, request, startTestServer, type TestServerOptions, testDialect } from './helpers/index';

describe(`persistence (${testDialect})`, () => {
  const dir = mkdtempSync(join(tmpdir(), 'tourney-server-'));
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  it('finds its users, organizations, projects and keys again after a restart', async () => {
    // SQLite: a file in a folder that does not exist yet (the server creates it); PostgreSQL: a new database.
    const database = testDialect === 'sqlite' ? undefined : await createTestDatabase({ empty: true });
    const options: TestServerOptions = database ? database.options : { databasePath: join(dir, 'nested', 'tourney.db') };
    const first = await startTestServer(options);
    const tenant = await createTenant(first);
    await first.close();

    const second = await startTestServer(options);
    try {
      const login = await request(second, 'POST', '/auth/login', { body: { username: tenant.owner.username, password: tenant.owner.password } });
      expect(login.status).toBe(200);
      expect((await request(second, 'GET', '/users/me', { token: tenant.owner.accessToken })).status).toBe(200);
      const org = await request(second, 'GET', `/organizations/${tenant.organization.id}`);
      expect(org.body.data.slug).toBe(tenant.organization.slug);
      const project = await request(second, 'GET', `/projects/${tenant.project.id}`, { apiKey: tenant.apiKey.key });
      expect(project.body.data.name).toBe(tenant.project.name);
    } finally {
      await second.close();
      await database?.drop();
    }
  });
});
