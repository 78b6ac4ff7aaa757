import { DomainError } from '../errors/domain-error';
import { bracketSize, isPowerOfTwo } from '../seeding/bracket-size';
import { bracketSlots, byeRanks, type BracketSeedOrdering } from '../seeding/seed-orderings';
import { addConsolation } from './consolation';
import { THIRD_PLACE_KEY, winnersMatchKey } from './match-key';
import type { Entrant, GeneratedMatch, GeneratedStage } from './types';
import { validateEntrants } from './validate-entrants';

/** Fewest entrants of a single-elimination stage. */
export const SINGLE_ELIMINATION_MIN_ENTRANTS = 2;
/** Most entrants of a single-elimination stage. */
export const SINGLE_ELIMINATION_MAX_ENTRANTS = 65536;

/** Options of `generateSingleElimination` (contract `StageSettings.thirdPlaceMatch`). */
export interface SingleEliminationOptions {
  /** Add a match between the semi-final losers (only when there are at least 4 entrants). Default false. */
  thirdPlaceMatch?: boolean;
  /** First-round placement of the seeds (contract `StageSettings.seedOrdering`, R27.5); default inner_outer. */
  seedOrdering?: BracketSeedOrdering;
  /** A full consolation bracket: every place 1..N played off (R27.9); replaces the third-place match. Default false. */
  fullConsolation?: boolean;
  /**
   * Stop the bracket once this many entrants are left unbeaten (contract `StageSettings.stopAtQualifiers` with
   * `advanceCount`, R7.20): a power of two from 2 to below N, without a third-place match or consolation. Default:
   * the whole bracket is played.
   */
  stopAt?: number;
}

/**
 * The rounds of a full bracket a stage stopping with `stopAt` unbeaten leaves out: log2(stopAt), 0 without it.
 * @throws DomainError VALIDATION_ERROR (path `options.stopAt`) unless a power of two from 2 to below `n`, without play-offs.
 */
function cutRounds(stopAt: number | undefined, n: number, playOffs: boolean): number {
  if (stopAt === undefined) return 0;
  let message: string | null = null;
  if (!isPowerOfTwo(stopAt) || stopAt < 2 || stopAt >= n) message = `must be a power of two from 2 to below the ${n} entrants`;
  else if (playOffs) message = 'cannot be combined with a third-place match or consolation';
  if (message !== null) throw new DomainError('VALIDATION_ERROR', `stopAt ${message}`, [{ path: 'options.stopAt', message }]);
  return 31 - Math.clz32(stopAt);
}

function newMatch(round: number, number: number, a: string | null, b: string | null): GeneratedMatch {
  return {
    key: winnersMatchKey(round, number),
    bracket: 'WINNERS',
    round,
    number,
    participants: [a, b],
    next: { winner: null, loser: null },
  };
}

/**
 * Generates a single-elimination stage (R7.2, R7.3).
 *
 * Entrants are ranked by seed (rank 1 = lowest seed number) and placed in the standard `inner_outer`
 * order over a bracket of P = next power of two slots, so rank 1 meets rank P in round 1. Ranks above N are
 * byes and therefore fall to the top seeds. `seedOrdering` natural or reverse places them slot by slot
 * instead, with balanced byes (`bracketSlots`, R27.5). A bye is not a match: the seed facing it is placed directly in
 * its round-2 slot, so the stage has exactly N-1 matches, plus the third-place match ("TP", bracket
 * THIRD_PLACE, played in the final's round) when asked for and N >= 4. Match (r, n) feeds (r+1, ceil(n/2))
 * slot 1 when n is odd, else slot 2; semi-final losers feed the third-place match through `next.loser`.
 * With `stopAt` = A the bracket has only rounds 1..log2(P / A), whose last round leaves A entrants unbeaten (their
 * matches have no `next.winner`; with A = P / 2 the seeds given a bye play no match at all), R7.20: 16 entrants and
 * A = 4 make rounds 1 and 2, 12 matches; `totalRounds` is then log2(P / A).
 * Runs in O(N) (O(N log N) when entrants are not already sorted by seed).
 * @throws DomainError NOT_ENOUGH_PARTICIPANTS below 2 entrants; VALIDATION_ERROR for more than 65536
 *   entrants, duplicate or empty ids, duplicate or non-positive seeds, a non-boolean option, or a `stopAt` that is
 *   not a power of two from 2 to below N or comes with a third-place match or consolation (path `options.stopAt`).
 */
