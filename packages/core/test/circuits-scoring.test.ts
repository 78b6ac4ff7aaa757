import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  applyMultiplier,
  awardPoints,
  basePoints,
  createScorer,
  computeSingleEliminationPlacements,
  MAX_PLACEMENT_POSITION,
  parsePlacementTable,
  validatePointMultiplier,
  validateScoringConfig,
  type ScoringConfig,
} from '../src/index';
import { catchDomainError } from './helpers/domain-error';

const table: ScoringConfig = { strategy: 'PLACEMENT', placements: { '1': 100, '2': 70, '3-4': 40, '5-8': 20, '9-16': 5 } };

describe('PLACEMENT scoring', () => {
  it('scores single places and every position inside a range', () => {
    const score = createScorer(table);
    expect([1, 2, 3, 4, 5, 8, 9, 12, 16].map(score)).toEqual([100, 70, 40, 40, 20, 20, 5, 5, 5]);
  });

  it('scores positions beyond the table (and gaps between keys) as 0', () => {
    const score = createScorer({ strategy: 'PLACEMENT', placements: { '1': 50, '4': 10 } });
    expect([1, 2, 3, 4, 5, 17].map(score)).toEqual([50, 0, 0, 10, 0, 0]);
  });

  it('gives participants sharing a placement each that placement\'s points', () => {
    // Both semi-final losers share "3-4" and are placed 3; a table splitting 3 and 4 still gives both 3rd place points.
    const split = createScorer({ strategy: 'PLACEMENT', placements: { '1': 100, '2': 70, '3': 50, '4': 30 } });
    const sharers = [{ placement: 3 }, { placement: 3 }];
    expect(sharers.map((p) => split(p.placement))).toEqual([50, 50]);
  });

  it('accepts every place the formats produce: up to the largest bracket, 65,536 (places of the last round included)', () => {
    expect(MAX_PLACEMENT_POSITION).toBe(65536);
    // The largest single elimination places its first-round losers 32769-65536.
    const entrants = Array.from({ length: 65536 }, (_, i) => ({ id: `p${i + 1}`, seed: i + 1 }));
    const [lastPlace] = computeSingleEliminationPlacements(entrants, [{ key: 'W-r1-n1', winnerId: 'p1', loserId: 'p65536' }]);
    expect(lastPlace).toMatchObject({ participantId: 'p65536', placement: 32769 });
    const score = createScorer({ strategy: 'PLACEMENT', placements: { '1': 1000, '32769-65536': 1 } });
    expect([lastPlace?.placement ?? 0, 65536].map(score)).toEqual([1, 1]);
  });

  it('parses keys into bands sorted by position whatever the key order', () => {
    const bands = parsePlacementTable({ '9-16': 5, '1': 100, '3-4': 40 });
    expect(bands).toEqual([
      { key: '1', from: 1, to: 1, points: 100 },
      { key: '3-4', from: 3, to: 4, points: 40 },
      { key: '9-16', from: 9, to: 16, points: 5 },
    ]);
  });

  it.each([
    [{ '3-4': 40, '4': 10 }, 'placements["4"]', 'overlaps "3-4"'],
    [{ '9-16': 5, '12-20': 3 }, 'placements["12-20"]', 'overlaps "9-16"'],
    [{ '1-4': 5, '2-3': 3 }, 'placements["2-3"]', 'overlaps "1-4"'],
    [{ '2': 5, '2-2': 3 }, 'placements["2-2"]', 'overlaps "2"'],
  ])('refuses overlapping ranges %j naming the later key', (placements, path, message) => {
    const error = catchDomainError(() => parsePlacementTable(placements));
    expect(error.code).toBe('VALIDATION_ERROR');
    expect(error.details?.[0]?.path).toBe(path);
    expect(error.details?.[0]?.message).toContain(message);
    expect(error.message).toContain(path);
  });

  it.each([
    [{ '4-3': 10 }, 'placements["4-3"]', 'from the better place'],
    [{ '0': 10 }, 'placements["0"]', 'must be a place'],
    [{ 'first': 10 }, 'placements["first"]', 'must be a place'],
    [{ '1': -5 }, 'placements["1"]', 'integer from 0'],
    [{ '1': 2.5 }, 'placements["1"]', 'integer from 0'],
    [{ '1-65537': 1 }, 'placements["1-65537"]', 'up to 65536'],
    [{}, 'placements', 'at least one'],
  ])('refuses the invalid table %j naming %s', (placements, path, message) => {
    const error = catchDomainError(() => parsePlacementTable(placements as Record<string, number>));
    expect(error.details?.[0]).toEqual({ path, message: expect.stringContaining(message) });
  });

  it('has no position scored by two bands in any table it accepts (property)', () => {
    const key = fc.tuple(fc.integer({ min: 1, max: 40 }), fc.integer({ min: 0, max: 6 })).map(([a, len]) => (len === 0 ? `${a}` : `${a}-${a + len}`));
    fc.assert(
      fc.property(fc.dictionary(key, fc.integer({ min: 0, max: 100 }), { minKeys: 1, maxKeys: 8 }), (placements) => {
        let bands;
        try {
          bands = parsePlacementTable(placements);
        } catch {
          return; // refused tables are covered above
        }
        for (let position = 1; position <= 50; position++) {
          expect(bands.filter((b) => b.from <= position && position <= b.to).length).toBeLessThanOrEqual(1);
        }
      }),
      { numRuns: 200 },
    );
  });
});

