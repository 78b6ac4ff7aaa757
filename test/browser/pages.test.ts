import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTenant, expectStatus, registerUser, request, startTestServer, type TestServer, type TestTenant, type TestUser } from '../../packages/server/test/helpers/index';
import { betterSeedWins, playDecided, startWithStages, type StartedTournament } from '../../packages/server/test/formats-helpers';
import { allMatches } from '../../packages/server/test/tournaments-helpers';
import { activeCircuit } from '../../packages/server/test/circuits-helpers';
import { blockForeignRequests, cspViolations, expectAccessible, launchChromium, screenshot } from './browser';

// The public pages in Debian's Chromium against a real server (R28.5 to R28.9).
let server: TestServer;
let browser: Browser;
let tenant: TestTenant;
let players: TestUser[];
let de16: StartedTournament;
let origin: string;

const DE = [{ name: 'Playoffs', format: 'DOUBLE_ELIMINATION', settings: { grandFinal: 'double' } }];
const playable = (m: any) => m.status === 'SCHEDULED' && m.participants[0].participantId && m.participants[1].participantId;

beforeAll(async () => {
  [server, browser] = await Promise.all([startTestServer({ livePollIntervalMs: 50 }), launchChromium()]);
  origin = server.url.replace(/\/api\/v1$/, '');
  tenant = await createTenant(server);
  players = [];
  for (let i = 1; i <= 64; i++) players.push(await registerUser(server, { displayName: `Player ${i}` }));
  de16 = await startWithStages(server, tenant, players.slice(0, 16), DE, { name: 'Friday Cup' });
  // A running tournament: the first round of the winners bracket played.
  for (const m of (await allMatches(server, de16.id)).filter(playable).slice(0, 8)) await playDecided(server, m, de16.byParticipant, betterSeedWins(m));
}, 240_000);

afterAll(async () => {
  await browser?.close();
  await server?.close();
});

