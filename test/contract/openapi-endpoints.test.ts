/**
 * Contract test of the endpoints of openapi.yaml (R2.1, R2.7): every required endpoint and every extension is present
 * with its agreed operationId, no other operation is declared, and each operation has its operationId, one declared
 * tag, security and its success, error and 429 answers.
 */
import { describe, expect, it } from 'vitest';
import { doc, findOperation, isObject, operations, responseCodes, toTemplate } from './helpers/openapi-document';
import { EXTENSION_ENDPOINTS, REQUIRED_ENDPOINTS } from './helpers/required-endpoints';

describe('openapi.yaml: endpoints', () => {
  it('lists 71 required endpoints and the extensions, all distinct', () => {
    expect(REQUIRED_ENDPOINTS).toHaveLength(71);
    expect(EXTENSION_ENDPOINTS).toHaveLength(59);
    const keys = [...REQUIRED_ENDPOINTS, ...EXTENSION_ENDPOINTS].map(([endpoint]) => endpoint);
    expect(new Set(keys).size).toBe(keys.length);
  });

  it.each(REQUIRED_ENDPOINTS)('required endpoint %s is %s', (endpoint, operationId) => {
    const found = findOperation(endpoint);
    expect(found, `${endpoint} missing`).toBeDefined();
    expect(found?.op.operationId).toBe(operationId);
  });

  it.each(EXTENSION_ENDPOINTS)('extension endpoint %s is %s', (endpoint, operationId) => {
    expect(findOperation(endpoint)?.op.operationId).toBe(operationId);
  });

  it('declares no operation outside the two tables', () => {
    const declared = operations().map((o) => `${o.method.toUpperCase()} ${o.path}`).sort();
    const expected = [...REQUIRED_ENDPOINTS, ...EXTENSION_ENDPOINTS].map(([e]) => {
      const [method = '', path = ''] = e.split(' ');
      return `${method} ${toTemplate(path)}`;
    });
    expect(declared).toEqual(expected.sort());
  });

  it.each(operations().map((o) => [`${o.method.toUpperCase()} ${o.path}`, o] as const))(
    '%s has operationId, one tag, security, 2xx, 4xx and 429',
    (_name, { op }) => {
      expect(typeof op.operationId).toBe('string');
      expect(Array.isArray(op.tags) && op.tags.length).toBe(1);
      expect(typeof op.summary).toBe('string');
      expect(typeof op.description).toBe('string');
      expect(Array.isArray(op.security)).toBe(true);
      const codes = responseCodes(op);
      expect(codes.some((c) => /^2\d\d$/.test(c))).toBe(true);
      expect(codes.some((c) => /^4\d\d$/.test(c))).toBe(true);
      expect(codes).toContain('429');
    },
  );

  it('uses only declared tags', () => {
    const tags = new Set((Array.isArray(doc.tags) ? doc.tags : []).map((t) => (isObject(t) ? t.name : null)));
    const unknown = operations().flatMap(({ op }) => (Array.isArray(op.tags) ? op.tags : []).filter((t) => !tags.has(t)));
    expect(unknown).toEqual([]);
  });
});
