/**
 * listTournaments over HTTP (R3.1, R3.8, R4.3, R5.14): the key's project newest first with pagination, filters by status and
 * start date, sorting, projectId for a bearer token, and its count and page queries on indexes.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { tournamentListQueries } from '../src/services/tournaments/tournament-list-query';
import { createTenant, onPostgres, registerUser, request, startTestServer, type TestServer, type TestTenant } from './helpers/index';
import { createTournament, lifecycle } from './tournaments-helpers';

let server: TestServer;

beforeAll(async () => {
  server = await startTestServer();
});
afterAll(async () => server?.close());

describe('listTournaments', () => {
  let listTenant: TestTenant;
  const ids: Record<string, string> = {};

  beforeAll(async () => {
    listTenant = await createTenant(server);
    const specs = [
      { name: 'Alpha', startDate: '2031-03-01T00:00:00Z' },
      { name: 'Bravo', startDate: '2031-03-01T23:59:59Z' },
      { name: 'Charlie', startDate: '2031-03-02T00:00:00Z' },
      { name: 'Delta', startDate: '2031-02-28T23:59:59Z' },
      { name: 'Echo', startDate: '2031-04-10T10:00:00Z' },
    ];
    for (const spec of specs) {
      const t = await createTournament(server, listTenant, spec);
      ids[spec.name] = t.id;
      server.clock.advance(1000);
    }
    await lifecycle(server, listTenant, ids.Bravo!, 'publish');
    await lifecycle(server, listTenant, ids.Echo!, 'publish');
  });

  const names = (res: any) => res.body.data.map((t: any) => t.name);

  it('lists the key project, newest first by default, with pagination', async () => {
    const res = await request(server, 'GET', '/tournaments', { apiKey: listTenant.apiKey.key, query: { limit: 2, page: 2 } });
    expect(res.status).toBe(200);
    expect(names(res)).toEqual(['Charlie', 'Bravo']);
    expect(res.body.pagination).toEqual({ page: 2, limit: 2, total: 5, totalPages: 3, hasNext: true, hasPrevious: true });
    const last = await request(server, 'GET', '/tournaments', { apiKey: listTenant.apiKey.key, query: { limit: 2, page: 3 } });
    expect(names(last)).toEqual(['Alpha']);
    expect(last.body.pagination).toMatchObject({ hasNext: false, hasPrevious: true });
    expect(last.body.data[0].participantCounts).toBeDefined();
  });

  it('filters by status and by inclusive UTC start-date bounds', async () => {
    const key = listTenant.apiKey.key;
    const published = await request(server, 'GET', '/tournaments', { apiKey: key, query: { status: 'PUBLISHED', sortBy: 'name', sortOrder: 'asc' } });
    expect(names(published)).toEqual(['Bravo', 'Echo']);
    const day = await request(server, 'GET', '/tournaments', { apiKey: key, query: { startDate: '2031-03-01', endDate: '2031-03-01', sortBy: 'startDate', sortOrder: 'asc' } });
    expect(names(day)).toEqual(['Alpha', 'Bravo']);
    const from = await request(server, 'GET', '/tournaments', { apiKey: key, query: { startDate: '2031-03-02', sortBy: 'startDate', sortOrder: 'asc' } });
    expect(names(from)).toEqual(['Charlie', 'Echo']);
    const until = await request(server, 'GET', '/tournaments', { apiKey: key, query: { endDate: '2031-02-28' } });
    expect(names(until)).toEqual(['Delta']);
    expect(until.body.pagination.total).toBe(1);
  });

  it('takes the days 0000-01-01 to 9999-12-31 as start-date bounds, on the project list and the public list', async () => {
    const edges = await createTenant(server);
    const last = await createTournament(server, edges, { name: 'Last', startDate: '9999-12-31T23:59:59.999Z' });
    const first = await createTournament(server, edges, { name: 'First', startDate: '0000-01-01T00:00:00.000Z' });
    await lifecycle(server, edges, last.id, 'publish');
    await lifecycle(server, edges, first.id, 'publish');
    const listed = async (path: string, query: Record<string, string>) => {
      const res = await request(server, 'GET', path, { apiKey: edges.apiKey.key, query: { sortBy: 'startDate', sortOrder: 'asc', limit: '100', ...query } });
      expect(res.status, res.text).toBe(200);
      return res.body.data.filter((t: any) => t.projectId === edges.project.id).map((t: any) => t.name);
    };
    for (const path of ['/tournaments', '/tournaments/public']) {
      expect(await listed(path, { endDate: '9999-12-31' }), path).toEqual(['First', 'Last']);
      expect(await listed(path, { startDate: '9999-12-31', endDate: '9999-12-31' }), path).toEqual(['Last']);
      expect(await listed(path, { endDate: '9999-12-30' }), path).toEqual(['First']);
      expect(await listed(path, { startDate: '0000-01-01', endDate: '0000-01-01' }), path).toEqual(['First']);
      expect(await listed(path, { startDate: '0000-01-02' }), path).toEqual(['Last']);
    }
    const total = await request(server, 'GET', '/tournaments', { apiKey: edges.apiKey.key, query: { endDate: '9999-12-31' } });
    expect(total.body.pagination.total).toBe(2);
  });

  it('sorts by name, start date and status in both directions', async () => {
    const key = listTenant.apiKey.key;
    const byName = await request(server, 'GET', '/tournaments', { apiKey: key, query: { sortBy: 'name', sortOrder: 'desc' } });
    expect(names(byName)).toEqual(['Echo', 'Delta', 'Charlie', 'Bravo', 'Alpha']);
    const byStart = await request(server, 'GET', '/tournaments', { apiKey: key, query: { sortBy: 'startDate', sortOrder: 'asc' } });
    expect(names(byStart)).toEqual(['Delta', 'Alpha', 'Bravo', 'Charlie', 'Echo']);
    const byStatus = await request(server, 'GET', '/tournaments', { apiKey: key, query: { sortBy: 'status', sortOrder: 'asc' } });
    expect(byStatus.body.data.map((t: any) => t.status)).toEqual(['DRAFT', 'DRAFT', 'DRAFT', 'PUBLISHED', 'PUBLISHED']);
  });

  it('needs projectId with a bearer token and staff membership', async () => {
    const missing = await request(server, 'GET', '/tournaments', { token: listTenant.owner.accessToken });
    expect(missing.status).toBe(400);
    expect(missing.body.error.details[0].path).toBe('query.projectId');
    const own = await request(server, 'GET', '/tournaments', { token: listTenant.owner.accessToken, query: { projectId: listTenant.project.id } });
    expect(own.body.pagination.total).toBe(5);
    const stranger = await registerUser(server);
    const refused = await request(server, 'GET', '/tournaments', { token: stranger.accessToken, query: { projectId: listTenant.project.id } });
    expect(refused.status).toBe(404); // projects are private (R4.11)
    expect((await request(server, 'GET', '/tournaments')).status).toBe(401);
  });

  // SQLite only: the indexes are the same on PostgreSQL, whose planner picks any index of a table this small.
  it.skipIf(onPostgres)('runs the count and page queries on the (project_id, ...) indexes', async () => {
    const variants = [
      { sortBy: 'createdAt', status: undefined, startDate: undefined },
      { sortBy: 'name', status: 'PUBLISHED', startDate: undefined },
      { sortBy: 'startDate', status: undefined, startDate: '2031-03-01' },
    ] as const;
    for (const v of variants) {
      const { count, page } = tournamentListQueries(server.deps.db, listTenant.project.id, {
        page: 1,
        totalCap: 1000,
        limit: 10,
        sortOrder: 'desc',
        sortBy: v.sortBy,
        ...(v.status ? { status: v.status } : {}),
        ...(v.startDate ? { startDate: v.startDate } : {}),
      });
      for (const query of [count, page]) {
        const compiled = query.compile();
        const plan = await server.deps.db.executeQuery<{ detail: string }>({ ...compiled, sql: `EXPLAIN QUERY PLAN ${compiled.sql}` });
        const detail = plan.rows.map((r) => r.detail).join(' | ');
        expect(detail).toMatch(/USING (COVERING )?INDEX tournaments_project_/);
        expect(detail).not.toMatch(/SCAN tournaments(?! USING)/);
      }
    }
  });
});
