import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createCircuit, createSeason } from './circuits-helpers';
import { createTenant, expectStatus, onPostgres, registerPlayers, request, startTestServer, type TestServer, type TestTenant, type TestUser } from './helpers/index';
import { fullScans, isPlannedRead, statementsOf, tablesOf } from './helpers/query-plans';
import { joinAll, lifecycle, openTournament } from './tournaments-helpers';

// R3.8: every list operation, with each of its filters, reads through indexes: every SELECT a list request runs is
// explained on the run's database and may not scan a table or an index whole (helpers/query-plans.ts).

let server: TestServer;
let tenant: TestTenant;
let player: TestUser;
let ids: { tournament: string; participant: string; circuit: string; season: string; webhook: string; client: string; session: string };

beforeAll(async () => {
  server = await startTestServer({ webhookDispatcher: false, allowPrivateWebhookUrls: true });
  tenant = await createTenant(server, { plan: 'PRO' });
  const players = await registerPlayers(server, 4);
  player = players[0]!;
  const t = await openTournament(server, tenant, { maxParticipants: 4 });
  const roster = await joinAll(server, t.id, players);
  await lifecycle(server, tenant, t.id, 'start');
  const circuit = await createCircuit(server, tenant);
  const season = await createSeason(server, tenant, circuit.id);
  const webhook = await request(server, 'POST', '/developer/webhooks', {
    apiKey: tenant.apiKey.key,
    body: { url: 'http://127.0.0.1:9/tourney', events: ['match.completed'] },
  });
  expectStatus(webhook, 201, 'createWebhook');
  const client = await request(server, 'POST', '/anti-cheat/clients', { apiKey: tenant.apiKey.key, body: { userId: player.id, label: 'rig' } });
  expectStatus(client, 201, 'enroll client');
  ids = {
    tournament: t.id,
    participant: roster.participantOf.get(player.id)!,
    circuit: circuit.id,
    season: season.id,
    webhook: webhook.body.data.id,
    client: client.body.data.id,
    session: '00000000-0000-4000-8000-000000000000',
  };
}, 60_000);

afterAll(async () => server?.close());

/** The SQLite database's tables (tablesOf; empty on PostgreSQL). */
let sqliteTables: Set<string>;
beforeAll(async () => {
  sqliteTables = await tablesOf(server);
});
type Caller = 'apiKey' | 'owner' | 'player' | 'anonymous';
interface ListCall {
  operation: string;
  path: () => string;
  as: Caller;
  variants: Record<string, string | number | boolean>[];
}

const calls: ListCall[] = [
  { operation: 'listTournaments', path: () => '/tournaments', as: 'apiKey', variants: [{}, { status: 'ONGOING' }, { startDate: '2030-01-01', endDate: '2031-01-01' }, { sortBy: 'name' }, { sortBy: 'startDate', sortOrder: 'asc' }, { sortBy: 'status' }, { status: 'ONGOING', sortBy: 'name' }] },
  { operation: 'listPublicTournaments', path: () => '/tournaments/public', as: 'anonymous', variants: [{}, { status: 'ONGOING' }, { disciplineId: 'chess' }, { disciplineId: 'chess', status: 'ONGOING' }, { startDate: '2030-01-01', endDate: '2031-01-01' }] },
  { operation: 'listMyTournaments', path: () => '/users/me/tournaments', as: 'player', variants: [{}, { status: 'ONGOING' }] },
  { operation: 'listMyMatches', path: () => '/users/me/matches', as: 'player', variants: [{}, { status: 'SCHEDULED' }, { tournamentId: '' }] },
  { operation: 'listMyOrganizations', path: () => '/organizations', as: 'owner', variants: [{}] },
  { operation: 'listStaff', path: () => `/organizations/${tenant.organization.id}/staff`, as: 'owner', variants: [{}] },
  { operation: 'listProjects', path: () => `/organizations/${tenant.organization.id}/projects`, as: 'owner', variants: [{}] },
  { operation: 'getTournamentSchedule', path: () => `/tournaments/${ids.tournament}/schedule`, as: 'anonymous', variants: [{}, { round: 1 }, { stage: 1 }, { status: 'SCHEDULED' }, { participantId: '' }] },
  { operation: 'listTournamentStages', path: () => `/tournaments/${ids.tournament}/stages`, as: 'anonymous', variants: [{}] },
  { operation: 'listParticipants', path: () => `/tournaments/${ids.tournament}/participants`, as: 'anonymous', variants: [{}, { status: 'ACTIVE' }] },
  { operation: 'listActiveCircuitsPublic', path: () => '/circuits/public/active', as: 'anonymous', variants: [{}] },
  { operation: 'listCircuits', path: () => '/circuits', as: 'apiKey', variants: [{}, { status: 'DRAFT' }] },
  { operation: 'getCircuitStandings', path: () => `/circuits/${ids.circuit}/standings`, as: 'apiKey', variants: [{}, { seasonId: '' }, { cumulative: true }] },
  { operation: 'listCircuitTournaments', path: () => `/circuits/${ids.circuit}/tournaments`, as: 'apiKey', variants: [{}, { seasonId: '' }] },
  { operation: 'listNotifications', path: () => '/notifications', as: 'player', variants: [{}, { unreadOnly: true }] },
  { operation: 'getCalendarFeed', path: () => '/calendar/feed', as: 'player', variants: [{}, { tournamentId: '' }, { from: '2030-01-01', to: '2031-01-01' }] },
  { operation: 'listWebhooks', path: () => '/developer/webhooks', as: 'apiKey', variants: [{}] },
  { operation: 'listWebhookDeliveries', path: () => `/developer/webhooks/${ids.webhook}/deliveries`, as: 'apiKey', variants: [{}, { status: 'PENDING' }] },
  { operation: 'listApiKeys', path: () => '/developer/api-keys', as: 'apiKey', variants: [{}, { includeRevoked: true }] },
  { operation: 'listDetections', path: () => '/anti-cheat/detections', as: 'apiKey', variants: [{}, { unreviewedOnly: true }, { sessionId: '' }] },
  { operation: 'listAntiCheatClients', path: () => '/anti-cheat/clients', as: 'apiKey', variants: [{}, { userId: '' }, { includeRevoked: true }] },
];

