import { execFileSync, spawn } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { onPostgres } from '../../packages/server/test/helpers/test-database';
import { repoPath, requireBuilt, spawnNode, waitForOutput, type Spawned } from '../helpers/spawn';

// README: `npm start` runs the built server (packages/server/dist/main.js) on the embedded SQLite default (R18.4). The
// server runs in a directory of its own without HOST or TOURNEY_DB, so it binds the default interface and keeps its
// database at the default ./data/tourney.db there; PORT=0 stands in for the default 3000, which another program on the
// machine may hold (config-env.test.ts checks that default).
const main = requireBuilt('packages/server/dist/main.js');
const dir = mkdtempSync(join(tmpdir(), 'tourney-start-'));
const database = join(dir, 'data', 'tourney.db');
// What `npm start` runs: `exec` (the shell npm runs the script with becomes node, so that the signals npm passes on
// reach the server), then node, its flags, the built entry (resolved from the repository root).
const startCommand = (JSON.parse(readFileSync(repoPath('package.json'), 'utf8')) as { scripts: { start: string } }).scripts.start;
const startScript = startCommand.replace(/^exec /, '').split(' ');

async function start(): Promise<{ proc: Spawned; api: string }> {
  const flags = startScript.slice(1, -1);
  const proc = spawnNode([...flags, main], { PORT: '0', HOST: undefined, TOURNEY_DB: undefined, DATABASE_URL: '', LOG_LEVEL: 'info' }, dir);
  const output = await waitForOutput(proc, (out) => /listening on http:\/\/\S+/.test(out));
  const api = /listening on (http:\/\/[^\s"]+)/.exec(output)![1]!;
  return { proc, api };
}

async function stop(proc: Spawned): Promise<number | string> {
  proc.child.kill('SIGTERM');
  return proc.exited;
}

afterAll(() => rmSync(dir, { recursive: true, force: true }));

// The SQLite default only: a PostgreSQL run has nothing to add here (persistence.test.ts restarts on PostgreSQL).
describe.skipIf(onPostgres)('npm start', () => {
  it('runs the built server with a young generation of 64 MB semi-spaces (R18.4)', () => {
    expect(startCommand).toBe('exec node --max-semi-space-size=64 packages/server/dist/main.js');
    expect(startScript).toEqual(['node', '--max-semi-space-size=64', 'packages/server/dist/main.js']);
    // The flags take on this Node: a process started with them grows its new space to 2 x 64 MB under allocation
    // (Node 20's default stops at 2 x 16 MB).
    const grow = 'const k=[];for(let i=0;i<3e6;i++)k.push({i});console.log(require("v8").getHeapSpaceStatistics().find((s)=>s.space_name==="new_space").space_size)';
    const newSpace = (flags: string[]) => Number(execFileSync(process.execPath, [...flags, '-e', grow], { encoding: 'utf8' }).trim());
    expect(newSpace(startScript.slice(1, -1))).toBe(128 * 2 ** 20);
    expect(newSpace([])).toBeLessThan(128 * 2 ** 20);
  });

  it('serves the health check and keeps its data across a restart', async () => {
    const first = await start();
    try {
      expect(first.api).toMatch(/^http:\/\/127\.0\.0\.1:\d+\/api\/v1$/);
      const health = await fetch(`${first.api}/health`);
      expect(health.status).toBe(200);
      const body = await health.json();
      expect(body).toMatchObject({ success: true, data: { status: 'ok' } });
      expect(health.headers.get('x-request-id')).toBeTruthy();

      const register = await fetch(`${first.api}/auth/register`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ username: 'persistent_alice', email: 'alice@example.test', password: 'a long password' }),
      });
      expect(register.status).toBe(201);
    } finally {
      expect(await stop(first.proc)).toBe(0);
    }
    expect(existsSync(database)).toBe(true);

    const second = await start();
    try {
      const login = await fetch(`${second.api}/auth/login`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ username: 'persistent_alice', password: 'a long password' }),
      });
      expect(login.status).toBe(200);
      const body = await login.json();
      expect(body.data.user.username).toBe('persistent_alice');
    } finally {
      expect(await stop(second.proc)).toBe(0);
    }
  });

  it('SIGTERM to the npm process reaches the server: it shuts down gracefully, then npm exits 0', async () => {
    // As Docker (npm as PID 1), a supervisor or `kill $!` stop it: the signal goes to npm alone. npm runs in a process
    // group of its own, so that a server npm left behind (the signal not passed on) is still found and killed.
    const npm = spawn('npm', ['start'], {
      cwd: repoPath(''),
      env: { ...process.env, PORT: '0', HOST: '127.0.0.1', TOURNEY_DB: join(dir, 'npm-start.db'), DATABASE_URL: '', LOG_LEVEL: 'info' },
      stdio: ['ignore', 'pipe', 'pipe'],
      detached: true,
    });
    let out = '';
    const proc: Spawned = {
      child: npm,
      output: () => out,
      exited: new Promise((resolve) => npm.once('exit', (code, signal) => resolve(code ?? signal ?? -1))),
    };
    npm.stdout.on('data', (chunk) => (out += String(chunk)));
    npm.stderr.on('data', (chunk) => (out += String(chunk)));
    try {
      const output = await waitForOutput(proc, (text) => /listening on http:\/\/\S+/.test(text), 60_000);
      const api = /listening on (http:\/\/[^\s"]+)/.exec(output)![1]!;
      expect((await fetch(`${api}/health`)).status).toBe(200);
      npm.kill('SIGTERM');
      expect(await proc.exited).toBe(0);
      // npm exits once the server has: it logged its shutdown, and nothing answers any more.
      expect(out).toContain('"msg":"shutting down"');
      expect(out).toContain('"msg":"stopped"');
      await expect(fetch(`${api}/health`)).rejects.toThrow();
    } finally {
      try {
        process.kill(-npm.pid!, 'SIGKILL');
      } catch {
        // the group has ended: nothing left behind
      }
    }
  }, 90_000);
});
