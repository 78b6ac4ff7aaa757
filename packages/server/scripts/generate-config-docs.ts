#!/usr/bin/env -S npx tsx
// Writes README "Configuration" (between the config:start / config:end markers) from the environment schema in
// src/config-env.ts. `--check` exits 1, without writing, when the README section is stale.
// Usage: npm run generate -w @tourney/server   |   npx tsx packages/server/scripts/generate-config-docs.ts --check
import { readFileSync, writeFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { renderConfigSection } from '../src/config-env';

const readmePath = fileURLToPath(new URL('../../../README.md', import.meta.url));

/** The README markers around the generated section, and a pattern capturing what lies between them. */
const CONFIG_SECTION = /(<!-- config:start[^>]*-->\n)([\s\S]*?)(<!-- config:end -->)/;

const readme = readFileSync(readmePath, 'utf8');
const match = CONFIG_SECTION.exec(readme);
if (!match) {
  console.error(`${readmePath}: no <!-- config:start --> ... <!-- config:end --> markers`);
  process.exit(1);
}
const section = renderConfigSection();
if (process.argv.includes('--check')) {
  if (match[2] !== section) {
    console.error('README "Configuration" is stale against src/config-env.ts: run npm run generate -w @tourney/server');
    process.exit(1);
  }
} else if (match[2] !== section) {
  writeFileSync(readmePath, readme.replace(CONFIG_SECTION, (_all, start: string, _old, end: string) => `${start}${section}${end}`));
  console.log('README.md: configuration table written');
}
