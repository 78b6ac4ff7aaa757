/**
 * Peer worker: `node bench/peers.mjs <peer> <case> <n>` times one peer library on one case and prints
 * `{"medianMs":..,"runs":..}` on stdout. Run by bench/run.ts in a child process so a peer that takes
 * minutes can be stopped at the time cap. Peers: brackets-manager (bm), tournament-organizer (to),
 * tournament-pairings (tp). Cases: se (single elimination), de (double elimination, simple grand final),
 * rr (round robin), swiss (round 1 of a Swiss stage).
 */
import { BracketsManager } from 'brackets-manager';
import { InMemoryDatabase } from 'brackets-memory-db';
import TournamentOrganizer from 'tournament-organizer';
import { DoubleElimination, RoundRobin, SingleElimination, Swiss } from 'tournament-pairings';
import { measure } from './measure.mjs';

const [peer, kind, sizeArg] = process.argv.slice(2);
const n = Number(sizeArg);
const names = Array.from({ length: n }, (_, i) => `p${i + 1}`);
const bracketSize = 2 ** Math.ceil(Math.log2(n));

const BM_TYPE = { se: 'single_elimination', de: 'double_elimination', rr: 'round_robin' };
const TO_FORMAT = { se: 'single-elimination', de: 'double-elimination', rr: 'round-robin', swiss: 'swiss' };

async function bm() {
  if (!(kind in BM_TYPE)) throw new Error('brackets-manager has no Swiss');
  const settings = kind === 'rr' ? { groupCount: 1 } : kind === 'de' ? { size: bracketSize, grandFinal: 'simple' } : { size: bracketSize };
  const manager = new BracketsManager(new InMemoryDatabase());
  await manager.create.stage({ tournamentId: 0, name: 'bench', type: BM_TYPE[kind], seeding: names, settings });
}

// tournament-organizer: players are created beforehand (not timed); the timed work is starting the
// event, which generates the bracket, the schedule or the first Swiss round.
let prepared = null;
function prepareTo() {
  const manager = new TournamentOrganizer();
  const tournament = manager.createTournament('bench', { stageOne: { format: TO_FORMAT[kind] }, sorting: 'none' });
  names.forEach((name) => tournament.createPlayer(name, name));
  prepared = tournament;
}
function to() {
  prepared.startTournament();
}

function tp() {
  if (kind === 'se') SingleElimination(names, 1, false, true);
  else if (kind === 'de') DoubleElimination(names, 1, true);
  else if (kind === 'rr') RoundRobin(names, 1, true);
  else Swiss(names.map((id) => ({ id, score: 0 })), 1);
}

let result;
if (peer === 'bm') result = await measure(bm);
else if (peer === 'tp') result = await measure(tp);
else if (peer === 'to') {
  // Each run needs a fresh tournament; preparation is kept out of the timing.
  const times = [];
  const t0 = performance.now();
  prepareTo();
  let start = performance.now();
  to();
  const first = performance.now() - start;
  if (first > 2000) result = { medianMs: first, runs: 1 };
  else {
    while (times.length < 7 && performance.now() - t0 < 20000) {
      prepareTo();
      start = performance.now();
      to();
      times.push(performance.now() - start);
    }
    const sorted = times.sort((a, b) => a - b);
    result = { medianMs: sorted[sorted.length >> 1], runs: times.length };
  }
} else throw new Error(`unknown peer ${peer}`);
process.stdout.write(JSON.stringify(result));
