import { DomainError } from '../errors/domain-error';
import { bandPoints, parsePlacementTable } from './placement-table';
import type { ScoringConfig } from './scoring-types';
import { validateScoringConfig } from './validate-scoring';

/** Base points of a 1-based final position under one configuration (before any multiplier). */
export type Scorer = (position: number) => number;

/** Largest pointMultiplier a classification may use (openapi `ClassifyRequest.pointMultiplier`). */
export const MAX_POINT_MULTIPLIER = 100;

/**
 * Rounds half up to a whole number, after removing binary floating-point noise (12 significant digits), so
 * 100 x 0.8^2 = 64.00000000000001 gives 64 and 45 x 1.15 = 51.749999... is treated as 51.75.
 */
function roundClean(value: number): number {
  return Math.round(Number(value.toPrecision(12)));
}

function requirePosition(position: number): void {
  if (!Number.isInteger(position) || position < 1) {
    throw new DomainError('VALIDATION_ERROR', `placement must be an integer >= 1 (got ${position})`, [
      { path: 'placement', message: 'must be an integer >= 1' },
    ]);
  }
}

/**
 * Compiles a scoring configuration into a function of the final position (R9.8 to R9.10):
 * - PLACEMENT: the points of the place or range holding the position, 0 when none does;
 * - LINEAR: max(minPoints, maxPoints - step x (position - 1));
 * - EXPONENTIAL: maxPoints x decay^(position - 1), rounded half up to an integer.
 * Participants sharing a placement (e.g. both semi-final losers, range "3-4") are scored at their shared best
 * position (3), so each gets that placement's points. The configuration is validated first.
 * @throws DomainError VALIDATION_ERROR for an invalid configuration, or (from the scorer) a position < 1.
 */
export function createScorer(config: ScoringConfig): Scorer {
  const valid = validateScoringConfig(config);
  switch (valid.strategy) {
    case 'PLACEMENT': {
      const bands = parsePlacementTable(valid.placements);
      return (position) => {
        requirePosition(position);
        return bandPoints(bands, position);
      };
    }
    case 'LINEAR': {
      const { maxPoints, step } = valid;
      const minPoints = valid.minPoints ?? 0;
      return (position) => {
        requirePosition(position);
        return Math.max(minPoints, maxPoints - step * (position - 1));
      };
    }
    case 'EXPONENTIAL': {
      const { maxPoints, decay } = valid;
      return (position) => {
        requirePosition(position);
        return roundClean(maxPoints * decay ** (position - 1));
      };
    }
  }
}

/** Base points of one position (see {@link createScorer}; compile once with it when scoring many). */
export function basePoints(config: ScoringConfig, position: number): number {
  return createScorer(config)(position);
}

/**
 * Checks a classification's pointMultiplier: a finite number with 0 < m <= 100.
 * @throws DomainError VALIDATION_ERROR naming `path` (default `pointMultiplier`).
 */
export function validatePointMultiplier(multiplier: number, path = 'pointMultiplier'): number {
  if (typeof multiplier !== 'number' || !Number.isFinite(multiplier) || multiplier <= 0 || multiplier > MAX_POINT_MULTIPLIER) {
    throw new DomainError('VALIDATION_ERROR', `${path} must be a number greater than 0 and at most ${MAX_POINT_MULTIPLIER}`, [
      { path, message: `must be greater than 0 and at most ${MAX_POINT_MULTIPLIER}` },
    ]);
  }
  return multiplier;
}

/**
 * Scales base points by a classification's pointMultiplier (R9.11). Rounding (docs/decisions.md): the product
 * is rounded half up to hundredths, so 45 x 1.5 = 67.5, 33 x 1.25 = 41.25, 7 x 1.333 = 9.331 -> 9.33 and
 * 3 x 0.005 = 0.015 -> 0.02. With multiplier 1 the points stay whole.
 * @throws DomainError VALIDATION_ERROR for a multiplier outside 0 < m <= 100.
 */
export function applyMultiplier(points: number, multiplier: number): number {
  validatePointMultiplier(multiplier);
  return roundClean(points * multiplier * 100) / 100;
}

/** Points one position earns under `config` scaled by `multiplier` (default 1): {@link applyMultiplier} of the base. */
export function awardPoints(config: ScoringConfig, position: number, multiplier = 1): number {
  return applyMultiplier(basePoints(config, position), multiplier);
}
