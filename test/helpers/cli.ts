import { mkdtempSync, rmSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, expect } from 'vitest';
import { run } from '@tourney/cli';
import { startTestServer, test, type TestServer } from '../../packages/server/test/helpers/index';
import { FIXTURE_DEFAULTS } from '../../packages/server/test/helpers/fixture-defaults';

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

/** The fixtures {@link cliTest} adds to the server fixtures, each set up once per file. */
export interface CliServerFixtures {
  /** Output width of `cli` (default 120); set with `test.scoped({ cliColumns: 160 })`. */
  cliColumns: number;
  /** A temporary config directory (profiles, exported files), removed after the file. */
  configDir: string;
  /** The CLI against the file's `server`, keeping its profiles in `configDir`, `cliColumns` wide. */
  cli: CliRunner;
  /** `cli.json`: runs with --json, expects exit 0 and returns the parsed output. */
  json: CliRunner['json'];
}

/**
 * The server fixtures (one in-process test server per file, see packages/server/test/helpers/fixtures.ts) plus a CLI
 * bound to it: `cliTest('...', async ({ server, cli }) => ...)`.
 */
export const cliTest = test.extend<CliServerFixtures>({
  cliColumns: [FIXTURE_DEFAULTS.cliColumns, { scope: 'file' }],
  configDir: [
    async ({}, use) => {
      const dir = await mkdtemp(join(tmpdir(), 'tourney-cli-'));
      try {
        await use(dir);
      } finally {
        await rm(dir, { recursive: true, force: true });
      }
    },
    { scope: 'file' },
  ],
  // Typed by hand: a CliRunner is callable, so the fixture function alone cannot be inferred from the fixture's type.
  cli: [
    async ({ server, configDir, cliColumns }: { server: TestServer; configDir: string; cliColumns: number }, use: (cli: CliRunner) => Promise<void>) =>
      use(cliRunner(() => server.url, configDir, cliColumns)),
    { scope: 'file' },
  ],
  json: [async ({ cli }, use) => use(cli.json), { scope: 'file' }],
});

/**
 * Server options of the webhook end-to-end tests: deliveries to receivers on 127.0.0.1 allowed, the dispatcher polling
 * every 100 ms (it is also woken when an event is queued).
 */
export const webhookServerOptions = { allowPrivateWebhookUrls: true, webhookPollIntervalMs: 100 } as const;

/**
 * For one test file outside the fixtures: a test server (see startTestServer) started before the tests and closed after, and a CLI runner bound to it with its own config directory.
 */
export function useCliAgainstServer(prefix: string, columns = 120): { cli: CliRunner; url: () => string; configDir: string } {
  const configDir = mkdtempSync(join(tmpdir(), prefix));
  let server: TestServer | undefined;
  beforeAll(async () => {
    server = await startTestServer();
  });
  afterAll(async () => {
    await server?.close();
    rmSync(configDir, { recursive: true, force: true });
  });
  const url = () => server?.url as string;
  return { cli: cliRunner(url, configDir, columns), url, configDir };
}
