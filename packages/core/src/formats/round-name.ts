import { DomainError } from '../errors/domain-error';
import type { BracketKind } from './types';

/**
 * Display name of a round: in the winners bracket "Final", "Semi-finals", "Quarter-finals", then
 * "Round of 16", "Round of 32", ...; the third-place bracket is "Third place match"; the grand final
 * "Grand final" (round 2: "Grand final reset"); losers bracket "Losers round {n}"; any other "Round {n}".
 * @throws DomainError VALIDATION_ERROR (path `round` or `totalRounds`) for non-positive or inconsistent numbers.
 */
export function roundName(round: number, totalRounds: number, bracket: BracketKind = 'WINNERS'): string {
  if (!Number.isInteger(totalRounds) || totalRounds < 1) {
    throw new DomainError('VALIDATION_ERROR', 'totalRounds must be a positive integer', [
      { path: 'totalRounds', message: 'must be a positive integer' },
    ]);
  }
  if (!Number.isInteger(round) || round < 1 || (bracket === 'WINNERS' && round > totalRounds)) {
    throw new DomainError('VALIDATION_ERROR', `round must be an integer from 1 to ${totalRounds}`, [
      { path: 'round', message: `must be an integer from 1 to ${totalRounds}` },
    ]);
  }
  switch (bracket) {
    case 'THIRD_PLACE':
      return 'Third place match';
    case 'GRAND_FINAL':
      return round === 1 ? 'Grand final' : 'Grand final reset';
    case 'LOSERS':
      return `Losers round ${round}`;
    case 'WINNERS': {
      const remaining = totalRounds - round;
      if (remaining === 0) return 'Final';
      if (remaining === 1) return 'Semi-finals';
      if (remaining === 2) return 'Quarter-finals';
      return `Round of ${2 ** (remaining + 1)}`;
    }
    default:
      return `Round ${round}`;
  }
}
