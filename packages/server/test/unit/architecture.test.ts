import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

const packagesDir = fileURLToPath(new URL('../../../', import.meta.url));

/** Every .ts file under `dir` (recursive), skipping generated code. */
function sourceFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return entry.name === 'generated' ? [] : sourceFiles(path);
    return entry.name.endsWith('.ts') ? [path] : [];
  });
}

/** The module specifiers a file imports or re-exports. */
function importsOf(file: string): string[] {
  const text = readFileSync(file, 'utf8');
  return [...text.matchAll(/(?:^|\n)\s*(?:import|export)\b[^'"]*?from\s+['"]([^'"]+)['"]/g)].map((m) => m[1]!);
}

/** Files of `dir` (relative to packages/) importing a specifier that `forbidden` matches, as "file -> specifier". */
function violations(dir: string, forbidden: (specifier: string) => boolean): string[] {
  return sourceFiles(join(packagesDir, dir)).flatMap((file) =>
    importsOf(file)
      .filter(forbidden)
      .map((specifier) => `${relative(packagesDir, file)} -> ${specifier}`),
  );
}

describe('architecture: dependencies point one way', () => {
  it('services and the database layer know nothing of HTTP (no import of http/, routes/ or koa)', () => {
    const http = (s: string) => /(^|\/)(http|routes)(\/|$)/.test(s) || /^(koa|@koa\/)/.test(s);
    expect([...violations('server/src/services', http), ...violations('server/src/db', http)]).toEqual([]);
  });

  it('only db/sqlite/ knows SQLite: the driver is imported there alone, and services reach the database through AppDeps', () => {
    const driver = (s: string) => s === 'better-sqlite3';
    const outside = violations('server/src', driver).filter((v) => !v.startsWith('server/src/db/sqlite/'));
    const sqliteFolder = (s: string) => /(^|\/)sqlite(\/|$)/.test(s);
    expect([...outside, ...violations('server/src/services', sqliteFolder), ...violations('server/src/routes', sqliteFolder)]).toEqual([]);
    const sqliteText = sourceFiles(join(packagesDir, 'server/src'))
      .filter((file) => !relative(packagesDir, file).startsWith('server/src/db/sqlite/'))
      .filter((file) => /SQLITE_|BEGIN IMMEDIATE|\bpragma\(/i.test(readFileSync(file, 'utf8').replace(/^\s*(\/\/|\*).*$/gm, '')))
      .map((file) => relative(packagesDir, file));
    expect(sqliteText).toEqual([]);
  });

  it('only db/postgres/ knows PostgreSQL: the driver is imported there alone, with its SQL and error codes', () => {
    const outside = violations('server/src', (s) => s === 'pg' || s.startsWith('pg/')).filter((v) => !v.startsWith('server/src/db/postgres/'));
    const postgresFolder = (s: string) => /(^|\/)postgres(\/|$)/.test(s);
    expect([...outside, ...violations('server/src/services', postgresFolder), ...violations('server/src/routes', postgresFolder)]).toEqual([]);
    const postgresText = sourceFiles(join(packagesDir, 'server/src'))
      .filter((file) => !relative(packagesDir, file).startsWith('server/src/db/postgres/'))
      .filter((file) => /FOR UPDATE|pg_advisory|'23505'/i.test(readFileSync(file, 'utf8').replace(/^\s*(\/\/|\*).*$/gm, '')))
      .map((file) => relative(packagesDir, file));
    expect(postgresText).toEqual([]);
  });

  it('core is pure: no other package of ours, no I/O modules', () => {
    const impure = (s: string) => s.startsWith('@tourney/') || /^(node:)?(fs|net|http|https|child_process|dgram|worker_threads)(\/|$)/.test(s);
    expect(violations('core/src', impure)).toEqual([]);
  });

  it('the SDK depends on nothing of ours', () => {
    expect(violations('sdk/src', (s) => s.startsWith('@tourney/'))).toEqual([]);
  });

  it('the server depends on core only, the CLI on the SDK (and the server for `server start` and `demo`)', () => {
    expect(violations('server/src', (s) => s.startsWith('@tourney/') && s !== '@tourney/core')).toEqual([]);
    expect(violations('cli/src', (s) => s === '@tourney/core')).toEqual([]);
  });
});
