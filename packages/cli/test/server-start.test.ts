import { join } from 'node:path';
import { stat } from 'node:fs/promises';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { ServerStartOptions } from '../src/deps';
import { captureIo, runCli, scriptedPrompter, tempDir } from './helpers/cli-harness';

let dir: { path: string; cleanup: () => Promise<void> };
beforeEach(async () => {
  dir = await tempDir();
});
afterEach(async () => dir.cleanup());

function fakeServer(fromEnv: ServerStartOptions = {}) {
  const started: ServerStartOptions[] = [];
  const close = vi.fn(async () => {});
  let stop!: (signal: string) => void;
  const stopped = new Promise<string>((resolve) => (stop = resolve));
  return {
    started,
    close,
    stop,
    deps: {
      startServer: async (options: ServerStartOptions) => {
        started.push(options);
        stop('SIGINT'); // the signal comes right after the start; the CLI sees it once it waits for one
        return { url: `http://127.0.0.1:${options.port ?? 3000}/api/v1`, port: options.port ?? 3000, close };
      },
      serverConfigFromEnv: async () => fromEnv,
      waitForShutdown: () => stopped,
    },
  };
}

describe('tourney server start', () => {
  it('uses $TOURNEY_DATA_DIR/tourney.db by default, prints the URL and closes on a signal', async () => {
    const fake = fakeServer();
    const data = join(dir.path, 'data');
    const result = await runCli(['server', 'start', '--port', '4000'], {
      configDir: dir.path,
      env: { TOURNEY_DATA_DIR: data },
      deps: fake.deps,
    });
    expect(result.code).toBe(0);
    expect(fake.started).toEqual([{ databasePath: join(data, 'tourney.db'), port: 4000 }]);
    expect(result.out).toBe('http://127.0.0.1:4000/api/v1\n');
    expect(result.err).toContain('received SIGINT, stopping');
    expect(fake.close).toHaveBeenCalledTimes(1);
  });

  it('falls back to $XDG_DATA_HOME/tourney and then ~/.local/share/tourney', async () => {
    const xdg = fakeServer();
    await runCli(['server', 'start'], { configDir: dir.path, env: { XDG_DATA_HOME: join(dir.path, 'xdg') }, deps: xdg.deps });
    expect(xdg.started[0]?.databasePath).toBe(join(dir.path, 'xdg', 'tourney', 'tourney.db'));
    const home = fakeServer();
    await runCli(['server', 'start'], { configDir: dir.path, deps: { ...home.deps, homeDir: dir.path } });
    expect(home.started[0]?.databasePath).toBe(join(dir.path, '.local', 'share', 'tourney', 'tourney.db'));
  });

  it('--db and --host override the environment settings', async () => {
    const fake = fakeServer({ port: 5000, host: '0.0.0.0', databasePath: '/env/db.sqlite', logLevel: 'warn' });
    const db = join(dir.path, 'x', 'my.db');
    await runCli(['server', 'start', '--db', db, '--host', '127.0.0.2'], { configDir: dir.path, deps: fake.deps });
    expect(fake.started).toEqual([{ port: 5000, host: '127.0.0.2', databasePath: db, logLevel: 'warn' }]);
  });

  it('--database-url (or DATABASE_URL) starts on PostgreSQL, creates no data dir and hides the password; --db wins over DATABASE_URL', async () => {
    const url = 'postgres://tourney:hunter2@db.example.com:5432/tourney';
    const fake = fakeServer();
    const data = join(dir.path, 'data');
    const result = await runCli(['server', 'start', '--database-url', url], { configDir: dir.path, env: { TOURNEY_DATA_DIR: data }, deps: fake.deps });
    expect(result.code).toBe(0);
    expect(fake.started).toEqual([{ databasePath: join(data, 'tourney.db'), databaseUrl: url }]);
    await expect(stat(data)).rejects.toThrow(/ENOENT/);
    expect(result.err).toContain('(database postgres://tourney:***@db.example.com:5432/tourney)');
    expect(result.out + result.err).not.toContain('hunter2');

    const fromEnv = fakeServer({ databaseUrl: url });
    await runCli(['server', 'start'], { configDir: dir.path, env: { TOURNEY_DATA_DIR: data }, deps: fromEnv.deps });
    expect(fromEnv.started[0]?.databaseUrl).toBe(url);
    const sqlite = fakeServer({ databaseUrl: url });
    const db = join(dir.path, 'my.db');
    await runCli(['server', 'start', '--db', db], { configDir: dir.path, deps: sqlite.deps });
    expect(sqlite.started).toEqual([{ databasePath: db }]);
  });

  it('refuses --db together with --database-url', async () => {
    const fake = fakeServer();
    const result = await runCli(['server', 'start', '--db', 'x.db', '--database-url', 'postgres://db/tourney'], { configDir: dir.path, deps: fake.deps });
    expect(result.code).not.toBe(0);
    expect(result.err).toMatch(/--database-url.*cannot be used with.*--db/);
    expect(fake.started).toEqual([]);
  });

  it('rejects a bad port', async () => {
    const fake = fakeServer();
    const result = await runCli(['server', 'start', '--port', '70000'], { configDir: dir.path, deps: fake.deps });
    expect(result.code).toBe(1);
    expect(result.err).toContain('expected an integer from 0 to 65535');
    expect(fake.started).toEqual([]);
  });
});

