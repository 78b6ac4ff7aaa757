import type { MatchSlot } from '../formats/types';
import { maxWeightMatching, type WeightedEdge } from './max-weight-matching';
import { higherTakesSlotOne, sideConflict, sidePreference, type SidePreference } from './swiss-sides';

/** A participant to pair in a Swiss round, as the current standings see them. */
export interface SwissPlayer {
  id: string;
  /** Points so far (score groups are players with equal points). */
  points: number;
  /** Ids of the opponents already met in this stage. */
  opponents: ReadonlySet<string>;
  /** Whether the participant already had a bye in this stage. */
  hadBye: boolean;
  /** Slots taken in the matches played so far, oldest first (byes left out); none when omitted. */
  sides?: readonly MatchSlot[];
}

/** Options of `pairSwissRound`. */
export interface SwissPairingOptions {
  /**
   * True (a Swiss of a fixed number of rounds, chess-style): two players with the same absolute side
   * preference (difference beyond +-1, or two games running on one side) are not paired while a pairing
   * without it exists, even if one must float to another score group. False (default; the esports form,
   * where records decide who advances): sides never move a player to another score group.
   */
  absoluteSides?: boolean;
}

/** How a pairing was found, from the cheapest method to the widest. */
export type SwissPairingMethod = 'SCORE_GROUPS' | 'WIDENED' | 'REMATCH_UNAVOIDABLE';

/** Pairings of one Swiss round. */
export interface SwissPairing {
  /** Pairs in board order (best-ranked first), each [slot 1, slot 2]. */
  pairs: [string, string][];
  /** The participant with the bye (odd count), else null. */
  bye: string | null;
  /** Pairs that repeat an earlier meeting (0 unless no pairing avoids it). */
  rematches: number;
  /** True when the bye goes to someone who already had one (only when everyone had one, or when no other pairing avoids a repeat). */
  repeatedBye: boolean;
  /** SCORE_GROUPS: paired group by group (with floaters); WIDENED: the bottom groups had to be re-paired together; REMATCH_UNAVOIDABLE: no pairing avoids a rematch. */
  method: SwissPairingMethod;
}

/** Largest set of players given to one matching call in the score-group path (measured: 24 beats 32 and 48). */
const BLOCK = 24;

interface Field {
  players: readonly SwissPlayer[];
  /** Score-group index per player (0 = most points); players are in rank order. */
  group: number[];
  /** Position within its score group. */
  pos: number[];
  groupSize: number[];
  met: (i: number, j: number) => boolean;
  /** Side preference per player. */
  preference: SidePreference[];
  /** Whether two players with the same absolute side preference float rather than meet (`SwissPairingOptions`). */
  absoluteSides: boolean;
}

function buildField(players: readonly SwissPlayer[], absoluteSides: boolean): Field {
  const group: number[] = [];
  const pos: number[] = [];
  const groupSize: number[] = [];
  players.forEach((p, i) => {
    if (i === 0 || p.points !== (players[i - 1] as SwissPlayer).points) groupSize.push(0);
    const g = groupSize.length - 1;
    group.push(g);
    pos.push(groupSize[g] as number);
    groupSize[g] = (groupSize[g] as number) + 1;
  });
  const met = (i: number, j: number) => (players[i] as SwissPlayer).opponents.has((players[j] as SwissPlayer).id);
  const preference = players.map((p) => sidePreference(p.sides ?? []));
  return { players, group, pos, groupSize, met, preference, absoluteSides };
}

/**
 * Cost of the side conflict of pairing i and j (`sideConflict`: 0 none, 1 mild, 2 strong, 3 absolute),
 * in tiers: any conflict costs `unit`, a strong one `unit * (edges + 1)` more and an absolute one
 * `unit * (edges + 1)^2` more, so that a matching of `edges` pairs first leaves the fewest participants
 * without their side, then the fewest without a strong preference, then avoids absolute conflicts (the
 * FIDE Dutch system's colour criteria). 0 without a conflict.
 */
