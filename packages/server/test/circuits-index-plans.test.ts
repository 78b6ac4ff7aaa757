import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { activeCircuit, classify, completedTournament, createSeason } from './circuits-helpers';
import { createTenant, expectStatus, registerPlayers, request, startTestServer, type TestServer } from './helpers/index';
import { fullScans, isPlannedRead, statementsOf, tablesOf } from './helpers/query-plans';

// R3.8 for the corrections of circuits and their public standings: every SELECT, UPDATE and DELETE that
// unclassifyTournament, updateCircuitSeason, deleteCircuitSeason, deleteCircuit and listPublicCircuitStandings (with
// each of its filters) run is explained on the run's database and may not scan a table or an index whole.

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(async () => server?.close());

describe('circuit corrections and public standings: statements and their indexes (R3.8)', () => {
  it('read and write through indexes, on this database', async () => {
    const tenant = await createTenant(server);
    const players = await registerPlayers(server, 4);
    const t1 = await completedTournament(server, tenant, players);
    const t2 = await completedTournament(server, tenant, players);
    const { circuit, season } = await activeCircuit(server, tenant);
    expectStatus(await classify(server, tenant, circuit.id, t1.id), 200, 'classify t1');
    expectStatus(await classify(server, tenant, circuit.id, t2.id), 200, 'classify t2');
    const next = await createSeason(server, tenant, circuit.id, { name: 'Next' });
    const spare = await createSeason(server, tenant, circuit.id, { name: 'Spare' });
    const token = tenant.owner.accessToken;
    const statements = await statementsOf(server, async () => {
      for (const query of [{}, { seasonId: season.id }, { cumulative: true }, { userId: players[1]!.id }, { cumulative: true, userId: players[1]!.id }]) {
        expectStatus(await request(server, 'GET', `/circuits/public/${circuit.id}/standings`, { query }), 200, `public standings ${JSON.stringify(query)}`);
      }
      expectStatus(await request(server, 'DELETE', `/circuits/${circuit.id}/tournaments/${t2.id}`, { token }), 204, 'unclassify');
      expectStatus(await request(server, 'PATCH', `/circuits/${circuit.id}/seasons/${next.id}`, { token, body: { name: 'Later', endDate: '2030-12-30' } }), 200, 'update season');
      expectStatus(await request(server, 'DELETE', `/circuits/${circuit.id}/seasons/${spare.id}`, { token }), 204, 'delete season');
      expectStatus(await request(server, 'DELETE', `/circuits/${circuit.id}`, { token }), 204, 'delete circuit');
    });
    const distinct = new Map(statements.filter((s) => isPlannedRead(s)).map((s) => [s.sql, s]));
    expect([...distinct.keys()].some((sql) => /delete from "circuit_standings"/i.test(sql))).toBe(true);
    const tables = await tablesOf(server);
    const report: string[] = [];
    for (const statement of distinct.values()) {
      for (const scan of await fullScans(server, statement, tables)) report.push(`${scan}\n    ${statement.sql}`);
    }
    expect(report.join('\n')).toBe('');
  }, 60_000);
});
