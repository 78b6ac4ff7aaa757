import { join } from 'node:path';
import { type Command, Option } from 'commander';
import type { CliDeps, PasswordResetResult, ServerStartOptions } from '../deps';
import { CliError } from '../errors';
import { printJson } from '../output/json';
import { valueOrAsk } from '../prompts/ask';
import { dataDir, DATABASE_FILE_NAME } from '../paths';
import { intOption, withExamples } from './shared';

interface DatabaseFlags {
  db?: string;
  databaseUrl?: string;
}

interface ServerStartFlags extends DatabaseFlags {
  port?: number;
  host?: string;
}

interface ResetPasswordFlags extends DatabaseFlags {
  newPassword?: string;
  json?: boolean;
}

/**
 * `tourney server start [--port N] [--host H] [--db FILE | --database-url URL]`: runs the reference server in this
 * process until SIGINT or SIGTERM, then closes it. Settings: flags, else the server's environment variables (PORT,
 * HOST, TOURNEY_DB, DATABASE_URL, LOG_LEVEL, ...), else defaults; the default database is SQLite at
 * `<data dir>/tourney.db` (see paths.dataDir), PostgreSQL when a database URL is given.
 */
export function registerServerCommands(program: Command, deps: CliDeps): void {
  const server = program.command('server').description('run the tourney API server');
  withExamples(
    server
      .command('start')
      .description('start the API server and run until interrupted')
      .option('--port <port>', 'TCP port, 0 for any free port (env PORT, default 3000)', intOption(0, 65535))
      .option('--host <host>', 'interface to bind (env HOST, default 127.0.0.1)')
      .option('--db <file>', `SQLite database file (env TOURNEY_DB, default <data dir>/${DATABASE_FILE_NAME})`)
      .addOption(
        new Option('--database-url <url>', 'PostgreSQL database instead of SQLite, postgres://user:password@host:5432/db (env DATABASE_URL)').conflicts('db'),
      )
      .action(async (flags: ServerStartFlags) => startServerCommand(deps, flags)),
    'tourney server start',
    'tourney server start --port 8080 --db ./tourney.db',
    'TOURNEY_DATA_DIR=/var/lib/tourney tourney server start --host 0.0.0.0',
    'tourney server start --database-url postgres://tourney:secret@localhost:5432/tourney',
  );
  withExamples(
    server
      .command('reset-password')
      .description("set a new password on an account, in the server's database (for the operator), and log it out everywhere")
      .argument('<account>', 'username or email of the account')
      .option('--db <file>', `SQLite database file (env TOURNEY_DB, default <data dir>/${DATABASE_FILE_NAME})`)
      .addOption(new Option('--database-url <url>', 'the PostgreSQL database (env DATABASE_URL)').conflicts('db'))
      .option('--new-password <password>', 'the new password, 8 to 200 characters (env TOURNEY_NEW_PASSWORD; prompted twice when omitted)')
      .option('--json', 'print {"userId", "username", "sessionsEnded"} as JSON')
      .action(async (account: string, flags: ResetPasswordFlags) => resetPasswordCommand(deps, account, flags)),
    'tourney server reset-password alice',
    'TOURNEY_NEW_PASSWORD=... tourney server reset-password alice@example.com --db /var/lib/tourney/tourney.db',
    'tourney server reset-password alice --database-url postgres://tourney:secret@db.internal:5432/tourney',
  );
}

/**
 * `tourney server reset-password <account>` (R1.27): the new password from --new-password, TOURNEY_NEW_PASSWORD or,
 * on a terminal, two prompts that must agree; written straight into the database the server uses (the same settings
 * as `server start`), every session of the account ended.
 * @throws CliError MISSING_OPTION without a password off a terminal; PASSWORDS_DIFFER when the two entries differ;
 *   UNKNOWN_ACCOUNT when no account has that name; the server's one-line errors for bad configuration.
 */
async function resetPasswordCommand(deps: CliDeps, account: string, flags: ResetPasswordFlags): Promise<void> {
  const { options, database } = await serverOptions(deps, flags);
  const given = flags.newPassword ?? deps.env.TOURNEY_NEW_PASSWORD;
  const validate = (value: string) => ([...value].length >= 8 && [...value].length <= 200) || '8 to 200 characters';
  const newPassword = await valueOrAsk(deps, given, { flag: '--new-password', message: `new password for ${account}`, secret: true, validate });
  if (given === undefined || given === '') {
    const again = await deps.prompter.password({ message: 'the same password again' });
    if (again !== newPassword) throw new CliError('PASSWORDS_DIFFER', 'the two passwords differ; nothing was changed');
  }
  let reset: PasswordResetResult;
  try {
    reset = await deps.resetPassword(options, account, newPassword);
  } catch (error) {
    if (error instanceof Error && error.name === 'UnknownAccountError') {
      throw new CliError('UNKNOWN_ACCOUNT', `${error.message} in ${database}; nothing was changed`);
    }
    throw error;
  }
  if (flags.json) return printJson(deps.io, reset);
  const sessions = reset.sessionsEnded === 1 ? '1 session' : `${reset.sessionsEnded} sessions`;
  deps.io.stdout.write(`password of ${reset.username} reset (database ${database}); ${sessions} logged out\n`);
}

/**
 * The server settings of a `server` command: the environment's (PORT, TOURNEY_DB, DATABASE_URL, ...), the database
 * named by --db (SQLite, even when DATABASE_URL is set) or --database-url, else DATABASE_URL, else SQLite at
 * `<data dir>/tourney.db`; and how to print that database (a URL without its password).
 */
async function serverOptions(deps: CliDeps, flags: DatabaseFlags): Promise<{ options: ServerStartOptions; database: string }> {
  const { databaseUrl: envDatabaseUrl, ...fromEnv } = await deps.serverConfigFromEnv(deps.env);
  const databaseUrl = flags.databaseUrl ?? (flags.db === undefined ? (envDatabaseUrl ?? null) : null);
  const databasePath = flags.db ?? fromEnv.databasePath ?? join(dataDir(deps.env, deps.homeDir), DATABASE_FILE_NAME);
  const options: ServerStartOptions = { ...fromEnv, databasePath };
  if (databaseUrl !== null) options.databaseUrl = databaseUrl;
  return { options, database: databaseUrl === null ? databasePath : withoutPassword(databaseUrl) };
}

async function startServerCommand(deps: CliDeps, flags: ServerStartFlags): Promise<void> {
  // The server creates the database's directory (the data dir by default), or says in one line why it cannot.
  const { options, database } = await serverOptions(deps, flags);
  if (flags.port !== undefined) options.port = flags.port;
  if (flags.host !== undefined) options.host = flags.host;
  const running = await deps.startServer(options);
  deps.io.stdout.write(`${running.url}\n`);
  deps.io.stderr.write(`tourney server listening on ${running.url} (database ${database}); press Ctrl+C to stop\n`);
  const signal = await deps.waitForShutdown();
  deps.io.stderr.write(`received ${signal}, stopping\n`);
  await running.close();
  deps.io.stderr.write('server stopped\n');
}

/** A database URL as printed: its password replaced by `***`. */
function withoutPassword(url: string): string {
  try {
    const parsed = new URL(url);
    if (parsed.password) parsed.password = '***';
    return parsed.toString();
  } catch {
    return '(database URL)';
  }
}