function sideCost(field: Field, i: number, j: number, unit: number, edges: number): number {
  const level = sideConflict(field.preference[i] as SidePreference, field.preference[j] as SidePreference);
  if (level === 0) return 0;
  const tier = edges + 1;
  return unit * (1 + (level >= 2 ? tier : 0) + (level === 3 ? tier * tier : 0));
}

/** Whether i and j have the same absolute side preference. */
function absoluteConflict(field: Field, i: number, j: number): boolean {
  return sideConflict(field.preference[i] as SidePreference, field.preference[j] as SidePreference) === 3;
}

/** Largest `sideCost` for `edges` pairs of `unit`: that of an absolute conflict. */
const absoluteCost = (unit: number, edges: number) => unit * (1 + (edges + 1) + (edges + 1) ** 2);

/** Shape of a bracket: `m` players, the first `floaters` of them floaters from above. */
interface BracketShape {
  m: number;
  floaters: number;
  /** Half of the residents left once the floaters have met the top residents: the Dutch distance. */
  half: number;
}

function bracketShape(m: number, floaters: number): BracketShape {
  return { m, floaters, half: Math.max(1, Math.floor((m - 2 * floaters) / 2)) };
}

/** Distance of the pair at bracket positions pi < pj from the ideal: floater p meets resident `floaters + p`, residents meet `half` below. */
function dutchDistance(shape: BracketShape, pi: number, pj: number): number {
  return pi < shape.floaters ? Math.abs(pj - (shape.floaters + pi)) : Math.abs(pj - pi - shape.half);
}

/**
 * Pairs `members` (indices in rank order, all from one bracket, at bracket positions `bpos`) with one
 * matching call over every non-rematch pair, less the pairs of two players with the same absolute side
 * preference when `strictSides` (they float instead). Among the pairings that leave the fewest unpaired,
 * weight favours, in this order, pairs that give both their side (`sideCost`), the Dutch pairing
 * (`dutchDistance`) and, when someone must stay unpaired, leaving the lowest-ranked.
 */
function solveBlock(
  members: readonly number[],
  bpos: ReadonlyMap<number, number>,
  shape: BracketShape,
  field: Field,
  strictSides: boolean,
): { pairs: [number, number][]; unpaired: number[] } {
  const k = members.length;
  const m = shape.m;
  const base = 2 * m + 2;
  // One unit of side cost outweighs any difference in the Dutch terms of one pair (at most 4m).
  const unit = 4 * m + 4;
  const pairsAtMost = Math.floor(k / 2);
  const top = absoluteCost(unit, pairsAtMost) + base;
  const edges: WeightedEdge[] = [];
  // Whether every pair is allowed at no side cost, and each member's one partner at Dutch distance 0 (-1: none yet,
  // -2: several): then that Dutch pairing, when it pairs everyone, is the only matching of greatest weight (any
  // other leaves someone unpaired, which costs more than `top` can make up, or uses a pair farther from the Dutch
  // one), so it is taken without the matching call (e.g. every block of a Swiss round 1).
  let free = true;
  const dutch = new Array<number>(k).fill(-1);
  for (let a = 0; a < k; a++) {
    const i = members[a] as number;
    const pi = bpos.get(i) as number;
    for (let b = a + 1; b < k; b++) {
      const j = members[b] as number;
      if (field.met(i, j) || (strictSides && absoluteConflict(field, i, j))) {
        free = false;
        continue;
      }
      const cost = sideCost(field, i, j, unit, pairsAtMost);
      const pj = bpos.get(j) as number;
      const d = pi < pj ? dutchDistance(shape, pi, pj) : dutchDistance(shape, pj, pi);
      if (cost !== 0) free = false;
      if (d === 0) {
        dutch[a] = dutch[a] === -1 ? b : -2;
        dutch[b] = dutch[b] === -1 ? a : -2;
      }
      edges.push([a, b, top - cost - 2 * d + (m - pi) + (m - pj)]);
    }
  }
  const mate = free && k % 2 === 0 && dutch.every((b) => b >= 0) ? dutch : maxWeightMatching(k, edges);
  const pairs: [number, number][] = [];
  const unpaired: number[] = [];
  for (let a = 0; a < k; a++) {
    const b = mate[a] as number;
    if (b === -1) unpaired.push(members[a] as number);
    else if (a < b) pairs.push([members[a] as number, members[b] as number]);
  }
  return { pairs, unpaired };
}

