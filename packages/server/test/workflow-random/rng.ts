/**
 * A seeded pseudo-random source for the randomized workflow test (mulberry32): the same seed gives the same draws on
 * every machine, so a failing seed replays exactly. Never Math.random, never the clock.
 */
export class Rng {
  #state: number;

  constructor(seed: number) {
    // Spread small consecutive seeds over the 32-bit state (golden-ratio multiplier, integer arithmetic).
    this.#state = Math.imul(seed | 0, 0x9e3779b1) ^ 0x5bd1e995;
  }

  /** A number in [0, 1). */
  next(): number {
    this.#state = (this.#state + 0x6d2b79f5) | 0;
    let t = this.#state;
    t = Math.imul(t ^ (t >>> 15), 1 | t);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  }

  /** An integer in [lo, hi], both included. */
  int(lo: number, hi: number): number {
    return lo + Math.floor(this.next() * (hi - lo + 1));
  }

  /** True with probability `p`. */
  chance(p: number): boolean {
    return this.next() < p;
  }

  /** One element of a non-empty array. */
  pick<T>(items: readonly T[]): T {
    if (items.length === 0) throw new Error('Rng.pick: empty array');
    return items[Math.floor(this.next() * items.length)]!;
  }

  /** A shuffled copy (Fisher-Yates). */
  shuffle<T>(items: readonly T[]): T[] {
    const out = [...items];
    for (let i = out.length - 1; i > 0; i--) {
      const j = Math.floor(this.next() * (i + 1));
      [out[i], out[j]] = [out[j]!, out[i]!];
    }
    return out;
  }

  /** One name of `options` drawn by weight (weights > 0). */
  weighted<T extends string>(options: readonly (readonly [T, number])[]): T {
    const total = options.reduce((sum, [, w]) => sum + w, 0);
    let x = this.next() * total;
    for (const [name, w] of options) {
      x -= w;
      if (x < 0) return name;
    }
    return options[options.length - 1]![0];
  }
}
