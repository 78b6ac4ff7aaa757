import { describe, expect, it } from 'vitest';
import { championsStillIn, placementsEndedAtCut, type Placement } from '../src/index';

const place = (participantId: string, placement: number, placementRange: string): Placement => ({ participantId, placement, placementRange });

describe('placementsEndedAtCut (R7.20, R7.21, R7.15)', () => {
  it('puts the participant still in first and the disqualified unbeaten after it; changes nothing when none is excluded', () => {
    // A single elimination of 3 cut at 2: seed 1 (a bye) and seed 3 unbeaten, seed 2 beaten; seed 1 disqualified.
    const stage = [place('p1', 1, '1-2'), place('p3', 1, '1-2'), place('p2', 3, '3')];
    expect(placementsEndedAtCut(stage, new Set(['p1', 'p2']), 2)).toEqual([place('p3', 1, '1'), place('p1', 2, '2'), place('p2', 3, '3')]);
    expect(placementsEndedAtCut(stage, new Set(), 2)).toEqual(stage);
    expect(stage[0]).toEqual(place('p1', 1, '1-2'));
  });

  it('lifts the one still in above a whole excluded tier of a double elimination stopped at 4', () => {
    // Unbeaten p1, p2 (1-2); one loss p4, p5 (3-4); p3 out in the losers bracket (5); all but p5 disqualified.
    const stage = [place('p1', 1, '1-2'), place('p2', 1, '1-2'), place('p4', 3, '3-4'), place('p5', 3, '3-4'), place('p3', 5, '5')];
    expect(placementsEndedAtCut(stage, new Set(['p1', 'p2', 'p3', 'p4']), 4)).toEqual([
      place('p5', 1, '1'),
      place('p1', 2, '2-3'),
      place('p2', 2, '2-3'),
      place('p4', 4, '4'),
      place('p3', 5, '5'),
    ]);
  });

  it('takes the next best still in, beyond the qualifier places, when every qualifier is excluded; nobody left keeps the order', () => {
    const stage = [place('a', 1, '1-2'), place('b', 1, '1-2'), place('c', 3, '3-4'), place('d', 3, '3-4')];
    expect(placementsEndedAtCut(stage, new Set(['a', 'b', 'c']), 2)).toEqual([place('d', 1, '1'), place('a', 2, '2-3'), place('b', 2, '2-3'), place('c', 4, '4')]);
    expect(placementsEndedAtCut(stage, new Set(['a', 'b', 'c', 'd']), 2)).toEqual(stage);
  });
});

describe('championsStillIn (R7.12, R7.16)', () => {
  it('puts a round robin\'s best still in first when the leader was disqualified; keeps the shared first place of those still in', () => {
    const table = [place('alice', 1, '1'), place('bob', 2, '2-3'), place('cid', 2, '2-3'), place('dan', 4, '4')];
    expect(championsStillIn(table, new Set(['alice']))).toEqual([place('bob', 1, '1-2'), place('cid', 1, '1-2'), place('alice', 3, '3'), place('dan', 4, '4')]);
    const shared = [place('alice', 1, '1-2'), place('bob', 1, '1-2'), place('cid', 3, '3')];
    expect(championsStillIn(shared, new Set(['alice']))).toEqual([place('bob', 1, '1'), place('alice', 2, '2'), place('cid', 3, '3')]);
  });

  it('makes the semi-finalists still in the champions of a final both finalists forfeited; nothing changes otherwise', () => {
    const bracket = [place('f1', 1, '1'), place('f2', 2, '2'), place('s1', 3, '3-4'), place('s2', 3, '3-4'), place('q1', 5, '5')];
    expect(championsStillIn(bracket, new Set(['f1', 'f2']))).toEqual([
      place('s1', 1, '1-2'),
      place('s2', 1, '1-2'),
      place('f1', 3, '3'),
      place('f2', 4, '4'),
      place('q1', 5, '5'),
    ]);
    expect(championsStillIn(bracket, new Set(['f2', 'q1']))).toEqual(bracket);
    expect(championsStillIn(bracket, new Set(bracket.map((p) => p.participantId)))).toEqual(bracket);
  });
});

