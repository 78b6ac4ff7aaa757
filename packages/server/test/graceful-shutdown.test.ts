import { type ChildProcess, spawn } from 'node:child_process';
import { type ClientRequest, type IncomingMessage, request as httpRequest } from 'node:http';
import { fileURLToPath } from 'node:url';
import { afterEach, describe, expect, it } from 'vitest';
import { type DatabaseDialect, databaseFor, resolveConfig, startServer } from '../src/index';
import { createTestDatabase, request, type TestDatabase } from './helpers/index';
import { type ServerProcess, startServerProcess } from './helpers/server-process';

// SIGTERM on a server process with a request in flight: the request is answered, new connections are refused, the
// process exits 0. The request is held open by the client (its body not sent yet), not by a slow handler.

let database: TestDatabase | undefined;
let server: ServerProcess | undefined;
let child: ChildProcess | undefined;

afterEach(async () => {
  await server?.kill('SIGKILL');
  server = undefined;
  if (child && child.exitCode === null && child.signalCode === null) child.kill('SIGKILL');
  child = undefined;
  await database?.drop();
  database = undefined;
});

/** A request whose body is not sent yet: resolves once the server has read its headers (it answered 100 Continue). */
function heldRequest(base: string, path: string, body: string): Promise<{ req: ClientRequest; response: Promise<IncomingMessage & { text: string }> }> {
  const url = new URL(`${base}${path}`);
  const req = httpRequest({
    host: url.hostname,
    port: url.port,
    path: url.pathname,
    method: 'POST',
    headers: { 'content-type': 'application/json', 'content-length': Buffer.byteLength(body), expect: '100-continue' },
  });
  const response = new Promise<IncomingMessage & { text: string }>((resolve, reject) => {
    req.once('error', reject);
    req.once('response', (res) => {
      let text = '';
      res.on('data', (c: Buffer) => (text += String(c)));
      res.once('end', () => resolve(Object.assign(res, { text })));
      res.once('error', reject);
    });
  });
  response.catch(() => undefined); // observed by the caller
  return new Promise((resolve) => req.once('continue', () => resolve({ req, response })));
}

const signup = (name: string) => JSON.stringify({ username: name, email: `${name}@example.com`, password: 'correct horse battery staple' });

describe('graceful shutdown of a server process', () => {
  it('on SIGTERM finishes the request in flight, refuses new connections and exits 0', async () => {
    database = await createTestDatabase({ file: true });
    server = await startServerProcess(database.location);
    const name = `drain${Date.now().toString(36)}`;
    const { req, response } = await heldRequest(server.url, '/auth/register', signup(name));
    const exited = server.kill('SIGTERM');
    await server.waitForOutput('shutting down');
    // Not accepting any more: a new connection is refused.
    await expect(fetch(`${server.url}/health`)).rejects.toThrow();
    req.end(signup(name));
    const answer = await response;
    expect(answer.statusCode).toBe(201);
    expect(JSON.parse(answer.text).data.user.username).toBe(name);
    expect(answer.headers.connection).toBe('close');
    expect(await exited).toBe(0);
    expect(server.output()).toContain('"msg":"stopped"');

    // What it acknowledged is there for the next process.
    server = await startServerProcess(database.location);
    const login = await request(server, 'POST', '/auth/login', { body: { username: name, password: 'correct horse battery staple' } });
    expect(login.status).toBe(200);
    expect(await server.close()).toBe(0);
  }, 60_000);

  it('cuts a request still in flight after TOURNEY_SHUTDOWN_TIMEOUT and still exits 0', async () => {
    database = await createTestDatabase({ file: true });
    server = await startServerProcess(database.location, { env: { TOURNEY_SHUTDOWN_TIMEOUT: '1' } });
    const { response } = await heldRequest(server.url, '/auth/register', signup(`cut${Date.now().toString(36)}`));
    const exited = server.kill('SIGTERM');
    // The body never comes: after the timeout the connection is cut and the process goes on stopping.
    await expect(response).rejects.toThrow(/socket hang up|ECONNRESET/);
    expect(await exited, server.output()).toBe(0);
  }, 60_000);
});

