import { cyclesSetting } from '../stages/stage-settings';
import { roundRobinMatchKey } from './stage-match-key';
import type { Entrant, GeneratedMatch } from './types';
import { validateEntrants } from './validate-entrants';

/** Fewest entrants of a round-robin stage (or group). */
export const ROUND_ROBIN_MIN_ENTRANTS = 2;
/** Most entrants of a round-robin stage (N(N-1)/2 matches: about 2 million at 2048). */
export const ROUND_ROBIN_MAX_ENTRANTS = 2048;

/** Options of `generateRoundRobin` (contract `StageSettings.roundRobinCycles`). */
export interface RoundRobinOptions {
  /** 1 (default): everyone meets everyone once; 2: twice, the second cycle with sides swapped. */
  roundRobinCycles?: 1 | 2;
}

/** A generated round-robin stage: every round is listed, matches in play order. */
export interface RoundRobinStage {
  format: 'ROUND_ROBIN';
  entrantCount: number;
  /** Entrants sorted by seed (rank 1..N). */
  entrants: Entrant[];
  cycles: 1 | 2;
  /** Rounds of one cycle: N-1 for even N, N for odd N. */
  roundsPerCycle: number;
  totalRounds: number;
  /** For odd N, the participant resting (bye, not a match) in each round (index 0 = round 1); empty for even N. */
  restingByRound: string[];
  matches: GeneratedMatch[];
}

/**
 * The round-robin schedule of `n` participants by the circle method (Berger tables), as 0-based indices
 * into the seed-ordered list: one array of [slot 1, slot 2] pairs per round, n-1 rounds for even n and n
 * for odd n (where the participant facing the phantom rests). Pairs per round are brackets-manager's
 * (`makeRoundRobinDistribution`): in round r (0-based) of n' = n rounded up to even, pair 0 is
 * (r, n'-1) and pair m >= 1 is {(r - m) mod (n'-1), (r + m) mod (n'-1)}. Sides follow the Berger tables
 * so that they balance: in pair m >= 1 slot 1 goes to the participant whose distance (i - r) mod (n'-1)
 * is even (exactly one of the two: their distances m and n'-1-m have different parity); in pair 0 to r in
 * even rounds and to n'-1 in odd rounds. So every participant is in slot 1 in (n'-2)/2 or n'/2 of its
 * games (odd n: exactly half) and never three rounds running on the same side. O(n^2).
 */
export function roundRobinSchedule(n: number): [number, number][][] {
  const even = n % 2 === 0 ? n : n + 1;
  const circle = even - 1;
  const rounds: [number, number][][] = [];
  for (let r = 0; r < circle; r++) {
    const pairs: [number, number][] = [];
    if (n % 2 === 0) pairs.push(r % 2 === 0 ? [r, circle] : [circle, r]);
    for (let m = 1; m < even / 2; m++) {
      const a = (r - m + circle) % circle; // distance circle - m
      const b = (r + m) % circle; // distance m
      pairs.push(m % 2 === 0 ? [b, a] : [a, b]);
    }
    rounds.push(pairs);
  }
  return rounds;
}

/**
 * Builds the matches of one round-robin among `ranked` (already validated, seed order): rounds from
 * `roundRobinSchedule`, a second cycle repeating them with sides swapped. `key(round, number)` names each
 * match; `extra` is merged into every match (e.g. the group number). Returns matches in play order and
 * the resting participant per round.
 */
export function buildRoundRobinMatches<M extends GeneratedMatch>(
  ranked: readonly Entrant[],
  cycles: 1 | 2,
  bracket: 'ROUND_ROBIN' | 'GROUP',
  key: (round: number, number: number) => string,
  extra: Omit<M, keyof GeneratedMatch>,
): { rounds: M[][]; resting: string[] } {
  const n = ranked.length;
  const schedule = roundRobinSchedule(n);
  const rounds: M[][] = [];
  const resting: string[] = [];
  for (let cycle = 0; cycle < cycles; cycle++) {
    schedule.forEach((pairs, r) => {
      const round = cycle * schedule.length + r + 1;
      const list: M[] = [];
      pairs.forEach(([a, b], i) => {
        const first = (ranked[cycle === 0 ? a : b] as Entrant).id;
        const second = (ranked[cycle === 0 ? b : a] as Entrant).id;
        list.push({
          ...extra,
          key: key(round, i + 1),
          bracket,
          round,
          number: i + 1,
          participants: [first, second],
          next: { winner: null, loser: null },
        } as M);
      });
      rounds.push(list);
      // Odd n: pair 0 of round r would be (r, phantom), so index r rests.
      if (n % 2 === 1) resting.push((ranked[r] as Entrant).id);
    });
  }
  return { rounds, resting };
}

/**
 * Generates a round-robin stage (R7.8): everyone meets everyone once per cycle, N(N-1)/2 matches per
 * cycle, keys "RR-r{round}-n{number}", rounds of the Berger circle method in seed order (the same pairs
 * per round as brackets-manager's schedule, sides balanced as in Berger tables: everyone is in slot 1 in
 * half of its games, give or take one, see `roundRobinSchedule`); with odd N one participant rests each
 * round (not a match). The second cycle (roundRobinCycles 2) repeats the rounds with sides swapped. O(N^2).
 * @throws DomainError NOT_ENOUGH_PARTICIPANTS below 2 entrants; VALIDATION_ERROR for more than 2048
 *   entrants, bad entrants, or a bad `roundRobinCycles` (path `settings.roundRobinCycles`).
 */
export function generateRoundRobin(entrants: readonly Entrant[], options: RoundRobinOptions = {}): RoundRobinStage {
  const cycles = cyclesSetting(options);
  const ranked = validateEntrants(entrants, ROUND_ROBIN_MIN_ENTRANTS, ROUND_ROBIN_MAX_ENTRANTS);
  const { rounds, resting } = buildRoundRobinMatches<GeneratedMatch>(ranked, cycles, 'ROUND_ROBIN', roundRobinMatchKey, {});
  const roundsPerCycle = rounds.length / cycles;
  return {
    format: 'ROUND_ROBIN',
    entrantCount: ranked.length,
    entrants: ranked,
    cycles,
    roundsPerCycle,
    totalRounds: rounds.length,
    restingByRound: resting,
    matches: rounds.flat(),
  };
}