export function generateSingleElimination(
  entrants: readonly Entrant[],
  options: SingleEliminationOptions = {},
): GeneratedStage {
  const thirdPlaceOption = options.thirdPlaceMatch ?? false;
  if (typeof thirdPlaceOption !== 'boolean') {
    throw new DomainError('VALIDATION_ERROR', 'thirdPlaceMatch must be a boolean', [
      { path: 'options.thirdPlaceMatch', message: 'must be a boolean' },
    ]);
  }
  const ranked = validateEntrants(entrants, SINGLE_ELIMINATION_MIN_ENTRANTS, SINGLE_ELIMINATION_MAX_ENTRANTS);
  const n = ranked.length;
  const size = bracketSize(n);
  const fullConsolation = options.fullConsolation === true;
  const thirdPlaceMatch = thirdPlaceOption && n >= 4 && !fullConsolation;
  const totalRounds = 31 - Math.clz32(size) - cutRounds(options.stopAt, n, thirdPlaceOption || fullConsolation);
  const order = bracketSlots(options.seedOrdering ?? 'inner_outer', n, size);
  const matches: GeneratedMatch[] = [];
  // Ranks above N are byes; each faces one entrant (inner_outer: ranks 1..P-N), who advances without playing.
  const byes = byeRanks(order, n).map((rank) => (ranked[rank - 1] as Entrant).id);

  // Round 1: a position holds a match, or (when its second seed is a bye) the id of the seed advancing.
  const half = size / 2;
  const firstRound = new Array<GeneratedMatch | null>(half);
  const advancedByBye = new Array<string | null>(half);
  for (let pos = 1; pos <= half; pos++) {
    const top = order[2 * pos - 2] as number; // never a bye (`bracketSlots` puts byes second)
    const bottom = order[2 * pos - 1] as number;
    const topId = (ranked[top - 1] as Entrant).id;
    if (bottom > n) {
      firstRound[pos - 1] = null;
      advancedByBye[pos - 1] = topId;
    } else {
      const match = newMatch(1, pos, topId, (ranked[bottom - 1] as Entrant).id);
      firstRound[pos - 1] = match;
      advancedByBye[pos - 1] = null;
      matches.push(match);
    }
  }
  // Later rounds: every position holds a match (each round-1 position has at least one real entrant).
  let previous: (GeneratedMatch | null)[] = firstRound;
  const byRound: (GeneratedMatch | null)[][] = [firstRound];
  let semiFinals: (GeneratedMatch | null)[] = totalRounds === 2 ? firstRound : [];
  for (let round = 2; round <= totalRounds; round++) {
    const count = previous.length / 2;
    const current = new Array<GeneratedMatch>(count);
    for (let pos = 1; pos <= count; pos++) {
      const a = round === 2 ? (advancedByBye[2 * pos - 2] as string | null) : null;
      const b = round === 2 ? (advancedByBye[2 * pos - 1] as string | null) : null;
      const match = newMatch(round, pos, a, b);
      const left = previous[2 * pos - 2];
      const right = previous[2 * pos - 1];
      if (left) left.next.winner = { key: match.key, slot: 1 };
      if (right) right.next.winner = { key: match.key, slot: 2 };
      current[pos - 1] = match;
      matches.push(match);
    }
    if (round === totalRounds - 1) semiFinals = current;
    previous = current;
    byRound.push(current);
  }

  if (thirdPlaceMatch) {
    const thirdPlace: GeneratedMatch = {
      key: THIRD_PLACE_KEY,
      bracket: 'THIRD_PLACE',
      round: totalRounds,
      number: 1,
      participants: [null, null],
      next: { winner: null, loser: null },
    };
    for (const semi of semiFinals) if (semi) semi.next.loser = { key: THIRD_PLACE_KEY, slot: semi.number === 1 ? 1 : 2 };
    matches.push(thirdPlace);
  }

  let consolationPlaces: GeneratedStage['consolationPlaces'];
  if (fullConsolation) {
    const consolation = addConsolation(byRound, size);
    matches.push(...consolation.matches);
    consolationPlaces = consolation.places;
  }

  return {
    ...(consolationPlaces ? { consolationPlaces } : {}),
    format: 'SINGLE_ELIMINATION',
    entrantCount: n,
    bracketSize: size,
    totalRounds,
    thirdPlaceMatch,
    entrants: ranked,
    byes,
    matches,
  };
}
