/**
 * Drop order of a double-elimination stage: where the losers of each winners-bracket round enter the
 * losers bracket, chosen so that two players who met in the winners bracket meet again in the losers
 * bracket as late as possible.
 *
 * Model. In a bracket of 2^k slots, winners round j has 2^(k-j) matches, numbered 0.. in position order.
 * Their losers take losers-bracket positions 0..2^(k-j) - 1: after round 1, positions 2p and 2p + 1 meet
 * in losers round 1; after round j >= 2, position p meets the survivor at position p in losers round
 * 2(j - 1), and survivors at 2p and 2p + 1 meet in the next round. Every order here is an XOR mask m_j:
 * the loser of winners match q takes position q XOR m_j (brackets-manager's natural, reverse, half_shift,
 * reverse_half_shift and pair_flip orders are the masks 0, all ones, top bit, all but the top bit, bit 0).
 *
 * Rematches. The loser y of winners match (r, b) beat one player from the earlier rounds' matches inside
 * its block. With XOR masks, the loser of any such match of round j and y first share a losers-bracket
 * subtree after t halvings, t = bit length of (m_j >>> (r - j)) XOR m_r, the same for every block: t = 0
 * means they can meet in the round y drops, and each extra level makes the meeting need two more
 * losers-bracket wins from each side. Under fair results the expected number of such meetings before the
 * losers final is a sum over pairs of rounds, 2^(3v - 2u) * c(t) per pair, where u > v are the rounds
 * left after j and after r (u = k - j) and c(0) = 1, c(t) = 4 * 16^-t; pairs with the final (v = 0) meet
 * in the losers final at the earliest and are not early.
 *
 * Construction. Among three rounds two always share their top bit, so not every pair can be kept apart;
 * the weight 8^v says that the pairs near the end of the bracket matter most. The masks are therefore
 * chosen from the final backwards: for u = 1, 2, ... rounds left, the u-bit mask with the least summed
 * cost against the masks already chosen (the later rounds), the smallest on a tie. The masks depend only
 * on u, so every bracket size uses the same sequence (0, 10, 000, 0100, 11000, 111000, ... in binary);
 * each bracket then XORs all of them with the leading bits of its round-1 mask, which changes no t, so
 * that round 1 drops in natural order. For 2^5 to 2^7 slots this equals the best XOR masks found by
 * exhaustive search; it beats the repeating tables of brackets-manager and tournament-pairings at every
 * size from 32 slots (expected early rematches per bracket, fair results: 0.369 at 64, 0.375 at 128,
 * 0.371 at 256, 0.369 at 1024; tournament-pairings 0.372, 0.389, 0.436, 0.717).
 */

/** Masks by rounds left (index 0: the final, no bits), extended on demand. */
const masksByRoundsLeft: number[] = [0];

/** Largest number of rounds left: a bracket of 2^30 slots. */
const MAX_ROUNDS_LEFT = 29;

function maskWithRoundsLeft(u: number): number {
  while (masksByRoundsLeft.length <= u) {
    const w = masksByRoundsLeft.length;
    // cost[v][t]: weight of the pair with the round v rounds from the end when the masks first differ t levels up.
    const cost = Array.from({ length: w }, (_, v) => Array.from({ length: v + 1 }, (_, t) => 8 ** v * (t === 0 ? 1 : 4 * 16 ** -t)));
    let best = Infinity;
    let bestMask = 0;
    for (let mask = 0; mask < 2 ** w; mask++) {
      let sum = 0;
      for (let v = 1; v < w && sum < best; v++) {
        const d = (mask >>> (w - v)) ^ (masksByRoundsLeft[v] as number);
        sum += (cost[v] as number[])[d === 0 ? 0 : 32 - Math.clz32(d)] as number;
      }
      if (sum < best) {
        best = sum;
        bestMask = mask;
      }
    }
    masksByRoundsLeft.push(bestMask);
  }
  return masksByRoundsLeft[u] as number;
}

/**
 * The XOR mask of the drop order of winners round `wbRound` (1-based) in a bracket of `size` slots (a
 * power of two up to 2^30): a number below 2^(log2(size) - wbRound); 0 for round 1 and for the final.
 * The first call for a size of 2^k searches masks of up to k - 1 bits (about 1 ms at 2^16 slots); the
 * results are kept.
 */
export function dropMask(size: number, wbRound: number): number {
  const rounds = Math.min(31 - Math.clz32(size), MAX_ROUNDS_LEFT + 1);
  if (wbRound >= rounds || wbRound < 1) return 0;
  // XOR-ing every round's mask with the leading bits of one string keeps every t (so every rematch
  // chance) unchanged; the round-1 mask is used, so that round 1 drops in natural order.
  return maskWithRoundsLeft(rounds - wbRound) ^ (maskWithRoundsLeft(rounds - 1) >>> (wbRound - 1));
}

/**
 * The losers of one winners round (in winners-bracket position order) in the order they enter the losers
 * bracket: position p gets the loser of match p XOR `mask`. `items.length` must be a power of two above
 * `mask`.
 */
export function dropOrder<T>(items: readonly T[], mask: number): T[] {
  const out = new Array<T>(items.length);
  for (let p = 0; p < items.length; p++) out[p] = items[p ^ mask] as T;
  return out;
}
