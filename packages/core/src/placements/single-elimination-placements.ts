import { throwIfInvalid, type DomainErrorDetail } from '../errors/domain-error';
import { parseMatchKey, THIRD_PLACE_KEY } from '../formats/match-key';
import { SINGLE_ELIMINATION_MAX_ENTRANTS, SINGLE_ELIMINATION_MIN_ENTRANTS } from '../formats/single-elimination';
import type { Entrant } from '../formats/types';
import { validateEntrants } from '../formats/validate-entrants';
import { bracketSize, isPowerOfTwo } from '../seeding/bracket-size';
import { bracketSlots, byeRanks, type BracketSeedOrdering } from '../seeding/seed-orderings';
import { placementRange } from './placement-range';
import type { MatchOutcome, Placement } from './types';

/** Options of `computeSingleEliminationPlacements`. */
export interface SingleEliminationPlacementOptions {
  /**
   * The stage has a third-place match (contract `StageSettings.thirdPlaceMatch`): semi-final losers then get
   * 3 and 4 from it instead of sharing "3-4". Inferred as true when `results` hold a "TP" outcome.
   */
  thirdPlaceMatch?: boolean;
  /**
   * The stage stops with this many entrants left unbeaten (R7.20, `generateSingleElimination`'s `stopAt`): they
   * share places 1..stopAt. Default: the whole bracket is played.
   */
  stopAt?: number;
  /** First-round placement of the seeds (R27.5), default inner_outer: tells who had a bye when `stopAt` is P / 2. */
  seedOrdering?: BracketSeedOrdering;
}

/** A place one side of a result takes: the side (`winnerId` or `loserId`) and the places [low, high] it shares. */
export interface SingleEliminationPlace {
  field: 'winnerId' | 'loserId';
  low: number;
  high: number;
}

/**
 * The places one result of a single elimination of `n` entrants (without a full consolation bracket) decides, from
 * its key alone, by the rules of {@link computeSingleEliminationPlacements} (R7.6): the final places its winner 1 and
 * its loser 2, the third-place match ("TP") 3 and 4, a round-r loser P/2^r + 1 up to min(P/2^(r-1), N) (P the
 * bracket size), a semi-final loser nothing when `thirdPlace` (the third-place match places them). A stage stopping
 * with `stopAt` = A left unbeaten (R7.20) ends with round log2(P / A), whose winner shares places 1..A and whose loser
 * A + 1 up to min(2A, N). Returns why the key is refused instead: unknown, a round beyond the bracket, or a
 * third-place match below 4 entrants or in a stage that stops at its qualifiers. O(1).
 */
export function singleEliminationPlaces(key: unknown, n: number, thirdPlace: boolean, stopAt: number | null = null): SingleEliminationPlace[] | string {
  const size = bracketSize(n);
  const totalRounds = 31 - Math.clz32(size) - (stopAt === null ? 0 : 31 - Math.clz32(stopAt));
  const parsed = typeof key === 'string' ? parseMatchKey(key) : null;
  if (parsed === null || (parsed.bracket === 'WINNERS' && parsed.round > totalRounds)) return `unknown match key ${String(key)}`;
  if (parsed.bracket === 'THIRD_PLACE') {
    if (n < 4) return 'no third-place match below 4 entrants';
    if (stopAt !== null) return 'no third-place match in a stage that stops at its qualifiers';
    return [
      { field: 'winnerId', low: 3, high: 3 },
      { field: 'loserId', low: 4, high: 4 },
    ];
  }
  const round = parsed.round;
  if (stopAt !== null && round === totalRounds) {
    return [
      { field: 'winnerId', low: 1, high: stopAt },
      { field: 'loserId', low: stopAt + 1, high: Math.min(2 * stopAt, n) },
    ];
  }
  if (round === totalRounds) {
    return [
      { field: 'winnerId', low: 1, high: 1 },
      { field: 'loserId', low: 2, high: 2 },
    ];
  }
  if (thirdPlace && stopAt === null && round === totalRounds - 1) return [];
  return [{ field: 'loserId', low: size / 2 ** round + 1, high: Math.min(size / 2 ** (round - 1), n) }];
}

