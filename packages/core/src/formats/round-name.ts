import { DomainError } from '../errors/domain-error';
import type { BracketKind, StageFormat } from './types';

/**
 * Display name of a round: in the winners bracket "Final", "Semi-finals", "Quarter-finals", then
 * "Round of 16", "Round of 32", ...; the third-place bracket is "Third place match"; the grand final
 * "Grand final" (round 2: "Grand final reset"); losers bracket "Losers round {n}"; the play-offs of a full
 * consolation bracket "Play-offs round {n}" (R27.9); any other "Round {n}". A STEPLADDER stage (`format`) names its
 * rounds "Ladder round {n}" and the last one "Final" (R27.11): each is one match, not a fraction of a bracket.
 * @throws DomainError VALIDATION_ERROR (path `round` or `totalRounds`) for non-positive or inconsistent numbers.
 */
export function roundName(round: number, totalRounds: number, bracket: BracketKind = 'WINNERS', format?: StageFormat): string {
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
    case 'CONSOLATION':
      return `Play-offs round ${round}`;
    case 'WINNERS': {
      const remaining = totalRounds - round;
      if (remaining === 0) return 'Final';
      if (format === 'STEPLADDER') return `Ladder round ${round}`;
      if (remaining === 1) return 'Semi-finals';
      if (remaining === 2) return 'Quarter-finals';
      return `Round of ${2 ** (remaining + 1)}`;
    }
    default:
      return `Round ${round}`;
  }
}
