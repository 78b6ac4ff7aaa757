import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { CliDeps, CliIo } from '../../src/deps';
import type { Prompter } from '../../src/prompts/prompter';
import { run } from '../../src/run';

/** Captured terminal output. */
export interface CapturedIo extends CliIo {
  out(): string;
  err(): string;
}

/** An io that records what is written; piped (not a TTY) unless told otherwise. */
export function captureIo(options: { isTTY?: boolean; interactive?: boolean; columns?: number } = {}): CapturedIo {
  let out = '';
  let err = '';
  return {
    stdout: { write: (chunk: string) => (out += chunk) },
    stderr: { write: (chunk: string) => (err += chunk) },
    isTTY: options.isTTY ?? false,
    interactive: options.interactive ?? options.isTTY ?? false,
    columns: options.columns,
    out: () => out,
    err: () => err,
  };
}

/**
 * A prompter answering from a queue and recording the questions (confirm: 'yes' or 'no'; select: the value); throws
 * when it runs out of answers.
 */
export function scriptedPrompter(answers: (string | Error)[]): Prompter & { questions: string[] } {
  const questions: string[] = [];
  const next = async (message: string) => {
    questions.push(message);
    const answer = answers.shift();
    if (answer === undefined) throw new Error(`unexpected prompt: ${message}`);
    if (answer instanceof Error) throw answer;
    return answer;
  };
  return {
    questions,
    input: (options) => next(options.message),
    password: (options) => next(options.message),
    confirm: async (options) => /^y(es)?$/i.test(await next(options.message)),
    select: (options) => next(options.message),
  };
}

/** A prompter that fails the test when asked anything. */
export const noPrompter: Prompter = {
  input: async (options) => {
    throw new Error(`unexpected prompt: ${options.message}`);
  },
  password: async (options) => {
    throw new Error(`unexpected prompt: ${options.message}`);
  },
  confirm: async (options) => {
    throw new Error(`unexpected prompt: ${options.message}`);
  },
  select: async (options) => {
    throw new Error(`unexpected prompt: ${options.message}`);
  },
};

/** A fresh temporary directory, removed by the returned cleanup. */
export async function tempDir(prefix = 'tourney-cli-'): Promise<{ path: string; cleanup: () => Promise<void> }> {
  const path = await mkdtemp(join(tmpdir(), prefix));
  return { path, cleanup: () => rm(path, { recursive: true, force: true }) };
}

/** Runs the CLI with a config directory and a captured io; never touches the real home or environment. */
export async function runCli(
  argv: string[],
  options: { configDir: string; env?: Record<string, string>; io?: CapturedIo; deps?: Partial<CliDeps> },
): Promise<{ code: number; out: string; err: string; io: CapturedIo }> {
  const io = options.io ?? captureIo();
  const code = await run(argv, {
    io,
    env: { TOURNEY_CONFIG_DIR: options.configDir, ...options.env },
    homeDir: options.configDir,
    prompter: noPrompter,
    clock: { now: () => new Date('2030-01-01T12:00:00Z') },
    ...options.deps,
  });
  return { code, out: io.out(), err: io.err(), io };
}
