/**
 * Names people read are stored trimmed and never blank, over HTTP: tournament and stage names (R5.2), display
 * names (R14.7), and the names of organizations, projects, circuits, seasons and API keys (R5.2), as participant and
 * team names already are (R6.2, R24.1). A name of spaces only is 400 naming it.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTenant, registerUser, request, startTestServer, unique, type TestServer, type TestTenant } from './helpers/index';
import { createCircuit, DEFAULT_SCORING } from './circuits-helpers';
import { createTournament, tournamentBody } from './tournaments-helpers';

let server: TestServer;
let tenant: TestTenant;

beforeAll(async () => {
  server = await startTestServer();
  tenant = await createTenant(server);
});
afterAll(async () => server?.close());

const refusal = (res: { status: number; body: any }) => [res.status, res.body.error?.code, res.body.error?.details?.[0]?.path];

describe('tournament and stage names', () => {
  it('trims tournament and stage names and refuses blank or invisible ones on create and update, naming the field', async () => {
    const create = (overrides: Record<string, unknown>) =>
      request(server, 'POST', '/tournaments', { token: tenant.owner.accessToken, body: tournamentBody({ projectId: tenant.project.id, ...overrides }) });
    expect(refusal(await create({ name: '   ' }))).toEqual([400, 'VALIDATION_ERROR', 'body.name']);
    // Nothing visible: zero-width and bidi control characters only.
    expect(refusal(await create({ name: '\u200b\u202e \u2060' }))).toEqual([400, 'VALIDATION_ERROR', 'body.name']);
    const blankStage = await create({ stages: [{ name: 'Groups', format: 'GROUPS' }, { name: ' \t ', format: 'SINGLE_ELIMINATION' }] });
    expect(refusal(blankStage)).toEqual([400, 'VALIDATION_ERROR', 'body.stages[1].name']);
    const trimmed = await create({ name: '  Spring Cup ', stages: [{ name: ' Main bracket  ', format: 'SINGLE_ELIMINATION' }] });
    expect(trimmed.status).toBe(201);
    expect([trimmed.body.data.name, trimmed.body.data.stages[0].name]).toEqual(['Spring Cup', 'Main bracket']);

    const t = await createTournament(server, tenant);
    const update = (body: unknown) => request(server, 'PUT', `/tournaments/${t.id}`, { token: tenant.owner.accessToken, body });
    expect(refusal(await update({ name: ' ' }))).toEqual([400, 'VALIDATION_ERROR', 'body.name']);
    expect(refusal(await update({ stages: [{ name: '  ', format: 'ROUND_ROBIN' }] }))).toEqual([400, 'VALIDATION_ERROR', 'body.stages[0].name']);
    const renamed = await update({ name: ' Summer Cup ', stages: [{ name: ' League ', format: 'ROUND_ROBIN' }] });
    expect(renamed.status).toBe(200);
    expect([renamed.body.data.name, renamed.body.data.stages[0].name]).toEqual(['Summer Cup', 'League']);
  });
});

describe('display names', () => {
  it('trims display names on register and updateMe and refuses blank ones, naming body.displayName', async () => {
    const suffix = unique();
    const register = (displayName: string) => {
      const tag = `${suffix}_${displayName.length}`;
      const body = { username: `dn_${tag}`.slice(0, 32), email: `dn.${tag}@example.com`, password: 'long enough password', displayName };
      return request(server, 'POST', '/auth/register', { body });
    };
    expect(refusal(await register(' '))).toEqual([400, 'VALIDATION_ERROR', 'body.displayName']);
    expect(refusal(await register('\u200b\u200d'))).toEqual([400, 'VALIDATION_ERROR', 'body.displayName']);
    const padded = await register('  Ada Lovelace ');
    expect(padded.status).toBe(201);
    expect(padded.body.data.user.displayName).toBe('Ada Lovelace');

    const user = await registerUser(server, { displayName: 'Grace' });
    const patchMe = (body: unknown) => request(server, 'PATCH', '/users/me', { token: user.accessToken, body });
    expect(refusal(await patchMe({ displayName: '   ' }))).toEqual([400, 'VALIDATION_ERROR', 'body.displayName']);
    expect((await patchMe({ displayName: ' Grace H. ' })).body.data.displayName).toBe('Grace H.');
    expect((await patchMe({ displayName: null })).body.data.displayName).toBeNull();
    expect((await request(server, 'GET', `/users/${user.username}`)).body.data.displayName).toBeNull();
  });
});

describe('organization, project, circuit, season and API key names', () => {
  it('trims the names of organizations, projects, circuits, seasons and API keys and refuses blank or invisible ones, naming body.name', async () => {
    const as = (method: string, path: string, body: unknown) => request(server, method, path, { token: tenant.owner.accessToken, body });
    const org = tenant.organization.id;
    const circuit = await createCircuit(server, tenant);
    const season = { startDate: '2031-01-01', endDate: '2031-12-31', scoring: DEFAULT_SCORING };
    const writes: [string, string, Record<string, unknown>][] = [
      ['POST', '/organizations', {}],
      ['PUT', `/organizations/${org}`, {}],
      ['POST', `/organizations/${org}/projects`, {}],
      ['PATCH', `/projects/${tenant.project.id}`, {}],
      ['POST', '/circuits', { projectId: tenant.project.id }],
      ['PUT', `/circuits/${circuit.id}`, {}],
      ['POST', `/circuits/${circuit.id}/seasons`, season],
      ['POST', '/developer/api-keys', { projectId: tenant.project.id, scopes: ['read:tournaments'] }],
    ];
    for (const [method, path, body] of writes) {
      expect([method, path, ...refusal(await as(method, path, { ...body, name: ' \t ' }))]).toEqual([method, path, 400, 'VALIDATION_ERROR', 'body.name']);
      expect([method, path, ...refusal(await as(method, path, { ...body, name: '\u200b\ufeff' }))]).toEqual([method, path, 400, 'VALIDATION_ERROR', 'body.name']);
      const name = `Name ${unique()}`;
      const res = await as(method, path, { ...body, name: `  ${name} ` });
      expect([method, path, res.status < 300, res.body.data?.name], res.text).toEqual([method, path, true, name]);
    }
  });
});
