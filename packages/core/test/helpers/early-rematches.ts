/**
 * Early rematches of double-elimination brackets, measured the same way for @tourney/core and for
 * tournament-pairings (devDependency, a yardstick only; tournament-organizer builds its brackets with it).
 *
 * Definition: an early rematch is a losers-bracket match, other than the losers-bracket final, whose two
 * players already met in the winners bracket. Two measures:
 * - `meanEarlyRematches`: brackets played out with random results shared by both libraries (the winner of
 *   a pair depends only on the two ids and a salt, `fairPick`), early rematches counted and averaged;
 * - `expectedEarlyRematches`: the exact expectation under fair coin results, from the bracket's links.
 *   The loser of winners match B beat the loser of an earlier winners match A exactly when A's winner won
 *   every winners match between them and lost B: probability 2^-(h+1) with h matches strictly between.
 *   The two then meet in the losers bracket at the first match common to their losers-bracket paths,
 *   when each has won every losers match of its path before it (independent fair coins).
 */
import { DoubleElimination } from 'tournament-pairings';
import { generateDoubleElimination } from '../../src/index';
import { makeEntrants } from './entrants';

/** Winner of a pair of ids. */
export type Pick = (a: string, b: string) => string;

/** A double-elimination bracket as links between its matches, for either library. */
export interface BracketGraph {
  /** Per match: its bracket (W winners, L losers, G grand final), ids known at generation, and where its winner and loser go (index, -1 = nowhere). */
  matches: { bracket: 'W' | 'L' | 'G'; players: string[]; winner: number; loser: number }[];
}

const pairKey = (a: string, b: string) => (a < b ? `${a}|${b}` : `${b}|${a}`);

/**
 * Results shared by both libraries: a fair coin per pair of ids, the same whichever order they are given
 * in (a 32-bit mix of the two seed numbers and `salt`, so results of different pairs are independent).
 */
export function fairPick(salt: number): Pick {
  return (a, b) => {
    const [x, y] = a < b ? [a, b] : [b, a];
    let h = Math.imul(salt ^ 0x9e3779b9, 0x85ebca6b) ^ Math.imul(Number(x.slice(1)), 0xc2b2ae35);
    h = Math.imul(h ^ (h >>> 15), 0x2c1b3c6d) ^ Math.imul(Number(y.slice(1)), 0x297a2d39);
    h = Math.imul(h ^ (h >>> 13), 0x85ebca6b);
    h ^= h >>> 16;
    return (h & 1) === 0 ? x : y;
  };
}

/** The core double-elimination bracket of `n` entrants "p1".."pN" (simple grand final). */
export function coreGraph(n: number): BracketGraph {
  const stage = generateDoubleElimination(makeEntrants(n));
  const index = new Map(stage.matches.map((m, i) => [m.key, i]));
  const at = (ref: { key: string } | null) => (ref === null ? -1 : (index.get(ref.key) as number));
  return {
    matches: stage.matches.map((m) => ({
      bracket: m.bracket === 'WINNERS' ? 'W' : m.bracket === 'LOSERS' ? 'L' : 'G',
      players: m.participants.filter((p): p is string => p !== null),
      winner: at(m.next.winner),
      loser: at(m.next.loser),
    })),
  };
}

interface TpMatch {
  round: number;
  match: number;
  player1: string | null;
  player2: string | null;
  win?: { round: number; match: number };
  loss?: { round: number; match: number };
}

/**
 * The tournament-pairings bracket of the same entrants, seeded (`ordered`). Its rounds below the grand
 * final's (the round the losers final's winner goes to) are the winners bracket, those above it the losers
 * bracket.
 */
export function tpGraph(n: number): BracketGraph {
  const list = DoubleElimination(makeEntrants(n).map((e) => e.id), 1, true) as TpMatch[];
  const key = (r: number, m: number) => `${r}/${m}`;
  const index = new Map(list.map((m, i) => [key(m.round, m.match), i]));
  const lastRound = Math.max(...list.map((m) => m.round));
  const grandFinalRound = (list.find((m) => m.round === lastRound)?.win as { round: number }).round;
  const at = (ref: { round: number; match: number } | undefined) => (ref === undefined ? -1 : (index.get(key(ref.round, ref.match)) as number));
  return {
    matches: list.map((m) => ({
      bracket: m.round < grandFinalRound ? 'W' : m.round === grandFinalRound ? 'G' : 'L',
      players: [m.player1, m.player2].filter((p): p is string => p !== null),
      winner: m.round === grandFinalRound ? -1 : at(m.win),
      loser: m.round === grandFinalRound ? -1 : at(m.loss),
    })),
  };
}

