import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
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
});
