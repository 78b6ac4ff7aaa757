import { describe, expect, it } from 'vitest';
import { excludedAfterUnbeaten, type Placement } from '../src/index';

const place = (participantId: string, placement: number, placementRange: string): Placement => ({ participantId, placement, placementRange });

describe('excludedAfterUnbeaten (R7.20, R7.21, R7.15)', () => {
  it('places the excluded unbeaten after those still in, keeps every other place, and changes nothing when all or none are excluded', () => {
    const stage = [place('a', 1, '1-4'), place('b', 1, '1-4'), place('c', 1, '1-4'), place('d', 1, '1-4'), place('e', 5, '5-8'), place('f', 5, '5-8')];
    expect(excludedAfterUnbeaten(stage, new Set(['b', 'e']), 4)).toEqual([
      place('a', 1, '1-3'),
      place('c', 1, '1-3'),
      place('d', 1, '1-3'),
      place('b', 4, '4'),
      place('e', 5, '5-8'),
      place('f', 5, '5-8'),
    ]);
    expect(excludedAfterUnbeaten(stage, new Set(['a', 'b', 'c']), 4)).toEqual([
      place('d', 1, '1'),
      place('a', 2, '2-4'),
      place('b', 2, '2-4'),
      place('c', 2, '2-4'),
      place('e', 5, '5-8'),
      place('f', 5, '5-8'),
    ]);
    expect(excludedAfterUnbeaten(stage, new Set(), 4)).toEqual(stage);
    expect(excludedAfterUnbeaten(stage, new Set(['a', 'b', 'c', 'd']), 4)).toEqual(stage);
    expect(stage[1]).toEqual(place('b', 1, '1-4'));
  });

  it('reorders each tier of a double elimination stopped at 4 on its own: the unbeaten 1-2, those with one loss 3-4', () => {
    const stage = [place('a', 1, '1-2'), place('b', 1, '1-2'), place('c', 3, '3-4'), place('d', 3, '3-4'), place('e', 5, '5-6'), place('f', 5, '5-6')];
    expect(excludedAfterUnbeaten(stage, new Set(['a', 'd', 'e']), 4)).toEqual([
      place('b', 1, '1'),
      place('a', 2, '2'),
      place('c', 3, '3'),
      place('d', 4, '4'),
      place('e', 5, '5-6'),
      place('f', 5, '5-6'),
    ]);
    expect(excludedAfterUnbeaten(stage, new Set(['a', 'b', 'c']), 4)).toEqual([
      place('a', 1, '1-2'),
      place('b', 1, '1-2'),
      place('d', 3, '3'),
      place('c', 4, '4'),
      place('e', 5, '5-6'),
      place('f', 5, '5-6'),
    ]);
  });
});
