import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTenant, expectStatus, registerUser, request, startTestServer, type TestServer, type TestTenant } from '../../packages/server/test/helpers/index';
import { betterSeedWins, playDecided, startWithStages, type StartedTournament } from '../../packages/server/test/formats-helpers';
import { allMatches, joinAll, openTournament } from '../../packages/server/test/tournaments-helpers';
import { activeCircuit } from '../../packages/server/test/circuits-helpers';
import { expectAccessible, launchChromium, screenshot } from './browser';

// An open tournament page across what a deploy does to it, and what a redraw keeps, in Debian's Chromium (R28.5, R28.6).
let server: TestServer;
let browser: Browser;
let tenant: TestTenant;
let swiss: StartedTournament;
let origin: string;

const playable = (m: any) => m.status === 'SCHEDULED' && m.participants[0].participantId && m.participants[1].participantId;

/** Plays the first playable match of the Swiss and returns it. */
async function playOne(): Promise<any> {
  const match = (await allMatches(server, swiss.id)).find(playable)!;
  await playDecided(server, match, swiss.byParticipant, betterSeedWins(match));
  return match;
}

/** Waits until the page shows `matchId` completed. */
function shownCompleted(page: Page, matchId: string, timeout: number): Promise<unknown> {
  return page.waitForFunction((id) => document.querySelector<HTMLElement>(`a.m[data-match="${id}"]`)?.dataset.status === 'COMPLETED', matchId, { timeout });
}

beforeAll(async () => {
  [server, browser] = await Promise.all([startTestServer({ livePollIntervalMs: 50 }), launchChromium()]);
  origin = server.url.replace(/\/api\/v1$/, '');
  tenant = await createTenant(server);
  const players = [];
  for (let i = 1; i <= 8; i++) players.push(await registerUser(server, { displayName: `Player with a long name ${i}` }));
  swiss = await startWithStages(server, tenant, players, [{ name: 'Swiss', format: 'SWISS', settings: { swissRounds: 3 } }], { name: 'Deploy Open' });
  // Round 1 played: round 2 is paired, its matches wait.
  for (const m of (await allMatches(server, swiss.id)).filter(playable)) await playDecided(server, m, swiss.byParticipant, betterSeedWins(m));
}, 240_000);

afterAll(async () => {
  await browser?.close();
  await server?.close();
});

