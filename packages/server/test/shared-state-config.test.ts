import { describe, expect, it } from 'vitest';
import { ConfigError, startServer } from '../src/index';
import { onPostgres } from './helpers/test-database';
import { runServerProcessUntilExit } from './helpers/server-process';

// R21.2, R21.5: settings that several instances share, refused at start with one line on stderr naming the variable,
// exit code 1, no stack trace, never a password. None needs a PostgreSQL server: they run in the SQLite run.
const NO_STACK = /^\s+at /m;

describe.skipIf(onPostgres)('shared-state configuration refused at start', () => {
  it('DATABASE_URL without TOURNEY_PRESIGN_SECRET: ConfigError naming the variable and how to make one', async () => {
    // Refused before any connection: nothing listens on port 1.
    const run = await runServerProcessUntilExit({ DATABASE_URL: 'postgres://tourney:hunter2@127.0.0.1:1/tourney', TOURNEY_PRESIGN_SECRET: '' });
    expect(run.code).toBe(1);
    expect(run.stderr.trim()).toBe(
      'tourney server failed to start: TOURNEY_PRESIGN_SECRET is required when DATABASE_URL is set (every server process must sign evidence upload URLs with the same secret): set it to a long random string, e.g. the output of `openssl rand -hex 32`',
    );
    expect(run.stdout + run.stderr).not.toContain('hunter2');
  });

  it('REDIS_URL of another scheme: ConfigError naming the variable, password hidden', async () => {
    const run = await runServerProcessUntilExit({ REDIS_URL: 'http://:hunter2@127.0.0.1:6379' });
    expect(run.code).toBe(1);
    expect(run.stderr.trim()).toBe(
      'tourney server failed to start: invalid environment: REDIS_URL must be a redis:// or rediss:// URL, e.g. redis://127.0.0.1:6379 (got "http://:***@127.0.0.1:6379/")',
    );
    expect(run.stdout + run.stderr).not.toContain('hunter2');
  });

  it('an unreachable Redis: where and why, password hidden', async () => {
    const run = await runServerProcessUntilExit({ REDIS_URL: 'redis://:hunter2@127.0.0.1:1' });
    expect(run.code).toBe(1);
    expect(run.stderr.trim()).toBe(
      'tourney server failed to start: cannot connect to Redis at redis://:***@127.0.0.1:1: connection refused (is Redis running and listening on that host and port?)',
    );
    expect(run.stderr).not.toMatch(NO_STACK);
    expect(run.stdout + run.stderr).not.toContain('hunter2');
  });

  it('startServer options: a database URL of another scheme is refused before its missing presign secret', async () => {
    // tourney server start --database-url reaches startServer without the environment's check of DATABASE_URL.
    await expect(startServer({ databaseUrl: 'mysql://root:hunter2@db.example.com/tourney', port: 0 })).rejects.toThrow(
      'the database URL has the unsupported scheme mysql (got "mysql://root:***@db.example.com/tourney"): use postgres://user:password@host:5432/database, or unset it for SQLite',
    );
  });

  it('startServer options: a Redis URL of another scheme, or a database URL without presign secret, is a ConfigError', async () => {
    await expect(startServer({ databasePath: ':memory:', port: 0, redisUrl: 'memcached://cache:11211' })).rejects.toThrow(ConfigError);
    await expect(startServer({ databasePath: ':memory:', port: 0, redisUrl: 'memcached://cache:11211' })).rejects.toThrow(
      'REDIS_URL has the unsupported scheme memcached (got "memcached://cache:11211"): use redis://[:password@]host:6379, or unset it',
    );
    await expect(startServer({ databaseUrl: 'postgres://127.0.0.1:1/tourney', port: 0 })).rejects.toThrow(/^TOURNEY_PRESIGN_SECRET is required/);
  });
});
