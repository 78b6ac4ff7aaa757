import { execFile } from 'node:child_process';
import { mkdtemp, readdir, readFile, rm } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { promisify } from 'node:util';
import { describe, expect, it } from 'vitest';
import packageJson from '../package.json';
import { SDK_VERSION } from '../src/index';

const SDK_DIR = fileURLToPath(new URL('..', import.meta.url));
const SRC_DIR = join(SDK_DIR, 'src');

/** Every .ts file under `dir`, recursively. */
async function sourceFiles(dir: string): Promise<string[]> {
  const entries = await readdir(dir, { withFileTypes: true, recursive: true });
  return entries.filter((e) => e.isFile() && e.name.endsWith('.ts')).map((e) => join(e.parentPath, e.name));
}

describe('package', () => {
  it('SDK_VERSION equals package.json version', () => {
    expect(SDK_VERSION).toBe(packageJson.version);
  });

  it('src uses no Node-only module or global (the SDK must run in browsers)', async () => {
    const offenders: string[] = [];
    for (const file of await sourceFiles(SRC_DIR)) {
      const text = await readFile(file, 'utf8');
      const code = text.replace(/\/\*[\s\S]*?\*\/|\/\/.*$/gm, '');
      if (/from\s+['"]node:|require\(|\bprocess\.|\bBuffer\b|__dirname|from\s+['"](fs|path|os|http|https|url|crypto|stream|util)['"]/.test(code)) {
        offenders.push(file);
      }
    }
    expect(offenders).toEqual([]);
  });

  it('builds ESM, CJS and .d.ts that load with import and require', async () => {
    // Inside the package so that the built files resolve openapi-fetch from the workspace's node_modules.
    const outDir = await mkdtemp(join(SDK_DIR, '.build-test-'));
    try {
      const tsup = join(SDK_DIR, '../../node_modules/tsup/dist/cli-default.js');
      await promisify(execFile)(process.execPath, [tsup, '--out-dir', outDir, '--silent'], { cwd: SDK_DIR });
      const files = await readdir(outDir);
      expect(files).toEqual(expect.arrayContaining(['index.js', 'index.cjs', 'index.d.ts', 'index.d.cts']));

      const cjs = createRequire(import.meta.url)(join(outDir, 'index.cjs')) as typeof import('../src/index');
      const esm = (await import(pathToFileURL(join(outDir, 'index.js')).href)) as typeof import('../src/index');
      for (const sdk of [cjs, esm]) {
        const client = sdk.createTourneyClient({ baseUrl: 'http://tourney.test/api/v1' });
        expect(typeof client.GET).toBe('function');
        expect(typeof client.raw.GET).toBe('function');
        expect(sdk.isTourneyError(new sdk.TourneyError({ status: 0, code: 'NETWORK_ERROR', message: 'm', request: { method: 'GET', url: 'u', headers: {} } }))).toBe(true);
      }
      const dts = await readFile(join(outDir, 'index.d.ts'), 'utf8');
      expect(dts).toContain('declare function createTourneyClient');
      expect(dts).toContain('interface paths');
    } finally {
      await rm(outDir, { recursive: true, force: true });
    }
  }, 120_000);
});