describe('live tournament pages across failures and redraws', () => {
  it('after a failed reconnect (a proxy answering 502, then 503) the page opens the stream again after the last event it saw and shows what changed', async () => {
    const page = await browser.newPage();
    const answers: number[] = [];
    const resumedFrom: string[] = [];
    await page.route('**/api/v1/tournaments/*/events*', async (route) => {
      const n = answers.length + 1;
      // First the stream drops at once (an instance stopping), then the proxy answers while no instance is up.
      if (n === 1) return answers.push(200), route.fulfill({ status: 200, headers: { 'Content-Type': 'text/event-stream' }, body: 'retry: 100\n\n' });
      if (n === 2) return answers.push(502), route.fulfill({ status: 502, body: 'Bad Gateway' });
      if (n === 3) return answers.push(503), route.fulfill({ status: 503, body: 'Service Unavailable' });
      answers.push(0);
      resumedFrom.push(new URL(route.request().url()).searchParams.get('lastEventId') ?? '');
      return route.continue();
    });
    await page.goto(`${origin}/t/${swiss.id}`);
    const drawnAt = await page.evaluate(() => document.querySelector<HTMLElement>('main')!.dataset.seq);
    // A result reported while the page has no stream: it shows once the stream is back, without a reload.
    const match = await playOne();
    await shownCompleted(page, match.id, 15_000);
    expect(answers.slice(0, 4)).toEqual([200, 502, 503, 0]);
    expect(resumedFrom[0]).toBe(drawnAt);
    await page.waitForFunction(() => document.querySelector('main')?.dataset.stream === 'open', undefined, { timeout: 5000 });
    await page.close();
  });

  it('a redraw whose fetch fails (503) is tried again until the page shows the change', async () => {
    const page = await browser.newPage();
    let failed = 0;
    await page.route(`**/t/${swiss.id}/live`, async (route) => {
      if (failed < 2) {
        failed++;
        return route.fulfill({ status: 503, body: 'Service Unavailable' });
      }
      return route.continue();
    });
    await page.goto(`${origin}/t/${swiss.id}`);
    await page.waitForFunction(() => document.querySelector('main')?.dataset.stream === 'open', undefined, { timeout: 5000 });
    const match = await playOne();
    await shownCompleted(page, match.id, 15_000);
    expect(failed).toBe(2);
    expect(await page.evaluate(() => document.querySelector<HTMLElement>('main')!.dataset.refreshes)).toBe('1');
    await page.close();
  });

  it('a redraw keeps the rounds the reader opened and how far each table was scrolled sideways', async () => {
    const page = await browser.newPage({ viewport: { width: 390, height: 800 } });
    await page.goto(`${origin}/t/${swiss.id}`);
    await page.waitForFunction(() => document.querySelector('main')?.dataset.stream === 'open', undefined, { timeout: 5000 });
    await page.locator('details summary').first().click();
    const before = await page.evaluate(() => {
      const box = document.querySelector<HTMLElement>('.scroll[data-key]')!;
      box.scrollLeft = 120;
      return { open: [...document.querySelectorAll('details')].map((d) => d.open), left: box.scrollLeft };
    });
    expect(before.open[0]).toBe(true);
    expect(before.left).toBeGreaterThan(0);
    const match = await playOne();
    await shownCompleted(page, match.id, 5000);
    const after = await page.evaluate(() => ({
      open: [...document.querySelectorAll('details')].map((d) => d.open),
      left: document.querySelector<HTMLElement>('.scroll[data-key]')!.scrollLeft,
    }));
    expect(after).toEqual(before);
    await page.close();
  });

  it('a rename and a removed registration before the start appear on the open page within 2 seconds without a reload', async () => {
    const t = await openTournament(server, tenant, { name: 'Harbour Cup' });
    const entrants = [await registerUser(server, { displayName: 'Early Bird' }), await registerUser(server, { displayName: 'Late Owl' })];
    const { participantOf } = await joinAll(server, t.id, entrants);
    const page = await browser.newPage();
    await page.goto(`${origin}/t/${t.id}`);
    await page.waitForFunction(() => document.querySelector('main')?.dataset.stream === 'open', undefined, { timeout: 5000 });
    await page.evaluate(() => ((window as any).notReloaded = true));
    const shown = () =>
      page.evaluate(() => {
        const facts = [...document.querySelectorAll('main dl.facts dt')].map((dt) => [dt.textContent, dt.nextElementSibling?.textContent]);
        return { heading: document.querySelector('main h1')?.textContent, title: document.title, participants: Object.fromEntries(facts).Participants };
      });
    expect(await shown()).toEqual({ heading: 'Harbour Cup', title: 'Harbour Cup', participants: '2 / 8' });
    // updateTournament and removeParticipant: tournament.updated, then participant.removed (R11.11, R11.12).
    expectStatus(await request(server, 'PUT', `/tournaments/${t.id}`, { apiKey: tenant.apiKey.key, body: { name: 'Harbour Open' } }), 200, 'rename');
    await page.waitForFunction(() => document.querySelector('main h1')?.textContent === 'Harbour Open', undefined, { timeout: 2000 });
    const removed = await request(server, 'DELETE', `/tournaments/${t.id}/participants/${participantOf.get(entrants[1]!.id)}`, { apiKey: tenant.apiKey.key });
    expect(removed.status).toBe(204);
    await page.waitForFunction(() => document.querySelector('main dl.facts')?.textContent?.includes('1 / 8'), undefined, { timeout: 2000 });
    expect(await shown()).toEqual({ heading: 'Harbour Open', title: 'Harbour Open', participants: '1 / 8' });
    expect(await page.evaluate(() => (window as any).notReloaded)).toBe(true);
    await page.close();
  });

  it('a circuit season shows its first and last days as those days in any time zone', async () => {
    const { circuit } = await activeCircuit(server, tenant, { startDate: '2030-01-01', endDate: '2030-12-31' });
    const context = await browser.newContext({ timezoneId: 'America/Los_Angeles', locale: 'en-US' });
    const page = await context.newPage();
    await page.goto(`${origin}/c/${circuit.id}`);
    const cells = await page.locator('main table').first().locator('tbody tr td').allInnerTexts();
    expect(cells.slice(3, 5)).toEqual(['Jan 1, 2030', 'Dec 31, 2030']);
    await context.close();
  });

  it('the home page links to the tournaments being played and the API reference, readable in light and dark', async () => {
    const page = await browser.newPage();
    await page.goto(`${origin}/`);
    await expect(page.locator(`main a[href="/t/${swiss.id}"]`).count()).resolves.toBe(1);
    await expect(page.locator('main a[href="/docs"]').count()).resolves.toBe(1);
    await page.locator('header a.brand').click();
    await expect(page.locator('h1').innerText()).resolves.toBe('Tournaments');
    await screenshot(page, 'home');
    await expectAccessible(page, 'home page, light');
    await page.emulateMedia({ colorScheme: 'dark' });
    await expectAccessible(page, 'home page, dark');
    await page.close();
  });
});
