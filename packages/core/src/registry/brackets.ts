import type { BracketKind, StageFormat } from '../formats/types';
import { FORMATS, STAGE_FORMATS } from './formats';

/** How matches of one bracket (contract `Match.bracket`) are ordered and scheduled. */
export interface BracketDefinition {
  /** Rank among matches of the same stage and round in play order (lower first). */
  playRank: number;
  /** Rank in the bracket view (lower first). */
  viewRank: number;
  /** A match plays in the play round of its own round number (else from play round 1, after the matches feeding it). */
  playsInOwnRound: boolean;
}

/**
 * Every bracket: pool brackets first in play order, then the third-place match (played before the final),
 * winners, losers and grand final; the bracket view shows winners, losers, grand final, third place, then pools.
 */
export const BRACKETS = {
  WINNERS: { playRank: 2, viewRank: 0, playsInOwnRound: true },
  LOSERS: { playRank: 3, viewRank: 1, playsInOwnRound: false },
  GRAND_FINAL: { playRank: 4, viewRank: 2, playsInOwnRound: false },
  THIRD_PLACE: { playRank: 1, viewRank: 3, playsInOwnRound: false },
  ROUND_ROBIN: { playRank: 0, viewRank: 4, playsInOwnRound: true },
  SWISS: { playRank: 0, viewRank: 4, playsInOwnRound: true },
  GROUP: { playRank: 0, viewRank: 4, playsInOwnRound: true },
  CONSOLATION: { playRank: 1, viewRank: 3, playsInOwnRound: false },
} as const satisfies Record<BracketKind, BracketDefinition>;

/** Every bracket kind. */
export const BRACKET_KINDS = Object.keys(BRACKETS) as BracketKind[];

/** True when `value` names a bracket. */
export function isBracketKind(value: unknown): value is BracketKind {
  return typeof value === 'string' && Object.prototype.hasOwnProperty.call(BRACKETS, value);
}

/** The formats whose matches may be in `bracket` (from `FORMATS[format].brackets`); empty for an unknown bracket. */
export function formatsOfBracket(bracket: BracketKind | string): StageFormat[] {
  return STAGE_FORMATS.filter((f) => (FORMATS[f].brackets as readonly string[]).includes(bracket));
}

/** Whether a match of `bracket` may end in a draw: its format allows draws (`traits.drawsAllowed`). False for an unknown bracket. */
export function bracketAllowsDraws(bracket: BracketKind | string): boolean {
  return formatsOfBracket(bracket).some((f) => FORMATS[f].traits.drawsAllowed);
}