/**
 * Pairs one bracket (`floaters` floaters from above first, then a score group, in rank order) without
 * rematches: brackets up to BLOCK players in one matching; larger ones in blocks (the floaters and the
 * top residents they meet go with the first) that each take a slice of the residents' top half and the
 * matching slice of their bottom half (where the Dutch pairs lie), then the few left over together.
 * With `field.absoluteSides`, two players with the same absolute side preference do not meet in a
 * bracket solved in one matching nor in the blocks; the left-over matching allows it (weighted last), so
 * that a large bracket does not float a crowd. Returns the pairs and the players left unpaired (who float
 * down).
 */
function pairBracket(bracket: readonly number[], floaters: number, field: Field): { pairs: [number, number][]; unpaired: number[] } {
  const m = bracket.length;
  const shape = bracketShape(m, floaters);
  const bpos = new Map<number, number>();
  bracket.forEach((i, p) => bpos.set(i, p));
  if (m <= BLOCK) return solveBlock(bracket, bpos, shape, field, field.absoluteSides);
  const headSize = Math.min(m, 2 * floaters);
  const head = bracket.slice(0, headSize);
  const rest = bracket.slice(headSize);
  const half = Math.floor(rest.length / 2);
  const slice = BLOCK / 2;
  const blocks = Math.max(1, Math.ceil(half / slice));
  const pairs: [number, number][] = [];
  let leftovers: number[] = [];
  for (let b = 0; b < blocks; b++) {
    const last = b === blocks - 1;
    const top = rest.slice(b * slice, last ? half : (b + 1) * slice);
    const bottom = rest.slice(half + b * slice, last ? rest.length : half + (b + 1) * slice);
    const solved = solveBlock(b === 0 ? [...head, ...top, ...bottom] : [...top, ...bottom], bpos, shape, field, field.absoluteSides);
    pairs.push(...solved.pairs);
    leftovers.push(...solved.unpaired);
  }
  if (leftovers.length > 1) {
    leftovers.sort((a, b) => a - b);
    const solved = solveBlock(leftovers, bpos, shape, field, false);
    pairs.push(...solved.pairs);
    leftovers = solved.unpaired;
  }
  return { pairs, unpaired: leftovers };
}

/**
 * Bye candidates in the order they are tried: players without a bye, lowest-ranked first (players are in
 * rank order: points, then rank); when everyone had one, everyone, lowest-ranked first.
 */
function byeCandidates(players: readonly SwissPlayer[]): number[] {
  const eligible: number[] = [];
  for (let i = players.length - 1; i >= 0; i--) if (!(players[i] as SwissPlayer).hadBye) eligible.push(i);
  if (eligible.length > 0) return eligible;
  return players.map((_, i) => players.length - 1 - i);
}

/** Largest bracket plus next score group that `lookAhead` pairs in one matching. */
const LOOK_AHEAD_LIMIT = 2 * BLOCK;

/**
 * Look-ahead to the next score group (R27.12): when a bracket cannot be paired internally, one matching over the
 * bracket and the next score group (`matchSubset`: fewest cross-group pairs first; with `field.absoluteSides` no
 * absolute side conflict) is compared with the bracket's own pairing followed by the next bracket's; when it makes
 * fewer cross-group pairs (a player left unpaired below counting as one more), its floaters are used, so the players
 * left to float are ones the next group can pair. The bracket keeps the pairs of that matching
 * among its own players when they are as many as the bracket's own pairing made; otherwise (or when the two
 * together exceed LOOK_AHEAD_LIMIT players or do not pair) the bracket's own pairing stands.
 */
