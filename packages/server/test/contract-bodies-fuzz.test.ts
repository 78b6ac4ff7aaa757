import { randomUUID } from 'node:crypto';
import { generateSync } from 'json-schema-faker';
import { describe, expect } from 'vitest';
import contract from '../src/generated/openapi.json';
import { createCircuit } from './circuits-helpers';
import { antiCheatTenant, enrolledUsers, raise, startSession } from './anti-cheat-helpers';
import { expectStatus, registerUser, request, test, type TestResponse, type TestServer, type TestTenant, type TestUser } from './helpers/index';
import { allMatches, joinAll, lifecycle, openTournament } from './tournaments-helpers';

// Generated from the contract (R2.4, R2.17): every operation that takes a JSON body gets bodies generated at random
// from its own schema (json-schema-faker, seeded, so a failure replays), sent over real HTTP with the credentials it
// accepts, against real resources: a draft and a started tournament, their participants and matches, the tenant's
// organization, project and circuit. Ids the body names (projectId, participantId ...) point at those resources, so
// the bodies get past the lookups into the services, and some strings are swapped for ones that have broken servers
// (quotes, wildcards, NUL). Whatever a service makes of such a body, the answer may be a 4xx but never a 5xx;
// response validation is on, so an answer outside the contract is a 500 too.

/** Bodies per operation; FUZZ_SAMPLES=200 searches deeper (the seeds stay those of the smaller runs first). */
const SAMPLES_PER_OPERATION = Number(process.env.FUZZ_SAMPLES ?? 12);
const HTTP_METHODS = ['get', 'put', 'post', 'delete', 'patch'] as const;

interface BodyOperation {
  operationId: string;
  method: string;
  path: string;
  schema: object;
  /** Schemas of the path parameters, by name. */
  pathParameters: Record<string, object>;
  bearer: boolean;
  apiKey: boolean;
  /** The operation belongs to the anti-cheat surface (its keys hold the anti-cheat scopes, R12.1). */
  antiCheat: boolean;
}

type Node = Record<string, any>;
const document = contract as unknown as Node;
const deref = (node: Node): Node => (typeof node.$ref === 'string' ? (node.$ref.slice(2).split('/').reduce((n: Node, k: string) => n[k], document) as Node) : node);

/**
 * The contract's schemas with every `maxLength` above 300 and every `maxItems` above 24 brought down to that (never
 * below the minimum): a megabyte of CSV or 4,096 groups would only meet the body size limit (413), and take seconds
 * to generate; bodies this size reach the services.
 */
function withSmallerBounds(node: unknown): unknown {
  if (Array.isArray(node)) return node.map(withSmallerBounds);
  if (node === null || typeof node !== 'object') return node;
  const copy: Node = Object.fromEntries(Object.entries(node).map(([k, v]) => [k, withSmallerBounds(v)]));
  if (typeof copy.maxLength === 'number') copy.maxLength = Math.max(copy.minLength ?? 0, Math.min(copy.maxLength, 300));
  if (typeof copy.maxItems === 'number') copy.maxItems = Math.max(copy.minItems ?? 0, Math.min(copy.maxItems, 24));
  return copy;
}
const components = withSmallerBounds(document.components) as Node;

const operations: BodyOperation[] = Object.entries(document.paths as Record<string, Node>).flatMap(([path, item]) =>
  HTTP_METHODS.flatMap((method) => {
    const op = item[method] as Node | undefined;
    const schema = op?.requestBody?.content?.['application/json']?.schema as object | undefined;
    if (!op || !schema) return [];
    const security = (op.security ?? document.security ?? []) as Record<string, unknown>[];
    const parameters = [...((item.parameters ?? []) as Node[]), ...((op.parameters ?? []) as Node[])].map(deref);
    return [
      {
        operationId: op.operationId as string,
        method: method.toUpperCase(),
        path,
        schema,
        pathParameters: Object.fromEntries(parameters.filter((p) => p.in === 'path').map((p) => [p.name, p.schema])),
        bearer: security.some((r) => 'BearerAuth' in r),
        apiKey: security.some((r) => 'ApiKeyAuth' in r),
        antiCheat: String(op['x-required-scope'] ?? '').startsWith('anticheat:'),
      },
    ];
  }),
);

/** The resources generated requests point at. */
interface World {
  tenant: TestTenant;
  draftId: string;
  startedId: string;
  circuitId: string;
  webhookId: string;
  /** Participant ids of the draft and of the started tournament. */
  participants: Record<'draft' | 'started', string[]>;
  matches: { id: string; sides: string[] }[];
  /** A PRO tenant whose key holds the anti-cheat scopes, two users with enrolled clients, a session and a detection. */
  antiCheat: { tenant: TestTenant; users: TestUser[]; sessionId: string; detectionId: string };
}

