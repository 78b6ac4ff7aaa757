import { DomainError, throwIfInvalid, type DomainErrorDetail } from '../errors/domain-error';
import { MAX_BASE_POINTS, parsePlacementTable } from './placement-table';
import { SCORING_STRATEGIES, type ScoringConfig, type ScoringStrategy } from './scoring-types';

/** Fields each strategy accepts besides `strategy`. */
const FIELDS: Record<ScoringStrategy, readonly string[]> = {
  PLACEMENT: ['placements'],
  LINEAR: ['maxPoints', 'step', 'minPoints'],
  EXPONENTIAL: ['maxPoints', 'decay'],
};

const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

function integerIn(details: DomainErrorDetail[], value: unknown, path: string, min: number, max: number): number {
  if (typeof value !== 'number' || !Number.isInteger(value) || value < min || value > max) {
    details.push({ path, message: value === undefined ? 'is required' : `must be an integer from ${min} to ${max}` });
    return 0;
  }
  return value;
}

/**
 * Checks a season scoring configuration (R9.12) and returns it normalized (LINEAR gets
 * `minPoints: 0` when omitted). Paths in errors are rooted at `path`, e.g. `body.scoring.step`:
 * - `strategy` one of PLACEMENT, LINEAR, EXPONENTIAL; fields of another strategy are not allowed;
 * - PLACEMENT: `placements` as in {@link parsePlacementTable} (keys "N" or "LOW-HIGH", no overlap);
 * - LINEAR: integers `maxPoints` 1..1,000,000, `step` 0..1,000,000, `minPoints` 0..maxPoints;
 * - EXPONENTIAL: integer `maxPoints` 1..1,000,000 and `decay` with 0 < decay < 1.
 * @throws DomainError VALIDATION_ERROR naming the offending field(s).
 */
export function validateScoringConfig(config: unknown, path = 'scoring'): ScoringConfig {
  if (!isRecord(config)) throw new DomainError('VALIDATION_ERROR', `Invalid scoring configuration: ${path} must be an object`, [{ path, message: 'must be an object' }]);
  const strategy = config.strategy;
  if (typeof strategy !== 'string' || !(SCORING_STRATEGIES as readonly string[]).includes(strategy)) {
    const message = `must be one of ${SCORING_STRATEGIES.join(', ')}`;
    throw new DomainError('VALIDATION_ERROR', `Invalid scoring configuration: ${path}.strategy ${message}`, [{ path: `${path}.strategy`, message }]);
  }
  const kind = strategy as ScoringStrategy;
  const details: DomainErrorDetail[] = [];
  for (const field of Object.keys(config)) {
    if (field !== 'strategy' && !FIELDS[kind].includes(field)) details.push({ path: `${path}.${field}`, message: `is not allowed for strategy ${kind}` });
  }
  let result: ScoringConfig;
  switch (kind) {
    case 'PLACEMENT': {
      const placements = config.placements;
      if (!isRecord(placements)) {
        details.push({ path: `${path}.placements`, message: placements === undefined ? 'is required' : 'must be an object' });
        result = { strategy: kind, placements: {} };
        break;
      }
      throwIfInvalid(details, 'scoring configuration');
      parsePlacementTable(placements, `${path}.placements`);
      result = { strategy: kind, placements: { ...(placements as Record<string, number>) } };
      break;
    }
    case 'LINEAR': {
      const maxPoints = integerIn(details, config.maxPoints, `${path}.maxPoints`, 1, MAX_BASE_POINTS);
      const step = integerIn(details, config.step, `${path}.step`, 0, MAX_BASE_POINTS);
      const minPoints = config.minPoints === undefined ? 0 : integerIn(details, config.minPoints, `${path}.minPoints`, 0, MAX_BASE_POINTS);
      if (details.length === 0 && minPoints > maxPoints) {
        details.push({ path: `${path}.minPoints`, message: `must not exceed maxPoints (${maxPoints})` });
      }
      result = { strategy: kind, maxPoints, step, minPoints };
      break;
    }
    case 'EXPONENTIAL': {
      const maxPoints = integerIn(details, config.maxPoints, `${path}.maxPoints`, 1, MAX_BASE_POINTS);
      const decay = config.decay;
      if (typeof decay !== 'number' || !Number.isFinite(decay) || decay <= 0 || decay >= 1) {
        details.push({ path: `${path}.decay`, message: decay === undefined ? 'is required' : 'must be a number greater than 0 and less than 1' });
      }
      result = { strategy: kind, maxPoints, decay: decay as number };
      break;
    }
  }
  throwIfInvalid(details, 'scoring configuration');
  return result;
}
