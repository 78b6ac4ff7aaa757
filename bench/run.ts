/**
 * `npm run bench`: time to generate a single elimination of 4096, a double elimination of 1024, a round
 * robin of 128 and one Swiss round (round 1) of 1024 and 4096 participants with @tourney/core, beside
 * brackets-manager, tournament-organizer and tournament-pairings doing the same work in the same run
 * (R7.11, R18.9). Prints median milliseconds and each peer's time as a multiple of ours.
 *
 * Peers run in child processes (bench/peers.mjs) under a time cap, BENCH_CAP_S seconds (default 60): the
 * two Swiss peers run blossom matching over every pair, which takes tens of seconds at 1024 and minutes at
 * 4096, so such a peer is run once and shown as "> cap" when stopped. Ours runs in this process.
 * Also printed, ours only: a mid-stage Swiss round (round 5, after 4 rounds of random results).
 *
 * Then quality figures on the same random results for us and the peers (bench/quality.ts): early
 * rematches per double-elimination bracket, and Swiss side imbalance and cross-score-group pairs.
 */
import { spawnSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { generateStage, generateSwissRound, type Entrant, type StageMatchResult, type StageFormat } from '../packages/core/src/index';
import { measure } from './measure.mjs';
import { doubleEliminationQuality, swissQuality } from './quality';

const CAP_S = Number(process.env.BENCH_CAP_S ?? 60);
const peersScript = fileURLToPath(new URL('./peers.mjs', import.meta.url));

interface Case {
  label: string;
  kind: 'se' | 'de' | 'rr' | 'swiss';
  n: number;
  format: StageFormat;
  /** Target: at or below the fastest peer (null), or a fixed ceiling in ms. */
  ceilingMs: number | null;
}

const CASES: Case[] = [
  { label: 'single elimination 4096', kind: 'se', n: 4096, format: 'SINGLE_ELIMINATION', ceilingMs: null },
  { label: 'double elimination 1024', kind: 'de', n: 1024, format: 'DOUBLE_ELIMINATION', ceilingMs: null },
  { label: 'round robin 128', kind: 'rr', n: 128, format: 'ROUND_ROBIN', ceilingMs: null },
  { label: 'Swiss round 1, 1024', kind: 'swiss', n: 1024, format: 'SWISS', ceilingMs: 100 },
  { label: 'Swiss round 1, 4096', kind: 'swiss', n: 4096, format: 'SWISS', ceilingMs: 1000 },
];
const PEERS = [
  { id: 'bm', name: 'brackets-manager' },
  { id: 'to', name: 'tournament-organizer' },
  { id: 'tp', name: 'tournament-pairings' },
] as const;

const entrantsOf = (n: number): Entrant[] => Array.from({ length: n }, (_, i) => ({ id: `p${i + 1}`, seed: i + 1 }));

type PeerResult = { medianMs: number; runs: number } | { capped: true } | { unsupported: true } | { error: string };

function runPeer(peer: string, kind: string, n: number): PeerResult {
  if (peer === 'bm' && kind === 'swiss') return { unsupported: true };
  const child = spawnSync(process.execPath, [peersScript, peer, kind, String(n)], { timeout: CAP_S * 1000, encoding: 'utf8', maxBuffer: 1 << 20 });
  if (child.error && (child.error as NodeJS.ErrnoException).code === 'ETIMEDOUT') return { capped: true };
  if (child.status !== 0) return { error: (child.stderr || String(child.error)).trim().split('\n').slice(-1)[0] ?? 'failed' };
  return JSON.parse(child.stdout) as PeerResult;
}

/** A mid-stage Swiss round: the history of 4 rounds with random results, then the time to pair round 5. */
async function swissMidStage(n: number): Promise<number> {
  const entrants = entrantsOf(n);
  const settings = { swissRounds: 12 };
  const results: StageMatchResult[] = [];
  let seed = n;
  const random = () => ((seed = (seed * 1103515245 + 12345) % 2147483648) / 2147483648);
  for (let r = 0; r < 4; r++) {
    const round = generateSwissRound(entrants, results, settings);
    if (round === null) break;
    for (const m of round.matches) {
      const first = random() < 0.5;
      results.push({ key: m.key, participants: m.participants, winnerId: first ? m.participants[0] : m.participants[1], scores: first ? [1, 0] : [0, 1] });
    }
    if (round.bye) results.push({ key: round.bye.key, participants: [round.bye.participantId, null], winnerId: round.bye.participantId });
  }
  return (await measure(() => generateSwissRound(entrants, results, settings), { minRuns: 7, budgetMs: 3000 })).medianMs;
}

const fmt = (ms: number) => (ms < 10 ? ms.toFixed(2) : ms < 1000 ? ms.toFixed(1) : ms.toFixed(0));

async function main(): Promise<void> {
  console.log(`@tourney/core benchmark: median ms (node ${process.version}, peer cap ${CAP_S} s); "x" = peer time / ours\n`);
  const header = ['case', 'ours', ...PEERS.map((p) => p.name), 'target'];
  const rows: string[][] = [];
  for (const c of CASES) {
    const entrants = entrantsOf(c.n);
    const ours = (await measure(() => (c.kind === 'swiss' ? generateSwissRound(entrants, []) : generateStage(c.format, entrants)), { budgetMs: 3000 })).medianMs;
    const cells: string[] = [];
    let fastestPeer = Infinity;
    for (const p of PEERS) {
      process.stderr.write(`  ${c.label}: ${p.name} ...\n`);
      const r = runPeer(p.id, c.kind, c.n);
      if ('medianMs' in r) {
        fastestPeer = Math.min(fastestPeer, r.medianMs);
        cells.push(`${fmt(r.medianMs)}${r.runs === 1 ? ' (1 run)' : ''} = ${(r.medianMs / ours).toFixed(1)}x`);
      } else if ('capped' in r) {
        cells.push(`> ${CAP_S * 1000} = > ${(CAP_S * 1000 / ours).toFixed(0)}x`);
      } else if ('unsupported' in r) {
        cells.push('n/a');
      } else {
        cells.push(`error: ${r.error}`);
      }
    }
    const target =
      c.ceilingMs === null
        ? `<= fastest peer: ${ours <= fastestPeer ? 'met' : 'MISSED'}`
        : `<= ${c.ceilingMs} ms: ${ours <= c.ceilingMs ? 'met' : 'MISSED'}`;
    rows.push([c.label, fmt(ours), ...cells, target]);
  }
  const widths = header.map((h, i) => Math.max(h.length, ...rows.map((r) => (r[i] ?? '').length)));
  const line = (cells: string[]) => cells.map((cell, i) => cell.padEnd(widths[i] as number)).join(' | ');
  console.log(line(header));
  console.log(widths.map((w) => '-'.repeat(w)).join('-|-'));
  for (const r of rows) console.log(line(r));
  console.log('\nOurs only, a mid-stage Swiss round (round 5 after 4 random rounds):');
  for (const n of [1024, 4096]) console.log(`  ${n}: ${fmt(await swissMidStage(n))} ms`);
  await printQuality();
}

const table = (header: string[], rows: string[][]) => {
  const widths = header.map((h, i) => Math.max(h.length, ...rows.map((r) => (r[i] ?? '').length)));
  const line = (cells: string[]) => cells.map((cell, i) => cell.padEnd(widths[i] as number)).join(' | ');
  console.log(line(header));
  console.log(widths.map((w) => '-'.repeat(w)).join('-|-'));
  for (const r of rows) console.log(line(r));
};

async function printQuality(): Promise<void> {
  const brackets = 200;
  process.stderr.write('  quality: double elimination ...\n');
  const de = await doubleEliminationQuality([64, 128, 129, 256, 512, 1024], brackets, (n) => (n <= 256 ? 5 : 1));
  console.log(
    `\nDouble elimination, early rematches per bracket (losers-bracket matches before the losers final between two players who met in the winners bracket).` +
      `\nexact = expectation under fair results; played = mean over ${brackets} brackets with the same random results for us and tournament-pairings;` +
      `\nbrackets-manager and tournament-organizer played through their APIs on the first of those results (5 brackets up to 256, 1 above).\n`,
  );
  const f = (x: number) => x.toFixed(2);
  table(
    ['N', 'ours exact', 'ours played', 'tournament-pairings exact', 'tp played', 'brackets-manager played', 'tournament-organizer played', 'target: ours <= tp (exact)'],
    de.map((r) => [
      String(r.n),
      f(r.core.exact),
      f(r.core.played),
      f(r.tp.exact),
      f(r.tp.played),
      r.bm === null ? 'n/a' : f(r.bm),
      r.to === null ? 'n/a' : f(r.to),
      r.core.exact <= r.tp.exact + 1e-12 ? 'met' : 'MISSED',
    ]),
  );
  process.stderr.write('  quality: Swiss ...\n');
  console.log(
    '\nSwiss, 7 rounds, results shared by us and tournament-pairings (1 / 0.5 / 0, one game in five drawn), summed over events:' +
      '\nside imbalance = largest |slot-1 games - slot-2 games| of a player at the end; beyond 1 = players ending beyond +-1;' +
      '\nruns of 3 = times a player had a third game running on one side; cross-group pairs = pairs of players on different points,' +
      '\npoint gap = their summed point difference.\n',
  );
  const rows: string[][] = [];
  for (const [n, events] of [[64, 8], [63, 8]] as const) {
    const q = swissQuality(n, 7, events);
    for (const [who, v] of [['ours', q.core], ['tournament-pairings', q.tp]] as const) {
      rows.push([`${n} x ${events} events`, who, String(v.maxImbalance), String(v.beyondOne), String(v.longestRun), String(v.runsOfThree), String(v.crossGroupPairs), String(v.pointGap), String(v.rematches)]);
    }
  }
  table(['event', 'pairing', 'side imbalance', 'beyond 1', 'longest run', 'runs of 3', 'cross-group pairs', 'point gap', 'rematches'], rows);
}

await main();
