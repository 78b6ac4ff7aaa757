import { execFileSync } from 'node:child_process';
import { readFile } from 'node:fs/promises';
import openapiTS, { astToString, COMMENT_HEADER } from 'openapi-typescript';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import packageJson from '../package.json';
import { openapiDocument } from '../src/index';

const script = fileURLToPath(new URL('../scripts/generate-openapi-json.mjs', import.meta.url));

describe('generated openapi.json', () => {
  it('is up to date with openapi.yaml (else: run npm run generate)', () => {
    let output = '';
    let failed = false;
    try {
      output = execFileSync(process.execPath, [script, '--check'], { encoding: 'utf8', stdio: 'pipe' });
    } catch (error) {
      failed = true;
      output = String((error as { stderr?: string }).stderr ?? error);
    }
    expect(failed, `src/generated/openapi.json is stale: run npm run generate -w @tourney/server\n${output}`).toBe(false);
  });

  it('is the document the server serves', () => {
    expect(openapiDocument.openapi).toMatch(/^3\.1/);
    expect(openapiDocument.paths['/health']).toBeDefined();
  });
});

describe('generated contract types (src/generated/contract.ts)', () => {
  it('are current with openapi.yaml, generated with the options of the "generate" script (else: npm run generate -w @tourney/server)', async () => {
    expect(packageJson.scripts.generate).toContain(
      'openapi-typescript ../../openapi.yaml -o src/generated/contract.ts --default-non-nullable false --empty-objects-unknown',
    );
    const spec = new URL('../../../openapi.yaml', import.meta.url);
    const expected = COMMENT_HEADER + astToString(await openapiTS(spec, { defaultNonNullable: false, emptyObjectsUnknown: true, silent: true }));
    const actual = await readFile(new URL('../src/generated/contract.ts', import.meta.url), 'utf8');
    expect(actual === expected, 'packages/server/src/generated/contract.ts is stale: run npm run generate -w @tourney/server').toBe(true);
  });
});