/** Match indices in an order where every match comes after the matches feeding it. */
function playOrder(graph: BracketGraph): { order: number[]; incoming: number[] } {
  const incoming = graph.matches.map((m) => m.players.length);
  for (const m of graph.matches) for (const to of [m.winner, m.loser]) if (to >= 0) incoming[to] = (incoming[to] as number) + 1;
  // Links still to deliver into each match.
  const pending = incoming.map((count, i) => count - graph.matches[i]!.players.length);
  const order: number[] = [];
  const ready = pending.flatMap((p, i) => (p === 0 ? [i] : []));
  while (ready.length > 0) {
    const i = ready.shift() as number;
    order.push(i);
    const m = graph.matches[i]!;
    for (const to of [m.winner, m.loser]) if (to >= 0 && --pending[to]! === 0) ready.push(to);
  }
  if (order.length !== graph.matches.length) throw new Error('bracket links do not form a playable bracket');
  return { order, incoming };
}

/** The losers-bracket final: the losers match whose winner leaves the losers bracket. */
function losersFinal(graph: BracketGraph): number {
  return graph.matches.findIndex((m) => m.bracket === 'L' && (m.winner < 0 || graph.matches[m.winner]!.bracket !== 'L'));
}

/**
 * Plays a bracket with `pick` and counts its early rematches. A match reached by a single player (a bye
 * left in the links) forwards that player.
 */
export function playedEarlyRematches(graph: BracketGraph, pick: Pick): number {
  const { order } = playOrder(graph);
  const arrived = graph.matches.map((m) => [...m.players]);
  const final = losersFinal(graph);
  const metInWinners = new Set<string>();
  let early = 0;
  for (const i of order) {
    const m = graph.matches[i]!;
    const players = arrived[i] as string[];
    if (players.length < 2) {
      if (m.winner >= 0 && players[0] !== undefined) arrived[m.winner]!.push(players[0]);
      continue;
    }
    const [a, b] = players as [string, string];
    if (m.bracket === 'W') metInWinners.add(pairKey(a, b));
    if (m.bracket === 'L' && i !== final && metInWinners.has(pairKey(a, b))) early++;
    const winner = pick(a, b);
    if (m.winner >= 0) arrived[m.winner]!.push(winner);
    if (m.loser >= 0) arrived[m.loser]!.push(winner === a ? b : a);
  }
  return early;
}

/** Mean early rematches of `graph` over `brackets` playings with results `fairPick(salt0)`, `fairPick(salt0 + 1)`, ... */
export function meanEarlyRematches(graph: BracketGraph, brackets: number, salt0 = 1): number {
  let sum = 0;
  for (let i = 0; i < brackets; i++) sum += playedEarlyRematches(graph, fairPick(salt0 + i));
  return sum / brackets;
}

/** Exact expected early rematches of `graph` under fair coin results (see the file comment). O(M log^2 M). */
export function expectedEarlyRematches(graph: BracketGraph): number {
  const { incoming } = playOrder(graph);
  const real = (i: number) => incoming[i] === 2;
  // Where a player sent to match i really plays: past matches reached by one player only.
  const land = (i: number): number => {
    let at = i;
    while (at >= 0 && !real(at)) at = graph.matches[at]!.winner;
    return at;
  };
  const final = losersFinal(graph);
  // A losers-bracket path: the real losers matches from an entry match on, in order.
  const path = (entry: number): number[] => {
    const out: number[] = [];
    for (let at = land(entry); at >= 0 && graph.matches[at]!.bracket === 'L'; at = land(graph.matches[at]!.winner)) out.push(at);
    return out;
  };
  let expected = 0;
  graph.matches.forEach((a, ai) => {
    if (a.bracket !== 'W' || !real(ai) || a.loser < 0) return;
    const xPath = path(a.loser);
    const xAt = new Map(xPath.map((node, step) => [node, step]));
    let h = 0;
    for (let b = land(a.winner); b >= 0 && graph.matches[b]!.bracket === 'W'; b = land(graph.matches[b]!.winner), h++) {
      if (graph.matches[b]!.loser < 0) continue;
      const yPath = path(graph.matches[b]!.loser);
      const cy = yPath.findIndex((node) => xAt.has(node));
      if (cy < 0 || yPath[cy] === final) continue;
      const cx = xAt.get(yPath[cy] as number) as number;
      expected += 2 ** -(h + 1 + cx + cy);
    }
  });
  return expected;
}
