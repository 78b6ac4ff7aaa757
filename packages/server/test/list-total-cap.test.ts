import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { configFromEnv, resolveConfig } from '../src/config';
import { createTenant, expectStatus, request, startTestServer, type TestServer, type TestTenant } from './helpers/index';
import { createTournament } from './tournaments-helpers';

// A list total counts at most listTotalCap rows past the page's offset; beyond them it is a lower bound flagged by
// pagination.totalCapped (R3.11). A cap of 5 keeps the test small: 8 tournaments in one project.

describe('capped list totals', () => {
  let server: TestServer;
  let tenant: TestTenant;

  beforeAll(async () => {
    server = await startTestServer({ listTotalCap: 5 });
    tenant = await createTenant(server);
    for (let i = 0; i < 8; i++) await createTournament(server, tenant, { name: `Capped ${i + 1}` });
  });
  afterAll(async () => {
    await server?.close();
  });

  async function page(n: number, limit = 2): Promise<{ data: { id: string }[]; pagination: Record<string, unknown> }> {
    const res = await request(server, 'GET', `/tournaments?projectId=${tenant.project.id}&page=${n}&limit=${limit}`, { token: tenant.owner.accessToken });
    expectStatus(res, 200, `page ${n}`);
    return res.body;
  }

  it('counts at most the cap past the offset: a lower bound with totalCapped, exact once the cap reaches the end', async () => {
    const first = await page(1);
    expect(first.pagination).toEqual({ page: 1, limit: 2, total: 5, totalPages: 3, hasNext: true, hasPrevious: false, totalCapped: true });
    const second = await page(2);
    expect(second.pagination).toEqual({ page: 2, limit: 2, total: 7, totalPages: 4, hasNext: true, hasPrevious: true, totalCapped: true });
    const third = await page(3);
    expect(third.pagination).toEqual({ page: 3, limit: 2, total: 8, totalPages: 4, hasNext: true, hasPrevious: true });
    const last = await page(4);
    expect(last.pagination).toEqual({ page: 4, limit: 2, total: 8, totalPages: 4, hasNext: false, hasPrevious: true });
    const ids = [first, second, third, last].flatMap((p) => p.data.map((t) => t.id));
    expect(new Set(ids).size).toBe(8);
  });

  it('counts at least a full page past the offset when limit exceeds the cap', async () => {
    const wide = await page(1, 7);
    expect(wide.pagination).toEqual({ page: 1, limit: 7, total: 7, totalPages: 1, hasNext: true, hasPrevious: false, totalCapped: true });
    expect(wide.data).toHaveLength(7);
    const all = await page(1, 8);
    expect(all.pagination).toEqual({ page: 1, limit: 8, total: 8, totalPages: 1, hasNext: false, hasPrevious: false });
  });

  it('keeps each app its own cap: a second server in this process with cap 3 does not change this one (R3.11)', async () => {
    const other = await startTestServer({ listTotalCap: 3 });
    try {
      const otherTenant = await createTenant(other);
      for (let i = 0; i < 5; i++) await createTournament(other, otherTenant, { name: `Other ${i + 1}` });
      const res = await request(other, 'GET', `/tournaments?projectId=${otherTenant.project.id}&page=1&limit=2`, { token: otherTenant.owner.accessToken });
      expectStatus(res, 200, 'other page 1');
      expect(res.body.pagination).toEqual({ page: 1, limit: 2, total: 3, totalPages: 2, hasNext: true, hasPrevious: false, totalCapped: true });
      // This server, created first, still counts up to 5.
      expect((await page(1)).pagination).toMatchObject({ total: 5, totalCapped: true });
    } finally {
      await other.close();
    }
  });

  it('reads TOURNEY_LIST_TOTAL_CAP (default 1000, at least 1)', () => {
    expect(resolveConfig(configFromEnv({})).listTotalCap).toBe(1000);
    expect(configFromEnv({ TOURNEY_LIST_TOTAL_CAP: '50' }).listTotalCap).toBe(50);
    expect(() => configFromEnv({ TOURNEY_LIST_TOTAL_CAP: '0' })).toThrow(/TOURNEY_LIST_TOTAL_CAP/);
  });
});
