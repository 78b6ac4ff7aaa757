import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTenant, registerUser, startTestServer, type TestServer, type TestTenant, type TestUser } from '../../packages/server/test/helpers/index';
import { betterSeedWins, playDecided, startWithStages, type StartedTournament } from '../../packages/server/test/formats-helpers';
import { allMatches } from '../../packages/server/test/tournaments-helpers';
import { expectAccessible, launchChromium, screenshot } from './browser';

// Standings pages of Swiss and groups stages, and their broadcast view, in Debian's Chromium (R28.5, R28.7, R28.8).
let server: TestServer;
let browser: Browser;
let tenant: TestTenant;
let players: TestUser[];
let swiss: StartedTournament;
let groups: StartedTournament;
let origin: string;

const playable = (m: any) => m.status === 'SCHEDULED' && m.participants[0].participantId && m.participants[1].participantId;

/** Plays every playable match, round after round, until none is left (the better seed wins). */
async function playAll(t: StartedTournament): Promise<void> {
  for (;;) {
    const open = (await allMatches(server, t.id)).filter(playable);
    if (open.length === 0) return;
    for (const m of open) await playDecided(server, m, t.byParticipant, betterSeedWins(m));
  }
}

/** The column headers and captions of the page's standings tables. */
async function tables(page: import('playwright-core').Page): Promise<{ caption: string; head: string[]; rows: number }[]> {
  return page.locator('main table').evaluateAll((els) =>
    els.map((t) => ({
      caption: t.querySelector('caption')?.textContent ?? '',
      head: [...t.querySelectorAll('thead th')].map((th) => th.textContent ?? ''),
      rows: t.querySelectorAll('tbody tr').length,
    })),
  );
}

beforeAll(async () => {
  [server, browser] = await Promise.all([startTestServer({ livePollIntervalMs: 50 }), launchChromium()]);
  origin = server.url.replace(/\/api\/v1$/, '');
  tenant = await createTenant(server);
  players = [];
  for (let i = 1; i <= 32; i++) players.push(await registerUser(server, { displayName: `Player ${i}` }));
  swiss = await startWithStages(server, tenant, players.slice(0, 8), [{ name: 'Swiss', format: 'SWISS', settings: { swissRounds: 3 } }], { name: 'Swiss Open' });
  await playAll(swiss);
  groups = await startWithStages(
    server,
    tenant,
    players.slice(0, 16),
    [{ name: 'Groups', format: 'GROUPS', settings: { groupCount: 4, qualifiersPerGroup: 2, groupNames: ['A', 'B', 'C', 'Group of death'] } }],
    { name: 'League Cup' },
  );
  await playAll(groups);
}, 240_000);

afterAll(async () => {
  await browser?.close();
  await server?.close();
});

