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

/** Spawns `node args...` from the repository root, collecting stdout and stderr together. */
export function spawnNode(args: string[], env: NodeJS.ProcessEnv = {}): Spawned {
  const child = spawn(process.execPath, args, { cwd: repoPath(''), env: { ...process.env, ...env }, stdio: ['ignore', 'pipe', 'pipe'] });
  let out = '';
  child.stdout?.on('data', (chunk) => (out += String(chunk)));
  child.stderr?.on('data', (chunk) => (out += String(chunk)));
  const exited = new Promise<number | string>((resolve) => child.on('exit', (code, signal) => resolve(code ?? signal ?? -1)));
  return { child, output: () => out, exited };
}

/** Waits until `predicate(output)` holds, polling every 50 ms; throws with the output after `timeoutMs`. */
export async function waitForOutput(p: Spawned, predicate: (output: string) => boolean, timeoutMs = 20_000): Promise<string> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (predicate(p.output())) return p.output();
    if (p.child.exitCode !== null) break;
    await new Promise((r) => setTimeout(r, 50));
  }
  throw new Error(`timed out waiting for the process; output so far:\n${p.output()}`);
}
