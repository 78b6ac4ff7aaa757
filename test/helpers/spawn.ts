import { type ChildProcess, spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';

/** Absolute path of a file in the repository. */
export const repoPath = (relative: string): string => fileURLToPath(new URL(`../../${relative}`, import.meta.url));

/** Fails with a clear message when a built file the test runs is missing (the build runs on `npm install`/`npm ci`). */
export function requireBuilt(relative: string): string {
  const path = repoPath(relative);
  if (!existsSync(path)) throw new Error(`${relative} is missing: run "npm run build" first`);
  return path;
}

/** A spawned process with its output collected so far. */
export interface Spawned {
  child: ChildProcess;
  output(): string;
  /** Resolves with the exit code (or the signal name) once the process ends. */
  exited: Promise<number | string>;
}

/**
 * Spawns `node args...` from the repository root (or `cwd`), collecting stdout and stderr together. A variable set to
 * undefined in `env` is removed from the child's environment.
 */
export function spawnNode(args: string[], env: NodeJS.ProcessEnv = {}, cwd = repoPath('')): Spawned {
  const child = spawn(process.execPath, args, { cwd, env: { ...process.env, ...env }, stdio: ['ignore', 'pipe', 'pipe'] });
  let out = '';
  child.stdout?.on('data', (chunk) => (out += String(chunk)));
  child.stderr?.on('data', (chunk) => (out += String(chunk)));
  const exited = new Promise<number | string>((resolve) => child.on('exit', (code, signal) => resolve(code ?? signal ?? -1)));
  return { child, output: () => out, exited };
}

/**
 * Waits until `predicate(output)` holds, checked at each chunk of output; throws with the output when the process
 * ends first or after `timeoutMs` (a bound, not a timing assumption).
 */
export function waitForOutput(p: Spawned, predicate: (output: string) => boolean, timeoutMs = 20_000): Promise<string> {
  return new Promise((resolve, reject) => {
    const stop = () => {
      clearTimeout(timer);
      p.child.stdout?.off('data', check);
      p.child.stderr?.off('data', check);
      p.child.off('close', closed);
    };
    // Listeners run after spawnNode's collectors (added first), so output() already holds the chunk.
    const check = () => {
      if (!predicate(p.output())) return;
      stop();
      resolve(p.output());
    };
    const fail = (why: string) => {
      stop();
      reject(new Error(`${why}; output so far:\n${p.output()}`));
    };
    // 'close' comes after the last output of an exited process.
    const closed = () => fail('the process exited first');
    const timer = setTimeout(() => fail(`timed out after ${timeoutMs} ms waiting for the process`), timeoutMs);
    p.child.stdout?.on('data', check);
    p.child.stderr?.on('data', check);
    p.child.on('close', closed);
    check();
    const ended = p.child.exitCode !== null || p.child.signalCode !== null;
    if (ended && (p.child.stdout?.destroyed ?? true)) fail('the process had exited');
  });
}