describe('public pages in a browser', () => {
  it('the page of a running 16-player double elimination shows every match', async () => {
    const page = await browser.newPage({ viewport: { width: 1280, height: 900 } });
    const foreign = await blockForeignRequests(page, origin);
    await page.goto(`${origin}/t/${de16.id}`);
    const matches = await allMatches(server, de16.id);
    expect(matches.length).toBe(31); // 15 winners, 14 losers, grand final and reset
    const shown = await page.locator('a.m[data-match]').evaluateAll((els) => els.map((e) => (e as HTMLElement).dataset.match));
    expect(new Set(shown)).toEqual(new Set(matches.map((m) => m.id)));
    await expect(page.locator('h3', { hasText: /^Grand final$/ }).count()).resolves.toBe(1);
    await screenshot(page, 'tournament-de16-light');
    await expectAccessible(page, 'tournament page, light');
    await page.emulateMedia({ colorScheme: 'dark' });
    await screenshot(page, 'tournament-de16-dark');
    await expectAccessible(page, 'tournament page, dark');
    await page.setViewportSize({ width: 390, height: 844 });
    await screenshot(page, 'tournament-de16-phone', false);
    expect(foreign).toEqual([]);
    await page.close();
  });

  it('a result reported through the API appears on the open page within 2 seconds without a reload', async () => {
    const page = await browser.newPage();
    const refused = cspViolations(page);
    await page.goto(`${origin}/t/${de16.id}`);
    await page.waitForFunction(() => document.querySelector('main')?.dataset.stream === 'open', undefined, { timeout: 5000 });
    await page.evaluate(() => ((window as any).notReloaded = true));
    const match = (await allMatches(server, de16.id)).find(playable)!;
    await expect(page.locator(`a.m[data-match="${match.id}"]`).getAttribute('data-status')).resolves.toBe('SCHEDULED');
    await playDecided(server, match, de16.byParticipant, betterSeedWins(match));
    await page.waitForFunction((id) => document.querySelector<HTMLElement>(`a.m[data-match="${id}"]`)?.dataset.status === 'COMPLETED', match.id, { timeout: 2000 });
    expect(await page.evaluate(() => (window as any).notReloaded)).toBe(true);
    // Its script, styles and live stream all pass the page's Content-Security-Policy.
    expect(refused).toEqual([]);
    await page.close();
  });

  it('the broadcast view of a 64-player bracket fits 1920x1080 with no scrollbar', async () => {
    const de64 = await startWithStages(server, tenant, players, DE, { name: 'Major 64' });
    const page = await browser.newPage({ viewport: { width: 1920, height: 1080 } });
    await page.goto(`${origin}/t/${de64.id}?view=broadcast`);
    const fit = await page.evaluate(() => {
      const box = document.querySelector('main')!.getBoundingClientRect();
      const doc = document.documentElement;
      return { box: [box.left, box.top, box.right, box.bottom], scroll: [doc.scrollWidth, doc.scrollHeight], view: [innerWidth, innerHeight], matches: document.querySelectorAll('a.m').length };
    });
    expect(fit.matches).toBe((await allMatches(server, de64.id)).length);
    expect(fit.scroll[0]).toBeLessThanOrEqual(1920);
    expect(fit.scroll[1]).toBeLessThanOrEqual(1080);
    expect(fit.box[0]).toBeGreaterThanOrEqual(0);
    expect(fit.box[1]).toBeGreaterThanOrEqual(0);
    expect(fit.box[2]).toBeLessThanOrEqual(1920.5);
    expect(fit.box[3]).toBeLessThanOrEqual(1080.5);
    await expect(page.locator('header').count()).resolves.toBe(0);
    await screenshot(page, 'broadcast-de64', false);
    await page.close();
  });

  it('the match and circuit pages show sides, scores and history without ids, the round by its name, and seasons with standings', async () => {
    const page = await browser.newPage();
    const done = (await allMatches(server, de16.id)).find((m) => m.status === 'COMPLETED')!;
    await page.goto(`${origin}/m/${done.id}`);
    const text = await page.locator('main').innerText();
    expect(text).toContain(done.participants[0].name);
    expect(text).toMatch(/Reported/);
    expect(text).toMatch(/Confirmed/);
    expect(text).not.toMatch(/[0-9a-f]{8}-[0-9a-f]{4}-/);
    // Headed by its round as the tournament page names it (R27.11), not by bracket and round numbers.
    const bracket = (await request(server, 'GET', `/tournaments/${de16.id}/bracket`)).body.data;
    const round = bracket.stages.flatMap((s: any) => s.rounds).find((r: any) => r.matches.some((m: any) => m.id === done.id));
    await expect(page.locator('main h1').innerText()).resolves.toBe(`${round.name}, match ${done.number}`);
    await screenshot(page, 'match');
    await expectAccessible(page, 'match page');
    const { circuit } = await activeCircuit(server, tenant);
    await page.goto(`${origin}/c/${circuit.id}`);
    await expect(page.getByRole('heading', { name: 'Seasons' }).count()).resolves.toBe(1);
    await screenshot(page, 'circuit');
    await expectAccessible(page, 'circuit page');
    await page.close();
  });

  it('names without spaces wrap on a phone instead of widening the page', async () => {
    const long = (prefix: string, n: number) => `${prefix}${'W'.repeat(n)}`;
    const racers = [];
    for (let i = 1; i <= 4; i++) racers.push(await registerUser(server, { displayName: long(`P${i}`, 60) }));
    const swiss = await startWithStages(server, tenant, racers, [{ name: long('Stage', 55), format: 'SWISS', settings: { swissRounds: 2 } }], {
      name: long('Cup', 100),
    });
    const page = await browser.newPage({ viewport: { width: 390, height: 844 } });
    await page.goto(`${origin}/t/${swiss.id}`);
    // Only the bracket trees and tables scroll sideways (inside .scroll); the page itself fits the phone.
    const width = await page.evaluate(() => document.documentElement.scrollWidth);
    await screenshot(page, 'tournament-long-names-phone', false);
    expect(width).toBeLessThanOrEqual(390);
    await page.close();
  });

  it('a DRAFT tournament has no public page (404)', async () => {
    const draft = await request(server, 'POST', '/tournaments', {
      token: tenant.owner.accessToken,
      body: { name: 'Secret', disciplineId: 'chess', maxParticipants: 8, startDate: '2030-06-01T12:00:00.000Z', projectId: tenant.project.id, stages: DE },
    });
    expectStatus(draft, 201, 'create draft');
    const res = await fetch(`${origin}/t/${draft.body.data.id}`, { headers: { Authorization: `Bearer ${tenant.owner.accessToken}` } });
    expect(res.status).toBe(404);
  });

  it('the reference page lists every operation, loading nothing from the network', async () => {
    const page = await browser.newPage({ viewport: { width: 1400, height: 900 } });
    const foreign = await blockForeignRequests(page, origin);
    const refused = cspViolations(page);
    await page.goto(`${origin}/docs`);
    const contract = await (await fetch(`${origin}/openapi.json`)).json();
    const summaries: string[] = Object.values(contract.paths as Record<string, Record<string, { summary: string }>>).flatMap((ops) =>
      Object.values(ops).map((op) => op.summary),
    );
    await page.waitForFunction((all) => all.every((s) => document.body.innerText.includes(s)), summaries, { timeout: 40_000, polling: 500 });
    await screenshot(page, 'reference', false, true);
    expect(foreign).toEqual([]);
    // It renders under its Content-Security-Policy (no inline script).
    expect(refused).toEqual([]);
    const yaml = await fetch(`${origin}/openapi.yaml`);
    expect(yaml.headers.get('content-type')).toMatch(/yaml/);
    expect(await yaml.text()).toMatch(/^openapi: 3\.1/m);
    await page.close();
  }, 60_000);
});
