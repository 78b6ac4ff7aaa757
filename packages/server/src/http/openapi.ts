import type { OpenApiDocument } from '../contract';
import { allScopes, type Scope } from '../auth/auth-context';

export { type OpenApiDocument, openapiDocument } from '../contract';

/** Where a parameter is read from. */
export type ParameterLocation = 'path' | 'query' | 'header';

/** One documented parameter, with the JSON pointer of its schema inside the document. */
export interface ParameterSpec {
  name: string;
  in: ParameterLocation;
  required: boolean;
  /** JSON pointer (`#/...`) of the parameter's schema; null when the parameter has none (anything goes). */
  schemaPointer: string | null;
}

/** How an operation takes its request body. */
export type BodyKind = 'none' | 'json' | 'raw';

/** One documented response status, with the pointer of its JSON schema when it has a JSON body. */
export interface ResponseSpec {
  /** `'200'`, `'4XX'` or `'default'`. */
  status: string;
  /** JSON pointer of the `application/json` schema, or null for a response without a JSON body. */
  schemaPointer: string | null;
}

/** Everything the router needs about one operation of the document, resolved once at start-up. */
export interface OperationSpec {
  operationId: string;
  /** Upper-case HTTP method. */
  method: string;
  /** OpenAPI path template, e.g. `/tournaments/{id}`. */
  path: string;
  /** Koa path, e.g. `/tournaments/:id`. */
  koaPath: string;
  /** Anonymous callers allowed: `security` lists `{}` or is empty. */
  allowAnonymous: boolean;
  allowApiKey: boolean;
  allowBearer: boolean;
  /** `x-required-scope` of the operation. */
  requiredScope: Scope | undefined;
  /** `x-ignores-credentials`: credentials sent are never read nor checked (getHealth, uploadEvidence; R1.21). */
  ignoresCredentials: boolean;
  /**
   * `x-rate-limit-by: address`: counted against the client address whatever credentials come with it (register,
   * login, refreshToken; R3.5), so that a valid token cannot open a fresh allowance of password guesses.
   */
  rateLimitByAddress: boolean;
  parameters: ParameterSpec[];
  bodyKind: BodyKind;
  bodyRequired: boolean;
  /** JSON pointer of the JSON request body schema (bodyKind 'json'). */
  bodySchemaPointer: string | null;
  responses: ResponseSpec[];
}

const HTTP_METHODS = ['get', 'put', 'post', 'delete', 'patch', 'head', 'options', 'trace'] as const;

