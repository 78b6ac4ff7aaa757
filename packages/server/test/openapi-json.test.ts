import { execFileSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
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