describe('tourney server reset-password', () => {
  const resetDeps = (calls: unknown[]) => ({
    serverConfigFromEnv: async () => ({}),
    resetPassword: async (options: ServerStartOptions, login: string, newPassword: string) => {
      calls.push({ options, login, newPassword });
      return { userId: 'u-1', username: 'alice', sessionsEnded: 3 };
    },
  });

  it('asks for the new password twice on a terminal and resets it in the default database', async () => {
    const calls: unknown[] = [];
    const prompter = scriptedPrompter(['a new password', 'a new password']);
    const result = await runCli(['server', 'reset-password', 'alice'], {
      configDir: dir.path,
      env: { TOURNEY_DATA_DIR: join(dir.path, 'data') },
      io: captureIo({ isTTY: true }),
      deps: { ...resetDeps(calls), prompter },
    });
    expect(result.code, result.err).toBe(0);
    expect(prompter.questions).toEqual(['new password for alice', 'the same password again']);
    expect(calls).toEqual([{ options: { databasePath: join(dir.path, 'data', 'tourney.db') }, login: 'alice', newPassword: 'a new password' }]);
    expect(result.out).toBe(`password of alice reset (database ${join(dir.path, 'data', 'tourney.db')}); 3 sessions logged out\n`);
  });

  it('changes nothing when the two entries differ', async () => {
    const calls: unknown[] = [];
    const result = await runCli(['server', 'reset-password', 'alice'], {
      configDir: dir.path,
      io: captureIo({ isTTY: true }),
      deps: { ...resetDeps(calls), prompter: scriptedPrompter(['a new password', 'a new passwort']) },
    });
    expect(result.code).toBe(1);
    expect(result.err).toBe('error: the two passwords differ; nothing was changed\n');
    expect(calls).toEqual([]);
  });

  it('names a PostgreSQL database without its password', async () => {
    const calls: unknown[] = [];
    const result = await runCli(['server', 'reset-password', 'alice', '--database-url', 'postgres://tourney:s3cret@db.internal:5432/tourney', '--new-password', 'a new password'], {
      configDir: dir.path,
      deps: resetDeps(calls),
    });
    expect(result.code, result.err).toBe(0);
    expect(result.out).toBe('password of alice reset (database postgres://tourney:***@db.internal:5432/tourney); 3 sessions logged out\n');
    expect(result.out + result.err).not.toContain('s3cret');
  });
});
