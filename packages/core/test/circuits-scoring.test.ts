import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  applyMultiplier,
  awardPoints,
  basePoints,
  createScorer,
  computeSingleEliminationPlacements,
  computeTournamentPlacements,
  generateSingleElimination,
  MAX_PLACEMENT_POSITION,
  parsePlacementTable,
  validatePointMultiplier,
  validateScoringConfig,
  type ScoringConfig,
} from '../src/index';
import { catchDomainError } from './helpers/domain-error';
import { makeEntrants } from './helpers/entrants';
import { simulate } from './helpers/simulate';

/** The better seed (lower number of "pN") wins. */
const higherSeedWins = (a: string, b: string): string => (Number(a.slice(1)) < Number(b.slice(1)) ? a : b);

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

  it('gives participants sharing a placement each the points of its best place, not its worst or their average', () => {
    // 8 entrants, the better seed wins, no third-place match: the placements core computes share "3-4" and "5-8".
    const entrants = makeEntrants(8);
    const placements = computeSingleEliminationPlacements(entrants, simulate(generateSingleElimination(entrants), higherSeedWins));
    expect(placements.map((p) => [p.participantId, p.placementRange])).toEqual([
      ['p1', '1'], ['p2', '2'], ['p3', '3-4'], ['p4', '3-4'], ['p5', '5-8'], ['p6', '5-8'], ['p7', '5-8'], ['p8', '5-8'],
    ]);
    // Every place of a shared range is worth something else, so the best place (3, 5) is told apart from the worst
    // (4, 8) and from the average of the range (40, 12.5).
    const split = createScorer({ strategy: 'PLACEMENT', placements: { '1': 100, '2': 70, '3': 50, '4': 30, '5': 20, '6': 15, '7': 10, '8': 5 } });
    expect(placements.map((p) => split(p.placement))).toEqual([100, 70, 50, 50, 20, 20, 20, 20]);
    // Likewise under LINEAR and EXPONENTIAL scoring, and through awardPoints with a multiplier.
    expect(placements.map((p) => awardPoints({ strategy: 'LINEAR', maxPoints: 80, step: 10 }, p.placement))).toEqual([80, 70, 60, 60, 40, 40, 40, 40]);
    expect(placements.map((p) => awardPoints({ strategy: 'EXPONENTIAL', maxPoints: 100, decay: 0.5 }, p.placement, 1.5))).toEqual([
      150, 75, 37.5, 37.5, 9, 9, 9, 9,
    ]);
  });

  it('gives those sharing the places of an earlier stage each the best of them', () => {
    // Two groups of 3: the winners a and b play the final; the runners-up c and d share "3-4" and the last e and f
    // "5-6" of the tournament (the 2nd and the 3rd of each group share a place in the group stage).
    const groups = [
      { participantId: 'a', placement: 1, placementRange: '1-2' },
      { participantId: 'b', placement: 1, placementRange: '1-2' },
      { participantId: 'c', placement: 3, placementRange: '3-4' },
      { participantId: 'd', placement: 3, placementRange: '3-4' },
      { participantId: 'e', placement: 5, placementRange: '5-6' },
      { participantId: 'f', placement: 5, placementRange: '5-6' },
    ];
    const final = computeSingleEliminationPlacements(makeEntrants(2).map((e, i) => ({ ...e, id: i === 0 ? 'a' : 'b' })), [{ key: 'W-r1-n1', winnerId: 'b', loserId: 'a' }]);
    const placements = computeTournamentPlacements([
      { placements: groups, advanced: ['a', 'b'] },
      { placements: final, advanced: [] },
    ]);
    const score = createScorer({ strategy: 'PLACEMENT', placements: { '1': 100, '2': 70, '3': 50, '4': 30, '5': 20, '6': 10 } });
    expect(placements.map((p) => [p.participantId, p.placementRange, score(p.placement)])).toEqual([
      ['b', '1', 100],
      ['a', '2', 70],
      ['c', '3-4', 50],
      ['d', '3-4', 50],
      ['e', '5-6', 20],
      ['f', '5-6', 20],
    ]);
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
