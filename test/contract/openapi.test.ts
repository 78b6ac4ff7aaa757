/**
 * Contract test of openapi.yaml (the HTTP contract, OpenAPI 3.1; R2.1): every required endpoint and every
 * extension is present with its agreed operationId, the document is internally consistent ($refs resolve,
 * operationIds unique), lists are paginated (R3.1), and every schema compiles with Ajv2020 the way the server
 * compiles it.
 */
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import Ajv2020 from 'ajv/dist/2020';
import addFormats from 'ajv-formats';
import { parse } from 'yaml';
import { describe, expect, it } from 'vitest';

type Json = null | boolean | number | string | Json[] | { [key: string]: Json };
type JsonObject = { [key: string]: Json };

const HTTP_METHODS = ['get', 'put', 'post', 'delete', 'patch', 'head', 'options', 'trace'] as const;

const specPath = fileURLToPath(new URL('../../openapi.yaml', import.meta.url));
const doc = parse(readFileSync(specPath, 'utf8')) as JsonObject;

/**
 * The 71 required method + path pairs (R2.1), written with `:param`, with their operationIds; the extensions
 * follow in EXTENSION_ENDPOINTS.
 */
const REQUIRED_ENDPOINTS: ReadonlyArray<readonly [string, string]> = [
  // Anti-cheat integration
  ['POST /anti-cheat/sessions', 'startAntiCheatSession'],
  ['POST /anti-cheat/sessions/:sessionId/end', 'endAntiCheatSession'],
  ['GET /anti-cheat/detections', 'listDetections'],
  ['POST /anti-cheat/evidence/presign', 'presignEvidenceUpload'],
  // Tournaments
  ['GET /tournaments', 'listTournaments'],
  ['GET /tournaments/:id', 'getTournament'],
  ['GET /tournaments/:id/bracket', 'getTournamentBracket'],
  ['GET /tournaments/:id/schedule', 'getTournamentSchedule'],
  ['GET /tournaments/:id/stages', 'listTournamentStages'],
  ['POST /tournaments', 'createTournament'],
  ['PUT /tournaments/:id', 'updateTournament'],
  ['DELETE /tournaments/:id', 'deleteTournament'],
  ['POST /tournaments/:id/start', 'startTournament'],
  ['POST /tournaments/:id/publish', 'publishTournament'],
  ['POST /tournaments/:id/participate', 'participateInTournament'],
  ['POST /tournaments/:id/checkin', 'checkInToTournament'],
  ['GET /tournaments/:id/analytics', 'getTournamentAnalytics'],
  // Participants
  ['GET /tournaments/:id/participants', 'listParticipants'],
  ['GET /tournaments/:id/participants/:pid', 'getParticipant'],
  ['DELETE /tournaments/:id/participants/:pid', 'removeParticipant'],
  ['PATCH /tournaments/:id/participants/:pid', 'updateParticipant'],
  // Matches
  ['GET /matches/:id', 'getMatch'],
  ['POST /matches/:id/start', 'startMatch'],
  ['POST /matches/:id/report', 'reportMatchResult'],
  ['POST /matches/:id/confirm', 'confirmMatchResult'],
  ['POST /matches/:id/dispute', 'disputeMatchResult'],
  ['POST /matches/:id/evidence', 'addMatchEvidence'],
  ['POST /matches/:id/resolve', 'resolveMatch'],
  // Circuits
  ['GET /circuits/public/active', 'listActiveCircuitsPublic'],
  ['GET /circuits/public/:id', 'getCircuitPublic'],
  ['GET /circuits', 'listCircuits'],
  ['GET /circuits/:id', 'getCircuit'],
  ['GET /circuits/:id/standings', 'getCircuitStandings'],
  ['GET /circuits/:id/seasons/:sid', 'getCircuitSeason'],
  ['GET /circuits/:id/tournaments', 'listCircuitTournaments'],
  ['POST /circuits', 'createCircuit'],
  ['PUT /circuits/:id', 'updateCircuit'],
  ['POST /circuits/:id/seasons', 'createCircuitSeason'],
  ['POST /circuits/:id/tournaments/:tid/classify', 'classifyTournament'],
  ['POST /circuits/:id/start', 'startCircuitSeason'],
  ['POST /circuits/:id/complete', 'completeCircuitSeason'],
  ['GET /circuits/:id/analytics', 'getCircuitAnalytics'],
  // Organizations, users, gaming, notifications, calendar, health
  ['GET /organizations/:id', 'getOrganization'],
  ['POST /organizations', 'createOrganization'],
  ['PUT /organizations/:id', 'updateOrganization'],
  ['DELETE /organizations/:id', 'deleteOrganization'],
  ['GET /organizations/:id/staff', 'listStaff'],
  ['POST /organizations/:id/staff/invite', 'inviteStaff'],
  ['POST /organizations/:id/staff/invitations/:token/accept', 'acceptStaffInvitation'],
  ['DELETE /organizations/:id/staff/:staffId', 'removeStaff'],
  ['GET /users/:username', 'getUserProfile'],
  ['GET /users/me', 'getMe'],
  ['PATCH /users/me', 'updateMe'],
  ['POST /gaming/platforms/:platform/link', 'linkGamingAccount'],
  ['DELETE /gaming/platforms/:platform/unlink', 'unlinkGamingAccount'],
  ['GET /gaming/profile', 'getGamingProfile'],
  ['GET /notifications', 'listNotifications'],
  ['PATCH /notifications/:id/read', 'markNotificationRead'],
  ['PATCH /notifications/read-all', 'markAllNotificationsRead'],
  ['GET /notifications/preferences', 'getNotificationPreferences'],
  ['PATCH /notifications/preferences', 'updateNotificationPreferences'],
  ['GET /calendar/feed', 'getCalendarFeed'],
  ['GET /calendar/export', 'exportCalendar'],
  ['GET /health', 'getHealth'],
  // Webhooks and API keys
  ['GET /developer/webhooks', 'listWebhooks'],
  ['POST /developer/webhooks', 'createWebhook'],
  ['PATCH /developer/webhooks/:id', 'updateWebhook'],
  ['DELETE /developer/webhooks/:id', 'deleteWebhook'],
  ['GET /developer/api-keys', 'listApiKeys'],
  ['POST /developer/api-keys', 'createApiKey'],
  ['DELETE /developer/api-keys/:id', 'revokeApiKey'],
];

