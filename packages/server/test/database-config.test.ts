import { spawnSync } from 'node:child_process';
import { chmod, mkdir, mkdtemp, rm, stat, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterEach, describe, expect, it } from 'vitest';
import { ConfigError, DatabaseConnectionError, databaseFor, resolveConfig, startServer } from '../src/index';
import { createSqliteDatabase } from '../src/db/sqlite/sqlite';
import { onPostgres, postgresAdminUrl } from './helpers/test-database';
import { runServerProcessUntilExit } from './helpers/server-process';

// A database the server cannot use stops it at start with one line on stderr saying what is wrong, exit code 1, no
// stack trace, and never the password. The cases that need no PostgreSQL server run in the SQLite run; those that
// need one (it must answer to refuse) in the PostgreSQL run.
const NO_STACK = /^\s+at /m;

describe.skipIf(onPostgres)('database configuration refused at start (no PostgreSQL needed)', () => {
  it('DATABASE_URL of another scheme (mysql://): ConfigError naming the variable, password hidden', async () => {
    const run = await runServerProcessUntilExit({ DATABASE_URL: 'mysql://root:hunter2@127.0.0.1:3306/tourney' });
    expect(run.code).toBe(1);
    expect(run.stderr.trim()).toBe(
      'tourney server failed to start: invalid environment: DATABASE_URL must be a postgres:// or postgresql:// URL, ' +
        'e.g. postgres://tourney:secret@localhost:5432/tourney (got "mysql://root:***@127.0.0.1:3306/tourney")',
    );
    expect(run.stdout + run.stderr).not.toContain('hunter2');
  });

  it('an unreachable PostgreSQL server: where and why, password hidden', async () => {
    // Port 1 on the loopback: nothing listens there, the connection is refused at once.
    const run = await runServerProcessUntilExit({ DATABASE_URL: 'postgres://tourney:hunter2@127.0.0.1:1/tourney' });
    expect(run.code).toBe(1);
    expect(run.stderr.trim()).toBe(
      'tourney server failed to start: cannot connect to PostgreSQL at postgres://tourney:***@127.0.0.1:1/tourney: ' +
        'connection refused (is PostgreSQL running and listening on that host and port?)',
    );
    expect(run.stderr).not.toMatch(NO_STACK);
    expect(run.stdout + run.stderr).not.toContain('hunter2');
  });

  it('startServer options: a database URL of another scheme is a ConfigError', () => {
    expect(() => databaseFor(resolveConfig({ databaseUrl: 'mysql://root:hunter2@db/tourney' }))).toThrow(ConfigError);
    expect(() => databaseFor(resolveConfig({ databaseUrl: 'mysql://root:hunter2@db/tourney' }))).toThrow(
      'the database URL has the unsupported scheme mysql (got "mysql://root:***@db/tourney"): use postgres://user:password@host:5432/database, or unset it for SQLite',
    );
    expect(() => databaseFor(resolveConfig({ databaseUrl: 'not a url' }))).toThrow('the database URL is not a URL');
    expect(databaseFor(resolveConfig({ databaseUrl: 'postgresql://db/tourney' })).dialect.name).toBe('postgres');
    expect(databaseFor(resolveConfig({})).dialect.name).toBe('sqlite');
  });

  it('DATABASE_URL without a database name: ConfigError naming the variable and asking for the name, password hidden', async () => {
    const run = await runServerProcessUntilExit({ DATABASE_URL: 'postgres://tourney:hunter2@127.0.0.1:1' });
    expect(run.code).toBe(1);
    expect(run.stderr.trim()).toBe(
      'tourney server failed to start: invalid environment: DATABASE_URL must name the database after the host, e.g. postgres://tourney:secret@localhost:5432/tourney ' +
        '(without one, PostgreSQL would use the database named after the user) (got "postgres://tourney:***@127.0.0.1:1")',
    );
    expect(run.stdout + run.stderr).not.toContain('hunter2');
  });

  it('startServer options: a database URL without a database name is a ConfigError', () => {
    for (const url of ['postgres://tourney:hunter2@db:5432', 'postgresql://tourney:hunter2@db:5432/']) {
      expect(() => databaseFor(resolveConfig({ databaseUrl: url })), url).toThrow(
        new ConfigError(
          `the database URL names no database (got "${url.replace('hunter2', '***')}"): add its name after the host, e.g. postgres://user:password@host:5432/tourney ` +
            '(without one, PostgreSQL would use the database named after the user)',
        ),
      );
    }
  });

  it('startServer options: a PostgreSQL pool of one connection is a ConfigError (the job lock needs a second)', () => {
    expect(() => databaseFor(resolveConfig({ databaseUrl: 'postgresql://db/tourney', databasePoolSize: 1 }))).toThrow(
      'the PostgreSQL pool size must be at least 2 (got 1)',
    );
    expect(databaseFor(resolveConfig({ databaseUrl: 'postgresql://db/tourney', databasePoolSize: 2 })).dialect.name).toBe('postgres');
    // SQLite has no pool: the setting is ignored there.
    expect(databaseFor(resolveConfig({ databasePoolSize: 1 })).dialect.name).toBe('sqlite');
  });
});

