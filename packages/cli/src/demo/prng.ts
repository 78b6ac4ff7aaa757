/** A pseudo-random number source returning floats in [0, 1). */
export type Random = () => number;

/**
 * mulberry32: a small, fast, deterministic PRNG over a 32-bit state. The same seed always gives the same sequence,
 * so `tourney demo --seed N` replays a run exactly. Not for cryptography.
 */
export function mulberry32(seed: number): Random {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}