/** Escapes one JSON pointer segment (RFC 6901). */
export const escapePointer = (segment: string): string => segment.replace(/~/g, '~0').replace(/\//g, '~1');

const unescapePointer = (segment: string): string => segment.replace(/~1/g, '/').replace(/~0/g, '~');

/** The value at a local JSON pointer (`#/a/b`) of the document; throws when it does not exist. */
export function resolvePointer(document: OpenApiDocument, pointer: string): unknown {
  if (!pointer.startsWith('#')) throw new Error(`only local references are supported, got ${pointer}`);
  let node: unknown = document;
  for (const raw of pointer.slice(1).split('/').filter((s) => s !== '')) {
    const key = decodeURIComponent(unescapePointer(raw));
    if (node === null || typeof node !== 'object' || !(key in node)) throw new Error(`openapi: unresolvable reference ${pointer}`);
    node = (node as Record<string, unknown>)[key];
  }
  return node;
}

/** Follows `$ref` chains of an OpenAPI object (parameter, response, request body); returns it and its pointer. */
function deref(document: OpenApiDocument, value: unknown, pointer: string): { node: Record<string, unknown>; pointer: string } {
  let node = value as Record<string, unknown>;
  let at = pointer;
  for (let hops = 0; typeof node?.$ref === 'string'; hops++) {
    if (hops > 20) throw new Error(`openapi: reference cycle at ${pointer}`);
    at = node.$ref as string;
    node = resolvePointer(document, at) as Record<string, unknown>;
  }
  return { node, pointer: at };
}

const isJsonMediaType = (type: string): boolean => /^application\/(?:[\w.+-]+\+)?json$/i.test(type.split(';')[0]!.trim());

/**
 * Security schemes the router resolves itself. A requirement naming any other scheme (e.g. `CalendarFeedToken`, a
 * token in the query) is checked by the operation's handler, so the router lets such requests through as anonymous.
 */
const ROUTER_SCHEMES = new Set(['ApiKeyAuth', 'BearerAuth']);

function parseSecurity(requirements: Array<Record<string, unknown>> | undefined) {
  const list = requirements ?? [];
  const handlerChecked = (r: Record<string, unknown>) => Object.keys(r).some((scheme) => !ROUTER_SCHEMES.has(scheme));
  return {
    allowAnonymous: list.length === 0 || list.some((r) => Object.keys(r).length === 0 || handlerChecked(r)),
    allowApiKey: list.some((r) => 'ApiKeyAuth' in r),
    allowBearer: list.some((r) => 'BearerAuth' in r),
  };
}

/**
 * Every operation of the document with its security, scope, parameters (path-level and operation-level, the
 * latter winning), request body kind and response schemas, as JSON pointers for the validators.
 * Throws on a malformed document (missing operationId, unknown scope, unresolvable reference).
 */
export function listOperations(document: OpenApiDocument): OperationSpec[] {
  const operations: OperationSpec[] = [];
  const seen = new Set<string>();
  for (const [path, item] of Object.entries(document.paths)) {
    const pathPointer = `#/paths/${escapePointer(path)}`;
    const pathParams = (item.parameters as unknown[] | undefined) ?? [];
    for (const method of HTTP_METHODS) {
      const op = item[method] as Record<string, unknown> | undefined;
      if (!op) continue;
      const opPointer = `${pathPointer}/${method}`;
      const operationId = op.operationId;
      if (typeof operationId !== 'string') throw new Error(`openapi: ${method.toUpperCase()} ${path} has no operationId`);
      if (seen.has(operationId)) throw new Error(`openapi: duplicate operationId ${operationId}`);
      seen.add(operationId);

      const byKey = new Map<string, ParameterSpec>();
      const addParams = (list: unknown[], base: string) =>
        list.forEach((p, i) => {
          const { node, pointer } = deref(document, p, `${base}/${i}`);
          const location = node.in as string;
          if (location !== 'path' && location !== 'query' && location !== 'header') return;
          const name = location === 'header' ? String(node.name).toLowerCase() : String(node.name);
          byKey.set(`${location}:${name}`, {
            name,
            in: location,
            required: location === 'path' || node.required === true,
            schemaPointer: node.schema ? `${pointer}/schema` : null,
          });
        });
      addParams(pathParams, `${pathPointer}/parameters`);
      addParams((op.parameters as unknown[] | undefined) ?? [], `${opPointer}/parameters`);

      let bodyKind: BodyKind = 'none';
      let bodyRequired = false;
      let bodySchemaPointer: string | null = null;
      if (op.requestBody) {
        const { node, pointer } = deref(document, op.requestBody, `${opPointer}/requestBody`);
        const content = (node.content as Record<string, { schema?: unknown }> | undefined) ?? {};
        const jsonType = Object.keys(content).find(isJsonMediaType);
        bodyRequired = node.required === true;
        if (jsonType) {
          bodyKind = 'json';
          bodySchemaPointer = content[jsonType]!.schema ? `${pointer}/content/${escapePointer(jsonType)}/schema` : null;
        } else {
          bodyKind = 'raw';
        }
      }

      const responses: ResponseSpec[] = Object.entries((op.responses as Record<string, unknown> | undefined) ?? {}).map(
        ([status, value]) => {
          const { node, pointer } = deref(document, value, `${opPointer}/responses/${escapePointer(status)}`);
          const content = (node.content as Record<string, { schema?: unknown }> | undefined) ?? {};
          const jsonType = Object.keys(content).find(isJsonMediaType);
          const schemaPointer = jsonType && content[jsonType]!.schema ? `${pointer}/content/${escapePointer(jsonType)}/schema` : null;
          return { status, schemaPointer };
        },
      );

      const scope = op['x-required-scope'];
      if (scope !== undefined && !allScopes.includes(scope as Scope)) {
        throw new Error(`openapi: ${operationId} has an unknown x-required-scope ${String(scope)}`);
      }
      operations.push({
        operationId,
        method: method.toUpperCase(),
        path,
        koaPath: path.replace(/\{([^}]+)\}/g, ':$1'),
        ...parseSecurity((op.security ?? document.security) as Array<Record<string, unknown>> | undefined),
        requiredScope: scope as Scope | undefined,
        ignoresCredentials: op['x-ignores-credentials'] === true,
        rateLimitByAddress: op['x-rate-limit-by'] === 'address',
        parameters: [...byKey.values()],
        bodyKind,
        bodyRequired,
        bodySchemaPointer,
        responses,
      });
    }
  }
  return operations;
}
