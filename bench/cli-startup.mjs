/**
 * `npm run bench:cli`: cold start of `tourney --help` (the built CLI, packages/cli/bin/tourney.js) as the median
 * wall time of N spawns, beside `node -e 0` measured in the same run as the baseline (node's own start-up).
 * Spawns alternate between the two so that machine load affects both alike. Target: `tourney --help` median
 * under 150 ms. N: BENCH_CLI_RUNS (default 25).
 */
import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';

const RUNS = Number(process.env.BENCH_CLI_RUNS ?? 25);
const TARGET_MS = 150;
const bin = fileURLToPath(new URL('../packages/cli/bin/tourney.js', import.meta.url));
const built = fileURLToPath(new URL('../packages/cli/dist/bin.js', import.meta.url));
if (!existsSync(built)) {
  console.error('packages/cli/dist is missing: run `npm run build -w @tourney/cli` first');
  process.exit(1);
}

/** Wall time of one spawn in ms. @throws Error when the command fails. */
function timeSpawn(args) {
  const start = process.hrtime.bigint();
  const result = spawnSync(process.execPath, args, { stdio: ['ignore', 'pipe', 'pipe'], env: { ...process.env, NO_COLOR: '1' } });
  const ms = Number(process.hrtime.bigint() - start) / 1e6;
  if (result.status !== 0) throw new Error(`node ${args.join(' ')} exited ${result.status}: ${result.stderr}`);
  return ms;
}

const median = (values) => {
  const sorted = [...values].sort((a, b) => a - b);
  const mid = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[mid] : (sorted[mid - 1] + sorted[mid]) / 2;
};

timeSpawn([bin, '--help']); // warm the file cache
timeSpawn(['-e', '0']);
const cli = [];
const baseline = [];
for (let i = 0; i < RUNS; i++) {
  baseline.push(timeSpawn(['-e', '0']));
  cli.push(timeSpawn([bin, '--help']));
}
const cliMs = median(cli);
const baseMs = median(baseline);
console.log(`runs per command: ${RUNS}`);
console.log(`node -e 0        median ${baseMs.toFixed(1)} ms (baseline)`);
console.log(`tourney --help   median ${cliMs.toFixed(1)} ms (${(cliMs - baseMs).toFixed(1)} ms above node; target < ${TARGET_MS} ms: ${cliMs < TARGET_MS ? 'met' : 'NOT met'})`);
