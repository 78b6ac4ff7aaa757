/** What `playOffPlaces` reads of a bracket match: its id, bracket and where its winner and loser go next. */
export interface LinkedMatch {
  id: string;
  bracket: string;
  next: { winner: { matchId: string } | null; loser: { matchId: string } | null };
}

/** 1st, 2nd, 3rd, 4th, ..., 11th, 12th, 13th, 21st, 22nd, 23rd, 101st, 111th. */
export function ordinal(n: number): string {
  const tens = n % 100;
  const suffix = tens >= 11 && tens <= 13 ? 'th' : ({ 1: 'st', 2: 'nd', 3: 'rd' } as Record<number, string>)[n % 10] ?? 'th';
  return `${n}${suffix}`;
}

/** How many bits of `bits` are set. */
const popcount = (bits: bigint): number => {
  let count = 0;
  for (const digit of bits.toString(2)) if (digit === '1') count++;
  return count;
};

/**
 * The place decided by each play-off (CONSOLATION) match of an elimination stage that decides a single place, its
 * winner taking place p and its loser p + 1 ("Match for 3rd place", R27.9), by match id; play-offs whose winner or
 * loser plays on are left out, as is everything when the stage has no play-offs.
 *
 * Read from the `next` links alone (the contract names no place): a side that leaves the stage (next null) ends on a
 * place of its own, and every place reachable by the winner of a match is better than every place reachable by its
 * loser. So the places better than those at stake in a match M are those reachable by the winner of a match X from
 * whose loser M can be reached, and p is one more than their count. `matches` are every match of the stage (winners
 * bracket included); a link to a match not among them leaves the answer empty. O(matches x places / word size).
 */
export function playOffPlaces(matches: readonly LinkedMatch[]): Map<string, number> {
  const places = new Map<string, number>();
  if (!matches.some((m) => m.bracket === 'CONSOLATION')) return places;
  const byId = new Map(matches.map((m) => [m.id, m]));
  for (const m of matches) for (const ref of [m.next.winner, m.next.loser]) if (ref !== null && !byId.has(ref.matchId)) return places;

  // Each side leaving the stage is one place: a bit of its own.
  let leaves = 0n;
  const leafBit = new Map<string, bigint>();
  for (const m of matches) {
    for (const side of ['winner', 'loser'] as const) if (m.next[side] === null) leafBit.set(`${m.id}:${side}`, 1n << leaves++);
  }

  // Places reachable from a match (memoized; the links form a DAG), and feeders-first order.
  const reach = new Map<string, bigint>();
  const order: LinkedMatch[] = [];
  const visiting = new Set<string>();
  const reachOf = (m: LinkedMatch): bigint => {
    const known = reach.get(m.id);
    if (known !== undefined) return known;
    if (visiting.has(m.id)) throw new Error(`bracket links loop through match ${m.id}`);
    visiting.add(m.id);
    let bits = 0n;
    for (const side of ['winner', 'loser'] as const) bits |= sideReach(m, side);
    visiting.delete(m.id);
    reach.set(m.id, bits);
    order.push(m);
    return bits;
  };
  const sideReach = (m: LinkedMatch, side: 'winner' | 'loser'): bigint => {
    const ref = m.next[side];
    return ref === null ? (leafBit.get(`${m.id}:${side}`) as bigint) : reachOf(byId.get(ref.matchId) as LinkedMatch);
  };
  for (const m of matches) reachOf(m);
  order.reverse(); // post-order reversed: a match before every match it feeds

  // Places known to be better than all those at stake in a match, pushed along the links.
  const better = new Map<string, bigint>();
  for (const m of order) {
    const above = better.get(m.id) ?? 0n;
    const { winner, loser } = m.next;
    if (winner !== null) better.set(winner.matchId, (better.get(winner.matchId) ?? 0n) | above);
    if (loser !== null) better.set(loser.matchId, (better.get(loser.matchId) ?? 0n) | above | sideReach(m, 'winner'));
    if (m.bracket === 'CONSOLATION' && winner === null && loser === null) places.set(m.id, popcount(above) + 1);
  }
  return places;
}

/** "Match for 3rd place" for a play-off deciding places 3 and 4. */
export function playOffLabel(place: number): string {
  return `Match for ${ordinal(place)} place`;
}