function lookAhead(
  field: Field,
  bracket: readonly number[],
  own: { pairs: [number, number][]; unpaired: number[] },
  nextStart: number,
  bye: number,
): { pairs: [number, number][]; unpaired: number[] } {
  const next: number[] = [];
  for (let i = nextStart; i < field.players.length && field.group[i] === field.group[nextStart]; i++) if (i !== bye) next.push(i);
  if (bracket.length + next.length > LOOK_AHEAD_LIMIT || next.length === 0) return own;
  const cross = (pairs: readonly [number, number][]) => pairs.filter(([a, b]) => field.group[a] !== field.group[b]).length;
  const nextOwn = pairBracket([...own.unpaired, ...next], own.unpaired.length, field);
  const ownCross = cross(own.pairs) + cross(nextOwn.pairs) + nextOwn.unpaired.length;
  const members = [...bracket, ...next].sort((a, b) => a - b);
  if ((members.length & 1) === 1) return own;
  const joint = matchSubset(field, members, false, false, field.absoluteSides);
  if (joint === null || cross(joint.pairs) >= ownCross) return own;
  const inBracket = new Set(bracket);
  const pairs = joint.pairs.filter(([a, b]) => inBracket.has(a) && inBracket.has(b));
  if (pairs.length < own.pairs.length) return own;
  const paired = new Set(pairs.flat());
  return { pairs, unpaired: bracket.filter((i) => !paired.has(i)) };
}

/** Result of the score-group path: pairs committed per group and the floaters entering each group. */
interface GroupPass {
  bye: number;
  pairsByGroup: [number, number][][];
  carryBefore: number[][];
  /** Players still unpaired after the last group (empty on success). */
  carry: number[];
}

/** Score-group path: with `bye` (-1: none) set aside, brackets top-down, floaters moving down. */
function pairByScoreGroups(field: Field, bye: number): GroupPass {
  const n = field.players.length;
  const pairsByGroup: [number, number][][] = [];
  const carryBefore: number[][] = [];
  let carry: number[] = [];
  let start = 0;
  while (start < n) {
    let end = start;
    while (end < n && field.group[end] === field.group[start]) end++;
    carryBefore.push(carry);
    const bracket = [...carry];
    for (let i = start; i < end; i++) if (i !== bye) bracket.push(i);
    let solved = pairBracket(bracket, carry.length, field);
    if (solved.unpaired.length > 0 && end < n) solved = lookAhead(field, bracket, solved, end, bye);
    pairsByGroup.push(solved.pairs);
    carry = solved.unpaired;
    start = end;
  }
  return { bye, pairsByGroup, carryBefore, carry };
}

/**
 * One matching over `members` (indices in rank order), plus a bye vertex when `withBye`. Costs, from
 * heaviest: a rematch or repeated bye (only when `allowRematch`), the bye given above the lowest eligible
 * member, a pair across score groups (R27.12: a few cross-group pairs over many), the squared score-group distance, a side conflict (`sideConflict` level), the distance from the
 * Dutch pairing; with `strictSides` two players of the same absolute side preference are not paired.
 * Returns null when the matching leaves someone unpaired.
 */
