import { expect } from 'vitest';
import { createApiKey, createTenant, request, type ApiServer, type TestTenant } from './helpers/index';

/**
 * The API-key rules of an analytics endpoint (`path`, e.g. `/circuits/{id}/analytics`, of a resource of `tenant`'s
 * project): a key of the project without read:analytics is refused (403 INSUFFICIENT_SCOPE), one with it reads
 * (200), and a key of another project is told the resource does not exist (404).
 */
export async function expectAnalyticsKeyRules(server: ApiServer, tenant: TestTenant, path: string): Promise<void> {
  const circuitsOnly = await createApiKey(server, tenant.owner, tenant.project.id, ['read:circuits']);
  const refused = await request(server, 'GET', path, { apiKey: circuitsOnly.key });
  expect(refused.status).toBe(403);
  expect(refused.body.error.code).toBe('INSUFFICIENT_SCOPE');
  const analyst = await createApiKey(server, tenant.owner, tenant.project.id, ['read:analytics']);
  expect((await request(server, 'GET', path, { apiKey: analyst.key })).status).toBe(200);
  const stranger = await createTenant(server);
  expect((await request(server, 'GET', path, { apiKey: stranger.apiKey.key })).status).toBe(404);
}
