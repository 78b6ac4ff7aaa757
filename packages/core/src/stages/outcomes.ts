import { DomainError } from '../errors/domain-error';
import type { MatchOutcome } from '../placements/types';
import type { StageMatchResult } from '../standings/types';

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
