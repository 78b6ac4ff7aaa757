/**
 * Contract test of openapi.yaml as a document (R2.1): OpenAPI 3.1.0 with the local /api/v1 server, every $ref resolves
 * locally, operationIds are unique, and schemas use JSON Schema 2020-12 style only.
 */
import { describe, expect, it } from 'vitest';
import { allOperationIds, doc, isObject, operations, resolvePointer, walk } from './helpers/openapi-document';

/** The only `format` values the server's ajv-formats setup is expected to see. */
const ALLOWED_FORMATS = new Set(['uuid', 'date-time', 'date', 'email', 'uri']);

describe('openapi.yaml: document', () => {
  it('is OpenAPI 3.1.0 with the local /api/v1 server', () => {
    expect(doc.openapi).toBe('3.1.0');
    expect(isObject(doc.info) && doc.info.title).toBe('Tourney API');
    expect(doc.servers).toEqual([expect.objectContaining({ url: 'http://localhost:3000/api/v1' })]);
    for (const { path } of operations()) expect(path.startsWith('/api/')).toBe(false);
  });

  it('resolves every $ref locally', () => {
    const broken: string[] = [];
    for (const [, key, value, pointer] of walk(doc)) {
      if (key !== '$ref') continue;
      if (typeof value !== 'string' || resolvePointer(value) === undefined) broken.push(`${pointer}: ${String(value)}`);
    }
    expect(broken).toEqual([]);
  });

  it('has unique operationIds', () => {
    const ids = allOperationIds();
    const duplicates = ids.filter((id, i) => ids.indexOf(id) !== i);
    expect(duplicates).toEqual([]);
  });

  it('uses JSON Schema 2020-12 style only (no nullable, no discriminator, known formats)', () => {
    const problems: string[] = [];
    for (const [parentKey, key, value, pointer] of walk(doc)) {
      if (parentKey === 'properties') continue; // a property may be called "format" (Stage.format)
      if (key === 'nullable' || key === 'discriminator') problems.push(`${pointer}/${key}`);
      if (key === 'format' && typeof value === 'string' && !ALLOWED_FORMATS.has(value)) problems.push(`${pointer}: format ${value}`);
    }
    expect(problems).toEqual([]);
  });
});
