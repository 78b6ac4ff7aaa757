import { homedir } from 'node:os';
import { isatty } from 'node:tty';
import { createFileConfigStore } from './config/config-store';
import type { CliDeps, CliIo, RunningServer, ServerStartOptions } from './deps';
import { configDir } from './paths';
import { createInquirerPrompter } from './prompts/prompter';
import { loadedSdk } from './sdk-runtime';
import { CLI_VERSION } from './version';

/** Terminal io of the current process. */
export function processIo(): CliIo {
  return {
    stdout: process.stdout,
    stderr: process.stderr,
    isTTY: process.stdout.isTTY === true,
    // isatty(0), not process.stdin.isTTY: reading process.stdin creates its stream (milliseconds at every start).
    interactive: isatty(0) && process.stdout.isTTY === true,
    columns: process.stdout.columns,
    stderrIsTTY: process.stderr.isTTY === true,
  };
}

/** Loads @tourney/server on first use, so that commands other than `server start` and `demo` do not pay for it. */
const loadServer = () => import('@tourney/server');

/**
 * Starts the server with its log lines (pino JSON, at the configured level, default info) on stderr: `tourney server
 * start` prints only the API root URL on stdout, so that a script reading it gets that line and nothing else (R20.9).
 */
async function startServerLoggingToStderr(options: ServerStartOptions): Promise<RunningServer> {
  const server = await loadServer();
  return server.startServer({ ...options, logger: server.createLogger(options.logLevel ?? 'info', 2) });
}

/** Resolves with the first of SIGINT and SIGTERM received from now on (then stops listening). */
export function waitForProcessSignal(): Promise<string> {
  return new Promise((resolve) => {
    const onSignal = (signal: NodeJS.Signals) => {
      process.off('SIGINT', onSignal);
      process.off('SIGTERM', onSignal);
      resolve(signal);
    };
    process.on('SIGINT', onSignal);
    process.on('SIGTERM', onSignal);
  });
}

/**
 * The real dependencies (process io and environment, ~/.config/tourney, inquirer prompts, the SDK (its client factory
 * needs loadSdk() first, as openSession does), the system clock,
 * the in-process server), with any of them replaced by `overrides`. The config store follows `overrides.env` and
 * `overrides.homeDir` when it is not itself overridden.
 */
export function createDefaultDeps(overrides: Partial<CliDeps> = {}): CliDeps {
  const env = overrides.env ?? process.env;
  const homeDir = overrides.homeDir ?? homedir();
  return {
    io: overrides.io ?? processIo(),
    env,
    homeDir,
    configStore: overrides.configStore ?? createFileConfigStore(configDir(env, homeDir)),
    prompter: overrides.prompter ?? createInquirerPrompter(),
    clientFactory:
      overrides.clientFactory ??
      ((options) => loadedSdk().createTourneyClient({ userAgent: `tourney-cli/${CLI_VERSION}`, ...options })),
    clock: overrides.clock ?? { now: () => new Date() },
    startServer: overrides.startServer ?? startServerLoggingToStderr,
    serverConfigFromEnv: overrides.serverConfigFromEnv ?? (async (vars) => (await loadServer()).configFromEnv(vars)),
    resetPassword: overrides.resetPassword ?? (async (options, login, newPassword) => (await loadServer()).resetPassword(options, login, newPassword)),
    waitForShutdown: overrides.waitForShutdown ?? waitForProcessSignal,
  };
}
