import { describe, expect, it } from 'vitest';
import { excludedAfterUnbeaten, type Placement } from '../src/index';

const place = (participantId: string, placement: number, placementRange: string): Placement => ({ participantId, placement, placementRange });

describe('excludedAfterUnbeaten (R7.20, R7.15)', () => {
  it('places the excluded unbeaten after those still in, keeps every other place, and changes nothing when all or none are excluded', () => {
    const stage = [place('a', 1, '1-4'), place('b', 1, '1-4'), place('c', 1, '1-4'), place('d', 1, '1-4'), place('e', 5, '5-8'), place('f', 5, '5-8')];
    expect(excludedAfterUnbeaten(stage, new Set(['b', 'e']))).toEqual([
      place('a', 1, '1-3'),
      place('c', 1, '1-3'),
      place('d', 1, '1-3'),
      place('b', 4, '4'),
      place('e', 5, '5-8'),
      place('f', 5, '5-8'),
    ]);
    expect(excludedAfterUnbeaten(stage, new Set(['a', 'b', 'c']))).toEqual([
      place('d', 1, '1'),
      place('a', 2, '2-4'),
      place('b', 2, '2-4'),
      place('c', 2, '2-4'),
      place('e', 5, '5-8'),
      place('f', 5, '5-8'),
    ]);
    expect(excludedAfterUnbeaten(stage, new Set())).toEqual(stage);
    expect(excludedAfterUnbeaten(stage, new Set(['a', 'b', 'c', 'd']))).toEqual(stage);
    expect(stage[1]).toEqual(place('b', 1, '1-4'));
  });
});