async function buildWorld(server: TestServer, tenant: TestTenant, players: Parameters<typeof joinAll>[2]): Promise<World> {
  const draft = await openTournament(server, tenant);
  const draftRoster = await joinAll(server, draft.id, players.slice(0, 2));
  const started = await openTournament(server, tenant, { maxParticipants: 4 });
  const roster = await joinAll(server, started.id, players);
  await lifecycle(server, tenant, started.id, 'start');
  const matches = (await allMatches(server, started.id))
    .map((m) => ({ id: m.id as string, sides: (m.participants as { participantId: string | null }[]).map((p) => p.participantId).filter((p) => p !== null) as string[] }))
    .filter((m) => m.sides.length === 2);
  const circuit = await createCircuit(server, tenant);
  const webhook = await request(server, 'POST', '/developer/webhooks', {
    token: tenant.owner.accessToken,
    body: { projectId: tenant.project.id, url: 'http://127.0.0.1:9/hooks', events: ['match.completed'] },
  });
  expectStatus(webhook, 201, 'createWebhook');
  const acTenant = await antiCheatTenant(server);
  const acUsers = await enrolledUsers(server, acTenant, 2);
  const session = await startSession(server, acTenant, acUsers);
  const detection = await raise(server, acTenant, session.sessionId, acUsers[0]!.id);
  return {
    tenant,
    draftId: draft.id,
    startedId: started.id,
    circuitId: circuit.id,
    webhookId: webhook.body.data.id,
    participants: { draft: [...draftRoster.byParticipant.keys()], started: [...roster.byParticipant.keys()] },
    matches,
    antiCheat: { tenant: acTenant, users: acUsers, sessionId: session.sessionId, detectionId: detection.id },
  };
}

/** Which tournament sample `i` of an operation addresses: the draft, then the started one, in turn. */
const tournamentOf = (world: World, i: number) => (i % 2 === 0 ? ('draft' as const) : ('started' as const));

function pathOf(op: BodyOperation, world: World, i: number, seed: number): string {
  const [, first] = op.path.split('/');
  const match = world.matches[i % world.matches.length]!;
  return op.path.replace(/\{(\w+)\}/g, (_, name: string) => {
    if (name === 'id') {
      switch (first) {
        case 'organizations':
          return world.tenant.organization.id;
        case 'projects':
          return world.tenant.project.id;
        case 'tournaments':
          return tournamentOf(world, i) === 'draft' ? world.draftId : world.startedId;
        case 'matches':
          return match.id;
        case 'circuits':
          return world.circuitId;
        case 'developer':
          return world.webhookId;
        case 'anti-cheat':
          return world.antiCheat.detectionId;
        default:
          return randomUUID();
      }
    }
    if (name === 'stageNumber') return '1';
    if (name === 'pid') return world.participants[tournamentOf(world, i)][i % 2]!;
    if (name === 'tid') return world.startedId;
    if (name === 'sessionId') return world.antiCheat.sessionId;
    const schema = { ...op.pathParameters[name], components };
    return encodeURIComponent(String(generateSync(schema as never, { seed })));
  });
}

/**
 * Points the ids a generated body names at the world's resources (in place), so that lookups find them, and makes a
 * createTournament body coherent (coherentTournament).
 */
function pointIds(body: unknown, op: BodyOperation, world: World, i: number): void {
  const match = world.matches[i % world.matches.length]!;
  let side = 0;
  let user = i;
  const ids: Record<string, () => string> = {
    projectId: () => world.tenant.project.id,
    organizationId: () => world.tenant.organization.id,
    tournamentId: () => world.startedId,
    circuitId: () => world.circuitId,
    userId: () => (op.antiCheat ? world.antiCheat.users[user++ % 2]!.id : world.tenant.owner.id),
    participantId: () => match.sides[side++ % 2]!,
    winnerId: () => match.sides[i % 2]!,
  };
  const walk = (node: unknown): void => {
    if (Array.isArray(node)) node.forEach(walk);
    else if (node !== null && typeof node === 'object') {
      for (const [key, value] of Object.entries(node)) {
        if (typeof value === 'string' && ids[key]) (node as Record<string, unknown>)[key] = ids[key]();
        else walk(value);
      }
    }
  };
  walk(body);
  if (op.operationId === 'createTournament' && body !== null && typeof body === 'object') coherentTournament(body as Record<string, unknown>, world);
}

/** The order the tournament's instants must keep (registration opens, closes, the start, the end). */
const TOURNAMENT_INSTANTS = ['registrationOpensAt', 'registrationClosesAt', 'startDate', 'endDate'];

/**
 * Makes a generated createTournament body one that can pass the rules the schema cannot state, so that it reaches
 * the service's deeper checks: a user names the project, the instants it gives are put in the order they must keep
 * (the generator draws each on its own), and one stage is planned.
 */
function coherentTournament(body: Record<string, unknown>, world: World): void {
  body.projectId = world.tenant.project.id;
  const present = TOURNAMENT_INSTANTS.filter((key) => typeof body[key] === 'string' && !Number.isNaN(Date.parse(body[key] as string)));
  const sorted = present.map((key) => body[key] as string).sort((a, b) => Date.parse(a) - Date.parse(b));
  present.forEach((key, i) => (body[key] = sorted[i]));
  // A plan of several stages needs qualifier counts that fit the formats, which the generator cannot know (the
  // stage-plan tests cover them): one stage keeps the body's settings in play.
  if (Array.isArray(body.stages) && body.stages.length > 1) body.stages = body.stages.slice(0, 1);
}