describe('standings pages in a browser', () => {
  it('the page of a Swiss tournament shows the standings with a column per tiebreak', async () => {
    const page = await browser.newPage({ viewport: { width: 1280, height: 900 } });
    await page.goto(`${origin}/t/${swiss.id}`);
    const [table, ...more] = await tables(page);
    expect(more).toEqual([]);
    expect(table).toEqual({ caption: 'Standings', head: ['#', 'Name', 'Played', 'W', 'D', 'L', 'Points', 'Buchholz', 'Buchholz Cut-1', 'Sonneborn-Berger'], rows: 8 });
    const first = await page.locator('main table tbody tr').first().locator('td').allInnerTexts();
    expect(first.slice(2, 7)).toEqual(['3', '3', '0', '0', '9']);
    await expect(page.locator('details summary').count()).resolves.toBe(3);
    await screenshot(page, 'tournament-swiss');
    await expectAccessible(page, 'Swiss page, light');
    await page.emulateMedia({ colorScheme: 'dark' });
    await expectAccessible(page, 'Swiss page, dark');
    await page.close();
  });

  it('a Swiss with a bye shows a Byes column, so wins (byes included) never read as more than played', async () => {
    const odd = await startWithStages(server, tenant, players.slice(0, 7), [{ name: 'Swiss', format: 'SWISS', settings: { swissRounds: 2 } }], { name: 'Odd Open' });
    await playAll(odd);
    const page = await browser.newPage({ viewport: { width: 1280, height: 900 } });
    await page.goto(`${origin}/t/${odd.id}`);
    const [table] = await tables(page);
    expect(table!.head.slice(0, 8)).toEqual(['#', 'Name', 'Played', 'Byes', 'W', 'D', 'L', 'Points']);
    const rows = await page.locator('main table tbody tr').evaluateAll((trs) => trs.map((tr) => [...tr.querySelectorAll('td')].map((td) => Number(td.textContent))));
    for (const [, , played, byes, wins, draws, losses] of rows) expect(played! + byes!).toBe(wins! + draws! + losses!);
    expect(rows.filter((r) => r[3]! > 0).length).toBeGreaterThan(0);
    await page.close();
  });

  it('the page of a groups stage shows one table per group under its name, with tiebreak columns', async () => {
    const page = await browser.newPage({ viewport: { width: 1280, height: 900 } });
    await page.goto(`${origin}/t/${groups.id}`);
    const shown = await tables(page);
    expect(shown.map((t) => t.caption)).toEqual(['Group A', 'Group B', 'Group C', 'Group of death']);
    for (const t of shown) {
      expect(t.rows).toBe(4);
      expect(t.head).toEqual(['#', 'Name', 'Played', 'W', 'D', 'L', 'Points', 'Head to head', 'Score difference', 'Scores for']);
    }
    await screenshot(page, 'tournament-groups');
    await expectAccessible(page, 'groups page, light');
    await page.emulateMedia({ colorScheme: 'dark' });
    await screenshot(page, 'tournament-groups-dark');
    await expectAccessible(page, 'groups page, dark');
    await page.close();
  });

  it('the broadcast view of a 32-player standings table fits 1920x1080 with no scrollbar', async () => {
    const big = await startWithStages(server, tenant, players, [{ name: 'Swiss', format: 'SWISS', settings: { swissRounds: 5 } }], { name: 'Swiss 32' });
    for (const m of (await allMatches(server, big.id)).filter(playable)) await playDecided(server, m, big.byParticipant, betterSeedWins(m));
    const page = await browser.newPage({ viewport: { width: 1920, height: 1080 } });
    await page.goto(`${origin}/t/${big.id}?view=broadcast`);
    const fit = await page.evaluate(() => {
      const box = document.querySelector('main')!.getBoundingClientRect();
      const doc = document.documentElement;
      return { box: [box.left, box.top, box.right, box.bottom], scroll: [doc.scrollWidth, doc.scrollHeight], rows: document.querySelectorAll('main tbody tr').length };
    });
    expect(fit.rows).toBe(32);
    expect(fit.scroll[0]).toBeLessThanOrEqual(1920);
    expect(fit.scroll[1]).toBeLessThanOrEqual(1080);
    expect(fit.box[0]).toBeGreaterThanOrEqual(0);
    expect(fit.box[1]).toBeGreaterThanOrEqual(0);
    expect(fit.box[2]).toBeLessThanOrEqual(1920.5);
    expect(fit.box[3]).toBeLessThanOrEqual(1080.5);
    await expect(page.locator('header').count()).resolves.toBe(0);
    await screenshot(page, 'broadcast-swiss32', false);
    await expectAccessible(page, 'broadcast standings');
    await page.close();
  });

  it('a burst of live events redraws the page once', async () => {
    const page = await browser.newPage();
    // The stream answers a burst of six events at once, then asks the browser to wait ten minutes before reconnecting.
    const burst = Array.from({ length: 6 }, (_, i) => {
      const event = { seq: 100 + i, type: 'match.completed', tournamentId: groups.id, data: {}, createdAt: new Date().toISOString() };
      return `id: ${event.seq}\ndata: ${JSON.stringify(event)}\n\n`;
    }).join('');
    await page.route('**/api/v1/tournaments/*/events*', (route) =>
      route.fulfill({ status: 200, headers: { 'Content-Type': 'text/event-stream', 'Cache-Control': 'no-cache' }, body: `retry: 600000\n\n${burst}` }),
    );
    const refetches: string[] = [];
    page.on('request', (r) => {
      if (new URL(r.url()).pathname.endsWith('/live')) refetches.push(r.url());
    });
    await page.goto(`${origin}/t/${groups.id}`);
    await page.waitForFunction(() => document.querySelector('main')?.dataset.refreshes === '1', undefined, { timeout: 5000 });
    await page.waitForLoadState('networkidle');
    expect(await page.evaluate(() => document.querySelector('main')?.dataset.refreshes)).toBe('1');
    expect(refetches).toEqual([`${origin}/t/${groups.id}/live`]);
    await expect(page.locator('main table').count()).resolves.toBe(4);
    await page.close();
  });
});
