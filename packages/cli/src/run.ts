import { createDefaultDeps } from './default-deps';
import type { CliDeps } from './deps';
import { reportError } from './error-report';
import { ExitCode, type ExitCodeValue } from './errors';
import { createProgram } from './program';

/**
 * Runs `tourney` with `argv` (without node and script, e.g. `['tournament', 'list']`) and resolves with the exit code
 * (0 ok, 1 error, 2 cancelled, 4 auth); never calls process.exit. Missing `deps` come from createDefaultDeps.
 * With no arguments prints the help on stdout and resolves with 0.
 */
export async function run(argv: readonly string[], deps: Partial<CliDeps> = {}): Promise<ExitCodeValue> {
  const resolved = createDefaultDeps(deps);
  const program = createProgram(resolved);
  if (argv.length === 0) {
    program.outputHelp();
    return ExitCode.OK;
  }
  try {
    await program.parseAsync([...argv], { from: 'user' });
    return ExitCode.OK;
  } catch (error) {
    return reportError(error, resolved.io);
  }
}
