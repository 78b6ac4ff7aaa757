import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

// docs/requirements.md is what source comments, the contract and the Markdown docs cite (R-numbers), and it names the
// tests that check each requirement. This test keeps both ends honest: they cite only requirements the document
// defines (never documents outside the repository), and every test the document names still exists.

const root = fileURLToPath(new URL('../../', import.meta.url));
const requirements = readFileSync(join(root, 'docs/requirements.md'), 'utf8');

/** Folders whose sources may cite requirements; node_modules, build output and generated files are skipped. */
const SOURCE_ROOTS = ['packages/core', 'packages/server', 'packages/sdk', 'packages/cli', 'test', 'examples', 'bench'];
const SKIPPED_DIRS = new Set(['node_modules', 'dist', 'generated', 'coverage']);
const SOURCE_FILE = /\.(ts|mts|mjs|js)$/;

function filesUnder(dir: string, pattern: RegExp, out: string[] = []): string[] {
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    if (entry.isDirectory()) {
      if (!SKIPPED_DIRS.has(entry.name) && !entry.name.startsWith('.')) filesUnder(join(dir, entry.name), pattern, out);
    } else if (pattern.test(entry.name)) {
      out.push(join(dir, entry.name));
    }
  }
  return out;
}

/** Files directly in `dir` (not below) whose names match. */
function filesIn(dir: string, pattern: RegExp): string[] {
  return readdirSync(dir, { withFileTypes: true })
    .filter((entry) => entry.isFile() && pattern.test(entry.name))
    .map((entry) => join(dir, entry.name));
}

function load(paths: string[]): { path: string; text: string }[] {
  return paths.map((path) => ({ path: relative(root, path), text: readFileSync(path, 'utf8') }));
}

const sources = load(SOURCE_ROOTS.flatMap((dir) => filesUnder(join(root, dir), SOURCE_FILE)));

/**
 * The contract and every Markdown page of the repository: openapi.yaml, README.md, docs/*.md (requirements.md
 * included), and the READMEs and changelogs of packages, examples and benchmarks.
 */
const MARKDOWN = /\.md$/;
const documents = load([
  join(root, 'openapi.yaml'),
  ...filesIn(root, MARKDOWN),
  ...filesIn(join(root, 'docs'), MARKDOWN),
  ...SOURCE_ROOTS.flatMap((dir) => filesUnder(join(root, dir), MARKDOWN)),
]);

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

/** `path:line: text` of every line citing a document outside the repository. */
function outsideCitations(files: { path: string; text: string }[]): string[] {
  return files.flatMap(({ path, text }) =>
    text
      .split('\n')
      .map((line, i) => ({ line, at: `${path}:${i + 1}` }))
      .filter(({ line }) => OUTSIDE_CITATIONS.some((pattern) => pattern.test(line)))
      .map(({ line, at }) => `${at}: ${line.trim()}`),
  );
}

/** `path: id` of every R-number cited that docs/requirements.md does not define. */
function unknownIds(files: { path: string; text: string }[]): string[] {
  const ids = new Set(definedIds());
  return files.flatMap(({ path, text }) =>
    [...text.matchAll(/\bR\d+\.\d+\b/g)].filter((m) => !ids.has(m[0])).map((m) => `${path}: ${m[0]}`),
  );
}

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
    expect(outsideCitations(sources)).toEqual([]);
  });

  it('cite only requirement numbers that docs/requirements.md defines', () => {
    expect(unknownIds(sources)).toEqual([]);
  });
});

describe('openapi.yaml and the Markdown docs', () => {
  it('include the contract, the README, docs/ and the package READMEs', () => {
    const paths = documents.map((d) => d.path);
    expect(paths).toEqual(
      expect.arrayContaining(['openapi.yaml', 'README.md', 'docs/requirements.md', 'docs/decisions.md', 'packages/sdk/README.md']),
    );
  });

  it('cite requirement numbers, operationIds or decisions, never documents outside the repository', () => {
    expect(outsideCitations(documents)).toEqual([]);
  });

  it('cite only requirement numbers that docs/requirements.md defines', () => {
    expect(unknownIds(documents)).toEqual([]);
  });
});
