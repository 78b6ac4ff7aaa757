import type { BracketMatch } from './types';

/**
 * A first grand final whose `next.winner` is the reset (double grand final): when the winners-bracket champion
 * (slot 1) wins it, the reset is not needed.
 */
export function isFirstGrandFinal(match: Pick<BracketMatch, 'bracket' | 'round' | 'next'>): boolean {
  return match.bracket === 'GRAND_FINAL' && match.round === 1 && match.next.winner !== null;
}
