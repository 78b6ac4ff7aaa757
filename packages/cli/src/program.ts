import { Command } from 'commander';
import { registerAccountCommands } from './commands/account';
import { registerAntiCheatCommands } from './commands/anticheat';
import { registerApiKeyCommands } from './commands/api-key';
import { registerAuthCommands } from './commands/auth';
import { registerBracketCommand } from './commands/bracket';
import { registerCalendarCommands } from './commands/calendar';
import { registerCircuitCommands } from './commands/circuit';
import { registerCompletionCommand } from './commands/completion';
import { registerConfigCommands } from './commands/config';
import { registerDemoCommand } from './commands/demo';
import { registerMatchCommands } from './commands/match';
import { registerMeCommands } from './commands/me';
import { registerNotificationCommands } from './commands/notification';
import { registerOrgCommands } from './commands/org';
import { registerParticipantCommands } from './commands/participant';
import { registerProjectCommands } from './commands/project';
import { registerRosterCommands } from './commands/roster';
import { registerServerCommands } from './commands/server';
import { withExamples } from './commands/shared';
import { registerStaffCommands } from './commands/staff';
import { registerTournamentCommands } from './commands/tournament';
import { registerTournamentOpenCommand } from './commands/tournament-open';
import { registerUserCommands } from './commands/users';
import { registerWebhookCommands } from './commands/webhook';
import type { CliDeps } from './deps';
import { CLI_VERSION } from './version';

/**
 * Builds the `tourney` command tree over `deps`. Output goes to deps.io; commander errors are thrown (exitOverride)
 * instead of exiting, so callers use `await program.parseAsync(argv, { from: 'user' })` and map errors to exit codes
 * (see run).
 */
export function createProgram(deps: CliDeps): Command {
  const program = new Command('tourney')
    .description('run tournaments from the terminal: server, tournaments, matches and brackets')
    .version(CLI_VERSION, '--version', 'print the version')
    .helpOption('-h, --help', 'show help')
    .option('--profile <name>', 'configuration profile to use (env TOURNEY_PROFILE, default "default")')
    .option('--base-url <url>', 'API root including /api/v1 (env TOURNEY_BASE_URL)')
    .option('--api-key <key>', 'project API key (env TOURNEY_API_KEY)')
    .configureOutput({
      writeOut: (text) => deps.io.stdout.write(text),
      writeErr: (text) => deps.io.stderr.write(text),
      getOutHelpWidth: () => deps.io.columns ?? 80,
      getErrHelpWidth: () => deps.io.columns ?? 80,
    })
    .exitOverride()
    .showSuggestionAfterError(true)
    .helpCommand('help [command]', 'show help for a command');
  withExamples(
    program,
    'tourney demo',
    'tourney server start',
    'tourney signup --username alice --email alice@example.com',
    'tourney login --username alice',
    'tourney tournament list',
    'tourney bracket <tournament-id>',
  );
  registerServerCommands(program, deps);
  registerAuthCommands(program, deps);
  registerConfigCommands(program, deps);
  registerTournamentCommands(program, deps);
  registerTournamentOpenCommand(program.commands.find((c) => c.name() === 'tournament')!, deps);
  registerParticipantCommands(program, deps);
  registerMatchCommands(program, deps);
  registerBracketCommand(program, deps);
  registerRosterCommands(program, deps);
  registerWebhookCommands(program, deps);
  registerApiKeyCommands(program, deps);
  registerCircuitCommands(program, deps);
  registerAntiCheatCommands(program, deps);
  registerOrgCommands(program, deps);
  registerProjectCommands(program, deps);
  registerStaffCommands(program, deps);
  registerMeCommands(program, deps);
  registerAccountCommands(program, deps);
  registerUserCommands(program, deps);
  registerNotificationCommands(program, deps);
  registerCalendarCommands(program, deps);
  registerDemoCommand(program, deps);
  registerCompletionCommand(program, deps);
  return program;
}