function matchSubset(
  field: Field,
  members: readonly number[],
  withBye: boolean,
  allowRematch: boolean,
  strictSides = false,
): { pairs: [number, number][]; bye: number } | null {
  const k = members.length;
  const first = field.group[members[0] as number] as number;
  const spread = (field.group[members[k - 1] as number] as number) - first + 1;
  // Per pair: the Dutch deviation (at most k) below a side conflict (1 to 3 units of k + 1 for a mild,
  // strong or absolute one), both below one unit of score-group distance; one place of the bye above
  // any pair's score-group distance; rematches above everything summed.
  const step = 4 * (k + 1);
  const cross = step * (spread * spread + 1) * 4;
  const groupCost = cross + step * spread * spread;
  const byeStep = groupCost + 1;
  const rematch = (k + 2) * (byeStep * (k + 1) + groupCost);
  const big = rematch + byeStep * (k + 1) + groupCost + 1;
  const edges: WeightedEdge[] = [];
  for (let a = 0; a < k; a++) {
    const i = members[a] as number;
    const gi = field.group[i] as number;
    const half = Math.floor((field.groupSize[gi] as number) / 2);
    for (let b = a + 1; b < k; b++) {
      const j = members[b] as number;
      const repeat = field.met(i, j);
      if (repeat && !allowRematch) continue;
      const level = sideConflict(field.preference[i] as SidePreference, field.preference[j] as SidePreference);
      if (strictSides && level === 3) continue;
      const gd = (field.group[j] as number) - gi;
      const dev = gd === 0 ? Math.abs((field.pos[j] as number) - (field.pos[i] as number) - half) : 0;
      edges.push([a, b, big - (repeat ? rematch : 0) - (gd > 0 ? cross : 0) - step * gd * gd - level * (k + 1) - dev]);
    }
  }
  if (withBye) {
    const anyEligible = field.players.some((p) => !p.hadBye);
    for (let a = 0; a < k; a++) {
      const repeat = anyEligible && (field.players[members[a] as number] as SwissPlayer).hadBye;
      if (repeat && !allowRematch) continue;
      edges.push([a, k, big - (repeat ? rematch : 0) - byeStep * (k - 1 - a)]);
    }
  }
  const mate = maxWeightMatching(withBye ? k + 1 : k, edges);
  const pairs: [number, number][] = [];
  let bye = -1;
  for (let a = 0; a < k; a++) {
    const b = mate[a] as number;
    if (b === -1) return null;
    if (b === k) bye = members[a] as number;
    else if (a < b) pairs.push([members[a] as number, members[b] as number]);
  }
  return { pairs, bye };
}

/** Largest widening step re-tried to keep two players of the same absolute side preference apart. */
const STRICT_SIDES_LIMIT = 256;

/**
 * Widening: re-pairs the bottom 1, 2, 4, ... score groups (with the floaters entering them, the bye kept)
 * in one matching, keeping the pairs above, until everyone is paired without a repeat; the last step is
 * the whole field. With `field.absoluteSides`, two players of the same absolute side preference meet only
 * when no step of up to STRICT_SIDES_LIMIT players pairs everyone without it (then the first step that
 * pairs everyone with it is used). Null when even the whole field fails: with this bye, no pairing avoids
 * a repeat.
 */
function widen(field: Field, pass: GroupPass): [number, number][] | null {
  const n = field.players.length;
  const groups = field.groupSize.length;
  let fallback: [number, number][] | null = null;
  for (let w = 1; ; w *= 2) {
    const s = Math.max(0, groups - w);
    const members = new Set<number>(pass.carryBefore[s] as number[]);
    for (let i = 0; i < n; i++) if ((field.group[i] as number) >= s && i !== pass.bye) members.add(i);
    const list = [...members].sort((a, b) => a - b);
    const above = () => pass.pairsByGroup.slice(0, s).flat();
    if (list.length === 0) return above();
    if (fallback !== null && list.length > STRICT_SIDES_LIMIT) return fallback;
    const strict = field.absoluteSides ? matchSubset(field, list, false, false, true) : null;
    if (strict !== null) return [...above(), ...strict.pairs];
    if (fallback === null) {
      const loose = matchSubset(field, list, false, false);
      if (loose !== null) {
        if (!field.absoluteSides) return [...above(), ...loose.pairs];
        fallback = [...above(), ...loose.pairs];
      }
    }
    if (s === 0) return fallback;
  }
}

