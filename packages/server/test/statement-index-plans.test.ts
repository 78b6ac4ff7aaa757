import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { enrolledUsers, raise, startSession } from './anti-cheat-helpers';
import { activeCircuit, classify, completedTournament } from './circuits-helpers';
import { addStaffMember, createTenant, expectStatus, registerPlayers, registerUser, request, startTestServer, type TestServer } from './helpers/index';
import { fullScans, isPlannedRead, statementsOf, tablesOf } from './helpers/query-plans';

// R3.8 beyond the lists: every SELECT, UPDATE and DELETE the server runs through a whole season of work (a tournament
// registered, played and classified into a circuit, the players' own views, analytics, results, anti-cheat, the
// periodic jobs, the webhook dispatcher, deleting accounts, organizations and tournaments) is explained on the run's
// database and may not scan a table or an index whole (helpers/query-plans.ts), so no write or background job slows
// down as the tables grow.

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer({ webhookDispatcher: false, allowPrivateWebhookUrls: true });
});
afterAll(async () => server?.close());

describe('statements and their indexes (R3.8)', () => {
  it('every statement of a whole season of work reads through an index, on this database', async () => {
    const statements = await statementsOf(server, async () => {
      const tenant = await createTenant(server, { plan: 'PRO' });
      const hook = await request(server, 'POST', '/developer/webhooks', { apiKey: tenant.apiKey.key, body: { url: 'http://127.0.0.1:9/hooks', events: ['*'] } });
      expectStatus(hook, 201, 'createWebhook');
      for (let i = 0; i < 2; i++) expectStatus(await request(server, 'POST', '/organizations', { token: tenant.owner.accessToken, body: { name: 'Same Name' } }), 201, 'organization');
      const players = await registerPlayers(server, 4);
      const { circuit } = await activeCircuit(server, tenant);
      const played = await completedTournament(server, tenant, players);
      expectStatus(await classify(server, tenant, circuit.id, played.id), 200, 'classify');
      for (const p of players) {
        for (const path of ['/notifications', '/calendar/feed', '/users/me/matches', '/users/me/tournaments']) {
          expectStatus(await request(server, 'GET', path, { token: p.accessToken }), 200, path);
        }
      }
      for (const path of [`/tournaments/${played.id}/bracket`, `/tournaments/${played.id}/analytics`, `/circuits/${circuit.id}/analytics`, `/tournaments/${played.id}/results.csv`]) {
        expectStatus(await request(server, 'GET', path, { apiKey: tenant.apiKey.key }), 200, path);
      }
      const users = await enrolledUsers(server, tenant, 2);
      await startSession(server, tenant, users, 'index-plans-match');
      await raise(server, tenant, 'index-plans-match', users[0]!.id);
      await server.notificationSweeper.runOnce();
      await server.registrationSchedule.runOnce();
      await server.webhookDispatcher.runOnce();
      // A player of the classified tournament and an ADMIN delete their accounts (R14.8).
      const admin = await registerUser(server);
      await addStaffMember(server, tenant.organization.id, admin.id, 'ADMIN');
      for (const user of [players[0]!, admin]) {
        expectStatus(await request(server, 'DELETE', '/users/me', { token: user.accessToken, body: { password: user.password } }), 204, 'deleteMe');
      }
      expectStatus(await request(server, 'DELETE', `/tournaments/${played.id}`, { apiKey: tenant.apiKey.key }), 204, 'deleteTournament');
      const other = await createTenant(server);
      expectStatus(await request(server, 'DELETE', `/organizations/${other.organization.id}`, { token: other.owner.accessToken }), 204, 'deleteOrganization');
    });
    const distinct = new Map(statements.filter((s) => isPlannedRead(s)).map((s) => [s.sql, s]));
    expect(distinct.size).toBeGreaterThan(100);
    const tables = await tablesOf(server);
    const report: string[] = [];
    for (const statement of distinct.values()) {
      for (const scan of await fullScans(server, statement, tables)) report.push(`${scan}\n    ${statement.sql}`);
    }
    expect(report.join('\n')).toBe('');
  }, 120_000);
});
