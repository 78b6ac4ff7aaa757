/**
 * Quality figures printed by `npm run bench` beside the timings, each measured for @tourney/core and the
 * peers on the same random results in the same run:
 *
 * - double elimination, early rematches per bracket: losers-bracket matches before the losers final
 *   between two players who already met in the winners bracket (packages/core/test/helpers/early-rematches.ts).
 *   Core and tournament-pairings: the exact expectation under fair results (from the bracket's links) and
 *   the mean over brackets played with shared results (`fairPick`). brackets-manager and
 *   tournament-organizer are played through their own APIs with the same results (a seeded bracket:
 *   brackets-manager with `size`, tournament-organizer sorted by seed); their mean is over fewer brackets.
 * - Swiss: side imbalance and cross-score-group pairs for core and tournament-pairings
 *   (packages/core/test/helpers/swiss-quality.ts).
 */
import { BracketsManager } from 'brackets-manager';
import { InMemoryDatabase } from 'brackets-memory-db';
import TournamentOrganizer from 'tournament-organizer';
import {
  coreGraph,
  expectedEarlyRematches,
  fairPick,
  meanEarlyRematches,
  tpGraph,
  type Pick,
} from '../packages/core/test/helpers/early-rematches';
import type { BmMatch } from '../packages/core/test/helpers/brackets-manager';
import { combine, coreSwissQuality, tpSwissQuality, type SwissQuality } from '../packages/core/test/helpers/swiss-quality';

const names = (n: number) => Array.from({ length: n }, (_, i) => `p${i + 1}`);
const bracketSize = (n: number) => 2 ** Math.ceil(Math.log2(n));
const pairKey = (a: string, b: string) => (a < b ? `${a}|${b}` : `${b}|${a}`);

/** Early rematches of one brackets-manager double elimination of `n` (simple grand final), played with `pick`. */
async function bmEarlyRematches(n: number, pick: Pick): Promise<number> {
  const storage = new InMemoryDatabase();
  const manager = new BracketsManager(storage);
  await manager.create.stage({ tournamentId: 0, name: 'q', type: 'double_elimination', seeding: names(n), settings: { size: bracketSize(n), grandFinal: 'simple' } } as never);
  const participants = (await storage.select('participant')) as { id: number; name: string }[];
  const name = new Map(participants.map((p) => [p.id, p.name]));
  const groups = (await storage.select('group')) as { id: number; number: number }[];
  const groupNumber = new Map(groups.map((g) => [g.id, g.number]));
  const rounds = (await storage.select('round')) as { id: number; number: number; group_id: number }[];
  const roundNumber = new Map(rounds.map((r) => [r.id, r.number]));
  const lastLosersRound = Math.max(...rounds.filter((r) => groupNumber.get(r.group_id) === 2).map((r) => r.number));
  const metInWinners = new Set<string>();
  let early = 0;
  const played = new Set<number>();
  for (;;) {
    const matches = (await storage.select('match')) as BmMatch[];
    const ready = matches.filter((m) => !played.has(m.id) && m.status === 2 && m.opponent1?.id != null && m.opponent2?.id != null);
    if (ready.length === 0) break;
    for (const m of ready) {
      played.add(m.id);
      const a = name.get(m.opponent1?.id as number) as string;
      const b = name.get(m.opponent2?.id as number) as string;
      const group = groupNumber.get(m.group_id);
      if (group === 1) metInWinners.add(pairKey(a, b));
      if (group === 2 && (roundNumber.get(m.round_id) as number) < lastLosersRound && metInWinners.has(pairKey(a, b))) early++;
      if (group === 3) continue;
      await manager.update.match({ id: m.id, [pick(a, b) === a ? 'opponent1' : 'opponent2']: { result: 'win' } } as never);
    }
  }
  return early;
}

interface ToMatch {
  getId(): string;
  getRoundNumber(): number;
  isActive(): boolean;
  getPlayer1(): { id: string | null };
  getPlayer2(): { id: string | null };
  getPath(): { win: string | null; loss: string | null };
}

/**
 * Early rematches of one tournament-organizer double elimination of `n`, seeded (players valued by seed,
 * sorted ascending), played with `pick`. Its bracket comes from tournament-pairings: rounds below the grand
 * final's are the winners bracket, rounds above it the losers bracket.
 */
function toEarlyRematches(n: number, pick: Pick): number {
  const manager = new TournamentOrganizer();
  const tournament = manager.createTournament('q', { stageOne: { format: 'double-elimination' }, sorting: 'ascending' });
  names(n).forEach((id, i) => tournament.createPlayer(id, id).set({ value: i + 1 }));
  tournament.startTournament();
  const all = tournament.getMatches() as unknown as ToMatch[];
  const byId = new Map(all.map((m) => [m.getId(), m]));
  const lastRound = Math.max(...all.map((m) => m.getRoundNumber()));
  const losersFinal = all.find((m) => m.getRoundNumber() === lastRound) as ToMatch;
  const grandFinalRound = (byId.get(losersFinal.getPath().win as string) as ToMatch).getRoundNumber();
  const metInWinners = new Set<string>();
  const done = new Set<string>();
  let early = 0;
  for (;;) {
    const ready = (tournament.getMatches() as unknown as ToMatch[]).filter((m) => m.isActive() && !done.has(m.getId()));
    if (ready.length === 0) break;
    for (const m of ready) {
      done.add(m.getId());
      const a = m.getPlayer1().id as string;
      const b = m.getPlayer2().id as string;
      const round = m.getRoundNumber();
      if (round < grandFinalRound) metInWinners.add(pairKey(a, b));
      if (round > grandFinalRound && round < lastRound && metInWinners.has(pairKey(a, b))) early++;
      const first = pick(a, b) === a;
      tournament.enterResult(m.getId(), first ? 1 : 0, first ? 0 : 1);
    }
  }
  return early;
}

/** One line of the double-elimination quality table. */
export interface RematchRow {
  n: number;
  core: { exact: number; played: number };
  tp: { exact: number; played: number };
  bm: number | null;
  to: number | null;
  brackets: number;
  peerBrackets: number;
}

/** Early-rematch figures at each size: `brackets` shared-result brackets for core and tp, `peerBrackets` for bm and to (0: skipped). */
export async function doubleEliminationQuality(sizes: readonly number[], brackets: number, peerBrackets: (n: number) => number): Promise<RematchRow[]> {
  const rows: RematchRow[] = [];
  for (const n of sizes) {
    const core = coreGraph(n);
    const tp = tpGraph(n);
    const k = peerBrackets(n);
    let bm = 0;
    let to = 0;
    for (let i = 0; i < k; i++) {
      bm += await bmEarlyRematches(n, fairPick(1 + i));
      to += toEarlyRematches(n, fairPick(1 + i));
    }
    rows.push({
      n,
      core: { exact: expectedEarlyRematches(core), played: meanEarlyRematches(core, brackets) },
      tp: { exact: expectedEarlyRematches(tp), played: meanEarlyRematches(tp, brackets) },
      bm: k > 0 ? bm / k : null,
      to: k > 0 ? to / k : null,
      brackets,
      peerBrackets: k,
    });
  }
  return rows;
}

/** Swiss figures of core and tournament-pairings over `events` events of `n` players and `rounds` rounds. */
export function swissQuality(n: number, rounds: number, events: number): { core: SwissQuality; tp: SwissQuality } {
  const salts = Array.from({ length: events }, (_, i) => 1 + i);
  return { core: combine(salts.map((s) => coreSwissQuality(n, rounds, s))), tp: combine(salts.map((s) => tpSwissQuality(n, rounds, s))) };
}
