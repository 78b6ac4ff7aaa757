import type { Command } from 'commander';
import type { CliDeps } from '../deps';
import { loadSdk } from '../sdk-runtime';
import { intOption, outputWidth, withExamples } from './shared';

/**
 * `tourney demo [--players N] [--seed N]`: starts an in-process server on a free port with an in-memory database, no
 * rate limit and no logs, runs a whole tournament through the SDK (see runDemoTournament) and closes the server.
 */
export function registerDemoCommand(program: Command, deps: CliDeps): void {
  withExamples(
    program
      .command('demo')
      .description('run a complete tournament against an in-memory server and draw it')
      .option('--players <n>', 'number of players, 2-64', intOption(2, 64), 16)
      .option('--seed <n>', 'seed of the random results (default: from the clock; printed to replay a run)', intOption(0, 2 ** 32 - 1))
      .option('--width <columns>', 'width of the bracket drawing (default: the terminal width, else 100)', intOption(20, 1000))
      .action(async (flags: { players: number; seed?: number; width?: number }) => {
        const seed = flags.seed ?? deps.clock.now().getTime() % 2 ** 31;
        const server = await deps.startServer({
          databasePath: ':memory:',
          port: 0,
          host: '127.0.0.1',
          logLevel: 'silent',
          rateLimit: { enabled: false },
        });
        try {
          deps.io.stdout.write(`demo server on ${server.url} (seed ${seed}; replay with --seed ${seed})\n`);
          await loadSdk();
          const { runDemoTournament } = await import('../demo/run-demo');
          const result = await runDemoTournament({
            baseUrl: server.url,
            clientFactory: deps.clientFactory,
            clock: deps.clock,
            players: flags.players,
            seed,
            out: deps.io.stdout,
            width: outputWidth(deps, flags.width),
          });
          deps.io.stdout.write(`\n${result.matchesPlayed} match${result.matchesPlayed === 1 ? '' : 'es'} played; tournament ${result.tournamentId} completed\n`);
        } finally {
          await server.close();
        }
      }),
    'tourney demo',
    'tourney demo --players 8 --seed 42',
  );
}
