import { randomUUID } from 'node:crypto';
import { describe, expect } from 'vitest';
import contract from '../src/generated/openapi.json';
import { allScopes, type Scope } from '../src/index';
import { scopesIncluding } from '../src/auth/auth-context';
import { createApiKey, request, test, type TestApiKey, type TestResponse } from './helpers/index';

// Generated from the contract: every operation of openapi.json gets one test of who may call it, over real HTTP,
// following docs/decisions.md "Who may call what". A new operation is covered as soon as it is in the contract.
// The checks run before the handler, so the dummy ids (a random UUID in every path parameter) never reach a lookup:
// none of the refusals below may be a 404, and none depends on the body (an empty JSON object) or on the query.

type Requirement = Record<string, string[]>;
interface ContractOperation {
  operationId: string;
  method: string;
  path: string;
  security: Requirement[];
  requiredScope: Scope | undefined;
  hasBody: boolean;
  /** Status codes the contract documents. */
  statuses: string[];
  /** `x-ignores-credentials`: the operation never reads credentials (health checks, presigned uploads). */
  ignoresCredentials: boolean;
}

const HTTP_METHODS = ['get', 'put', 'post', 'delete', 'patch'] as const;
const document = contract as unknown as {
  security?: Requirement[];
  paths: Record<string, Partial<Record<(typeof HTTP_METHODS)[number], Record<string, unknown>>>>;
};

const operations: ContractOperation[] = Object.entries(document.paths).flatMap(([path, item]) =>
  HTTP_METHODS.flatMap((method) => {
    const op = item[method];
    if (!op) return [];
    return [
      {
        operationId: String(op.operationId),
        method: method.toUpperCase(),
        path,
        security: (op.security ?? document.security ?? []) as Requirement[],
        requiredScope: op['x-required-scope'] as Scope | undefined,
        hasBody: op.requestBody !== undefined,
        statuses: Object.keys((op.responses ?? {}) as object),
        ignoresCredentials: op['x-ignores-credentials'] === true,
      },
    ];
  }),
);

/** Schemes the router checks itself; any other scheme (a calendar feed token in the query) is checked by the handler. */
const ROUTER_SCHEMES = ['ApiKeyAuth', 'BearerAuth'];

/** What the contract says about one operation's callers. */
function rulesOf(op: ContractOperation) {
  const accepts = (scheme: string) => op.security.some((r) => scheme in r);
  // No requirement, or an empty one (`{}`), means anonymous callers are served.
  const isPublic = op.security.length === 0 || op.security.some((r) => Object.keys(r).length === 0);
  const apiKey = accepts('ApiKeyAuth');
  const bearer = accepts('BearerAuth');
  // A scheme other than the router's (exportCalendar's feed token in the query) is checked by the handler; the
  // answers are the same (its handler refuses API keys with API_KEY_NOT_ALLOWED too).
  const otherScheme = op.security.some((r) => Object.keys(r).some((s) => !ROUTER_SCHEMES.includes(s)));
  return {
    isPublic,
    anonymous: isPublic ? 'served' : ('401 UNAUTHORIZED' as const),
    /** An API key on a secured operation that does not list ApiKeyAuth (user tokens, or a user's feed token). */
    apiKeyNotAllowed: !isPublic && !apiKey,
    /** A user token on a key-only operation: 401 naming X-API-Key. */
    bearerUnauthorized: !isPublic && apiKey && !bearer && !otherScheme,
    /** The scope an API key must hold; users are checked by staff role instead. */
    scope: apiKey ? op.requiredScope : undefined,
  };
}

const DUMMY_ID = randomUUID();
const pathOf = (op: ContractOperation) => op.path.replace(/\{[^}]+\}/g, DUMMY_ID);
const call = (server: Parameters<typeof request>[0], op: ContractOperation, credentials: { apiKey?: string; token?: string }) =>
  request(server, op.method, pathOf(op), { ...credentials, ...(op.hasBody ? { body: {} } : {}) });

const describeRefusal = (res: TestResponse) => `${res.status} ${res.body?.error?.code ?? ''}`.trim();

/** Well-formed credentials that the server never issued. */
const UNKNOWN_KEY = `tk_${'x'.repeat(43)}`;
const UNKNOWN_TOKEN = `tat_${'x'.repeat(43)}`;

/** A 401 carries a WWW-Authenticate challenge naming Bearer or ApiKey (RFC 9110 15.5.2). */
function expectChallenge(res: TestResponse): void {
  expect(res.headers.get('www-authenticate'), `WWW-Authenticate of ${res.text}`).toMatch(/^(Bearer|ApiKey) realm="tourney"/);
}