/**
 * Extensions beyond the required endpoints (auth, projects, registration, anti-cheat clients, detections, uploads,
 * webhook deliveries).
 */
const EXTENSION_ENDPOINTS: ReadonlyArray<readonly [string, string]> = [
  ['GET /tournaments/:id/stages/:stageNumber/groups', 'getStageGroups'],
  ['PUT /tournaments/:id/stages/:stageNumber/groups', 'setStageGroups'],
  ['PUT /tournaments/:id/stages/:stageNumber/seeding', 'setStageSeeding'],
  ['POST /auth/register', 'register'],
  ['POST /auth/login', 'login'],
  ['POST /auth/refresh', 'refreshToken'],
  ['POST /auth/logout', 'logout'],
  ['POST /organizations/:id/projects', 'createProject'],
  ['GET /organizations/:id/projects', 'listProjects'],
  ['GET /projects/:id', 'getProject'],
  ['PATCH /projects/:id', 'updateProject'],
  ['POST /tournaments/:id/registration/open', 'openRegistration'],
  ['POST /tournaments/:id/registration/close', 'closeRegistration'],
  ['POST /anti-cheat/clients', 'enrollAntiCheatClient'],
  ['GET /anti-cheat/clients', 'listAntiCheatClients'],
  ['DELETE /anti-cheat/clients/:id', 'revokeAntiCheatClient'],
  ['GET /anti-cheat/sessions/:sessionId', 'getAntiCheatSession'],
  ['POST /anti-cheat/sessions/:sessionId/detections', 'raiseDetection'],
  ['POST /anti-cheat/detections/:id/verdict', 'recordDetectionVerdict'],
  ['PUT /anti-cheat/evidence/uploads/:mediaFileId', 'uploadEvidence'],
  ['POST /calendar/feed-token', 'createCalendarFeedToken'],
  ['DELETE /calendar/feed-token', 'revokeCalendarFeedToken'],
  ['POST /matches/:id/correct', 'correctMatchResult'],
  ['POST /matches/:id/reschedule', 'rescheduleMatch'],
  ['GET /developer/webhooks/:id', 'getWebhook'],
  ['POST /developer/webhooks/:id/rotate-secret', 'rotateWebhookSecret'],
  ['POST /developer/webhooks/:id/test', 'sendWebhookTest'],
  ['GET /developer/webhooks/:id/deliveries', 'listWebhookDeliveries'],
  ['GET /developer/webhooks/:id/deliveries/:deliveryId', 'getWebhookDelivery'],
  ['POST /developer/webhooks/:id/deliveries/:deliveryId/redeliver', 'redeliverWebhook'],
  ['GET /organizations', 'listMyOrganizations'],
  ['GET /anti-cheat/detections/:id', 'getDetection'],
  ['GET /tournaments/public', 'listPublicTournaments'],
  ['GET /users/me/tournaments', 'listMyTournaments'],
  ['GET /users/me/matches', 'listMyMatches'],
  ['GET /tournaments/:id/results.csv', 'exportTournamentResults'],
  ['GET /tournaments/:id/matches.csv', 'exportTournamentMatches'],
  ['POST /tournaments/:id/participants', 'addParticipant'],
  ['POST /tournaments/:id/participants/import', 'importParticipants'],
  ['GET /tournaments/:id/participants/export', 'exportParticipants'],
  ['PUT /tournaments/:id/participants/seeds', 'setParticipantSeeds'],
  ['POST /tournaments/:id/participants/shuffle', 'shuffleParticipantSeeds'],
  ['GET /tournaments/:id/bracket/preview', 'previewTournamentBracket'],
  ['GET /tournaments/:id/events', 'streamTournamentEvents'],
];

