import { describe, expect } from 'vitest';
import { newId } from '../src/ids';
import { addStaffMember, createApiKey, expectStatus, registerUser, request, test, type TestUser } from './helpers/index';

// Private resources (projects, their API keys, webhook subscriptions and deliveries) are 404 for a signed-in user who
// is not staff of the owning organization, exactly as for an unknown id: a different answer (403) would tell a
// stranger that the id exists (R4.11). Staff with too small a role still get 403: they know the resource anyway.

interface Target {
  name: string;
  method: string;
  /** The path with the real ids, and the same path with one id replaced by an unknown one. */
  real: string;
  unknown: string;
  body?: unknown;
  query?: Record<string, string>;
}

/** A tenant's private resources: a project, an API key, a webhook subscription with a delivery. */
const it = test.extend<{ targets: Target[]; stranger: TestUser }>({
  targets: [
    async ({ server, tenant }, use) => {
      const key = await createApiKey(server, tenant.owner, tenant.project.id, ['read:tournaments']);
      const webhook = await request(server, 'POST', '/developer/webhooks', {
        apiKey: tenant.apiKey.key,
        body: { url: 'http://93.184.215.14/hooks/tourney', events: ['*'] }, // a public address literal: no DNS needed
      });
      expectStatus(webhook, 201, 'create webhook');
      const hook = webhook.body.data.id as string;
      const test = await request(server, 'POST', `/developer/webhooks/${hook}/test`, { apiKey: tenant.apiKey.key });
      expectStatus(test, 202, 'send test event');
      const delivery = test.body.data.id as string;
      const project = tenant.project.id;
      const missing = newId();
      const byId = (method: string, template: string, body?: unknown): Target => ({
        name: `${method} ${template}`,
        method,
        real: template.replace('{hook}', hook).replace('{delivery}', delivery).replace('{key}', key.id).replace('{project}', project),
        unknown: template.replace('{hook}', missing).replace('{delivery}', delivery).replace('{key}', missing).replace('{project}', missing),
        ...(body ? { body } : {}),
      });
      const byProjectId = (method: string, path: string, where: 'query' | 'body', body: Record<string, unknown> = {}): Target => ({
        name: `${method} ${path} (${where} projectId)`,
        method,
        real: path,
        unknown: path,
        ...(where === 'query' ? { query: { projectId: project } } : { body: { ...body, projectId: project } }),
      });
      await use([
        byId('GET', '/projects/{project}'),
        byId('PATCH', '/projects/{project}', { name: 'Renamed' }),
        byId('DELETE', '/developer/api-keys/{key}'),
        byId('GET', '/developer/webhooks/{hook}'),
        byId('PATCH', '/developer/webhooks/{hook}', { enabled: false }),
        byId('DELETE', '/developer/webhooks/{hook}'),
        byId('POST', '/developer/webhooks/{hook}/rotate-secret'),
        byId('POST', '/developer/webhooks/{hook}/test'),
        byId('GET', '/developer/webhooks/{hook}/deliveries'),
        byId('GET', '/developer/webhooks/{hook}/deliveries/{delivery}'),
        byId('POST', '/developer/webhooks/{hook}/deliveries/{delivery}/redeliver'),
        byProjectId('GET', '/developer/api-keys', 'query'),
        byProjectId('POST', '/developer/api-keys', 'body', { name: 'stolen', scopes: ['read:tournaments'] }),
        byProjectId('GET', '/developer/webhooks', 'query'),
        byProjectId('POST', '/developer/webhooks', 'body', { url: 'http://93.184.215.14/hooks/x', events: ['*'] }),
        byProjectId('GET', '/tournaments', 'query'),
        byProjectId('POST', '/tournaments', 'body', { name: 'Stolen cup', disciplineId: 'chess', maxParticipants: 8, startDate: '2030-06-01T12:00:00Z', stages: [{ name: 'Main', format: 'SINGLE_ELIMINATION' }] }),
        byProjectId('GET', '/circuits', 'query'),
        byProjectId('POST', '/circuits', 'body', { name: 'Stolen tour' }),
      ]);
    },
    { scope: 'file' },
  ],
  stranger: [async ({ server }, use) => use(await registerUser(server)), { scope: 'file' }],
});

/** The unknown-id twin of a projectId target: another, unknown project. */
const withUnknownProject = (target: Target): Target => {
  const unknownProject = newId();
  if (target.query) return { ...target, query: { projectId: unknownProject } };
  if (target.body && typeof target.body === 'object' && 'projectId' in target.body) return { ...target, body: { ...target.body, projectId: unknownProject } };
  return target;
};

describe('private resources of another organization', () => {
  it.scoped({ serverOptions: { webhookDispatcher: false } });

  it('answer a signed-in stranger 404 NOT_FOUND, as an unknown id does', async ({ server, targets, stranger }) => {
    const answers: string[] = [];
    for (const target of targets) {
      const call = (t: Target) => request(server, t.method, t.real, { token: stranger.accessToken, body: t.body, query: t.query });
      const real = await call(target);
      const unknown = await call(target.real === target.unknown ? withUnknownProject(target) : { ...target, real: target.unknown });
      answers.push(`${target.name}: ${real.status} ${real.body?.error?.code}, unknown id ${unknown.status} ${unknown.body?.error?.code}`);
    }
    expect(answers).toEqual(targets.map((t) => `${t.name}: 404 NOT_FOUND, unknown id 404 NOT_FOUND`));
  });

  it('answer staff with too small a role 403 FORBIDDEN (they know the resource exists)', async ({ server, tenant, targets }) => {
    const moderator = await registerUser(server);
    await addStaffMember(server, tenant.organization.id, moderator.id, 'MODERATOR');
    const webhook = targets.find((t) => t.name === 'GET /developer/webhooks/{hook}')!;
    const res = await request(server, 'GET', webhook.real, { token: moderator.accessToken });
    expect(`${res.status} ${res.body.error?.code}`, res.text).toBe('403 FORBIDDEN');
    const key = targets.find((t) => t.name === 'DELETE /developer/api-keys/{key}')!;
    const revoke = await request(server, 'DELETE', key.real, { token: moderator.accessToken });
    expect(`${revoke.status} ${revoke.body.error?.code}`, revoke.text).toBe('403 FORBIDDEN');
  });
});
