import { describe, expect, it } from 'vitest';
import { DEFAULTED_QUERY_PARAMETERS } from '../../src/contract-operations';
import { listOperations, openapiDocument, resolvePointer } from '../../src/http/openapi';

describe('DEFAULTED_QUERY_PARAMETERS (handler query types)', () => {
  it('names exactly the query parameters that have a default in openapi.yaml, in every operation using them', () => {
    const listed = new Set<string>(DEFAULTED_QUERY_PARAMETERS);
    const mismatches: string[] = [];
    const withDefault = new Set<string>();
    for (const op of listOperations(openapiDocument)) {
      for (const p of op.parameters.filter((q) => q.in === 'query')) {
        const schema = p.schemaPointer ? (resolvePointer(openapiDocument, p.schemaPointer) as { default?: unknown }) : {};
        const hasDefault = 'default' in schema;
        if (hasDefault) withDefault.add(p.name);
        // A listed name typed as always present must have a default wherever it appears, and the reverse.
        if (hasDefault !== listed.has(p.name)) mismatches.push(`${op.operationId} query.${p.name} (default: ${hasDefault})`);
      }
    }
    expect(mismatches).toEqual([]);
    expect([...listed].filter((name) => !withDefault.has(name))).toEqual([]);
  });
});