/** List operations answering `{ success, data: [...] }` without a pagination object (R3.3). */
const UNPAGINATED_LISTS = new Set(['listTournamentStages', 'listDetections']);

/** Match writes accepting an optional Idempotency-Key header. */
const IDEMPOTENT_OPERATIONS = ['reportMatchResult', 'confirmMatchResult', 'disputeMatchResult', 'addMatchEvidence', 'resolveMatch', 'correctMatchResult'];

/** The only `format` values the server's ajv-formats setup is expected to see. */
const ALLOWED_FORMATS = new Set(['uuid', 'date-time', 'date', 'email', 'uri']);

interface Operation {
  method: string;
  path: string;
  op: JsonObject;
}

function isObject(value: Json | undefined): value is JsonObject {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** Converts the tables' `/tournaments/:id` notation into the OpenAPI `/tournaments/{id}` path template. */
function toTemplate(specPath: string): string {
  return specPath.replace(/:([A-Za-z]+)/g, '{$1}');
}

/** Resolves a local JSON pointer such as `#/components/schemas/Match`; undefined when it points nowhere. */
function resolvePointer(ref: string): Json | undefined {
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

/** Follows `$ref` chains until a node without `$ref`. Throws on an unresolvable reference. */
function deref(node: Json | undefined): Json | undefined {
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
function* walk(node: Json, pointer = '#', parentKey = ''): Generator<[string, string, Json, string]> {
  if (Array.isArray(node)) {
    for (const [i, item] of node.entries()) yield* walk(item, `${pointer}/${i}`, parentKey);
  } else if (isObject(node)) {
    for (const [key, value] of Object.entries(node)) {
      yield [parentKey, key, value, pointer];
      yield* walk(value, `${pointer}/${key.replace(/~/g, '~0').replace(/\//g, '~1')}`, key);
    }
  }
}

function operations(): Operation[] {
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

function findOperation(specEndpoint: string): Operation | undefined {
  const [method = '', specPathText = ''] = specEndpoint.split(' ');
  const template = toTemplate(specPathText);
  return operations().find((o) => o.method === method.toLowerCase() && o.path === template);
}

function responseCodes(op: JsonObject): string[] {
  return isObject(op.responses) ? Object.keys(op.responses) : [];
}

/** The JSON schema of an operation's 200/201 answer, with `$ref`s of the response and schema followed. */
function successSchema(op: JsonObject): JsonObject | undefined {
  const responses = op.responses;
  if (!isObject(responses)) return undefined;
  const response = deref(responses['200'] ?? responses['201']);
  if (!isObject(response) || !isObject(response.content)) return undefined;
  const media = response.content['application/json'];
  if (!isObject(media)) return undefined;
  const schema = deref(media.schema);
  return isObject(schema) ? schema : undefined;
}

function parameterNames(op: JsonObject): string[] {
  const params = Array.isArray(op.parameters) ? op.parameters : [];
  return params.map((p) => {
    const resolved = deref(p);
    return isObject(resolved) && typeof resolved.name === 'string' ? `${String(resolved.in)}:${resolved.name}` : '';
  });
}

function allOperationIds(): string[] {
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

describe('openapi.yaml: endpoints', () => {
  it('lists 71 required endpoints and the extensions, all distinct', () => {
    expect(REQUIRED_ENDPOINTS).toHaveLength(71);
    expect(EXTENSION_ENDPOINTS).toHaveLength(44);
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
    if (UNPAGINATED_LISTS.has(id)) {
      expect(properties.pagination).toBeUndefined();
      return;
    }
    expect(properties.pagination).toEqual({ $ref: '#/components/schemas/Pagination' });
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

describe('openapi.yaml: schemas compile with Ajv2020 (as the server does)', () => {
  const components = isObject(doc.components) ? doc.components : {};
  const schemas = isObject(components.schemas) ? components.schemas : {};
  const ajv = new Ajv2020({ strict: false, allErrors: true });
  addFormats(ajv);
  ajv.addSchema({ $id: 'openapi', components: { schemas } } as object);
  const validator = (name: string) => ajv.compile({ $ref: `openapi#/components/schemas/${name}` });

  it.each(Object.keys(schemas))('compiles %s', (name) => {
    expect(() => validator(name)).not.toThrow();
  });

  it('validates the error examples against Error', () => {
    const validate = validator('Error');
    const responses = isObject(components.responses) ? components.responses : {};
    for (const [name, response] of Object.entries(responses)) {
      const media = isObject(response) && isObject(response.content) ? response.content['application/json'] : undefined;
      if (!isObject(media) || media.example === undefined) continue;
      expect(validate(media.example), `${name}: ${JSON.stringify(validate.errors)}`).toBe(true);
    }
  });

  it('accepts a minimal tournament and rejects unknown fields and bad stage formats', () => {
    const validate = validator('TournamentCreate');
    const valid = {
      name: 'Spring Cup',
      disciplineId: 'cs2',
      maxParticipants: 16,
      startDate: '2030-04-01T18:00:00Z',
      stages: [{ name: 'Playoffs', format: 'DOUBLE_ELIMINATION', settings: { grandFinal: 'double' } }],
    };
    expect(validate(valid)).toBe(true);
    expect(validate({ ...valid, colour: 'red' })).toBe(false);
    expect(validate({ ...valid, stages: [{ name: 'X', format: 'KNOCKOUT' }] })).toBe(false);
    expect(validate({ ...valid, stages: [] })).toBe(false);
  });

  it('tells the three scoring strategies apart (no discriminator needed)', () => {
    const validate = validator('ScoringConfig');
    expect(validate({ strategy: 'PLACEMENT', placements: { '1': 100, '2': 70, '3-4': 40 } })).toBe(true);
    expect(validate({ strategy: 'LINEAR', maxPoints: 100, step: 10, minPoints: 5 })).toBe(true);
    expect(validate({ strategy: 'EXPONENTIAL', maxPoints: 100, decay: 0.8 })).toBe(true);
    expect(validate({ strategy: 'EXPONENTIAL', maxPoints: 100, decay: 1 })).toBe(false);
    expect(validate({ strategy: 'PLACEMENT', placements: { first: 100 } })).toBe(false);
    expect(validate({ strategy: 'LINEAR', maxPoints: 100, decay: 0.5 })).toBe(false);
  });

  it('accepts username or email login, never both', () => {
    const validate = validator('LoginRequest');
    expect(validate({ username: 'alice', password: 'pw' })).toBe(true);
    expect(validate({ email: 'alice@example.org', password: 'pw' })).toBe(true);
    expect(validate({ username: 'alice', email: 'alice@example.org', password: 'pw' })).toBe(false);
    expect(validate({ password: 'pw' })).toBe(false);
  });

  it('accepts "*" and known event names in webhook subscriptions only', () => {
    const validate = validator('WebhookCreate');
    expect(validate({ url: 'https://hooks.example.org/t', events: ['*'] })).toBe(true);
    expect(validate({ url: 'https://hooks.example.org/t', events: ['match.completed', 'anticheat.detection_raised'] })).toBe(true);
    expect(validate({ url: 'https://hooks.example.org/t', events: ['match.exploded'] })).toBe(false);
    expect(validate({ url: 'ftp://hooks.example.org/t', events: ['*'] })).toBe(false);
  });

  it('tolerates (and ignores) a projectId in anti-cheat bodies (R4.2)', () => {
    const validate = validator('AntiCheatSessionStart');
    const body = { game: 'cs2', participants: [{ userId: '0193f2a4-6b1e-7c3d-9a5f-2e8b4c6d1a07' }] };
    expect(validate(body)).toBe(true);
    expect(validate({ ...body, projectId: 'anything' })).toBe(true);
    expect(validate({ ...body, game: 'tetris' })).toBe(false);
  });
});
