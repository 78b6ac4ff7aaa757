/**
 * Quality of Swiss pairings over a whole event, measured the same way for @tourney/core and for
 * tournament-pairings (devDependency, a yardstick only; tournament-organizer pairs with it): N players,
 * R rounds, chess points (1 / 0.5 / 0), results shared by both (a fair coin per pair and round from the
 * two ids and a salt: the same two players meeting in the same round get the same result).
 *
 * Figures per event: side imbalance (the largest |slot-1 games - slot-2 games| over the players at the
 * end), players ending beyond +-1, the longest run of games on one side and how many runs of 3 or more
 * there were; cross-score-group pairs (pairs whose players had different points when paired, summed over
 * the rounds) and their summed point gap (the Dutch system floats one player per odd score group to the
 * next group, where one long float could replace two short ones: fewer cross pairs, wider gaps);
 * rematches.
 */
import { Swiss } from 'tournament-pairings';
import { generateSwissRound, type StageMatchResult } from '../../src/index';
import { makeEntrants } from './entrants';

/** Figures of one event (see the file comment). */
export interface SwissQuality {
  maxImbalance: number;
  beyondOne: number;
  longestRun: number;
  runsOfThree: number;
  crossGroupPairs: number;
  /** Sum over all pairs of the point difference of the two players when paired. */
  pointGap: number;
  rematches: number;
}

/** Outcome of a pair in a round: 1 first id wins, 0 second wins, 0.5 draw (one in five). */
function outcome(a: string, b: string, round: number, salt: number): number {
  const [x, y] = a < b ? [a, b] : [b, a];
  let h = Math.imul(salt ^ 0x9e3779b9, 0x85ebca6b) ^ Math.imul(Number(x.slice(1)), 0xc2b2ae35) ^ Math.imul(round, 0x27d4eb2f);
  h = Math.imul(h ^ (h >>> 15), 0x2c1b3c6d) ^ Math.imul(Number(y.slice(1)), 0x297a2d39);
  h = Math.imul(h ^ (h >>> 13), 0x85ebca6b);
  h = (h ^ (h >>> 16)) >>> 0;
  const roll = h % 10;
  const xWins = roll < 4 ? 1 : roll < 8 ? 0 : 0.5;
  return a === x ? xWins : 1 - xWins;
}

/** Figures from each player's sides (1 / 2, in order) and the pairs' point gaps. */
function figures(sides: Map<string, (1 | 2)[]>, crossGroupPairs: number, pointGap: number, rematches: number): SwissQuality {
  let maxImbalance = 0;
  let beyondOne = 0;
  let longestRun = 0;
  let runsOfThree = 0;
  for (const list of sides.values()) {
    const diff = Math.abs(list.reduce((sum, s) => sum + (s === 1 ? 1 : -1), 0));
    maxImbalance = Math.max(maxImbalance, diff);
    if (diff > 1) beyondOne++;
    let run = 0;
    list.forEach((s, i) => {
      run = i > 0 && list[i - 1] === s ? run + 1 : 1;
      longestRun = Math.max(longestRun, run);
      if (run === 3) runsOfThree++;
    });
  }
  return { maxImbalance, beyondOne, longestRun, runsOfThree, crossGroupPairs, pointGap, rematches };
}

