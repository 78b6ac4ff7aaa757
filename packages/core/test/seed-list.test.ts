import { describe, expect, it } from 'vitest';
import { seedListIssues, seedsInOrder, shuffled } from '../src/index';

describe('bulk seeding rules (R24.6, R24.7)', () => {
  const holders = ['a', 'b', 'c'];

  it('accepts every participant once with the seeds 1..N, in order or as pairs', () => {
    expect(seedListIssues(holders, seedsInOrder(['c', 'a', 'b']))).toEqual([]);
    expect(seedListIssues(holders, [{ participantId: 'b', seed: 3 }, { participantId: 'a', seed: 1 }, { participantId: 'c', seed: 2 }])).toEqual([]);
  });

  it('names unknown and repeated ids, seeds out of 1..N or repeated, and the participants left out', () => {
    const issues = seedListIssues(holders, [
      { participantId: 'a', seed: 1 },
      { participantId: 'a', seed: 1 },
      { participantId: 'x', seed: 4 },
    ]);
    expect(issues.map((i) => [i.index, i.field])).toEqual([
      [1, 'participantId'],
      [1, 'seed'],
      [2, 'participantId'],
      [2, 'seed'],
      [null, 'participantId'],
    ]);
    expect(issues[4]?.message).toContain('missing: b, c');
  });

  it('shuffles into a permutation drawn by the given random source, leaving the input as it was', () => {
    const items = [1, 2, 3, 4, 5, 6, 7, 8];
    const draw = (values: number[]) => {
      let i = 0;
      return () => values[i++ % values.length] as number;
    };
    const a = shuffled(items, draw([0.1, 0.9, 0.5, 0.3]));
    expect([...a].sort()).toEqual(items);
    expect(shuffled(items, draw([0.1, 0.9, 0.5, 0.3]))).toEqual(a);
    expect(items).toEqual([1, 2, 3, 4, 5, 6, 7, 8]);
    // random() always 0.999...: every element swaps with itself, the order stays.
    expect(shuffled(items, () => 0.9999)).toEqual(items);
  });
});
