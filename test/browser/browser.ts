import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { fileURLToPath } from 'node:url';
import { chromium, type Browser, type Page } from 'playwright-core';
import { expect } from 'vitest';

/** Where the browser tests write their screenshots (git-ignored). */
export const SCREENSHOTS = fileURLToPath(new URL('../../test-results/screenshots/', import.meta.url));

/** Debian's Chromium, headless, nothing fetched from the network by the browser itself. */
export function launchChromium(): Promise<Browser> {
  mkdirSync(SCREENSHOTS, { recursive: true });
  return chromium.launch({
    executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    args: ['--headless', '--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--no-first-run'],
  });
}

/** Records every request of `page` to another host than the server's, and aborts it (pages must not need one). */
export async function blockForeignRequests(page: Page, origin: string): Promise<string[]> {
  const foreign: string[] = [];
  await page.route('**/*', (route) => {
    const url = route.request().url();
    if (url.startsWith(origin) || url.startsWith('data:') || url.startsWith('blob:')) return route.continue();
    foreign.push(url);
    return route.abort();
  });
  return foreign;
}

/** Collects what the browser reports as refused by the page's Content-Security-Policy (expected: nothing). */
export function cspViolations(page: Page): string[] {
  const refused: string[] = [];
  page.on('console', (message) => {
    if (message.text().includes('Content Security Policy')) refused.push(message.text());
  });
  return refused;
}

const axePath = createRequire(import.meta.url).resolve('axe-core/axe.min.js');

/** Runs axe-core in the page and expects no serious or critical violation (names them otherwise). */
export async function expectAccessible(page: Page, what: string): Promise<void> {
  // Evaluated through the DevTools protocol: the pages' Content-Security-Policy refuses an added inline script.
  await page.evaluate(readFileSync(axePath, 'utf8'));
  const violations = await page.evaluate(async () => {
    const result = await (window as any).axe.run(document, { resultTypes: ['violations'] });
    return result.violations.map((v: any) => ({ id: v.id, impact: v.impact, nodes: v.nodes.slice(0, 3).map((n: any) => n.target.join(' ')) }));
  });
  expect(violations.filter((v: { impact: string }) => v.impact === 'serious' || v.impact === 'critical'), `${what}: ${JSON.stringify(violations)}`).toEqual([]);
}

/**
 * Writes a screenshot as test-results/screenshots/<name>.png (full page unless `fullPage` is false). `viaCdp` takes
 * it through the DevTools protocol, for pages whose script keeps Playwright's font wait from ending.
 */
export async function screenshot(page: Page, name: string, fullPage = true, viaCdp = false): Promise<void> {
  if (!viaCdp) {
    await page.screenshot({ path: `${SCREENSHOTS}${name}.png`, fullPage });
    return;
  }
  const cdp = await page.context().newCDPSession(page);
  const shot = (await cdp.send('Page.captureScreenshot', { format: 'png' })) as { data: string };
  writeFileSync(`${SCREENSHOTS}${name}.png`, Buffer.from(shot.data, 'base64'));
}