/** The file's tenant plus, per scope, a key holding every scope but that one and those including it (made on first use). */
const it = test.extend<{ keyWithout: (scope: Scope) => Promise<TestApiKey> }>({
  keyWithout: [
    async ({ server, tenant }, use) => {
      const keys = new Map<Scope, Promise<TestApiKey>>();
      await use((scope) => {
        const lacking = scopesIncluding(scope);
        if (!keys.has(scope)) keys.set(scope, createApiKey(server, tenant.owner, tenant.project.id, allScopes.filter((s) => !lacking.includes(s))));
        return keys.get(scope)!;
      });
    },
    { scope: 'file' },
  ],
});

describe('who may call each operation of the contract', () => {
  test('the contract has operations of every kind the matrix checks', () => {
    const rules = operations.map(rulesOf);
    expect(operations.length).toBeGreaterThan(90);
    expect(rules.filter((r) => r.isPublic).length).toBeGreaterThan(0);
    expect(rules.filter((r) => r.apiKeyNotAllowed).length).toBeGreaterThan(0);
    expect(rules.filter((r) => r.bearerUnauthorized).length).toBeGreaterThan(0);
    expect(rules.filter((r) => r.scope).length).toBeGreaterThan(0);
  });

  test('every operation accepting an API key names the scope it needs, but getOrganization and getProject', () => {
    // getOrganization shows a key only the public fields anyone sees; getProject shows a key its own project.
    const missing = operations.filter((op) => op.security.some((r) => 'ApiKeyAuth' in r) && !op.requiredScope).map((op) => op.operationId);
    expect(missing).toEqual(['getOrganization', 'getProject']);
  });

  for (const op of operations) {
    const rules = rulesOf(op);
    const expected = [
      `anonymous ${rules.anonymous}`,
      rules.apiKeyNotAllowed && 'API key 403 API_KEY_NOT_ALLOWED',
      rules.bearerUnauthorized && 'user token 401 UNAUTHORIZED',
      rules.scope && `key without ${rules.scope} 403 INSUFFICIENT_SCOPE, with only it served`,
    ].filter(Boolean);

    it(`${op.method} ${op.path} (${op.operationId}): ${expected.join('; ')}`, async ({ server, tenant, keyWithout }) => {
      const anonymous = await call(server, op, {});
      if (rules.isPublic) {
        // Served: whatever the handler makes of the dummy input, the router did not ask for credentials.
        expect(anonymous.status, anonymous.text).not.toBe(401);
      } else {
        expect(describeRefusal(anonymous), anonymous.text).toBe('401 UNAUTHORIZED');
        expectChallenge(anonymous);
      }

      // A bad credential is 401 everywhere (R1.7), documented and with a challenge (R2.18), but where the operation
      // ignores credentials (R1.21).
      for (const bad of [{ apiKey: UNKNOWN_KEY }, { token: UNKNOWN_TOKEN }]) {
        const res = await call(server, op, bad);
        if (op.ignoresCredentials) {
          expect(res.status, res.text).not.toBe(401);
        } else {
          expect(describeRefusal(res), `${JSON.stringify(bad)}: ${res.text}`).toBe('401 UNAUTHORIZED');
          expectChallenge(res);
          expect(op.statuses, `${op.operationId} documents 401`).toContain('401');
        }
      }

      if (rules.apiKeyNotAllowed) {
        const res = await call(server, op, { apiKey: tenant.apiKey.key });
        expect(describeRefusal(res), res.text).toBe('403 API_KEY_NOT_ALLOWED');
      }

      if (rules.bearerUnauthorized) {
        const res = await call(server, op, { token: tenant.owner.accessToken });
        expect(describeRefusal(res), res.text).toBe('401 UNAUTHORIZED');
        expect(res.body.error.message).toContain('X-API-Key');
      }

      if (rules.scope) {
        const lacking = await call(server, op, { apiKey: (await keyWithout(rules.scope)).key });
        expect(describeRefusal(lacking), lacking.text).toBe('403 INSUFFICIENT_SCOPE');
        expect(lacking.body.error.message).toContain(rules.scope);
        // The key holding that one scope gets past the check (the handler then answers for the dummy input).
        const only = await createApiKey(server, tenant.owner, tenant.project.id, [rules.scope]);
        const served = await call(server, op, { apiKey: only.key });
        expect(served.status, served.text).not.toBe(401);
        expect(served.body?.error?.code, served.text).not.toBe('INSUFFICIENT_SCOPE');
      }
    });
  }
});
