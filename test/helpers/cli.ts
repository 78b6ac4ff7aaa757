import { expect } from 'vitest';
import { run } from '@tourney/cli';

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
