import { readdirSync, readFileSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
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

/** How a file refers to a module: a runtime import (static, side-effect, re-export), a type-only one, `import()` or `require()`. */
type ImportKind = 'static' | 'type' | 'dynamic' | 'require';

/**
 * Every module reference of a file, comment lines left out: `import ... from '...'`, `export ... from '...'`,
 * `import '...'`, dynamic `import('...')` (`typeof import('...')` counts as type-only) and `require('...')`, also
 * through `createRequire(...)('...')`.
 */
function importStatementsOf(file: string): { specifier: string; kind: ImportKind }[] {
  const text = readFileSync(file, 'utf8').replace(/^\s*(\/\/|\/\*|\*).*$/gm, '');
  const found: { specifier: string; kind: ImportKind; at: number }[] = [];
  for (const m of text.matchAll(/(?:^|\n)\s*(import|export)\b([^'"]*?)from\s+['"]([^'"]+)['"]/g)) {
    found.push({ specifier: m[3]!, kind: /^\s*type\b/.test(m[2]!) ? 'type' : 'static', at: m.index });
  }
  for (const m of text.matchAll(/(?:^|\n)\s*import\s*['"]([^'"]+)['"]/g)) found.push({ specifier: m[1]!, kind: 'static', at: m.index });
  for (const m of text.matchAll(/(\btypeof\s+)?\bimport\s*\(\s*['"`]([^'"`]+)['"`]\s*\)/g)) {
    found.push({ specifier: m[2]!, kind: m[1] ? 'type' : 'dynamic', at: m.index });
  }
  for (const m of text.matchAll(/(?:\brequire|\bcreateRequire\s*\([^()]*\))\s*\(\s*['"`]([^'"`]+)['"`]\s*\)/g)) {
    found.push({ specifier: m[1]!, kind: 'require', at: m.index });
  }
  return found.sort((a, b) => a.at - b.at).map(({ specifier, kind }) => ({ specifier, kind }));
}

/** The module specifiers a file imports or re-exports, statically or dynamically (see importStatementsOf). */
function importsOf(file: string): string[] {
  return importStatementsOf(file).map((i) => i.specifier);
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
    expect(violations('cli/src', (s) => s.startsWith('@tourney/') && !/^@tourney\/(sdk|server)(\/|$)/.test(s))).toEqual([]);
    // No package reaches into another one's files by a relative path (which would dodge the checks above).
    const crossPackage = (['core', 'sdk', 'server', 'cli'] as const).flatMap((pkg) =>
      sourceFiles(join(packagesDir, pkg, 'src')).flatMap((file) =>
        importsOf(file)
          .filter((s) => s.startsWith('.') && relative(packagesDir, resolve(dirname(file), s)).split(/[\\/]/)[0] !== pkg)
          .map((s) => `${relative(packagesDir, file)} -> ${s}`),
      ),
    );
    expect(crossPackage).toEqual([]);
    // @tourney/server, statically or dynamically, only where `server start` and `demo` get it: default-deps.ts loads it
    // with import() on first use (CliDeps.startServer, serverConfigFromEnv), deps.ts only names its ConfigOverrides type.
    const serverImports = sourceFiles(join(packagesDir, 'cli/src')).flatMap((file) =>
      importStatementsOf(file)
        .filter((i) => /^@tourney\/server(\/|$)/.test(i.specifier))
        .map((i) => `${relative(packagesDir, file).split(/[\\/]/).join('/')} -> ${i.specifier} (${i.kind})`),
    );
    expect(serverImports.sort()).toEqual(['cli/src/default-deps.ts -> @tourney/server (dynamic)', 'cli/src/deps.ts -> @tourney/server (type)']);
  });
});
