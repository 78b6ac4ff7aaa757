import { throwIfInvalid } from '../errors/domain-error';
import { generateSingleElimination, SINGLE_ELIMINATION_MAX_ENTRANTS, SINGLE_ELIMINATION_MIN_ENTRANTS } from '../formats/single-elimination';
import { THIRD_PLACE_KEY } from '../formats/match-key';
import type { PlaceSource } from '../formats/consolation';
import { qualifierCut } from '../stages/qualifier-cut';
import { consolationSetting, seedOrderingSetting, type StageSettings } from '../stages/stage-settings';
import { placementRange } from './placement-range';
import { singleEliminationPlaces } from './single-elimination-placements';
import type { MatchOutcome, Placement } from './types';

/** Places of recently placed full consolation brackets (match key to the sides it places) by entrant count and seed ordering. */
const consolationShapes = new Map<string, Map<string, PlaceSource[]>>();
const SHAPES_KEPT = 16;

/** The places of a full consolation bracket of `entrantCount` entrants by match key (the bracket depends on the count and the seed ordering only). */
function consolationShape(entrantCount: number, settings: StageSettings): Map<string, PlaceSource[]> {
  const seedOrdering = seedOrderingSetting(settings);
  const cacheKey = JSON.stringify([entrantCount, seedOrdering]);
  let shape = consolationShapes.get(cacheKey);
  if (shape === undefined) {
    const entrants = Array.from({ length: entrantCount }, (_, i) => ({ id: `#${i + 1}`, seed: i + 1 }));
    const stage = generateSingleElimination(entrants, { fullConsolation: true, seedOrdering });
    shape = new Map<string, PlaceSource[]>();
    for (const place of stage.consolationPlaces ?? []) shape.set(place.key, [...(shape.get(place.key) ?? []), place]);
    if (consolationShapes.size >= SHAPES_KEPT) consolationShapes.delete(consolationShapes.keys().next().value as string);
    consolationShapes.set(cacheKey, shape);
  }
  return shape;
}

/**
 * The placements one completed match of a single elimination of `entrantCount` entrants decides on its own, as the
 * format's placements from every result place its sides (R7.6, R27.9): by the round of elimination (the final 1
 * and 2, the third-place match 3 and 4, a round-r loser the places that round shares, nothing for a semi-final
 * loser when there is a third-place match; in a stage that stops at its qualifiers, `settings.stopAtQualifiers`, the
 * winner of its last round "1-A", R7.20), or with a full consolation bracket (`settings.consolation` FULL) the
 * places the match's sides reach. Needs the entrant count, never the entrants: the bracket's shape depends on the
 * count and the settings only. The sides are not checked against the stage's entrants. Sorted by placement. Pure.
 * @throws DomainError VALIDATION_ERROR for a count outside 2..65536 (path `entrantCount`), bad settings (paths
 *   `settings.<field>`), or a key not in the stage (path `result.key`).
 */
export function singleEliminationMatchPlacements(entrantCount: number, result: MatchOutcome, settings: StageSettings = {}): Placement[] {
  if (!Number.isInteger(entrantCount) || entrantCount < SINGLE_ELIMINATION_MIN_ENTRANTS || entrantCount > SINGLE_ELIMINATION_MAX_ENTRANTS) {
    throwIfInvalid([{ path: 'entrantCount', message: `must be an integer from ${SINGLE_ELIMINATION_MIN_ENTRANTS} to ${SINGLE_ELIMINATION_MAX_ENTRANTS}` }], 'entrant count');
  }
  const consolation = consolationSetting(settings);
  const placements: Placement[] = [];
  if (consolation === 'FULL') {
    for (const { side, place } of consolationShape(entrantCount, settings).get(result.key) ?? []) {
      const id = side === 'winner' ? result.winnerId : result.loserId;
      if (id !== null) placements.push({ participantId: id, placement: place, placementRange: placementRange(place, place) });
    }
  } else {
    const thirdPlace = entrantCount >= 4 && (consolation === 'THIRD_PLACE' || result.key === THIRD_PLACE_KEY);
    const decided = singleEliminationPlaces(result.key, entrantCount, thirdPlace, qualifierCut(settings, entrantCount));
    if (typeof decided === 'string') throwIfInvalid([{ path: 'result.key', message: decided }], 'match result');
    for (const { field, low, high } of decided as Exclude<typeof decided, string>) {
      const id = result[field];
      if (id !== null) placements.push({ participantId: id, placement: low, placementRange: placementRange(low, high) });
    }
  }
  return placements.sort((a, b) => a.placement - b.placement);
}
