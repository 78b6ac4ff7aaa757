import { describe, expect, it } from 'vitest';
import { ConfigError, databaseFor, resolveConfig } from '../src/index';
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
