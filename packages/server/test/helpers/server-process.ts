import { type ChildProcess, spawn, type SpawnOptions } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import type { ApiServer } from './http';
import { TEST_PRESIGN_SECRET } from './test-database';

/** A server running in a child process (see startServerProcess). */
export interface ServerProcess extends ApiServer {
  /** The last 20 000 characters it wrote (JSON log lines), to explain a failure. */
  output(): string;
  /** Stops it (SIGTERM, graceful) and resolves with its exit code once it has exited. */
  close(): Promise<number | string>;
  /** Sends `signal` (e.g. SIGKILL) and resolves with its exit code, or the signal's name, once it has exited. */
  kill(signal: NodeJS.Signals): Promise<number | string>;
  /** Resolves once its output contains `text` (e.g. a log message), polling the output as it arrives. */
  waitForOutput(text: string): Promise<void>;
  /** Its process id. */
  pid: number;
}

/** Options of startServerProcess. */
export interface ServerProcessOptions {
  /** Milliseconds to wait for it to listen (default 25 000). */
  timeoutMs?: number;
  /** Variables added to (or replacing) its environment, e.g. to turn the webhook dispatcher on. */
  env?: NodeJS.ProcessEnv;
  /**
   * A JavaScript file to run instead of src/main.ts through tsx, e.g. bundleServerMain()'s bundle (half the start-up
   * CPU, for tests that start many processes).
   */
  entry?: string;
}

/**
 * Bundles src/main.ts as it is now (esbuild, dependencies left as imports) into one ESM file under the server's
 * node_modules/.cache (so that its imports resolve to the server's dependencies); returns its path, for
 * ServerProcessOptions.entry.
 */
export async function bundleServerMain(): Promise<string> {
  const { build } = await import('esbuild');
  const outfile = fileURLToPath(new URL(`../../node_modules/.cache/tourney-test/main-${process.pid}-${Date.now().toString(36)}.mjs`, import.meta.url));
  await build({ entryPoints: [main], bundle: true, platform: 'node', format: 'esm', packages: 'external', outfile, logLevel: 'warning' });
  return outfile;
}

const main = fileURLToPath(new URL('../../src/main.ts', import.meta.url));

/**
 * The environment that points src/main.ts at `database`: a PostgreSQL URL (DATABASE_URL, with the test presign
 * secret it requires) or a SQLite path (TOURNEY_DB).
 */
export function databaseEnv(database: string): NodeJS.ProcessEnv {
  return /^postgres(ql)?:/.test(database)
    ? { DATABASE_URL: database, TOURNEY_DB: '', TOURNEY_PRESIGN_SECRET: TEST_PRESIGN_SECRET }
    : { DATABASE_URL: '', TOURNEY_DB: database };
}

/**
 * Starts the server from source (src/main.ts through tsx) in a child Node process, on `database`: a SQLite file
 * path or a PostgreSQL URL (e.g. createTestDatabase().location), as when several server processes share one
 * database. Port 0 (a free one), rate limit off, no webhook dispatcher or periodic jobs, responses checked against
 * the contract, unless `options.env` says otherwise; on PostgreSQL a shared TOURNEY_PRESIGN_SECRET. Rejects with the
 * process's output when it exits before listening or does not listen within `options.timeoutMs`.
 */