/** Runs an event of `n` players and `rounds` rounds paired by core. */
export function coreSwissQuality(n: number, rounds: number, salt: number): SwissQuality {
  const entrants = makeEntrants(n);
  const settings = { swissRounds: rounds, pointsForWin: 1, pointsForDraw: 0.5, pointsForLoss: 0 };
  const results: StageMatchResult[] = [];
  const points = new Map(entrants.map((e) => [e.id, 0]));
  const sides = new Map(entrants.map((e) => [e.id, [] as (1 | 2)[]]));
  let cross = 0;
  let gap = 0;
  let rematches = 0;
  for (let r = 1; r <= rounds; r++) {
    const round = generateSwissRound(entrants, results, settings);
    if (round === null) break;
    rematches += round.rematches;
    for (const m of round.matches) {
      const [a, b] = m.participants as [string, string];
      if (points.get(a) !== points.get(b)) cross++;
      gap += Math.abs((points.get(a) as number) - (points.get(b) as number));
      const first = outcome(a, b, r, salt);
      results.push(first === 0.5 ? { key: m.key, participants: [a, b], winnerId: null, isDraw: true } : { key: m.key, participants: [a, b], winnerId: first === 1 ? a : b });
      (sides.get(a) as (1 | 2)[]).push(1);
      (sides.get(b) as (1 | 2)[]).push(2);
    }
    for (const m of round.matches) {
      const [a, b] = m.participants as [string, string];
      const first = outcome(a, b, r, salt);
      points.set(a, (points.get(a) as number) + first);
      points.set(b, (points.get(b) as number) + 1 - first);
    }
    if (round.bye) {
      const id = round.bye.participantId;
      results.push({ key: round.bye.key, participants: [id, null], winnerId: id });
      points.set(id, (points.get(id) as number) + 1);
    }
  }
  return figures(sides, cross, gap, rematches);
}

interface TpPlayer {
  id: string;
  score: number;
  receivedBye: boolean;
  avoid: string[];
  seating: (1 | -1)[];
}

/**
 * The same event paired by tournament-pairings' Swiss (seating on: it weighs and allocates sides).
 * It shuffles players with Math.random, which is replaced by a generator seeded with `salt` meanwhile.
 */
export function tpSwissQuality(n: number, rounds: number, salt: number): SwissQuality {
  const players: TpPlayer[] = makeEntrants(n).map((e) => ({ id: e.id, score: 0, receivedBye: false, avoid: [], seating: [] }));
  const byId = new Map(players.map((p) => [p.id, p]));
  let cross = 0;
  let gap = 0;
  let rematches = 0;
  const random = Math.random;
  let state = salt >>> 0;
  Math.random = () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = Math.imul(state ^ (state >>> 15), state | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
  try {
    for (let r = 1; r <= rounds; r++) {
      const matches = Swiss(players, r, false, true) as { player1: string; player2: string | null }[];
      const scores = new Map(players.map((p) => [p.id, p.score]));
      for (const m of matches) {
        const a = byId.get(m.player1) as TpPlayer;
        if (m.player2 === null) {
          a.score += 1;
          a.receivedBye = true;
          continue;
        }
        const b = byId.get(m.player2) as TpPlayer;
        if (scores.get(a.id) !== scores.get(b.id)) cross++;
        gap += Math.abs((scores.get(a.id) as number) - (scores.get(b.id) as number));
        if (a.avoid.includes(b.id)) rematches++;
        const first = outcome(a.id, b.id, r, salt);
        a.score += first;
        b.score += 1 - first;
        a.avoid.push(b.id);
        b.avoid.push(a.id);
        a.seating.push(1);
        b.seating.push(-1);
      }
    }
  } finally {
    Math.random = random;
  }
  return figures(new Map(players.map((p) => [p.id, p.seating.map((s) => (s === 1 ? 1 : 2))])), cross, gap, rematches);
}

/** Sums of the figures over events (maxima for the max- and longest- figures). */
export function combine(list: readonly SwissQuality[]): SwissQuality {
  return list.reduce(
    (acc, q) => ({
      maxImbalance: Math.max(acc.maxImbalance, q.maxImbalance),
      beyondOne: acc.beyondOne + q.beyondOne,
      longestRun: Math.max(acc.longestRun, q.longestRun),
      runsOfThree: acc.runsOfThree + q.runsOfThree,
      crossGroupPairs: acc.crossGroupPairs + q.crossGroupPairs,
      pointGap: acc.pointGap + q.pointGap,
      rematches: acc.rematches + q.rematches,
    }),
    { maxImbalance: 0, beyondOne: 0, longestRun: 0, runsOfThree: 0, crossGroupPairs: 0, pointGap: 0, rematches: 0 },
  );
}