/** The body field that must carry the caller's password, by operation: its bodies are generated with another one. */
const PASSWORD_FIELDS: Record<string, string> = { changePassword: 'currentPassword', deleteMe: 'password' };

/**
 * The owner's token (a new user's for logout, which ends the session, and for changePassword and deleteMe, with the
 * password their body must give: deleteMe would delete the owner), or the key the operation takes.
 */
async function credentialsFor(server: TestServer, op: BodyOperation, world: World): Promise<{ token?: string; apiKey?: string; password?: string }> {
  if (op.antiCheat) return { apiKey: world.antiCheat.tenant.apiKey.key };
  if (op.operationId === 'logout') return { token: (await registerUser(server)).accessToken };
  if (PASSWORD_FIELDS[op.operationId] !== undefined) {
    const user = await registerUser(server);
    return { token: user.accessToken, password: user.password };
  }
  if (op.bearer) return { token: world.tenant.owner.accessToken };
  return op.apiKey ? { apiKey: world.tenant.apiKey.key } : {};
}

/**
 * Strings that have broken servers: quotes and backslashes (SQL), LIKE wildcards, the NUL character and a lone
 * surrogate (no database stores them; R2.17), right-to-left override, astral characters, blank text.
 */
const HOSTILE_STRINGS = ["O'Brien \"the\" \\ cup", '100%_off', 'a\u0000b', 'x\ud800y', '\u202Eevil', '🏆 Ünïcödé 名前', ' ', '  padded  '];

/** Fields whose strings have a format (ids, instants, URLs, emails) and would only fail validation if replaced. */
const FORMATTED = /(Ids?|At|Url|url|Date|email|Email)$/;

/**
 * In every other body (by `seed`), replaces one free-text string (a name, description, reason ... not an id, instant
 * or URL) with a hostile one, so that the rest of the body stays valid and the string reaches the service.
 */
function withHostileString(body: unknown, seed: number): void {
  if (seed % 2 === 0) return;
  const slots: [Record<string, unknown>, string][] = [];
  const walk = (node: unknown): void => {
    if (node === null || typeof node !== 'object' || Array.isArray(node)) {
      if (Array.isArray(node)) node.forEach(walk);
      return;
    }
    for (const [key, value] of Object.entries(node)) {
      if (typeof value === 'string' && !FORMATTED.test(key)) slots.push([node as Record<string, unknown>, key]);
      else if (!FORMATTED.test(key)) walk(value);
    }
  };
  walk(body);
  if (slots.length === 0) return;
  const [node, key] = slots[(seed >> 1) % slots.length]!;
  node[key] = HOSTILE_STRINGS[(seed >> 1) % HOSTILE_STRINGS.length];
}

interface Failure {
  operationId: string;
  status: number;
  path: string;
  body: unknown;
  answer: string;
}

test.scoped({ serverOptions: { allowPrivateWebhookUrls: true, webhookDispatcher: false } });

describe('bodies generated from the contract', () => {
  test('never get a 5xx, whatever the schema allows', async ({ server, tenant, players }) => {
    const world = await buildWorld(server, tenant, players);
    const failures: Failure[] = [];
    const statuses = new Map<string, number[]>();
    for (const op of operations) {
      for (let i = 0; i < SAMPLES_PER_OPERATION; i++) {
        const seed = 1000 * operations.indexOf(op) + i + 1;
        let body: unknown;
        try {
          body = generateSync({ ...(withSmallerBounds(op.schema) as Node), components } as never, { seed, optionalsProbability: 0.7 });
        } catch {
          continue; // a schema the generator cannot satisfy this time (counted below: every operation needs some)
        }
        withHostileString(body, seed);
        pointIds(body, op, world, i);
        const path = pathOf(op, world, i, seed);
        const { password, ...credentials } = await credentialsFor(server, op, world);
        if (password !== undefined && body !== null && typeof body === 'object') (body as Record<string, unknown>)[PASSWORD_FIELDS[op.operationId]!] = password;
        const res: TestResponse = await request(server, op.method, path, { ...credentials, body });
        statuses.set(op.operationId, [...(statuses.get(op.operationId) ?? []), res.status]);
        if (res.status >= 500) failures.push({ operationId: op.operationId, status: res.status, path, body, answer: res.text.slice(0, 400) });
      }
    }
    expect(failures).toEqual([]);
    // The test means something only if bodies reach the services: every operation was sent bodies, and most
    // operations had at least one past validation and authorization (not a 400, 401 or 403).
    expect(operations.filter((op) => !statuses.has(op.operationId)).map((op) => op.operationId)).toEqual([]);
    const reachedService = operations.filter((op) => statuses.get(op.operationId)!.some((s) => ![400, 401, 403].includes(s)));
    expect(reachedService.length / operations.length).toBeGreaterThan(0.8);
  });
});
