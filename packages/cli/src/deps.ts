import type { TourneyClient, TourneyClientOptions } from '@tourney/sdk';
import type { ConfigOverrides } from '@tourney/server';
import type { ConfigStore } from './config/config-store';
import type { Prompter } from './prompts/prompter';

/** Something text can be written to (process.stdout, a test buffer). */
export interface TextSink {
  write(chunk: string): unknown;
}

/** Terminal input/output of one CLI run. */
export interface CliIo {
  stdout: TextSink;
  stderr: TextSink;
  /** stdout is a terminal: print tables and status lines (else tab-separated rows, ids only). */
  isTTY: boolean;
  /** stdin and stdout are both terminals: prompting for missing values is allowed. Defaults to `isTTY`. */
  interactive?: boolean;
  /** Width of the terminal in columns (used for tables and the bracket); defaults to 100. */
  columns?: number;
  /** stderr is a terminal: show spinners there while waiting (default false). */
  stderrIsTTY?: boolean;
}

/** Source of the current time (UTC). */
export interface Clock {
  now(): Date;
}

/** Settings the CLI passes to the embedded server (@tourney/server's ConfigOverrides: port, host, databasePath, ...). */
export type ServerStartOptions = ConfigOverrides;

/** A started server: `url` is the API root (including /api/v1). */
export interface RunningServer {
  url: string;
  port: number;
  close(): Promise<void>;
}

/** Starts the reference server in-process (default: `startServer` of @tourney/server, loaded on first use). */
export type StartServerFn = (options: ServerStartOptions) => Promise<RunningServer>;

/** Reads server settings from environment variables (default: `configFromEnv` of @tourney/server). */
export type ServerConfigFromEnvFn = (env: Record<string, string | undefined>) => Promise<ServerStartOptions>;

/** What an operator's password reset did (@tourney/server's PasswordReset). */
export interface PasswordResetResult {
  userId: string;
  username: string;
  sessionsEnded: number;
}

/**
 * Sets a new password on the account named by username or email, straight in the server's database (default:
 * `resetPassword` of @tourney/server; R1.27).
 */
export type ResetPasswordFn = (options: ServerStartOptions, login: string, newPassword: string) => Promise<PasswordResetResult>;

/** Creates an API client (default: the SDK's `createTourneyClient` with the CLI's User-Agent). */
export type ClientFactory = (options: TourneyClientOptions) => TourneyClient;

/**
 * Everything a command touches outside its own code. Tests replace any of these; `run(argv, deps)` fills in the
 * rest from the real process (see createDefaultDeps).
 */
export interface CliDeps {
  io: CliIo;
  /** Environment variables (TOURNEY_PROFILE, TOURNEY_BASE_URL, TOURNEY_CONFIG_DIR, ...). */
  env: Record<string, string | undefined>;
  /** Home directory, for the default config and data directories. */
  homeDir: string;
  configStore: ConfigStore;
  prompter: Prompter;
  clientFactory: ClientFactory;
  clock: Clock;
  startServer: StartServerFn;
  serverConfigFromEnv: ServerConfigFromEnvFn;
  resetPassword: ResetPasswordFn;
  /** Resolves with the signal name once the process is asked to stop (SIGINT or SIGTERM). */
  waitForShutdown: () => Promise<string>;
}
