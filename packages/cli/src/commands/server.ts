import { join } from 'node:path';
import { type Command, Option } from 'commander';
import type { CliDeps, ServerStartOptions } from '../deps';
import { dataDir, DATABASE_FILE_NAME } from '../paths';
import { intOption, withExamples } from './shared';

interface ServerStartFlags {
  port?: number;
  host?: string;
  db?: string;
  databaseUrl?: string;
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
}

async function startServerCommand(deps: CliDeps, flags: ServerStartFlags): Promise<void> {
  const { databaseUrl: envDatabaseUrl, ...fromEnv } = await deps.serverConfigFromEnv(deps.env);
  // --db chooses SQLite even when DATABASE_URL is set.
  const databaseUrl = flags.databaseUrl ?? (flags.db === undefined ? (envDatabaseUrl ?? null) : null);
  const databasePath = flags.db ?? fromEnv.databasePath ?? join(dataDir(deps.env, deps.homeDir), DATABASE_FILE_NAME);
  // The server creates the database's directory (the data dir by default), or says in one line why it cannot.
  const options: ServerStartOptions = { ...fromEnv, databasePath };
  if (databaseUrl !== null) options.databaseUrl = databaseUrl;
  if (flags.port !== undefined) options.port = flags.port;
  if (flags.host !== undefined) options.host = flags.host;
  const running = await deps.startServer(options);
  const database = databaseUrl === null ? databasePath : withoutPassword(databaseUrl);
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
