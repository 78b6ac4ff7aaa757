import { pairBracket } from './swiss-bracket';
import { buildField, type Field, type SwissPlayer } from './swiss-field';
import { lookAhead } from './swiss-look-ahead';
import { matchSubset } from './swiss-matching';
import { higherTakesSlotOne, type SidePreference } from './swiss-sides';

export type { SwissPlayer } from './swiss-field';

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
 * within score groups (floaters move down to the next group); the floater of an odd group is its lowest-ranked
 * player who can float (with `options.absoluteSides`, two players of the same absolute side preference do not
 * meet while another pairing avoids it; without, the fewest such pairs come first), and floaters meet the
 * highest-ranked players of the next group they can meet; then side preferences; then within a group the top
 * half meets the bottom half in order (1 v n/2+1, ...). Method: each bracket (floaters + score group) is paired by optimal
 * weighted matching (Edmonds' blossom) restricted to that bracket and, in large brackets, to blocks of
 * BLOCK (24) players around the Dutch pairs, which keeps a round near linear time (4096 players: about
 * 25 ms for round 1, 50 ms mid-stage); a bracket that cannot pair internally looks ahead to the next score group
 * (`lookAhead`, R27.12) to float players that group can pair. When that leaves someone
 * unpaired at the bottom, the matching widens: the bottom 1, 2, 4, ... score groups are re-paired together
 * (pairs above kept), up to the whole field; only if no perfect matching without repeats exists at all are
 * rematches allowed, as few as possible (one matching over every pair).
 * Sides (slot 1 / slot 2) follow the FIDE Dutch colour rules (`swiss-sides.ts`): among the pairings
 * the rules above allow, those whose side preferences are compatible are preferred (fewest absolute
 * conflicts, then strong, then any), and with `options.absoluteSides` two players of
 * the same absolute preference do not meet while another pairing avoids it (one floats instead, as the Dutch
 * system's absolute colour criterion); then each pair's sides go by `higherTakesSlotOne`. Unlike the FIDE
 * Dutch system, who floats and whom a floater meets come before the mild and strong side preferences (R7.10):
 * a side conflict never moves the leader of a group down. So side differences stay within one and nobody
 * plays three times running on one side wherever the score groups allow.
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