describe('LINEAR scoring', () => {
  it('takes step points off per position down to minPoints', () => {
    const score = createScorer({ strategy: 'LINEAR', maxPoints: 100, step: 15, minPoints: 10 });
    expect([1, 2, 3, 6, 7, 50].map(score)).toEqual([100, 85, 70, 25, 10, 10]);
  });

  it('defaults minPoints to 0 and never goes negative', () => {
    const score = createScorer({ strategy: 'LINEAR', maxPoints: 10, step: 4 });
    expect([1, 2, 3, 4, 10].map(score)).toEqual([10, 6, 2, 0, 0]);
    expect(validateScoringConfig({ strategy: 'LINEAR', maxPoints: 10, step: 4 })).toEqual({ strategy: 'LINEAR', maxPoints: 10, step: 4, minPoints: 0 });
  });

  it('with step 0 gives every position maxPoints', () => {
    expect(basePoints({ strategy: 'LINEAR', maxPoints: 25, step: 0 }, 99)).toBe(25);
  });
});

describe('EXPONENTIAL scoring', () => {
  it('multiplies by decay per position and rounds half up to whole points', () => {
    const score = createScorer({ strategy: 'EXPONENTIAL', maxPoints: 100, decay: 0.8 });
    // 100, 80, 64, 51.2, 40.96, 32.768, 26.2144
    expect([1, 2, 3, 4, 5, 6, 7].map(score)).toEqual([100, 80, 64, 51, 41, 33, 26]);
  });

  it('rounds exact halves up', () => {
    const score = createScorer({ strategy: 'EXPONENTIAL', maxPoints: 5, decay: 0.5 });
    expect([1, 2, 3, 4].map(score)).toEqual([5, 3, 1, 1]); // 5, 2.5, 1.25, 0.625
  });

  it('never increases with the position (property)', () => {
    fc.assert(
      fc.property(fc.integer({ min: 1, max: 1_000_000 }), fc.double({ min: 0.01, max: 0.99, noNaN: true }), (maxPoints, decay) => {
        const score = createScorer({ strategy: 'EXPONENTIAL', maxPoints, decay });
        let previous = score(1);
        expect(previous).toBe(maxPoints);
        for (let p = 2; p <= 20; p++) {
          const points = score(p);
          expect(points).toBeLessThanOrEqual(previous);
          previous = points;
        }
      }),
      { numRuns: 100 },
    );
  });
});

