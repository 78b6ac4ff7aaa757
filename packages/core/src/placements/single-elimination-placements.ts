import { throwIfInvalid, type DomainErrorDetail } from '../errors/domain-error';
import { parseMatchKey, THIRD_PLACE_KEY } from '../formats/match-key';
import { SINGLE_ELIMINATION_MAX_ENTRANTS, SINGLE_ELIMINATION_MIN_ENTRANTS } from '../formats/single-elimination';
import type { Entrant } from '../formats/types';
import { validateEntrants } from '../formats/validate-entrants';
import { bracketSize } from '../seeding/bracket-size';
import type { MatchOutcome, Placement } from './types';

/** Options of `computeSingleEliminationPlacements`. */
export interface SingleEliminationPlacementOptions {
  /**
   * The stage has a third-place match (contract `StageSettings.thirdPlaceMatch`): semi-final losers then get
   * 3 and 4 from it instead of sharing "3-4". Inferred as true when `results` hold a "TP" outcome.
   */
  thirdPlaceMatch?: boolean;
}

function rangeOf(low: number, high: number): string {
  return low === high ? String(low) : `${low}-${high}`;
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
  const size = bracketSize(n);
  const totalRounds = 31 - Math.clz32(size);
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
      placed.set(id, { participantId: id, placement: low, placementRange: rangeOf(low, high) });
    }
  };

  results.forEach((result, i) => {
    const parsed = typeof result.key === 'string' ? parseMatchKey(result.key) : null;
    if (parsed === null || (parsed.bracket === 'WINNERS' && parsed.round > totalRounds)) {
      details.push({ path: `results[${i}].key`, message: `unknown match key ${String(result.key)}` });
      return;
    }
    if (parsed.bracket === 'THIRD_PLACE') {
      if (n < 4) {
        details.push({ path: `results[${i}].key`, message: 'no third-place match below 4 entrants' });
        return;
      }
      if (result.winnerId !== null) place(i, 'winnerId', result.winnerId, 3, 3);
      if (result.loserId !== null) place(i, 'loserId', result.loserId, 4, 4);
      return;
    }
    const round = parsed.round;
    if (round === totalRounds) {
      if (result.winnerId !== null) place(i, 'winnerId', result.winnerId, 1, 1);
      if (result.loserId !== null) place(i, 'loserId', result.loserId, 2, 2);
      return;
    }
    if (result.loserId === null || (thirdPlace && round === totalRounds - 1)) return;
    const low = size / 2 ** round + 1;
    const high = Math.min(size / 2 ** (round - 1), n);
    place(i, 'loserId', result.loserId, low, high);
  });
  throwIfInvalid(details, 'match results');

  const placements = [...placed.values()];
  placements.sort(
    (a, b) => a.placement - b.placement || (seedOf.get(a.participantId) as number) - (seedOf.get(b.participantId) as number),
  );
  return placements;
}
