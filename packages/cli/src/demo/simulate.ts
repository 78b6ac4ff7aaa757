import type { Random } from './prng';

/**
 * Plays a best-of-`games` series (games odd, e.g. 3) between sides A and B and returns the games won by each, in
 * side order, e.g. [2, 1]. The better seed (lower number) is favoured: side A wins a game with probability
 * 0.5 + (seedB - seedA) / (4 * field), kept within [0.2, 0.8]; `field` is the number of entrants.
 */
export function playSeries(random: Random, seedA: number, seedB: number, field: number, games = 3): [number, number] {
  const needed = Math.floor(games / 2) + 1;
  const edge = Math.max(-0.3, Math.min(0.3, (seedB - seedA) / (4 * Math.max(field, 1))));
  const pA = 0.5 + edge;
  let a = 0;
  let b = 0;
  while (a < needed && b < needed) {
    if (random() < pA) a++;
    else b++;
  }
  return [a, b];
}
