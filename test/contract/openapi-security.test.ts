/**
 * Contract test of the security of openapi.yaml (R1.7, R1.8, R1.10, R8.3, R12.1): the two schemes, bearer-only match
 * writes, the API-key-only anti-cheat surface, the public operations, and the scopes operations require.
 */
import { describe, expect, it } from 'vitest';
import { deref, doc, isObject, operations } from './helpers/openapi-document';
import { IDEMPOTENT_OPERATIONS } from './helpers/operation-groups';

describe('openapi.yaml: security', () => {
  const byId = new Map(operations().map((o) => [String(o.op.operationId), o.op]));
  const schemesOf = (id: string) => {
    const security = byId.get(id)?.security;
    return (Array.isArray(security) ? security : []).map((req) => (isObject(req) ? Object.keys(req).join('+') : '?'));
  };

  it('declares the ApiKeyAuth and BearerAuth schemes', () => {
    const components = doc.components;
    const schemes = isObject(components) && isObject(components.securitySchemes) ? components.securitySchemes : {};
    expect(schemes.ApiKeyAuth).toMatchObject({ type: 'apiKey', in: 'header', name: 'X-API-Key' });
    expect(schemes.BearerAuth).toMatchObject({ type: 'http', scheme: 'bearer' });
  });

  it('makes match writes bearer-only (R8.3)', () => {
    for (const id of ['startMatch', ...IDEMPOTENT_OPERATIONS]) expect(schemesOf(id), id).toEqual(['BearerAuth']);
  });

  it('makes the anti-cheat surface API-key-only, except the signed upload target', () => {
    const antiCheat = operations().filter((o) => o.path.startsWith('/anti-cheat/'));
    for (const { op } of antiCheat) {
      const id = String(op.operationId);
      expect(schemesOf(id), id).toEqual(id === 'uploadEvidence' ? [] : ['ApiKeyAuth']);
    }
  });

  it('keeps register, login, refresh and health public', () => {
    for (const id of ['register', 'login', 'refreshToken', 'getHealth']) expect(schemesOf(id), id).toEqual(['']);
  });

  it('names only Scope enum values in x-required-scope', () => {
    const scope = deref({ $ref: '#/components/schemas/Scope' });
    const allowed = isObject(scope) && Array.isArray(scope.enum) ? scope.enum : [];
    const scoped = operations().filter(({ op }) => op['x-required-scope'] !== undefined);
    expect(scoped.length).toBeGreaterThan(30);
    for (const { op } of scoped) expect(allowed).toContain(op['x-required-scope']);
  });
});
