import { DomainError } from '../errors/domain-error';
import type { Entrant, StageFormat } from '../formats/types';
import { computeDoubleEliminationPlacements } from '../placements/double-elimination-placements';
import { computeSingleEliminationPlacements } from '../placements/single-elimination-placements';
import { placementsFromGroupStandings, placementsFromStandings } from '../placements/standings-placements';
import type { MatchOutcome, Placement } from '../placements/types';
import { computeStandings } from '../standings/compute-standings';
import type { StageMatchResult } from '../standings/types';
import { settingsObject, thirdPlaceSetting, type StageSettings } from './stage-settings';

/**
 * Outcomes (winner and loser) of the decided two-participant results; byes, draws and undecided results
 * are left out.
 * @throws DomainError VALIDATION_ERROR (path `results`) unless `results` is an array.
 */
export function outcomesOf(results: readonly StageMatchResult[]): MatchOutcome[] {
  if (!Array.isArray(results)) {
    throw new DomainError('VALIDATION_ERROR', 'results must be an array', [{ path: 'results', message: 'must be an array' }]);
  }
  const out: MatchOutcome[] = [];
  for (const r of results) {
    const [a, b] = r.participants ?? [null, null];
    if (r.winnerId === null || a === null || b === null) continue;
    out.push({ key: r.key, winnerId: r.winnerId, loserId: r.winnerId === a ? b : a });
  }
  return out;
}

/**
 * Placements of a stage of any format from its results (R7.4, R7.7, R7.16): elimination formats by round of
 * elimination, shared where the bracket does not separate ("3-4", "5-8"; double elimination by losers
 * round), only for participants already placed; round robin and Swiss in standings order (ties the
 * criteria leave share a range); groups by group rank, each rank shared across groups. Sorted by placement.
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
  switch (format) {
    case 'SINGLE_ELIMINATION':
      return computeSingleEliminationPlacements(entrants, outcomesOf(results), { thirdPlaceMatch: thirdPlaceSetting(s) });
    case 'DOUBLE_ELIMINATION':
      return computeDoubleEliminationPlacements(entrants, outcomesOf(results), s);
    case 'ROUND_ROBIN':
    case 'SWISS':
      return placementsFromStandings(computeStandings(format, entrants, results, s));
    case 'GROUPS':
      return placementsFromGroupStandings(computeStandings(format, entrants, results, s));
  }
  throw new DomainError('UNSUPPORTED_FORMAT', `Unknown stage format ${String(format)}`);
}
