import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { onPostgres } from '../../packages/server/test/helpers/test-database';
import { requireBuilt } from '../helpers/spawn';

// `tourney server start` (R20.9) from the built CLI in a process of its own: stdout carries the API root URL and
// nothing else, so that a script can read it; the server's log lines (pino JSON) go to stderr.
const bin = requireBuilt('packages/cli/bin/tourney.js');
requireBuilt('packages/cli/dist/bin.js');
const dir = mkdtempSync(join(tmpdir(), 'tourney-cli-server-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

describe.skipIf(onPostgres)('tourney server start in its own process', () => {
  it('prints only the URL on stdout and its request log lines on stderr', async () => {
    const child = spawn(process.execPath, [bin, 'server', 'start', '--port', '0', '--host', '127.0.0.1', '--db', join(dir, 't.db')], {
      env: { ...process.env, LOG_LEVEL: 'info', DATABASE_URL: '', TOURNEY_DATA_DIR: dir },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let out = '';
    let err = '';
    child.stderr.on('data', (chunk) => (err += String(chunk)));
    const exited = new Promise<number | null>((resolve) => child.on('exit', (code) => resolve(code)));
    const url = await new Promise<string>((resolve, reject) => {
      const timer = setTimeout(() => reject(new Error(`no URL after 20 s; stderr:\n${err}`)), 20_000);
      child.stdout.on('data', (chunk) => {
        out += String(chunk);
        const line = /^(http:\/\/\S+)\n/.exec(out);
        if (line) {
          clearTimeout(timer);
          resolve(line[1]!);
        }
      });
    });
    expect(url).toMatch(/^http:\/\/127\.0\.0\.1:\d+\/api\/v1$/);
    expect((await fetch(`${url}/health`)).status).toBe(200);
    // The request's log line reaches stderr (pino writes asynchronously: wait for it, bounded).
    await new Promise<void>((resolve, reject) => {
      const timer = setTimeout(() => reject(new Error(`no request log line on stderr:\n${err}`)), 10_000);
      const check = () => {
        if (!err.includes('"/api/v1/health"')) return;
        clearTimeout(timer);
        resolve();
      };
      child.stderr.on('data', check);
      check();
    });
    child.kill('SIGTERM');
    expect(await exited).toBe(0);
    expect(out).toBe(`${url}\n`);
    const logLines = err.split('\n').filter((line) => line.startsWith('{'));
    expect(logLines.length).toBeGreaterThan(0);
    for (const line of logLines) expect(() => JSON.parse(line)).not.toThrow();
  });

  /** Runs `tourney server start <args>` until it exits (it is expected to refuse to start): its exit code and stderr. */
  const refusedStart = (args: string[], env: NodeJS.ProcessEnv = {}) =>
    new Promise<{ code: number | null; out: string; err: string }>((resolve, reject) => {
      const child = spawn(process.execPath, [bin, 'server', 'start', '--port', '0', ...args], {
        env: { ...process.env, LOG_LEVEL: 'info', DATABASE_URL: '', TOURNEY_PRESIGN_SECRET: '', TOURNEY_DATA_DIR: dir, ...env },
        stdio: ['ignore', 'pipe', 'pipe'],
      });
      let out = '';
      let err = '';
      child.stdout.on('data', (chunk) => (out += String(chunk)));
      child.stderr.on('data', (chunk) => (err += String(chunk)));
      const timer = setTimeout(() => {
        child.kill('SIGKILL');
        reject(new Error(`still running after 20 s; stdout:\n${out}\nstderr:\n${err}`));
      }, 20_000);
      child.on('close', (code) => {
        clearTimeout(timer);
        resolve({ code, out, err });
      });
    });

  it('--db through a regular file: one line naming the absolute path and why, exit 1', async () => {
    writeFileSync(join(dir, 'afile'), 'not a directory');
    const run = await refusedStart(['--db', join(dir, 'afile', 't.db')]);
    expect(run.code).toBe(1);
    expect(run.out).toBe('');
    expect(run.err).toBe(
      `error: cannot open the SQLite database at ${join(dir, 'afile', 't.db')}: ${join(dir, 'afile')} is a file, not a directory; ` +
        'fix that, or choose another file with TOURNEY_DB (tourney server start: --db or TOURNEY_DATA_DIR)\n',
    );
  });

  it('--database-url of another scheme is refused for its scheme, before the missing presign secret', async () => {
    const run = await refusedStart(['--database-url', 'mysql://root:hunter2@127.0.0.1:3306/tourney']);
    expect(run.code).toBe(1);
    expect(run.err).toBe(
      'error: the database URL has the unsupported scheme mysql (got "mysql://root:***@127.0.0.1:3306/tourney"): use postgres://user:password@host:5432/database, or unset it for SQLite\n',
    );
  });
});
