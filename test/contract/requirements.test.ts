import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

// docs/requirements.md is what source comments cite (R-numbers) and it names the tests that check each requirement.
// This test keeps both ends honest: comments cite only requirements the document defines (never documents outside
// the repository), and every test the document names still exists.

const root = fileURLToPath(new URL('../../', import.meta.url));
const requirements = readFileSync(join(root, 'docs/requirements.md'), 'utf8');

/** Folders whose sources may cite requirements; node_modules, build output and generated files are skipped. */
const SOURCE_ROOTS = ['packages/core', 'packages/server', 'packages/sdk', 'packages/cli', 'test', 'examples', 'bench'];
const SKIPPED_DIRS = new Set(['node_modules', 'dist', 'generated', 'coverage']);
const SOURCE_FILE = /\.(ts|mts|mjs|js)$/;

function sourceFiles(dir: string, out: string[] = []): string[] {
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    if (entry.isDirectory()) {
      if (!SKIPPED_DIRS.has(entry.name) && !entry.name.startsWith('.')) sourceFiles(join(dir, entry.name), out);
    } else if (SOURCE_FILE.test(entry.name)) {
      out.push(join(dir, entry.name));
    }
  }
  return out;
}

const sources = SOURCE_ROOTS.flatMap((dir) => sourceFiles(join(root, dir))).map((path) => ({
  path: relative(root, path),
  text: readFileSync(path, 'utf8'),
}));

/** `R<section>.<n>` ids defined by the document, each on a line `- **R1.2** ...`. */
function definedIds(): string[] {
  return [...requirements.matchAll(/^- \*\*(R\d+\.\d+)\*\* /gm)].map((m) => m[1]!);
}

/** One requirement line: its id and what follows `Tests:`. */
function requirementLines(): { id: string; tests: string }[] {
  return [...requirements.matchAll(/^- \*\*(R\d+\.\d+)\*\* (.*)$/gm)].map((m) => {
    const at = m[2]!.indexOf(' Tests: ');
    return { id: m[1]!, tests: at < 0 ? '' : m[2]!.slice(at + ' Tests: '.length) };
  });
}

/** Every `file` › "test name" (or a bare `file`, e.g. a benchmark) named by a Tests: list. */
function namedTests(tests: string): { file: string; name: string | null }[] {
  return [...tests.matchAll(/`([^`]+)`(?: › "(.*?)"(?=;|$))?/g)].map((m) => ({ file: m[1]!, name: m[2] ?? null }));
}

/** Lines citing a document outside the repository: the design notes, a tracker issue, or a section of the old spec. */
const OUTSIDE_CITATIONS = [
  new RegExp('\\bDES' + 'IGN\\b'),
  new RegExp('\\biss' + 'ue #?\\d', 'i'),
  new RegExp('\\bsp' + 'ec (part )?\\d', 'i'),
  new RegExp('\\bcontract sk' + 'etch\\b', 'i'),
];

describe('docs/requirements.md', () => {
  it('defines each id once, in order within its section, each with its tests', () => {
    const ids = definedIds();
    expect(ids.length).toBeGreaterThan(100);
    expect(new Set(ids).size).toBe(ids.length);
    const problems: string[] = [];
    let last = [0, 0];
    for (const id of ids) {
      const [section, n] = id.slice(1).split('.').map(Number) as [number, number];
      if (section < last[0]! || (section === last[0] && n !== last[1]! + 1) || (section > last[0]! && n !== 1)) problems.push(id);
      last = [section, n];
    }
    expect(problems, 'ids out of order (numbers are stable: append new ones)').toEqual([]);
    const untested = requirementLines().filter((r) => r.tests.trim() === '');
    expect(untested.map((r) => r.id), 'requirements without "Tests:" (write "Tests: none yet" when nothing checks one)').toEqual([]);
  });

  it('cites only requirements it defines', () => {
    const ids = new Set(definedIds());
    const unknown = [...requirements.matchAll(/\bR\d+\.\d+\b/g)].map((m) => m[0]).filter((id) => !ids.has(id));
    expect(unknown).toEqual([]);
  });

  it('names only test files and tests that exist', () => {
    const missing: string[] = [];
    for (const { id, tests } of requirementLines()) {
      if (tests.trim() === 'none yet') continue;
      const named = namedTests(tests);
      if (named.length === 0) missing.push(`${id}: no test named in "${tests}"`);
      for (const { file, name } of named) {
        const path = join(root, file);
        if (!existsSync(path)) {
          missing.push(`${id}: ${file} does not exist`);
          continue;
        }
        if (name === null) continue;
        const text = readFileSync(path, 'utf8');
        const literals = [`'${name.replace(/'/g, "\\'")}'`, `"${name.replace(/"/g, '\\"')}"`, `\`${name}\``];
        if (!literals.some((literal) => text.includes(literal))) missing.push(`${id}: ${file} has no test "${name}"`);
      }
    }
    expect(missing).toEqual([]);
  });
});

describe('source comments', () => {
  it('cite requirement numbers, never documents outside the repository', () => {
    const found = sources.flatMap(({ path, text }) =>
      text
        .split('\n')
        .map((line, i) => ({ line, at: `${path}:${i + 1}` }))
        .filter(({ line }) => OUTSIDE_CITATIONS.some((pattern) => pattern.test(line)))
        .map(({ line, at }) => `${at}: ${line.trim()}`),
    );
    expect(found).toEqual([]);
  });

  it('cite only requirement numbers that docs/requirements.md defines', () => {
    const ids = new Set(definedIds());
    const unknown = sources.flatMap(({ path, text }) =>
      [...text.matchAll(/\bR\d+\.\d+\b/g)].filter((m) => !ids.has(m[0])).map((m) => `${path}: ${m[0]}`),
    );
    expect(unknown).toEqual([]);
  });
});