describe('graceful shutdown with nobody reading the log', () => {
  it('exits 0 on SIGTERM after the reader of its stdout pipe went away (EPIPE)', async () => {
    // `npm start | cat` stopped with Ctrl+C: cat is gone before the server logs "shutting down". Every log line is
    // then refused (EPIPE); the exit must not wait for them to be written.
    const main = fileURLToPath(new URL('../src/main.ts', import.meta.url));
    child = spawn(process.execPath, ['--import', 'tsx', main], {
      env: { ...process.env, PORT: '0', HOST: '127.0.0.1', DATABASE_URL: '', TOURNEY_DB: ':memory:', LOG_LEVEL: 'info', TOURNEY_RATE_LIMIT: 'off' },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    const running = child;
    const exited = new Promise<number | string>((resolve) => running.once('exit', (code, signal) => resolve(code ?? signal ?? -1)));
    let stderr = '';
    running.stderr!.on('data', (chunk: Buffer) => (stderr += String(chunk)));
    let stdout = '';
    await new Promise<void>((resolve, reject) => {
      running.stdout!.on('data', (chunk: Buffer) => {
        stdout += String(chunk);
        if (stdout.includes('listening on http://')) resolve();
      });
      void exited.then((code) => reject(new Error(`exited (${code}) before listening:\n${stdout}${stderr}`)));
    });
    // Close the only read end of the pipe, and wait until it is closed.
    await new Promise<void>((resolve) => {
      running.stdout!.once('close', () => resolve());
      running.stdout!.destroy();
    });
    running.kill('SIGTERM');
    expect(await exited).toBe(0);
    expect(stderr).toBe('');
  }, 60_000);
});

describe('close() of a started server', () => {
  it('stops the webhook dispatcher and waits for the jobs in flight before it closes the database (R18.5)', async () => {
    database = await createTestDatabase();
    const { dialect: base } = databaseFor(resolveConfig(database.options));
    const order: string[] = [];
    let running = 0;
    let jobsEntered!: () => void;
    const entered = new Promise<void>((resolve) => (jobsEntered = resolve));
    let releaseJobs!: () => void;
    const held = new Promise<void>((resolve) => (releaseJobs = resolve));
    // The dialect as the server gets it, but each job's run waits for the test before it queries, and closing the
    // database is recorded with whether a job was still running.
    const dialect: DatabaseDialect = {
      ...base,
      async connect(location) {
        const connected = await base.connect(location);
        return {
          ...connected,
          close: () => {
            order.push(running > 0 ? 'database closed while a job ran' : 'database closed');
            return connected.close();
          },
        };
      },
      runExclusive: (db, key, run) =>
        base.runExclusive(db, key, async () => {
          running += 1;
          if (running === 2) jobsEntered();
          await held;
          try {
            return await run(); // a query on the database: fails once it is closed
          } finally {
            running -= 1;
            order.push(`${key} done`);
          }
        }),
    };
    const started = await startServer({ ...database.options, dialect, port: 0, logLevel: 'silent' });
    const runs = [started.notificationSweeper.runOnce(), started.registrationSchedule.runOnce()];
    await entered;

    let stopsCalled!: () => void;
    const stopping = new Promise<void>((resolve) => (stopsCalled = resolve));
    const stopDispatcher = started.webhookDispatcher.stop.bind(started.webhookDispatcher);
    started.webhookDispatcher.stop = async () => {
      await stopDispatcher();
      order.push('dispatcher stopped');
    };
    const stopSchedule = started.registrationSchedule.stop.bind(started.registrationSchedule);
    started.registrationSchedule.stop = () => {
      stopsCalled();
      return stopSchedule();
    };
    const closing = started.close();
    await stopping;
    releaseJobs();
    await closing;
    await expect(Promise.all(runs)).resolves.toEqual([expect.any(Number), expect.any(Number)]);
    expect(order.at(-1)).toBe('database closed');
    expect(order.slice(0, -1).sort()).toEqual(['dispatcher stopped', 'tourney:job:notification-sweep done', 'tourney:job:registration-schedule done']);
  });
});
