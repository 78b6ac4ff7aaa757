import type { ResultType } from './types';

/** One side of a match for the forfeit rule: its participant id, seed (null: none) and whether it has forfeited. */
export interface ForfeitSide {
  participantId: string;
  seed: number | null;
  /** The participant is DISQUALIFIED or WITHDRAWN: it forfeits every match still to play. */
  forfeited: boolean;
}

/** A match decided by forfeit. */
export interface ForfeitOutcome {
  winnerId: string;
  loserId: string;
  resultType: Extract<ResultType, 'WALKOVER' | 'DOUBLE_FORFEIT'>;
}

/**
 * How a match whose two sides are known is decided when a side has forfeited: a WALKOVER for the other side;
 * when both have, a DOUBLE_FORFEIT won by the better (lower) seed, slot 1 on equal or missing seeds, so the
 * bracket can still finish. Null when neither side has forfeited (the match is played). Pure.
 */
export function forfeitOutcome(a: ForfeitSide, b: ForfeitSide): ForfeitOutcome | null {
  if (!a.forfeited && !b.forfeited) return null;
  if (a.forfeited && b.forfeited) {
    const aFirst = (a.seed ?? Number.MAX_SAFE_INTEGER) <= (b.seed ?? Number.MAX_SAFE_INTEGER);
    const [winner, loser] = aFirst ? [a, b] : [b, a];
    return { winnerId: winner.participantId, loserId: loser.participantId, resultType: 'DOUBLE_FORFEIT' };
  }
  const [winner, loser] = a.forfeited ? [b, a] : [a, b];
  return { winnerId: winner.participantId, loserId: loser.participantId, resultType: 'WALKOVER' };
}