/**
 * Final placements of a single-elimination stage from its match outcomes: champion 1, runner-up 2,
 * semi-final losers 3 each ("3-4"), or 3 and 4 when there is a third-place match, quarter-final losers 5
 * ("5-8"), and so on; a round-r loser gets P/2^r + 1 up to min(P/2^(r-1), N), so with byes the upper bound
 * is capped at N (13 entrants: first-round losers "9-13"). Only participants whose final place is decided
 * are listed (a stage in progress gives a partial list; with a third-place match, semi-final losers wait
 * for it). With `stopAt` = A (R7.20) the A participants left unbeaten share "1-A" (the winners of the last round
 * played, and from the start the seeds a bye put past a stage of one round), so they come by seed. Sorted by
 * placement, then seed. O(N + matches).
 * @throws DomainError like `generateSingleElimination` for bad entrants; VALIDATION_ERROR (paths
 *   `results[i].key`, `results[i].winnerId`, `results[i].loserId`) for unknown keys or participants, or a
 *   participant eliminated twice; (path `options.stopAt`) for a `stopAt` that is not a power of two from 2 to
 *   below N.
 */
export function computeSingleEliminationPlacements(
  entrants: readonly Entrant[],
  results: readonly MatchOutcome[],
  options: SingleEliminationPlacementOptions = {},
): Placement[] {
  const ranked = validateEntrants(entrants, SINGLE_ELIMINATION_MIN_ENTRANTS, SINGLE_ELIMINATION_MAX_ENTRANTS);
  const n = ranked.length;
  const hasThirdPlaceResult = results.some((r) => r.key === THIRD_PLACE_KEY);
  const thirdPlace = n >= 4 && (options.thirdPlaceMatch === true || hasThirdPlaceResult);
  const stopAt = options.stopAt ?? null;
  if (stopAt !== null && (!isPowerOfTwo(stopAt) || stopAt < 2 || stopAt >= n)) {
    throwIfInvalid([{ path: 'options.stopAt', message: `must be a power of two from 2 to below the ${n} entrants` }], 'options');
  }

  const seedOf = new Map<string, number>();
  for (const e of ranked) seedOf.set(e.id, e.seed);

  const placed = new Map<string, Placement>();
  const details: DomainErrorDetail[] = [];
  const place = (index: number, field: 'winnerId' | 'loserId', id: string, low: number, high: number): void => {
    if (!seedOf.has(id)) {
      details.push({ path: `results[${index}].${field}`, message: `${id} is not an entrant of the stage` });
    } else if (placed.has(id)) {
      details.push({ path: `results[${index}].${field}`, message: `${id} is placed twice` });
    } else {
      placed.set(id, { participantId: id, placement: low, placementRange: placementRange(low, high) });
    }
  };

  // A stage of one round (stopAt = P / 2): the seeds a bye put past it are unbeaten from the start.
  if (stopAt !== null && 2 * stopAt === bracketSize(n)) {
    const order = bracketSlots(options.seedOrdering ?? 'inner_outer', n, 2 * stopAt);
    for (const rank of byeRanks(order, n)) {
      const id = (ranked[rank - 1] as Entrant).id;
      placed.set(id, { participantId: id, placement: 1, placementRange: placementRange(1, stopAt) });
    }
  }

  results.forEach((result, i) => {
    const decided = singleEliminationPlaces(result.key, n, thirdPlace, stopAt);
    if (typeof decided === 'string') {
      details.push({ path: `results[${i}].key`, message: decided });
      return;
    }
    for (const { field, low, high } of decided) {
      const id = result[field];
      if (id !== null) place(i, field, id, low, high);
    }
  });
  throwIfInvalid(details, 'match results');

  const placements = [...placed.values()];
  placements.sort(
    (a, b) => a.placement - b.placement || (seedOf.get(a.participantId) as number) - (seedOf.get(b.participantId) as number),
  );
  return placements;
}
