/**
 * Contract test of the envelopes, lists and parameters of openapi.yaml: success bodies wrapped in
 * `{ success: true, data }` (R2.2), errors through the one Error schema (R2.3), closed request bodies (R2.5),
 * paginated lists (R3.1, R3.3), list filters (R5.14), Idempotency-Key on match writes (R8.20), and the request-id and
 * rate-limit headers on every response (R2.11, R3.6).
 */
import { describe, expect, it } from 'vitest';
import { deref, findOperation, isObject, operations, parameterNames, successSchema } from './helpers/openapi-document';
import { IDEMPOTENT_OPERATIONS } from './helpers/operation-groups';

describe('openapi.yaml: envelopes, lists and parameters', () => {
  const lists = operations().filter(({ method, op }) => {
    const schema = successSchema(op);
    const data = schema && isObject(schema.properties) ? deref(schema.properties.data) : undefined;
    return method === 'get' && isObject(data) && data.type === 'array';
  });

  it('finds the list operations', () => {
    const ids = lists.map(({ op }) => op.operationId);
    expect(ids).toEqual(expect.arrayContaining(['listTournaments', 'listParticipants', 'getTournamentSchedule', 'listDetections', 'listTournamentStages']));
  });

  it.each(lists.map((o) => [String(o.op.operationId), o] as const))('%s answers a paginated envelope with page/limit', (id, { op }) => {
    const schema = successSchema(op);
    const properties = schema && isObject(schema.properties) ? schema.properties : {};
    const required = schema && Array.isArray(schema.required) ? schema.required : [];
    expect(required).toEqual(expect.arrayContaining(['success', 'data']));
    // Every list, the stages of a tournament and the detections included (R3.3).
    expect(properties.pagination, id).toEqual({ $ref: '#/components/schemas/Pagination' });
    expect(required).toContain('pagination');
    expect(parameterNames(op)).toEqual(expect.arrayContaining(['query:page', 'query:limit']));
  });

  it('gives detections limit default 50 max 200 and unreviewedOnly', () => {
    const op = findOperation('GET /anti-cheat/detections')?.op ?? {};
    const params = (Array.isArray(op.parameters) ? op.parameters : []).map((p) => deref(p));
    const limit = params.find((p) => isObject(p) && p.name === 'limit');
    expect(isObject(limit) && limit.schema).toMatchObject({ type: 'integer', default: 50, maximum: 200 });
    expect(params.some((p) => isObject(p) && p.name === 'unreviewedOnly')).toBe(true);
  });

  it('pages detections and stages with the shared Page parameter; Pagination.limit admits the 200 of detections (R3.3)', () => {
    for (const key of ['GET /anti-cheat/detections', 'GET /tournaments/{id}/stages']) {
      const op = findOperation(key)?.op ?? {};
      expect(op.parameters, key).toContainEqual({ $ref: '#/components/parameters/Page' });
      expect(String(op.description), key).not.toMatch(/not paginated/i);
    }
    expect(findOperation('GET /tournaments/{id}/stages')?.op.parameters).toContainEqual({ $ref: '#/components/parameters/Limit' });
    const pagination = deref({ $ref: '#/components/schemas/Pagination' });
    const limit = isObject(pagination) && isObject(pagination.properties) ? deref(pagination.properties.limit) : undefined;
    expect(isObject(limit) && limit.maximum).toBe(200);
  });

  it('takes every list filter on listTournaments (R5.14)', () => {
    const op = findOperation('GET /tournaments')?.op ?? {};
    expect(parameterNames(op)).toEqual(
      expect.arrayContaining(['query:page', 'query:limit', 'query:status', 'query:startDate', 'query:endDate', 'query:sortBy', 'query:sortOrder']),
    );
  });

  it('accepts Idempotency-Key on report, confirm, dispute, evidence and resolve', () => {
    const byId = new Map(operations().map((o) => [String(o.op.operationId), o.op]));
    for (const id of IDEMPOTENT_OPERATIONS) expect(parameterNames(byId.get(id) ?? {}), id).toContain('header:Idempotency-Key');
  });

  it('wraps every JSON success body in { success: true, data }', () => {
    for (const { op } of operations()) {
      const schema = successSchema(op);
      if (!schema) continue; // 204, text/calendar
      const properties = isObject(schema.properties) ? schema.properties : {};
      expect(properties.success, String(op.operationId)).toEqual({ type: 'boolean', const: true });
      expect(schema.required, String(op.operationId)).toEqual(expect.arrayContaining(['success', 'data']));
    }
  });

  it('closes every JSON request body with additionalProperties: false', () => {
    const open: string[] = [];
    for (const { op } of operations()) {
      const body = deref(op.requestBody);
      const media = isObject(body) && isObject(body.content) ? body.content['application/json'] : undefined;
      if (!isObject(media)) continue;
      const schema = deref(media.schema);
      const branches = isObject(schema) && Array.isArray(schema.oneOf) ? schema.oneOf.map((b) => deref(b)) : [schema];
      for (const branch of branches) if (!isObject(branch) || branch.additionalProperties !== false) open.push(String(op.operationId));
    }
    expect(open).toEqual([]);
  });

  it('documents X-Request-Id and rate-limit headers on every response, Retry-After on 429', () => {
    const missing: string[] = [];
    for (const { op } of operations()) {
      for (const [code, raw] of Object.entries(isObject(op.responses) ? op.responses : {})) {
        const response = deref(raw);
        const headers = isObject(response) && isObject(response.headers) ? Object.keys(response.headers) : [];
        const wanted = ['X-Request-Id', 'X-RateLimit-Limit', 'X-RateLimit-Remaining', 'X-RateLimit-Reset'];
        if (code === '429') wanted.push('Retry-After');
        for (const h of wanted) if (!headers.includes(h)) missing.push(`${String(op.operationId)} ${code} ${h}`);
      }
    }
    expect(missing).toEqual([]);
  });

  it('answers every error with the one Error schema via components/responses', () => {
    for (const { op } of operations()) {
      for (const [code, raw] of Object.entries(isObject(op.responses) ? op.responses : {})) {
        if (!/^[45]\d\d$/.test(code)) continue;
        expect(isObject(raw) && typeof raw.$ref === 'string' && raw.$ref.startsWith('#/components/responses/'), `${String(op.operationId)} ${code}`).toBe(true);
        const response = deref(raw);
        const media = isObject(response) && isObject(response.content) ? response.content['application/json'] : undefined;
        expect(isObject(media) && media.schema).toEqual({ $ref: '#/components/schemas/Error' });
      }
    }
  });
});
