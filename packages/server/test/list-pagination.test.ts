import { describe, expect } from 'vitest';
import contract from '../src/generated/openapi.json';
import { expectStatus, request, test, type TestResponse } from './helpers/index';
import { activeCircuit, createCircuit, createSeason } from './circuits-helpers';
import { createTournament } from './tournaments-helpers';

// Generated from the contract: every operation with a `page` query parameter (R3.1, R3.9). A page past the last
// answers 200 with an empty page, a page past the documented maximum 400 naming query.page; never a 500, however
// large the number (an offset of (page - 1) x limit overflowing the database's integers used to answer 500).

type Parameter = { $ref?: string; name?: string; in?: string };
const HTTP_METHODS = ['get', 'put', 'post', 'delete', 'patch'] as const;
const document = contract as unknown as {
  paths: Record<string, Partial<Record<(typeof HTTP_METHODS)[number], Record<string, unknown>>>>;
  components: { parameters: Record<string, Parameter & { schema: { maximum?: number } }> };
};

const resolve = (p: Parameter): Parameter => (p.$ref ? document.components.parameters[p.$ref.split('/').pop()!]! : p);

interface ListOperation {
  operationId: string;
  path: string;
  security: Record<string, string[]>[];
}

const listOperations: ListOperation[] = Object.entries(document.paths).flatMap(([path, item]) =>
  HTTP_METHODS.flatMap((method) => {
    const op = item[method];
    const parameters = ((op?.parameters as Parameter[] | undefined) ?? []).map(resolve);
    if (!op || !parameters.some((p) => p.in === 'query' && p.name === 'page')) return [];
    return [{ operationId: String(op.operationId), path, security: (op.security ?? []) as Record<string, string[]>[] }];
  }),
);

const MAX_PAGE = document.components.parameters.Page!.schema.maximum!;

/** The ids the list paths need, made once for the file: an organization, a tournament, circuits and a webhook. */
const it = test.extend<{ ids: Record<string, string> }>({
  ids: [
    async ({ server, tenant }, use) => {
      const tournament = await createTournament(server, tenant);
      const circuit = await createCircuit(server, tenant);
      await createSeason(server, tenant, circuit.id);
      const { circuit: publicCircuit } = await activeCircuit(server, tenant); // public reads show ACTIVE circuits only
      const webhook = await request(server, 'POST', '/developer/webhooks', {
        apiKey: tenant.apiKey.key,
        body: { url: 'http://93.184.215.14/hooks/tourney', events: ['*'] }, // a public address literal: no DNS needed
      });
      expectStatus(webhook, 201, 'create webhook');
      await use({
        '/organizations/{id}': tenant.organization.id,
        '/organizations/{id}/staff': tenant.organization.id,
        '/tournaments/{id}': tournament.id,
        '/circuits/{id}': circuit.id,
        '/circuits/public/{id}': publicCircuit.id,
        '/developer/webhooks/{id}': webhook.body.data.id,
      });
    },
    { scope: 'file' },
  ],
});

describe('page numbers on every list operation', () => {
  it.scoped({ serverOptions: { webhookDispatcher: false } });

  test('the contract documents a maximum page and has list operations of every kind', () => {
    expect(listOperations.length).toBeGreaterThanOrEqual(15);
    expect(MAX_PAGE).toBeGreaterThan(1000);
  });

  for (const op of listOperations) {
    it(`${op.operationId}: a page past the last is empty (200), past the maximum 400, never 500`, async ({ server, tenant, ids }) => {
      const prefix = Object.keys(ids).find((p) => op.path.startsWith(`${p}/`) && op.path.split('/').length === p.split('/').length + 1);
      const path = prefix ? op.path.replace('{id}', ids[prefix]!) : op.path;
      expect(path).not.toContain('{');
      const acceptsKey = op.security.some((r) => 'ApiKeyAuth' in r);
      const credentials = acceptsKey ? { apiKey: tenant.apiKey.key } : { token: tenant.owner.accessToken };
      const get = (page: string | number): Promise<TestResponse> => request(server, 'GET', path, { ...credentials, query: { page, limit: 100 } });

      const beyond = await get(MAX_PAGE);
      expect(beyond.status, beyond.text).toBe(200);
      expect(beyond.body.data).toEqual([]);
      expect(beyond.body.pagination).toMatchObject({ page: MAX_PAGE, limit: 100, hasNext: false, hasPrevious: true });

      for (const page of [MAX_PAGE + 1, '922337203685477580', '1e400', '9'.repeat(400)]) {
        const res = await get(page);
        expect(res.status, `page=${page}: ${res.text}`).toBe(400);
        expect(res.body.error).toMatchObject({ code: 'VALIDATION_ERROR', details: [expect.objectContaining({ path: 'query.page' })] });
      }
    });
  }
});