/**
 * Pairs one Swiss round (R7.10, R7.11). `players` are the participants to pair in standings order (best first);
 * score groups are runs of equal points (players are stably re-sorted by points, so they need not be).
 *
 * Rules, in priority order: nobody meets an earlier opponent again, and nobody gets a second bye, while a
 * pairing without that exists; the bye goes to the lowest-ranked participant without one (fewest points,
 * then lowest in `players` order) among those with whom the others can still be paired without a repeat,
 * however far the pairing must then widen past score groups; pairs stay
 * within score groups (floaters move down to the next group); within a group the top half meets the bottom
 * half in order (1 v n/2+1, ...). Method: each bracket (floaters + score group) is paired by optimal
 * weighted matching (Edmonds' blossom) restricted to that bracket and, in large brackets, to blocks of
 * BLOCK (24) players around the Dutch pairs, which keeps a round near linear time (4096 players: about
 * 25 ms for round 1, 50 ms mid-stage); a bracket that cannot pair internally looks ahead to the next score group
 * (`lookAhead`, R27.12) to float players that group can pair. When that leaves someone
 * unpaired at the bottom, the matching widens: the bottom 1, 2, 4, ... score groups are re-paired together
 * (pairs above kept), up to the whole field; only if no perfect matching without repeats exists at all are
 * rematches allowed, as few as possible (one matching over every pair).
 * Sides (slot 1 / slot 2) follow the FIDE Dutch colour rules (`swiss-sides.ts`): among the pairings
 * the rules above allow, those whose side preferences are compatible are preferred (fewest absolute
 * conflicts, then strong, then any), and with `options.absoluteSides` two players of the same absolute
 * preference do not meet while another pairing avoids it (one floats instead, as the Dutch system's
 * absolute colour criterion); then each pair's sides go by `higherTakesSlotOne`. So side differences stay
 * within one and nobody plays three times running on one side wherever the score groups allow.
 */
export function pairSwissRound(input: readonly SwissPlayer[], options: SwissPairingOptions = {}): SwissPairing {
  const order = input.map((p, i) => ({ p, i }));
  order.sort((a, b) => b.p.points - a.p.points || a.i - b.i);
  const players = order.map((x) => x.p);
  const n = players.length;
  if (n === 0) return { pairs: [], bye: null, rematches: 0, repeatedBye: false, method: 'SCORE_GROUPS' };
  const field = buildField(players, options.absoluteSides ?? false);

  // The bye goes to the lowest-ranked candidate with whom the rest can be paired without a repeat.
  let method: SwissPairingMethod = 'SCORE_GROUPS';
  let found: { pairs: [number, number][]; bye: number } | null = null;
  for (const bye of n % 2 === 1 ? byeCandidates(players) : [-1]) {
    const pass = pairByScoreGroups(field, bye);
    if (pass.carry.length === 0) {
      method = 'SCORE_GROUPS';
      found = { pairs: pass.pairsByGroup.flat(), bye };
      break;
    }
    const widened = widen(field, pass);
    if (widened !== null) {
      method = 'WIDENED';
      found = { pairs: widened, bye };
      break;
    }
  }
  if (found === null) {
    method = 'REMATCH_UNAVOIDABLE';
    const all = players.map((_, i) => i);
    found = matchSubset(field, all, n % 2 === 1, true) as { pairs: [number, number][]; bye: number };
  }

  const byePlayer = found.bye >= 0 ? (players[found.bye] as SwissPlayer) : null;
  let rematches = 0;
  const sorted = found.pairs.map(([a, b]) => (a < b ? [a, b] : [b, a]) as [number, number]).sort((x, y) => x[0] - y[0]);
  const pairs = sorted.map(([a, b]): [string, string] => {
    if (field.met(a, b)) rematches++;
    const pa = players[a] as SwissPlayer;
    const pb = players[b] as SwissPlayer;
    const higher = { preference: field.preference[a] as SidePreference, sides: pa.sides ?? [] };
    const lower = { preference: field.preference[b] as SidePreference, sides: pb.sides ?? [] };
    return higherTakesSlotOne(higher, lower) ? [pa.id, pb.id] : [pb.id, pa.id];
  });
  return {
    pairs,
    bye: byePlayer?.id ?? null,
    rematches,
    repeatedBye: byePlayer?.hadBye === true,
    method,
  };
}
