import type { Command } from 'commander';
import { COMPLETE_COMMAND, completeWords } from './commands/completion';
import { createDefaultDeps } from './default-deps';
import type { CliDeps } from './deps';
import { reportError } from './error-report';
import { ExitCode, type ExitCodeValue } from './errors';
import { createProgram } from './program';
import { showTimesIn } from './output/time-zone';

/**
 * `help a b c` -> `a b c --help`, so that `tourney help match report` shows the help of `match report` (commander's
 * help command only looks one level down). With `program`, a word naming no subcommand of a command that has
 * subcommands (`help nosuch`, `help match nosuch`) drops the `--help`, so that commander refuses it as it refuses
 * `tourney nosuch`: "unknown command" with a suggestion, exit 1 (R20.1, R20.15). Returns the argv to parse.
 */
export function rewriteHelp(argv: readonly string[], program?: Command): string[] {
  const at = argv.indexOf('help');
  const before = argv.slice(0, at);
  const isRootHelp = at >= 0 && before.every((arg, i) => arg.startsWith('-') || before[i - 1]?.match(/^--(profile|base-url|api-key)$/));
  if (!isRootHelp) return [...argv];
  const words = argv.slice(at + 1);
  if (program && unknownSubcommandAt(program, words) !== undefined) return [...before, ...words];
  return [...before, ...words, '--help'];
}

/**
 * Index in `words` of the first word that names no subcommand (nor alias) of the command reached so far, while that
 * command has subcommands; undefined when the words lead to a command (options and a leaf's arguments end the walk).
 */
function unknownSubcommandAt(program: Command, words: readonly string[]): number | undefined {
  let current = program;
  for (const [i, word] of words.entries()) {
    if (word.startsWith('-') || current.commands.length === 0) return undefined;
    if (current === program && word === 'help') return undefined;
    const next = current.commands.find((c) => c.name() === word || c.aliases().includes(word));
    if (!next) return i;
    current = next;
  }
  return undefined;
}

/**
 * Runs `tourney` with `argv` (without node and script, e.g. `['tournament', 'list']`) and resolves with the exit code
 * (0 ok, 1 error, 2 cancelled, 4 authentication); never calls process.exit. Missing `deps` come from
 * createDefaultDeps. With no arguments prints the help on stdout and resolves with 0.
 */
export async function run(argv: readonly string[], deps: Partial<CliDeps> = {}): Promise<ExitCodeValue> {
  const resolved = createDefaultDeps(deps);
  const program = createProgram(resolved);
  if (argv.length === 0) {
    program.outputHelp();
    return ExitCode.OK;
  }
  if (argv[0] === COMPLETE_COMMAND) {
    for (const candidate of completeWords(program, argv.slice(1))) resolved.io.stdout.write(`${candidate}\n`);
    return ExitCode.OK;
  }
  let active: Command | undefined;
  program.hook('preAction', (_root, actionCommand) => {
    active = actionCommand;
  });
  // Times on a terminal: in $TZ until a session knows the user's own zone (openSession); UTC when piped.
  showTimesIn(resolved.io.isTTY, [resolved.env.TZ]);
  try {
    await program.parseAsync(rewriteHelp(argv, program), { from: 'user' });
    return ExitCode.OK;
  } catch (error) {
    return reportError(error, resolved.io, { command: active, env: resolved.env });
  } finally {
    showTimesIn(false, []); // the zone was this run's: an embedding program's next run chooses its own
  }
}
