/**
 * openapi.yaml (the HTTP contract, OpenAPI 3.1; R2.1) loaded once as plain JSON, with the functions the contract tests
 * use to walk it: its operations, local `$ref` resolution, and the parts of an operation they check.
 */
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { parse } from 'yaml';

/** Any JSON value, as the YAML parser returns it. */
export type Json = null | boolean | number | string | Json[] | { [key: string]: Json };
/** A JSON object. */
export type JsonObject = { [key: string]: Json };

/** The keys of a path item that hold an operation, in OpenAPI's order. */
export const HTTP_METHODS = ['get', 'put', 'post', 'delete', 'patch', 'head', 'options', 'trace'] as const;

const specPath = fileURLToPath(new URL('../../../openapi.yaml', import.meta.url));

/** The parsed openapi.yaml of the repository root, read once when this module loads. */
export const doc = parse(readFileSync(specPath, 'utf8')) as JsonObject;

/** One operation of the document: its lower-case method, its path template (`/tournaments/{id}`) and its object. */
export interface Operation {
  method: string;
  path: string;
  op: JsonObject;
}

/** True for a JSON object (not null, not an array). */
export function isObject(value: Json | undefined): value is JsonObject {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** Converts the tables' `/tournaments/:id` notation into the OpenAPI `/tournaments/{id}` path template. */
export function toTemplate(specPath: string): string {
  return specPath.replace(/:([A-Za-z]+)/g, '{$1}');
}

/** Resolves a local JSON pointer such as `#/components/schemas/Match`; undefined when it points nowhere. */
export function resolvePointer(ref: string): Json | undefined {
  if (!ref.startsWith('#/')) return undefined;
  let node: Json | undefined = doc;
  for (const raw of ref.slice(2).split('/')) {
    const key = decodeURIComponent(raw).replace(/~1/g, '/').replace(/~0/g, '~');
    if (isObject(node)) node = node[key];
    else if (Array.isArray(node) && /^\d+$/.test(key)) node = node[Number(key)];
    else return undefined;
  }
  return node;
}

/** Follows `$ref` chains until a node without `$ref`. Throws on an unresolvable reference or a cycle (over 20 hops). */
export function deref(node: Json | undefined): Json | undefined {
  let current = node;
  for (let hops = 0; isObject(current) && typeof current.$ref === 'string'; hops++) {
    if (hops > 20) throw new Error(`$ref cycle at ${current.$ref}`);
    const target = resolvePointer(current.$ref);
    if (target === undefined) throw new Error(`unresolvable $ref ${current.$ref}`);
    current = target;
  }
  return current;
}

/** Every `[parentKey, key, value, pointer]` in the document, depth first. */
export function* walk(node: Json, pointer = '#', parentKey = ''): Generator<[string, string, Json, string]> {
  if (Array.isArray(node)) {
    for (const [i, item] of node.entries()) yield* walk(item, `${pointer}/${i}`, parentKey);
  } else if (isObject(node)) {
    for (const [key, value] of Object.entries(node)) {
      yield [parentKey, key, value, pointer];
      yield* walk(value, `${pointer}/${key.replace(/~/g, '~0').replace(/\//g, '~1')}`, key);
    }
  }
}

/** Every operation under `paths`, in document order (webhooks excluded). */
export function operations(): Operation[] {
  const out: Operation[] = [];
  const paths = doc.paths;
  if (!isObject(paths)) return out;
  for (const [path, item] of Object.entries(paths)) {
    if (!isObject(item)) continue;
    for (const method of HTTP_METHODS) {
      const op = item[method];
      if (isObject(op)) out.push({ method, path, op });
    }
  }
  return out;
}

/** The operation of a table entry such as `GET /tournaments/:id`; undefined when the document lacks it. */
export function findOperation(specEndpoint: string): Operation | undefined {
  const [method = '', specPathText = ''] = specEndpoint.split(' ');
  const template = toTemplate(specPathText);
  return operations().find((o) => o.method === method.toLowerCase() && o.path === template);
}

/** The status codes (`'200'`, `'4XX'`, ...) an operation documents. */
export function responseCodes(op: JsonObject): string[] {
  return isObject(op.responses) ? Object.keys(op.responses) : [];
}

/** The JSON schema of an operation's 200/201 answer, with `$ref`s of the response and schema followed. */
export function successSchema(op: JsonObject): JsonObject | undefined {
  const responses = op.responses;
  if (!isObject(responses)) return undefined;
  const response = deref(responses['200'] ?? responses['201']);
  if (!isObject(response) || !isObject(response.content)) return undefined;
  const media = response.content['application/json'];
  if (!isObject(media)) return undefined;
  const schema = deref(media.schema);
  return isObject(schema) ? schema : undefined;
}

/** An operation's parameters as `in:name` (`query:page`, `header:Idempotency-Key`), `$ref`s followed. */
export function parameterNames(op: JsonObject): string[] {
  const params = Array.isArray(op.parameters) ? op.parameters : [];
  return params.map((p) => {
    const resolved = deref(p);
    return isObject(resolved) && typeof resolved.name === 'string' ? `${String(resolved.in)}:${resolved.name}` : '';
  });
}

/** The operationIds of every operation under `paths` and `webhooks`, duplicates kept. */
export function allOperationIds(): string[] {
  const ids = operations().map((o) => o.op.operationId);
  const webhooks = doc.webhooks;
  if (isObject(webhooks)) {
    for (const item of Object.values(webhooks)) {
      if (!isObject(item)) continue;
      for (const method of HTTP_METHODS) {
        const op = item[method];
        if (isObject(op)) ids.push(op.operationId);
      }
    }
  }
  return ids.map((id) => String(id));
}