/**
 * Full index walks allowed, each bounded by the page: the public list without a filter reads the published
 * tournaments of every project in start order, nearly all of which match (`status <> 'DRAFT'`), so the walk stops
 * after the page's rows (and its count after the total cap).
 */
const BOUNDED_WALKS = ['listPublicTournaments {}: '];

/** An empty string in a variant stands for the id the fixture made for that parameter. */
function resolve(variant: Record<string, string | number | boolean>): Record<string, string | number | boolean> {
  const byName: Record<string, () => string> = {
    tournamentId: () => ids.tournament,
    participantId: () => ids.participant,
    seasonId: () => ids.season,
    userId: () => player.id,
    sessionId: () => ids.session,
  };
  return Object.fromEntries(Object.entries(variant).map(([k, v]) => [k, v === '' ? byName[k]!() : v]));
}

describe('list queries and their indexes (R3.8)', () => {
  it('every list operation reads each filter through an index, on this database', async () => {
    const report: string[] = [];
    for (const call of calls) {
      for (const variant of call.variants) {
        const query = resolve(variant);
        const auth = {
          apiKey: call.as === 'apiKey' ? { apiKey: tenant.apiKey.key } : {},
          owner: { token: tenant.owner.accessToken },
          player: { token: player.accessToken },
          anonymous: {},
        }[call.as];
        const selects = (
          await statementsOf(server, async () => {
            const res = await request(server, 'GET', call.path(), { ...auth, query });
            expectStatus(res, 200, `${call.operation} ${JSON.stringify(query)}`);
          })
        ).filter((statement) => isPlannedRead(statement, /select|with/));
        expect(selects.length, call.operation).toBeGreaterThan(0);
        for (const select of selects) {
          for (const scan of await fullScans(server, select, sqliteTables)) report.push(`${call.operation} ${JSON.stringify(variant)}: ${scan}\n    ${select.sql}`);
        }
      }
    }
    expect(report.filter((line) => !BOUNDED_WALKS.some((walk) => line.startsWith(walk))).join('\n')).toBe('');
  }, 60_000);
});

describe('foreign keys and their indexes (R3.8)', () => {
  it('every foreign key to a table the service deletes from leads an index of its table', async () => {
    const keys = onPostgres
      ? (
          await sql<{ child: string; column: string; parent: string }>`
            SELECT c.conrelid::regclass::text AS child, a.attname AS column, c.confrelid::regclass::text AS parent
            FROM pg_constraint c JOIN pg_attribute a ON a.attrelid = c.conrelid AND a.attnum = c.conkey[1]
            WHERE c.contype = 'f' AND NOT EXISTS (
              SELECT 1 FROM pg_index i WHERE i.indrelid = c.conrelid AND i.indkey[0] = c.conkey[1])`.execute(server.deps.db)
        ).rows
      : (
          await sql<{ child: string; column: string; parent: string }>`
            SELECT t.name AS child, f."from" AS "column", f."table" AS parent
            FROM sqlite_master t JOIN pragma_foreign_key_list(t.name) f
            WHERE t.type = 'table' AND f.seq = 0 AND NOT EXISTS (
              SELECT 1 FROM pragma_index_list(t.name) l JOIN pragma_index_info(l.name) i
              WHERE i.seqno = 0 AND i.name = f."from")`.execute(server.deps.db)
        ).rows;
    // Every parent is deleted by some operation (an account deletion deletes users and their notifications, R14.8).
    const unindexed = keys.map((k) => `${k.child}.${k.column} -> ${k.parent}`);
    expect(unindexed.sort()).toEqual([]);
    // The check sees keys: the schema has foreign keys, all of them indexed.
    const all = onPostgres
      ? (await sql<{ n: number }>`SELECT count(*) AS n FROM pg_constraint WHERE contype = 'f'`.execute(server.deps.db)).rows
      : (await sql<{ n: number }>`SELECT count(*) AS n FROM sqlite_master t JOIN pragma_foreign_key_list(t.name) f WHERE t.type = 'table' AND f.seq = 0`.execute(server.deps.db)).rows;
    expect(Number(all[0]!.n)).toBeGreaterThan(20);
  });
});