export function startServerProcess(database: string, options: ServerProcessOptions = {}): Promise<ServerProcess> {
  const timeoutMs = options.timeoutMs ?? 25_000;
  const child = spawn(process.execPath, options.entry ? [options.entry] : ['--import', 'tsx', main], {
    env: {
      ...process.env,
      PORT: '0',
      HOST: '127.0.0.1',
      ...databaseEnv(database),
      LOG_LEVEL: 'info',
      TOURNEY_RATE_LIMIT: 'off',
      TOURNEY_VALIDATE_RESPONSES: '1',
      TOURNEY_WEBHOOK_DISPATCHER: 'off',
      TOURNEY_NOTIFICATION_SWEEP_INTERVAL: '0',
      TOURNEY_REGISTRATION_SCHEDULE_INTERVAL: '0',
      TOURNEY_PRESIGN_SECRET: 'several-instances-test-secret',
      ...options.env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const exited = new Promise<number | string>((resolve) => child.once('exit', (code, signal) => resolve(code ?? signal ?? -1)));
  let output = '';
  let listening = false;
  const waiters: { text: string; done: () => void }[] = [];
  const waitForOutput = (text: string) =>
    new Promise<void>((done) => {
      if (output.includes(text)) done();
      else waiters.push({ text, done });
    });
  return new Promise<ServerProcess>((resolve, reject) => {
    const timer = setTimeout(() => fail(`did not listen within ${timeoutMs} ms`), timeoutMs);
    const fail = (why: string) => {
      if (listening) return;
      clearTimeout(timer);
      child.kill('SIGKILL');
      reject(new Error(`server process ${why}; output:\n${output.slice(-4000)}`));
    };
    const onData = (chunk: Buffer) => {
      const text = String(chunk);
      output = (output + text).slice(-20_000); // drained always: a full pipe would block the child
      for (const waiter of [...waiters]) {
        if (output.includes(waiter.text)) {
          waiters.splice(waiters.indexOf(waiter), 1);
          waiter.done();
        }
      }
      if (listening) return;
      const url = /listening on (http:\/\/[^\s"]+)/.exec(output)?.[1];
      if (!url) return;
      listening = true;
      clearTimeout(timer);
      resolve({
        url,
        pid: child.pid!,
        output: () => output,
        close: () => stop(child, exited),
        kill: (signal) => {
          if (child.exitCode === null && child.signalCode === null) child.kill(signal);
          return exited;
        },
        waitForOutput,
      });
    };
    child.stdout!.on('data', onData);
    child.stderr!.on('data', onData);
    void exited.then((code) => fail(`exited (${code}) before listening`));
  });
}

async function stop(child: ChildProcess, exited: Promise<number | string>): Promise<number | string> {
  if (child.exitCode === null && child.signalCode === null) child.kill('SIGTERM');
  return exited;
}

/** How a server process that was expected to stop ended: its exit code and what it wrote. */
export interface ExitedProcess {
  code: number | string;
  stdout: string;
  stderr: string;
}

/**
 * Runs src/main.ts with `env` added to the environment (port 0, silent unless LOG_LEVEL is given, the test presign
 * secret unless TOURNEY_PRESIGN_SECRET is given) and resolves once
 * it exits, for configurations that must stop it at start. Kills it and rejects when it is still running after
 * `timeoutMs` (it then started, or hangs). `user` runs it as another user (uid, gid), e.g. one file modes apply to.
 */
export function runServerProcessUntilExit(env: NodeJS.ProcessEnv, timeoutMs = 25_000, user: Pick<SpawnOptions, 'uid' | 'gid'> = {}): Promise<ExitedProcess> {
  const child = spawn(process.execPath, ['--import', 'tsx', main], {
    ...user,
    env: {
      ...process.env,
      PORT: '0',
      HOST: '127.0.0.1',
      LOG_LEVEL: 'silent',
      DATABASE_URL: '',
      TOURNEY_DB: ':memory:',
      TOURNEY_PRESIGN_SECRET: TEST_PRESIGN_SECRET,
      ...env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let stdout = '';
  let stderr = '';
  child.stdout!.on('data', (chunk: Buffer) => (stdout += String(chunk)));
  child.stderr!.on('data', (chunk: Buffer) => (stderr += String(chunk)));
  return new Promise<ExitedProcess>((resolve, reject) => {
    const timer = setTimeout(() => {
      child.kill('SIGKILL');
      reject(new Error(`server process still running after ${timeoutMs} ms; output:\n${stdout}${stderr}`));
    }, timeoutMs);
    child.once('exit', (code, signal) => {
      clearTimeout(timer);
      // 'exit' may come before the last output: wait for the pipes to close.
      child.once('close', () => resolve({ code: code ?? signal ?? -1, stdout, stderr }));
      if (child.stdout!.closed && child.stderr!.closed) resolve({ code: code ?? signal ?? -1, stdout, stderr });
    });
  });
}
