import { readFile } from 'node:fs/promises';
import openapiTS, { astToString, COMMENT_HEADER } from 'openapi-typescript';
import { describe, expect, it } from 'vitest';
import packageJson from '../package.json';

const SPEC = new URL('../../../openapi.yaml', import.meta.url);
const GENERATED = new URL('../src/generated/schema.ts', import.meta.url);

describe('src/generated/schema.ts', () => {
  it('is generated with the options of the "generate" script', () => {
    // The in-memory generation below passes the same options; keep both in step. Why these options:
    // --default-non-nullable false: a property with a default stays optional in request bodies (the server fills it in);
    // --empty-objects-unknown: a free-form object (match history data, webhook data) is Record<string, unknown>, not never.
    expect(packageJson.scripts.generate).toBe(
      'openapi-typescript ../../openapi.yaml -o src/generated/schema.ts --default-non-nullable false --empty-objects-unknown',
    );
  });

  it('is current with openapi.yaml (otherwise: run npm run generate -w @tourney/sdk)', async () => {
    const expected = COMMENT_HEADER + astToString(await openapiTS(SPEC, { defaultNonNullable: false, emptyObjectsUnknown: true, silent: true }));
    const actual = await readFile(GENERATED, 'utf8');
    if (actual !== expected) {
      throw new Error(
        'packages/sdk/src/generated/schema.ts is stale: run npm run generate -w @tourney/sdk (never edit it by hand)',
      );
    }
  });
});
