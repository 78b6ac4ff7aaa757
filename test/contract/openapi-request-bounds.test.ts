/**
 * Contract test of the bounds of request inputs (R2.4): every array a request may send (JSON bodies and parameters,
 * through any `$ref`) has a `maxItems`, so that the server refuses an oversized array at its first item too many.
 */
import { describe, expect, it } from 'vitest';
import { deref, isObject, operations, resolvePointer, type Json } from './helpers/openapi-document';

/** Pointers of the array schemas without maxItems reachable from `node` (each `$ref` target visited once). */
function unboundedArrays(node: Json | undefined, pointer: string, seen: Set<string>, out: string[]): void {
  if (Array.isArray(node)) {
    node.forEach((item, i) => unboundedArrays(item, `${pointer}/${i}`, seen, out));
    return;
  }
  if (!isObject(node)) return;
  if (typeof node.$ref === 'string') {
    if (seen.has(node.$ref)) return;
    seen.add(node.$ref);
    unboundedArrays(resolvePointer(node.$ref), node.$ref, seen, out);
    return;
  }
  const types = Array.isArray(node.type) ? node.type : [node.type];
  if ((types.includes('array') || node.items !== undefined || node.prefixItems !== undefined) && node.maxItems === undefined) out.push(pointer);
  for (const [key, value] of Object.entries(node)) {
    // Values, not schemas.
    if (['example', 'examples', 'default', 'enum', 'const'].includes(key)) continue;
    unboundedArrays(value, `${pointer}/${key}`, seen, out);
  }
}

describe('openapi.yaml: request bounds', () => {
  it('gives every array of a request body or parameter a maxItems', () => {
    const seen = new Set<string>();
    const out: string[] = [];
    for (const { method, path, op } of operations()) {
      const where = `${method.toUpperCase()} ${path}`;
      const body = deref(op.requestBody);
      const content = isObject(body) && isObject(body.content) ? body.content : {};
      for (const [type, media] of Object.entries(content)) {
        if (isObject(media)) unboundedArrays(media.schema, `${where} ${type}`, seen, out);
      }
      for (const parameter of Array.isArray(op.parameters) ? op.parameters : []) {
        const resolved = deref(parameter);
        if (isObject(resolved)) unboundedArrays(resolved.schema, `${where} ${String(resolved.in)}:${String(resolved.name)}`, seen, out);
      }
    }
    expect(seen.size).toBeGreaterThan(20);
    expect(out).toEqual([]);
  });
});
