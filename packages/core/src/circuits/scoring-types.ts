/**
 * Season point scoring configurations (R9.8 to R9.10, openapi `ScoringConfig`).
 * Positions are 1-based final placements; points are non-negative integers before the classification's
 * `pointMultiplier` is applied.
 */

/** The three scoring strategies (R9.8 to R9.10). */
export type ScoringStrategy = 'PLACEMENT' | 'LINEAR' | 'EXPONENTIAL';

/** Every strategy, in the order the contract lists them. */
export const SCORING_STRATEGIES: readonly ScoringStrategy[] = ['PLACEMENT', 'LINEAR', 'EXPONENTIAL'];

/**
 * Points by finish position: keys are a place ("1") or an inclusive range ("3-4", "9-16"), values integer points.
 * Ranges must not overlap; a position without an entry scores 0.
 */
export interface PlacementScoring {
  strategy: 'PLACEMENT';
  placements: Record<string, number>;
}

/** points = max(minPoints, maxPoints - step * (position - 1)); minPoints defaults to 0. */
export interface LinearScoring {
  strategy: 'LINEAR';
  maxPoints: number;
  step: number;
  minPoints?: number;
}

/** points = round(maxPoints * decay^(position - 1)), 0 < decay < 1 (rounded half up to an integer). */
export interface ExponentialScoring {
  strategy: 'EXPONENTIAL';
  maxPoints: number;
  decay: number;
}

/** A season's scoring configuration; `strategy` selects the shape. */
export type ScoringConfig = PlacementScoring | LinearScoring | ExponentialScoring;

/** One parsed entry of a PLACEMENT table: positions `from..to` (inclusive) score `points`; `key` as written. */
export interface PlacementBand {
  key: string;
  from: number;
  to: number;
  points: number;
}
