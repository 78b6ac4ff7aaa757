import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { run } from '@tourney/cli';
import { repoPath, requireBuilt, spawnNode } from '../helpers/spawn';

/**
 * Packages that `tourney --help` must not load (R20.16): each is loaded by the commands that use it, with import()
 * in their actions, so that the start stays fast (`npm run bench:cli`).
 */
const LAZY_PACKAGES = [
  '@tourney/sdk',
  '@tourney/server',
  '@tourney/core',
  '@inquirer',
  'openapi-fetch',
  'eventsource-parser',
  'string-width',
  'get-east-asian-width',
  'yaml',
  'yocto-spinner',
];

/** The workspace directory or node_modules package a module URL belongs to (`@tourney/sdk` for packages/sdk). */
function packageOf(url: string): string | null {
  const workspace = /\/packages\/(core|sdk|server|cli)\/(?!node_modules\/)/.exec(url);
  const modules = /.*\/node_modules\/((?:@[^/]+\/)?[^/]+)\//.exec(url);
  if (modules) return modules[1]!;
  return workspace ? `@tourney/${workspace[1]}` : null;
}

describe('tourney --help from the built bin', () => {
  it('prints the same help as run() and loads none of the packages the commands load on use', async () => {
    const bin = requireBuilt('packages/cli/bin/tourney.js');
    const dir = await mkdtemp(join(tmpdir(), 'tourney-loads-'));
    const loads = join(dir, 'loads.txt');
    const env = { RECORD_LOADS_FILE: loads, TOURNEY_CONFIG_DIR: dir, NO_COLOR: '1' };
    const proc = spawnNode(['--import', repoPath('test/helpers/record-loads.mjs'), bin, '--help'], env);
    expect(await proc.exited).toBe(0);
    const urls = (await readFile(loads, 'utf8')).trim().split('\n');
    await rm(dir, { recursive: true, force: true });

    let expected = '';
    const code = await run(['--help'], { io: { stdout: { write: (s: string) => (expected += s) }, stderr: { write: () => true }, isTTY: false }, env: {} });
    expect(code).toBe(0);
    expect(proc.output()).toBe(expected);

    const packages = new Set(urls.map(packageOf).filter((name) => name !== null));
    // The recorder sees the start: the bin's own chunks (commander and picocolors are bundled in them).
    expect(packages).toContain('@tourney/cli');
    for (const name of LAZY_PACKAGES) expect([...packages].filter((p) => p === name || p.startsWith(`${name}/`)), name).toEqual([]);
  });
});
