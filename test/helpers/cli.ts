import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, expect } from 'vitest';
import { run } from '@tourney/cli';
import { startServer } from '@tourney/server';

/** What one CLI run printed and its exit code. */
export interface CliResult {
  code: number;
  stdout: string;
  stderr: string;
}

/** A CLI bound to one server and one config directory, run in-process without a terminal (piped output). */
export interface CliRunner {
  (...argv: string[]): Promise<CliResult>;
  /** Runs with `--json`, expects exit 0 and returns the parsed output. */
  json<T = any>(...argv: string[]): Promise<T>;
}

/**
 * Returns a runner of `tourney` against `baseUrl()` (read at each call, so it may be set in a `beforeAll`), keeping
 * profiles in `configDir`; output is captured at `columns` wide.
 */
export function cliRunner(baseUrl: () => string, configDir: string, columns = 120): CliRunner {
  const cli = async (...argv: string[]): Promise<CliResult> => {
    let stdout = '';
    let stderr = '';
    const code = await run(['--base-url', baseUrl(), ...argv], {
      io: { stdout: { write: (s: string) => (stdout += s) }, stderr: { write: (s: string) => (stderr += s) }, isTTY: false, columns },
      env: { TOURNEY_CONFIG_DIR: configDir },
      homeDir: configDir,
    });
    return { code, stdout, stderr };
  };
  return Object.assign(cli, {
    async json<T = any>(...argv: string[]): Promise<T> {
      const result = await cli(...argv, '--json');
      expect(result.code, result.stderr).toBe(0);
      return JSON.parse(result.stdout) as T;
    },
  });
}

/**
 * For one test file: a real server on an in-memory database (responses validated against the contract) started
 * before the tests and closed after, and a CLI runner bound to it with its own config directory.
 */
export function useCliAgainstServer(prefix: string, columns = 120): { cli: CliRunner; url: () => string; configDir: string } {
  const configDir = mkdtempSync(join(tmpdir(), prefix));
  let server: Awaited<ReturnType<typeof startServer>> | undefined;
  beforeAll(async () => {
    server = await startServer({ databasePath: ':memory:', port: 0, logLevel: 'silent', validateResponses: true });
  });
  afterAll(async () => {
    await server?.close();
    rmSync(configDir, { recursive: true, force: true });
  });
  const url = () => server?.url as string;
  return { cli: cliRunner(url, configDir, columns), url, configDir };
}
