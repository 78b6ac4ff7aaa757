import type { Entrant, StageFormat } from '../formats/types';
import type { Placement } from '../placements/types';
import { formatDefinition } from '../registry/formats';
import type { StageMatchResult } from '../standings/types';
import { settingsObject, type StageSettings } from './stage-settings';

export { outcomesOf } from './outcomes';

/**
 * Placements of a stage of any format from its results (R7.4, R7.7, R7.16), by the format's `placements` in the
 * registry: elimination formats by round of elimination, shared where the bracket does not separate ("3-4",
 * "5-8"; double elimination by losers round), only for participants already placed; round robin and Swiss
 * in standings order (ties the criteria leave share a range); groups by group rank, each rank shared across
 * groups. Sorted by placement.
 * @throws DomainError UNSUPPORTED_FORMAT for an unknown format; VALIDATION_ERROR for bad entrants,
 *   settings or results.
 */
export function computeStagePlacements(
  format: StageFormat,
  entrants: readonly Entrant[],
  results: readonly StageMatchResult[],
  settings: StageSettings = {},
): Placement[] {
  const s = settingsObject(settings);
  return formatDefinition(format).placements(entrants, results, s);
}