describe.skipIf(!onPostgres)('database configuration refused at start (by the PostgreSQL server)', () => {
  it('credentials the server refuses: its reason, password hidden', async () => {
    const url = new URL(postgresAdminUrl);
    url.username = 'tourney_no_such_role';
    url.password = 'hunter2';
    const run = await runServerProcessUntilExit({ DATABASE_URL: url.toString() });
    expect(run.code).toBe(1);
    expect(run.stderr.trim()).toMatch(
      /^tourney server failed to start: cannot connect to PostgreSQL at postgres:\/\/tourney_no_such_role:\*\*\*@[^ ]+\/\w+: credentials refused: .*"tourney_no_such_role"/,
    );
    expect(run.stderr).not.toMatch(NO_STACK);
    expect(run.stdout + run.stderr).not.toContain('hunter2');
  });

  it("a statement timeout PostgreSQL refuses: the server's reason, not a connection timeout", async () => {
    // TOURNEY_DB_STATEMENT_TIMEOUT is bounded (config-env.test.ts); startServer options are not: PostgreSQL refuses
    // the setting at connection with an error that mentions statement_timeout, which is no network timeout.
    const attempt = startServer({ databaseUrl: postgresAdminUrl, databaseStatementTimeoutMs: 2_147_484_000, presignSecret: 'x', port: 0, logLevel: 'silent' });
    await expect(attempt).rejects.toThrow(DatabaseConnectionError);
    await expect(attempt).rejects.toThrow(/: invalid value for parameter "statement_timeout": "2147484000"$/);
    await expect(attempt).rejects.not.toThrow(/timed out/);
  });

  it('a database that does not exist', async () => {
    const url = new URL(postgresAdminUrl);
    url.pathname = '/tourney_no_such_database';
    const run = await runServerProcessUntilExit({ DATABASE_URL: url.toString() });
    expect(run.code).toBe(1);
    expect(run.stderr.trim()).toMatch(
      /^tourney server failed to start: cannot connect to PostgreSQL at \S+\/tourney_no_such_database: no such database: database "tourney_no_such_database" does not exist$/,
    );
    expect(run.stderr).not.toMatch(NO_STACK);
  });
});

// A SQLite database or evidence directory the server cannot write stops it at start with one line naming the absolute
// path and why, exit code 1 (it would otherwise start, report healthy and answer 500 to every write or upload).
// File modes do not stop root: the cases that need them run the server as user nobody when the tests run as root.
const packageDir = fileURLToPath(new URL('..', import.meta.url));
const WHERE = 'fix that, or choose another file with TOURNEY_DB (tourney server start: --db or TOURNEY_DATA_DIR)';
/** The user a server process runs as so that file modes apply to it: this one, or nobody when this is root (null: nobody cannot run it). */
const unprivileged: { uid?: number; gid?: number } | null = (() => {
  if (process.getuid?.() !== 0) return {};
  const nobody = { uid: 65534, gid: 65534 };
  const probe = "require('node:fs').accessSync(require('node:os').tmpdir(), require('node:fs').constants.X_OK)"; // it must reach the test's files
  return spawnSync(process.execPath, ['--import', 'tsx', '-e', probe], { ...nobody, cwd: packageDir, stdio: 'ignore' }).status === 0 ? nobody : null;
})();
const noUnprivilegedUser = 'running as root, and user nobody cannot run the server from this checkout or reach the temporary directory: file modes would not apply';

let dir = '';
afterEach(async () => {
  if (!dir) return;
  await chmod(dir, 0o755).catch(() => undefined); // a test made it read-only
  await rm(dir, { recursive: true, force: true });
  dir = '';
});

/** A new temporary directory that user `unprivileged` may enter (mode 755, or `mode`). */
async function tempDirectory(mode = 0o755): Promise<string> {
  dir = await mkdtemp(join(tmpdir(), 'tourney-unwritable-'));
  await chmod(dir, mode);
  return dir;
}

