#!/usr/bin/env node
// Converts the contract (../../openapi.yaml) into src/generated/openapi.json, which the server bundles
// (it reads no file at run time). `--check` exits 1, without writing, when the JSON is missing or stale.
// Usage: npm run generate -w @tourney/server   |   node scripts/generate-openapi-json.mjs --check
import { readFileSync, writeFileSync, mkdirSync, existsSync } from 'node:fs';
import { dirname, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { parse } from 'yaml';

const here = dirname(fileURLToPath(import.meta.url));
const source = resolve(here, '../../../openapi.yaml');
const target = resolve(here, '../src/generated/openapi.json');

/** Renders the YAML text as pretty, stable JSON (key order of the YAML file, 2-space indent, final newline). */
export function renderOpenApiJson(yamlText) {
  const document = parse(yamlText, { prettyErrors: true, uniqueKeys: true, maxAliasCount: -1 });
  if (!document || typeof document !== 'object' || typeof document.openapi !== 'string') {
    throw new Error('openapi.yaml does not contain an OpenAPI document (no "openapi" field)');
  }
  return `${JSON.stringify(document, null, 2)}\n`;
}

const isMain = process.argv[1] && resolve(process.argv[1]) === fileURLToPath(import.meta.url);
if (isMain) {
  const check = process.argv.includes('--check');
  const json = renderOpenApiJson(readFileSync(source, 'utf8'));
  const current = existsSync(target) ? readFileSync(target, 'utf8') : null;
  if (check) {
    if (current !== json) {
      console.error(`${target} is stale against openapi.yaml: run npm run generate -w @tourney/server`);
      process.exit(1);
    }
    console.log('openapi.json is up to date');
  } else if (current === json) {
    console.log('openapi.json is up to date');
  } else {
    mkdirSync(dirname(target), { recursive: true });
    writeFileSync(target, json);
    console.log(`wrote ${target}`);
  }
}