describe('pointMultiplier', () => {
  it('scales base points and rounds half up to hundredths', () => {
    expect(applyMultiplier(45, 1.5)).toBe(67.5);
    expect(applyMultiplier(33, 1.25)).toBe(41.25);
    expect(applyMultiplier(7, 1.333)).toBe(9.33);
    expect(applyMultiplier(45, 1.15)).toBe(51.75); // 45 x 1.15 is 51.749999... in binary
    expect(applyMultiplier(3, 0.005)).toBe(0.02);
    expect(applyMultiplier(40, 1)).toBe(40);
    expect(applyMultiplier(0, 2)).toBe(0);
  });

  it('applies to every strategy through awardPoints', () => {
    expect(awardPoints(table, 3, 1.5)).toBe(60);
    expect(awardPoints({ strategy: 'LINEAR', maxPoints: 100, step: 15 }, 2, 2)).toBe(170);
    expect(awardPoints({ strategy: 'EXPONENTIAL', maxPoints: 100, decay: 0.8 }, 4, 0.5)).toBe(25.5);
  });

  it.each([0, -1, 100.5, Number.NaN, Number.POSITIVE_INFINITY])('refuses %s naming pointMultiplier', (multiplier) => {
    const error = catchDomainError(() => validatePointMultiplier(multiplier, 'body.pointMultiplier'));
    expect(error.details?.[0]?.path).toBe('body.pointMultiplier');
  });
});

describe('validateScoringConfig', () => {
  it.each([
    [{ strategy: 'LINEAR', maxPoints: 100 }, 'body.scoring.step', 'is required'],
    [{ strategy: 'LINEAR', maxPoints: 10, step: 1, minPoints: 20 }, 'body.scoring.minPoints', 'must not exceed maxPoints'],
    [{ strategy: 'LINEAR', maxPoints: 0, step: 1 }, 'body.scoring.maxPoints', 'integer from 1'],
    [{ strategy: 'LINEAR', maxPoints: 10, step: 1.5 }, 'body.scoring.step', 'integer from 0'],
    [{ strategy: 'EXPONENTIAL', maxPoints: 100, decay: 1 }, 'body.scoring.decay', 'less than 1'],
    [{ strategy: 'EXPONENTIAL', maxPoints: 100, decay: 0 }, 'body.scoring.decay', 'greater than 0'],
    [{ strategy: 'EXPONENTIAL', maxPoints: 100 }, 'body.scoring.decay', 'is required'],
    [{ strategy: 'PLACEMENT' }, 'body.scoring.placements', 'is required'],
    [{ strategy: 'PLACEMENT', placements: { '1': 10 }, step: 3 }, 'body.scoring.step', 'not allowed for strategy PLACEMENT'],
    [{ strategy: 'PLACEMENT', placements: { '1-2': 10, '2': 5 } }, 'body.scoring.placements["2"]', 'overlaps "1-2"'],
    [{ strategy: 'FIBONACCI' }, 'body.scoring.strategy', 'must be one of PLACEMENT, LINEAR, EXPONENTIAL'],
    [{}, 'body.scoring.strategy', 'must be one of'],
  ])('refuses %j naming %s', (config, path, message) => {
    const error = catchDomainError(() => validateScoringConfig(config, 'body.scoring'));
    expect(error.code).toBe('VALIDATION_ERROR');
    expect(error.details?.[0]).toEqual({ path, message: expect.stringContaining(message) });
    expect(error.message).toContain(path);
  });

  it('refuses a non-object', () => {
    expect(catchDomainError(() => validateScoringConfig('PLACEMENT')).details?.[0]?.path).toBe('scoring');
  });

  it('accepts every valid strategy unchanged (LINEAR gains minPoints 0)', () => {
    expect(validateScoringConfig(table)).toEqual(table);
    expect(validateScoringConfig({ strategy: 'EXPONENTIAL', maxPoints: 9, decay: 0.3 })).toEqual({ strategy: 'EXPONENTIAL', maxPoints: 9, decay: 0.3 });
  });

  it('refuses a placement below 1 when scoring', () => {
    expect(catchDomainError(() => basePoints(table, 0)).details?.[0]?.path).toBe('placement');
  });
});