describe.skipIf(onPostgres)('SQLite database and evidence directory refused at start', () => {
  it('TOURNEY_DB through a regular file: one line with the absolute path and the file in the way, exit 1', async () => {
    const root = await tempDirectory();
    await writeFile(join(root, 'afile'), 'not a directory');
    const run = await runServerProcessUntilExit({ TOURNEY_DB: join(root, 'afile', 'data', 'tourney.db') });
    expect(run.code).toBe(1);
    expect(run.stderr.trim()).toBe(
      `tourney server failed to start: cannot open the SQLite database at ${join(root, 'afile', 'data', 'tourney.db')}: ` +
        `cannot create the directory ${join(root, 'afile', 'data')}: ${join(root, 'afile')} is a file, not a directory; ${WHERE}`,
    );
    expect(run.stderr).not.toMatch(NO_STACK);
  });

  it('startServer options: a file that is not a SQLite database, or a directory, is a DatabaseConnectionError naming it', async () => {
    const root = await tempDirectory();
    await writeFile(join(root, 'notes.txt'), 'these are not the pages of a database '.repeat(200));
    const notDatabase = startServer({ databasePath: join(root, 'notes.txt'), port: 0, logLevel: 'silent' });
    await expect(notDatabase).rejects.toThrow(DatabaseConnectionError);
    await expect(notDatabase).rejects.toThrow(`cannot open the SQLite database at ${join(root, 'notes.txt')}: the file is not a SQLite database; ${WHERE}`);
    expect(() => createSqliteDatabase(root)).toThrow(`cannot open the SQLite database at ${root}: it is a directory, not a file; ${WHERE}`);
  });

  it('a database in a directory the server may not write: its path and the directory, exit 1', async (ctx) => {
    ctx.skip(unprivileged === null, noUnprivilegedUser);
    const root = await tempDirectory();
    const existing = join(root, 'existing.db');
    await createSqliteDatabase(existing).destroy();
    await chmod(existing, 0o666); // the file itself is writable: the directory is what is not
    await chmod(root, 0o555);
    const cases = [
      [join(root, 'new.db'), '(SQLite cannot create the file there)'],
      [existing, "(SQLite creates the database's -wal and -shm files beside it)"],
    ] as const;
    for (const [file, why] of cases) {
      const run = await runServerProcessUntilExit({ TOURNEY_DB: file }, 25_000, unprivileged ?? {});
      expect(run.code, run.stderr).toBe(1);
      expect(run.stderr.trim()).toBe(`tourney server failed to start: cannot open the SQLite database at ${file}: the directory ${root} is not writable ${why}; ${WHERE}`);
    }
  });

  it('a read-only database file: refused at start instead of answering 500 to every write', async (ctx) => {
    ctx.skip(unprivileged === null, noUnprivilegedUser);
    const root = await tempDirectory(0o777);
    const file = join(root, 'tourney.db');
    await createSqliteDatabase(file).destroy();
    await chmod(file, 0o444);
    const run = await runServerProcessUntilExit({ TOURNEY_DB: file }, 25_000, unprivileged ?? {});
    expect(run.code, run.stderr).toBe(1);
    expect(run.stderr.trim()).toBe(`tourney server failed to start: cannot open the SQLite database at ${file}: the file is read-only (no write permission); ${WHERE}`);
  });

  it('TOURNEY_EVIDENCE_DIR that cannot be created: one line naming the directory and the variable, exit 1', async () => {
    const root = await tempDirectory();
    await writeFile(join(root, 'afile'), 'not a directory');
    const run = await runServerProcessUntilExit({ TOURNEY_DB: join(root, 'tourney.db'), TOURNEY_EVIDENCE_DIR: join(root, 'afile', 'evidence') });
    expect(run.code).toBe(1);
    expect(run.stderr.trim()).toBe(
      `tourney server failed to start: cannot use the evidence directory ${join(root, 'afile', 'evidence')} (TOURNEY_EVIDENCE_DIR): ` +
        `cannot create the directory ${join(root, 'afile', 'evidence')}: ${join(root, 'afile')} is a file, not a directory; ` +
        'fix that, or set TOURNEY_EVIDENCE_DIR to a directory this user may write',
    );
  });

  it('an evidence directory the server may not write: refused at start, not at the first upload', async (ctx) => {
    ctx.skip(unprivileged === null, noUnprivilegedUser);
    const root = await tempDirectory(0o777);
    const evidence = join(root, 'evidence');
    await mkdir(evidence, { mode: 0o555 });
    await chmod(evidence, 0o555);
    const run = await runServerProcessUntilExit({ TOURNEY_DB: join(root, 'tourney.db') }, 25_000, unprivileged ?? {});
    expect(run.code, run.stderr).toBe(1);
    expect(run.stderr.trim()).toBe(
      `tourney server failed to start: cannot use the evidence directory ${evidence} (next to the database; TOURNEY_EVIDENCE_DIR moves it): ` +
        'it is not writable (permission denied); fix that, or set TOURNEY_EVIDENCE_DIR to a directory this user may write',
    );
  });

  it('startServer creates the evidence directory next to a SQLite file at start', async () => {
    const root = await tempDirectory();
    const server = await startServer({ databasePath: join(root, 'data', 'tourney.db'), port: 0, logLevel: 'silent' });
    try {
      expect((await stat(join(root, 'data', 'evidence'))).isDirectory()).toBe(true);
    } finally {
      await server.close();
    }
  });
});

