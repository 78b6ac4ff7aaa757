import { throwIfInvalid, type DomainErrorDetail } from '../errors/domain-error';
import { parseMatchKey, THIRD_PLACE_KEY } from '../formats/match-key';
import { SINGLE_ELIMINATION_MAX_ENTRANTS, SINGLE_ELIMINATION_MIN_ENTRANTS } from '../formats/single-elimination';
import type { Entrant } from '../formats/types';
import { validateEntrants } from '../formats/validate-entrants';
import { bracketSize } from '../seeding/bracket-size';
import { placementRange } from './placement-range';
import type { MatchOutcome, Placement } from './types';

/** Options of `computeSingleEliminationPlacements`. */
export interface SingleEliminationPlacementOptions {
  /**
   * The stage has a third-place match (contract `StageSettings.thirdPlaceMatch`): semi-final losers then get
   * 3 and 4 from it instead of sharing "3-4". Inferred as true when `results` hold a "TP" outcome.
   */
  thirdPlaceMatch?: boolean;
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
 * bracket size), a semi-final loser nothing when `thirdPlace` (the third-place match places them). Returns why the
 * key is refused instead: unknown, a round beyond the bracket, or a third-place match below 4 entrants. O(1).
 */
export function singleEliminationPlaces(key: unknown, n: number, thirdPlace: boolean): SingleEliminationPlace[] | string {
  const size = bracketSize(n);
  const totalRounds = 31 - Math.clz32(size);
  const parsed = typeof key === 'string' ? parseMatchKey(key) : null;
  if (parsed === null || (parsed.bracket === 'WINNERS' && parsed.round > totalRounds)) return `unknown match key ${String(key)}`;
  if (parsed.bracket === 'THIRD_PLACE') {
    if (n < 4) return 'no third-place match below 4 entrants';
    return [
      { field: 'winnerId', low: 3, high: 3 },
      { field: 'loserId', low: 4, high: 4 },
    ];
  }
  const round = parsed.round;
  if (round === totalRounds) {
    return [
      { field: 'winnerId', low: 1, high: 1 },
      { field: 'loserId', low: 2, high: 2 },
    ];
  }
  if (thirdPlace && round === totalRounds - 1) return [];
  return [{ field: 'loserId', low: size / 2 ** round + 1, high: Math.min(size / 2 ** (round - 1), n) }];
}

/**
 * Final placements of a single-elimination stage from its match outcomes: champion 1, runner-up 2,
 * semi-final losers 3 each ("3-4"), or 3 and 4 when there is a third-place match, quarter-final losers 5
 * ("5-8"), and so on; a round-r loser gets P/2^r + 1 up to min(P/2^(r-1), N), so with byes the upper bound
 * is capped at N (13 entrants: first-round losers "9-13"). Only participants whose final place is decided
 * are listed (a stage in progress gives a partial list; with a third-place match, semi-final losers wait
 * for it). Sorted by placement, then seed. O(N + matches).
 * @throws DomainError like `generateSingleElimination` for bad entrants; VALIDATION_ERROR (paths
 *   `results[i].key`, `results[i].winnerId`, `results[i].loserId`) for unknown keys or participants, or a
 *   participant eliminated twice.
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

  results.forEach((result, i) => {
    const decided = singleEliminationPlaces(result.key, n, thirdPlace);
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
